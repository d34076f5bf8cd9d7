import type { Knex } from 'knex';
import { assertSafeDatabaseName } from './url.ts';

/** Server-level DDL on a connection to the maintenance database (`postgres`). */
export async function databaseExists(admin: Knex, name: string): Promise<boolean> {
  const r = await admin.raw('select 1 from pg_database where datname = ?', [name]);
  return r.rows.length > 0;
}

export async function createDatabase(admin: Knex, name: string, template?: string): Promise<void> {
  assertSafeDatabaseName(name);
  if (template) {
    assertSafeDatabaseName(template);
    // CREATE DATABASE … TEMPLATE needs the template to have no other connections.
    await terminateConnections(admin, template);
    await admin.raw(`create database "${name}" template "${template}"`);
  } else {
    await admin.raw(`create database "${name}"`);
  }
}

export async function dropDatabase(admin: Knex, name: string): Promise<void> {
  assertSafeDatabaseName(name);
  await terminateConnections(admin, name);
  await admin.raw(`drop database if exists "${name}"`);
}

export async function terminateConnections(admin: Knex, name: string): Promise<void> {
  await admin.raw('select pg_terminate_backend(pid) from pg_stat_activity where datname = ? and pid <> pg_backend_pid()', [name]);
}

/** Makes the template refuse connections other than ours while it is copied (and allow them again). */
export async function setDatabaseAllowConnections(admin: Knex, name: string, allow: boolean): Promise<void> {
  assertSafeDatabaseName(name);
  await admin.raw(`alter database "${name}" with allow_connections ${allow ? 'true' : 'false'}`);
}
