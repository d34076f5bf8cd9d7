import type { Knex } from 'knex';

/** Bumped when Postgres refuses a prepared statement whose result changed; part of every name. */
let generation = 0;

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
    if ((err as { code?: string }).code !== '0A000') throw err;
    if (generation === seen) generation++;
    return (await query.options({ name: `${name}_g${generation}` })) as T;
  }
}
