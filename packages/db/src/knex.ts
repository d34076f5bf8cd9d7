import knexFactory, { type Knex } from 'knex';

export type { Knex };

export interface KnexOptions {
  /** Upper bound of connections in this pool. */
  max?: number;
  /**
   * Connections kept open once made, however idle (default 0: an idle pool holds none). A pool
   * with a minimum replaces a connection the server closes (restart, termination, idle timeout)
   * as soon as it dies, so the next query finds a live one instead of paying the reconnect.
   */
  min?: number;
  /** Milliseconds a statement may run before Postgres cancels it. */
  statementTimeoutMs?: number;
  /** Milliseconds to wait for a free connection (or a new one) before failing. */
  acquireTimeoutMs?: number;
  /** Milliseconds an idle connection is kept. */
  idleTimeoutMs?: number;
  applicationName?: string;
}

interface TarnPool {
  destroyed?: boolean;
}

type PooledConnection = { once(event: 'error', listener: (err: unknown) => void): unknown };

/**
 * Takes a connection from the pool and gives it back: the pool's validation drops every dead
 * connection it meets on the way (knex marks one disposed when it errors or ends) and opens a
 * new one if none is left. One replacement at a time per pool; a failure (server down) is left
 * to the next query, which reports it.
 */
function replaceDeadConnections(db: Knex, state: { replacing: boolean }): void {
  const pool = db.client.pool as TarnPool | undefined;
  if (state.replacing || !pool || pool.destroyed) return;
  state.replacing = true;
  (db.client.acquireConnection() as Promise<unknown>)
    .then((conn) => db.client.releaseConnection(conn))
    .catch(() => undefined)
    .finally(() => (state.replacing = false));
}

/**
 * A knex instance on one database. Pools start empty and by default (`min: 0`) an idle one holds
 * no connection; `statement_timeout` bounds every query; knex marks a connection that errors as
 * disposed, so a database that goes away never crashes the process and a dead connection is
 * never handed to a query.
 */
export function createKnex(connectionString: string, opts: KnexOptions = {}): Knex {
  const statementTimeout = opts.statementTimeoutMs ?? 5000;
  const min = opts.min ?? 0;
  const state = { replacing: false };
  // pg emits 'error' on a pooled client only when its connection died without us ending it.
  const afterCreate =
    min > 0
      ? (conn: PooledConnection, done: (err: Error | null, conn: PooledConnection) => void) => {
          conn.once('error', () => setImmediate(() => replaceDeadConnections(db, state)));
          done(null, conn);
        }
      : undefined;
  const db = knexFactory({
    client: 'pg',
    connection: {
      connectionString,
      application_name: opts.applicationName ?? 'kidsvision',
      statement_timeout: statementTimeout,
      connectionTimeoutMillis: opts.acquireTimeoutMs ?? 5000,
    } as Knex.PgConnectionConfig,
    pool: {
      min,
      max: opts.max ?? 4,
      idleTimeoutMillis: opts.idleTimeoutMs ?? 30_000,
      acquireTimeoutMillis: opts.acquireTimeoutMs ?? 5000,
      createTimeoutMillis: opts.acquireTimeoutMs ?? 5000,
      propagateCreateError: true,
      afterCreate,
    },
    acquireConnectionTimeout: opts.acquireTimeoutMs ?? 5000,
  });
  return db;
}
