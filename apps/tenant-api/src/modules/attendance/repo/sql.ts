import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { runPrepared } from '@kv/db';

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

const names = new Map<string, string>();

/** One name per statement text (a handful of shapes; the cap only guards against a shape built from data). */
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `kv_att_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < 200) names.set(text, name);
  }
  return name;
}

/** Runs a statement of the check-in path as a prepared statement (see `runPrepared` in @kv/db). */
export async function runPreparedSql<T>(db: Knex | Knex.Transaction, q: Sql): Promise<T[]> {
  const { rows } = await runPrepared<{ rows: T[] }>(db.raw(q.text, q.values as Knex.RawBinding[]), nameOf(q.text));
  return rows;
}
