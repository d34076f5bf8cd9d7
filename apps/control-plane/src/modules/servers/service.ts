import type { Knex } from 'knex';
import { z } from 'zod';
import { encryptSecret } from '@kv/directory';
import { fields, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { serverPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { serverUsage } from './usage.ts';

const databasesArgs = z.object({ ...pageArgs, search: fields.optionalText(200, 'search'), server_id: fields.id('server_id').nullish() });

export function createServerService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  return {
    async getDeploymentServers(actor: Actor) {
      requireRole(actor, serverPolicy.getDeploymentServers);
      const servers = await repo.listServers(db);
      const usage = await serverUsage(rt, servers);
      return servers.map((s) => ({ ...s, ...usage.get(s.id)! }));
    },

    async getCenterDatabases(actor: Actor, raw: unknown) {
      requireRole(actor, serverPolicy.getCenterDatabases);
      const { page, first, search, server_id } = parseArgs(databasesArgs, raw);
      const { rows, total } = await repo.listCenterDatabases(db, {
        search: search ?? null,
        serverId: server_id ?? null,
        offset: (page - 1) * first,
        limit: first,
      });
      return paginated(rows, total, page, first);
    },
  };
}

export type ServerService = ReturnType<typeof createServerService>;

export interface DatabaseServerInput {
  name: string;
  /** embedded | external | rds */
  kind: 'embedded' | 'external' | 'rds';
  /** Any database on the server; its user must be allowed to create databases. */
  url: string;
  maxDatabases?: number;
}

/**
 * Records (or updates) a database server centres can be provisioned on, with its password
 * encrypted; the start script registers the embedded or DATABASE_URL server this way.
 */
export async function registerDatabaseServer(controlDb: Knex, input: DatabaseServerInput, secret: string): Promise<string> {
  const url = new URL(input.url);
  const password = decodeURIComponent(url.password);
  return repo.upsertServer(controlDb, {
    name: input.name,
    kind: input.kind,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port || 5432),
    admin_user: decodeURIComponent(url.username),
    password_encrypted: password ? encryptSecret(password, secret) : null,
    ...(input.maxDatabases ? { max_databases: input.maxDatabases } : {}),
  });
}
