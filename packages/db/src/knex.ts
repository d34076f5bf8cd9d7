import knexFactory, { type Knex } from 'knex';

export type { Knex };

export interface KnexOptions {
  /** Upper bound of connections in this pool. */
  max?: number;
  /** Connections kept open once made, however idle (default 0: an idle pool holds none). */
  min?: number;
  /** Milliseconds a statement may run before Postgres cancels it. */
  statementTimeoutMs?: number;
  /** Milliseconds to wait for a free connection (or a new one) before failing. */
  acquireTimeoutMs?: number;
  /** Milliseconds an idle connection is kept. */
  idleTimeoutMs?: number;
  applicationName?: string;
}

/**
 * A knex instance on one database. Pools start empty and by default (`min: 0`) an idle one holds
 * no connection; `statement_timeout` bounds every query; knex marks a connection that errors as
 * disposed, so a database that goes away never crashes the process.
 */
export function createKnex(connectionString: string, opts: KnexOptions = {}): Knex {
  const statementTimeout = opts.statementTimeoutMs ?? 5000;
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString,
      application_name: opts.applicationName ?? 'kidsvision',
      statement_timeout: statementTimeout,
      connectionTimeoutMillis: opts.acquireTimeoutMs ?? 5000,
    } as Knex.PgConnectionConfig,
    pool: {
      min: opts.min ?? 0,
      max: opts.max ?? 4,
      idleTimeoutMillis: opts.idleTimeoutMs ?? 30_000,
      acquireTimeoutMillis: opts.acquireTimeoutMs ?? 5000,
      createTimeoutMillis: opts.acquireTimeoutMs ?? 5000,
      propagateCreateError: true,
    },
    acquireConnectionTimeout: opts.acquireTimeoutMs ?? 5000,
  });
}
