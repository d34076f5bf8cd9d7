import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { runNamed } from '@kv/db';

/** A piece of SQL with its bindings (`?` placeholders, in order). */
export class Sql {
  constructor(
    readonly text: string,
    readonly values: unknown[],
  ) {}
}

/** A tagged template: `${value}` becomes a binding, `${sql`…`}` is spliced in. */
export function sql(parts: TemplateStringsArray, ...values: unknown[]): Sql {
  let text = parts[0]!;
  const bindings: unknown[] = [];
  values.forEach((v, i) => {
    if (v instanceof Sql) {
      text += v.text;
      bindings.push(...v.values);
    } else {
      text += '?';
      bindings.push(v);
    }
    text += parts[i + 1]!;
  });
  return new Sql(text, bindings);
}

/** SQL text without bindings (column lists, aliases: never user input). */
export const raw = (text: string) => new Sql(text, []);

const statements = new Map<string, { name: string; numbered: string }>();

/** `?` → `$1`, `$2`… as knex numbers them (`\\?` is a literal question mark). */
function numbered(text: string): string {
  let n = 0;
  return text.replace(/\\?\?/g, (m) => (m === '\\?' ? '?' : `$${++n}`));
}

/** One name and numbered text per statement text (a handful of shapes; the cap only guards against a shape built from data). */
function statementOf(text: string): { name: string; numbered: string } {
  let st = statements.get(text);
  if (!st) {
    st = { name: `kv_att_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, numbered: numbered(text) };
    if (statements.size < 200) statements.set(text, st);
  }
  return st;
}

/** Runs a statement of the check-in path as a prepared statement (`runNamed` in @kv/db). */
export async function runPreparedSql<T>(db: Knex | Knex.Transaction, q: Sql): Promise<T[]> {
  const st = statementOf(q.text);
  return runNamed<T>(db, st.name, st.numbered, q.values);
}
