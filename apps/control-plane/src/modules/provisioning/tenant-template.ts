import type { Knex } from 'knex';
import { createDatabase, createKnex, databaseExists, migrateLatest, withDatabase } from '@kv/db';

/** The connection string a knex was built with (the admin knex of a server). */
export function connectionStringOf(db: Knex): string {
  const conn = db.client.config.connection as { connectionString?: string } | string;
  const url = typeof conn === 'string' ? conn : conn.connectionString;
  if (!url) throw new Error('This knex has no connection string');
  return url;
}

/**
 * Creates the tenant template database on this server when missing and applies pending tenant
 * migrations to it, so every `CREATE DATABASE … TEMPLATE` starts from the current schema.
 */
export async function ensureTenantTemplate(
  admin: Knex,
  name: string,
): Promise<{ created: boolean; applied: string[]; version: string | null }> {
  const created = !(await databaseExists(admin, name));
  if (created) await createDatabase(admin, name);
  const db = createKnex(withDatabase(connectionStringOf(admin), name), {
    max: 1,
    statementTimeoutMs: 10 * 60_000,
    applicationName: 'kv:template',
  });
  try {
    const { applied, version } = await migrateLatest(db, 'tenant');
    return { created, applied, version };
  } finally {
    await db.destroy();
  }
}
