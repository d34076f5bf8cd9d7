import type { Knex } from 'knex';
import { createKnex } from '@kv/db';
import type { ControlPlaneRuntime } from '../../deps.ts';
import type { DatabaseServerRow } from './repo.ts';

/** What a database server says of itself now: connections in use and allowed, bytes of its centres' databases. */
export interface ServerUsage {
  connections_used: number | null;
  connections_max: number | null;
  /** Sum of the sizes of the databases this deployment made there (prefix), the tenant template included. */
  size_bytes: number | null;
  usage_error: string | null;
}

const USAGE_TIMEOUT_MS = 5000;

async function readUsage(db: Knex, prefix: string) {
  const { rows } = await db.raw(
    `select (select count(*) from pg_stat_activity where backend_type = 'client backend')::int as used,
            current_setting('max_connections')::int as max,
            (select coalesce(sum(pg_database_size(datname)), 0) from pg_database where datname like ? and datallowconn)::bigint as size`,
    [`${prefix.replace(/[\\_%]/g, (c) => `\\${c}`)}%`],
  );
  const row = rows[0] as { used: number; max: number; size: string };
  return { connections_used: row.used, connections_max: row.max, size_bytes: Number(row.size), usage_error: null };
}

/**
 * Reads each server's usage over one connection of its own, closed after (an admin screen reads
 * this now and then), within 5 s; a server that does not answer is a field, not an error.
 */
export async function serverUsage(rt: ControlPlaneRuntime, servers: DatabaseServerRow[]): Promise<Map<string, ServerUsage>> {
  const usage = new Map<string, ServerUsage>();
  await Promise.all(
    servers.map(async (s) => {
      let db: Knex | undefined;
      try {
        db = createKnex(await rt.directory.serverUrl(s.id), {
          max: 1,
          acquireTimeoutMs: USAGE_TIMEOUT_MS,
          statementTimeoutMs: USAGE_TIMEOUT_MS,
        });
        usage.set(s.id, await readUsage(db, rt.config.databasePrefix));
      } catch (err) {
        rt.log.warn({ err, serverId: s.id }, 'database server usage: no answer');
        usage.set(s.id, {
          connections_used: null,
          connections_max: null,
          size_bytes: null,
          usage_error: 'The server did not answer (5 s at most).',
        });
      } finally {
        await db?.destroy();
      }
    }),
  );
  return usage;
}
