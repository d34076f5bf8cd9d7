import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

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
/** Bumped when Postgres refuses a prepared statement whose result changed (see runPrepared). */
let generation = 0;

/** One name per statement text: node-postgres prepares a named statement once per connection. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `kv_att${generation}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    // A handful of shapes in practice; the cap only guards against a shape built from data.
    if (names.size < 200) names.set(text, name);
  }
  return name;
}

/**
 * Runs a statement of the check-in path as a prepared statement: Postgres parses it once per
 * connection and reuses its plan, which is most of the cost of these short statements. After a
 * migration changed what a statement returns, Postgres refuses the old prepared one ("cached plan
 * must not change result type"): the statement then runs unprepared and later calls prepare new
 * names.
 */
export async function runPrepared<T>(db: Knex | Knex.Transaction, q: Sql): Promise<T[]> {
  try {
    const { rows } = await db.raw(q.text, q.values as Knex.RawBinding[]).options({ name: nameOf(q.text) });
    return rows as T[];
  } catch (err) {
    if ((err as { code?: string }).code !== '0A000') throw err;
    generation++;
    names.clear();
    const { rows } = await db.raw(q.text, q.values as Knex.RawBinding[]);
    return rows as T[];
  }
}
