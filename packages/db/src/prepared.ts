import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The one way to run a statement prepared: write it with the `sql` tag and run it with `runSql`.
 *
 *     const rows = await runSql<Row>(db, sql`select id from students where id = any(${ids}::bigint[])`);
 *
 * Every `${value}` is a binding, `${sql`…`}` or `${raw('…')}` is spliced in. `runSql` sends the
 * numbered text (`$1`, `$2`…) on a connection of the pool (or the transaction's own) as a named
 * prepared statement, its name derived from the text: node-postgres prepares it once per
 * connection and Postgres reuses its plan. Knex compiles nothing: on the hot paths (check-in,
 * session lookup, camera facts) compiling the same text on every call cost as much as the rest of
 * the request's JavaScript, and planning it more than running it.
 */
export class Sql {
  /** `strings[i]` comes before `values[i]`; one more string than values. */
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}
}

/** A tagged template: `${value}` becomes a binding, `${sql`…`}` (or `raw`) is spliced in. */
export function sql(parts: TemplateStringsArray, ...values: unknown[]): Sql {
  const strings: string[] = [parts[0]!];
  const bindings: unknown[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof Sql) {
      strings[strings.length - 1] += v.strings[0]!;
      for (let j = 0; j < v.values.length; j++) {
        bindings.push(v.values[j]);
        strings.push(v.strings[j + 1]!);
      }
      strings[strings.length - 1] += parts[i + 1]!;
    } else {
      bindings.push(v);
      strings.push(parts[i + 1]!);
    }
  }
  return new Sql(strings, bindings);
}

/** SQL text without bindings (column lists, aliases, a fixed clause: never user input). */
export const raw = (text: string) => new Sql([text], []);

/** SQL pieces joined by `separator` (`, ` by default). */
export function join(pieces: readonly Sql[], separator = ', '): Sql {
  const strings: string[] = [''];
  const bindings: unknown[] = [];
  pieces.forEach((piece, i) => {
    if (i > 0) strings[strings.length - 1] += separator;
    strings[strings.length - 1] += piece.strings[0]!;
    for (let j = 0; j < piece.values.length; j++) {
      bindings.push(piece.values[j]);
      strings.push(piece.strings[j + 1]!);
    }
  });
  return new Sql(strings, bindings);
}

/** The statement's text with `$1`, `$2`… for its bindings. */
export function sqlText(q: Sql): string {
  let text = q.strings[0]!;
  for (let i = 1; i < q.strings.length; i++) text += `$${i}${q.strings[i]}`;
  return text;
}

/** Bumped when Postgres refuses a prepared statement whose result changed; part of every name. */
let generation = 0;

const isStaleResult = (err: unknown) => (err as { code?: string }).code === '0A000';

/** Statement names by text: a bounded number of shapes; the cap only guards against a shape built from data. */
const names = new Map<string, string>();
const MAX_NAMES = 500;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `kv_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

interface PgConnection {
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a statement as a named prepared statement and gives its rows. After a migration changed
 * what a statement returns, Postgres refuses the old prepared one ("cached plan must not change
 * result type", 0A000): the statement then runs again under a new generation of names, which every
 * later call uses too. Listeners of knex's 'query' event (statement counts in tests and the bench)
 * still see every statement.
 */
export async function runSql<Row>(db: Knex | Knex.Transaction, q: Sql): Promise<Row[]> {
  const text = sqlText(q);
  const name = nameOf(text);
  const client = db.client as Knex.Client;
  const conn = (await client.acquireConnection()) as PgConnection;
  try {
    client.emit('query', { sql: text, bindings: q.values, method: 'raw', options: { name } });
    const seen = generation;
    try {
      return (await conn.query({ name: `${name}_g${seen}`, text, values: q.values })).rows as Row[];
    } catch (err) {
      if (!isStaleResult(err)) throw err;
      if (generation === seen) generation++;
      return (await conn.query({ name: `${name}_g${generation}`, text, values: q.values })).rows as Row[];
    }
  } finally {
    await client.releaseConnection(conn);
  }
}
