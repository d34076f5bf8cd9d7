import type { Knex } from 'knex';
import { assertSafeDatabaseName } from './url.ts';

/** Server-level DDL on a connection to the maintenance database (`postgres`). */
export async function databaseExists(admin: Knex, name: string): Promise<boolean> {
  const r = await admin.raw('select 1 from pg_database where datname = ?', [name]);
  return r.rows.length > 0;
}

/**
 * CREATE/DROP DATABASE wait for a checkpoint, which on a busy machine outlasts the pool's
 * statement_timeout; they cannot run in a transaction (no `set local`), so one pinned connection
 * lifts the timeout for the statement and restores it.
 */
async function untimed(admin: Knex, sql: string): Promise<void> {
  const conn = await admin.client.acquireConnection();
  try {
    await admin.raw('set statement_timeout = 0').connection(conn);
    try {
      await admin.raw(sql).connection(conn);
    } finally {
      await admin.raw('reset statement_timeout').connection(conn);
    }
  } finally {
    await admin.client.releaseConnection(conn);
  }
}

export async function createDatabase(admin: Knex, name: string, template?: string): Promise<void> {
  assertSafeDatabaseName(name);
  if (template) {
    assertSafeDatabaseName(template);
    // CREATE DATABASE … TEMPLATE needs the template to have no other connections.
    await terminateConnections(admin, template);
    await untimed(admin, `create database "${name}" template "${template}"`);
  } else {
    await untimed(admin, `create database "${name}"`);
  }
}

/**
 * Renames a database nobody is connected to; false when it is gone or in use (another process
 * took it first, or someone connected), so the caller can fall back to a copy.
 */
export async function renameDatabase(admin: Knex, from: string, to: string): Promise<boolean> {
  assertSafeDatabaseName(from);
  assertSafeDatabaseName(to);
  try {
    await admin.raw(`alter database "${from}" rename to "${to}"`);
    return true;
  } catch (err) {
    // 3D000: no such database; 55006: in use by other sessions.
    if (['3D000', '55006'].includes((err as { code?: string }).code ?? '')) return false;
    throw err;
  }
}

/**
 * Drops a database and whatever sessions it still has. `WITH (FORCE)` ends them under the drop's
 * own lock, so a pool that reconnects at once (centre pools keep a connection) cannot slip in
 * between a separate termination and the drop.
 */
export async function dropDatabase(admin: Knex, name: string): Promise<void> {
  assertSafeDatabaseName(name);
  await untimed(admin, `drop database if exists "${name}" with (force)`);
}

export async function terminateConnections(admin: Knex, name: string): Promise<void> {
  await admin.raw('select pg_terminate_backend(pid) from pg_stat_activity where datname = ? and pid <> pg_backend_pid()', [name]);
}

/** Makes the template refuse connections other than ours while it is copied (and allow them again). */
export async function setDatabaseAllowConnections(admin: Knex, name: string, allow: boolean): Promise<void> {
  assertSafeDatabaseName(name);
  await admin.raw(`alter database "${name}" with allow_connections ${allow ? 'true' : 'false'}`);
}
