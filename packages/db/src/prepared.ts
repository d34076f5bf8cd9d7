import type { Knex } from 'knex';

/** Bumped when Postgres refuses a prepared statement whose result changed; part of every name. */
let generation = 0;

const isStaleResult = (err: unknown) => (err as { code?: string }).code === '0A000';

/**
 * Runs a query as a named prepared statement: node-postgres prepares it once per connection and
 * Postgres reuses its plan, which for the hot statements (session lookup, camera facts, check-in)
 * cost more than running them. `name` must always stand for the same SQL text. After a migration
 * changed what a statement returns, Postgres refuses the old prepared one ("cached plan must not
 * change result type", 0A000): the query then runs again under a new generation of names, which
 * every later call uses too.
 */
export async function runPrepared<T>(query: Knex.QueryBuilder | Knex.Raw, name: string): Promise<T> {
  const seen = generation;
  try {
    return (await query.options({ name: `${name}_g${seen}` })) as T;
  } catch (err) {
    if (!isStaleResult(err)) throw err;
    if (generation === seen) generation++;
    return (await query.options({ name: `${name}_g${generation}` })) as T;
  }
}

interface PgConnection {
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * `runPrepared` for SQL already numbered (`$1`, `$2`…), sent on a connection of the pool (or the
 * transaction's own) without knex compiling it again: on the hot paths compiling the same text
 * on every call cost as much as the rest of the request's JavaScript. Listeners of knex's
 * 'query' event (statement counts in tests and the bench) still see every statement.
 */
export async function runNamed<Row>(db: Knex | Knex.Transaction, name: string, text: string, values: readonly unknown[]): Promise<Row[]> {
  const client = db.client as Knex.Client;
  const conn = (await client.acquireConnection()) as PgConnection;
  try {
    client.emit('query', { sql: text, bindings: values, method: 'raw', options: { name } });
    const seen = generation;
    try {
      return (await conn.query({ name: `${name}_g${seen}`, text, values })).rows as Row[];
    } catch (err) {
      if (!isStaleResult(err)) throw err;
      if (generation === seen) generation++;
      return (await conn.query({ name: `${name}_g${generation}`, text, values })).rows as Row[];
    }
  } finally {
    await client.releaseConnection(conn);
  }
}

type Slot = { arg: number } | { value: unknown };
const ARG = '\u0000kv-arg:';

/**
 * A statement written with knex once and compiled once: `arg(i)` stands for the i-th value of
 * each call, every other binding (a `first()`'s limit) stays as compiled. The first call compiles
 * with the caller's knex; later calls only bind values and run (`runNamed`).
 */
export function preparedStatement<Row>(
  name: string,
  build: (db: Knex | Knex.Transaction, arg: (i: number) => string) => Knex.QueryBuilder | Knex.Raw,
): (db: Knex | Knex.Transaction, values: readonly unknown[]) => Promise<Row[]> {
  let compiled: { text: string; slots: Slot[] } | undefined;
  return async (db, values) => {
    compiled ??= compile(db, build);
    const bound = compiled.slots.map((s) => ('arg' in s ? values[s.arg] : s.value));
    return runNamed<Row>(db, name, compiled.text, bound);
  };
}

function compile(
  db: Knex | Knex.Transaction,
  build: (db: Knex | Knex.Transaction, arg: (i: number) => string) => Knex.QueryBuilder | Knex.Raw,
): { text: string; slots: Slot[] } {
  const native = build(db, (i) => `${ARG}${i}`)
    .toSQL()
    .toNative();
  // An argument knex wrote into the text instead of binding it would be sent as the marker.
  if (native.sql.includes(ARG)) throw new Error('preparedStatement: an argument was inlined into the SQL text');
  const slots = native.bindings.map((b): Slot =>
    typeof b === 'string' && b.startsWith(ARG) ? { arg: Number(b.slice(ARG.length)) } : { value: b },
  );
  return { text: native.sql, slots };
}
