import type { Knex } from 'knex';
import { createKnex } from '@kv/db';

/**
 * Runs `fn` with a one-connection admin knex on a server while holding a session advisory lock,
 * so template migration and `CREATE DATABASE … TEMPLATE` never overlap, across processes too
 * (Postgres refuses to copy a template someone is connected to). The pool has one connection that
 * is never reaped while idle, so every query runs in the session that holds the lock.
 */
export async function withServerLock<T>(serverUrl: string, key: string, fn: (admin: Knex) => Promise<T>): Promise<T> {
  const admin = createKnex(serverUrl, {
    max: 1,
    statementTimeoutMs: 10 * 60_000,
    acquireTimeoutMs: 10_000,
    idleTimeoutMs: 60 * 60_000,
    applicationName: 'kv:provision',
  });
  try {
    await admin.raw('select pg_advisory_lock(hashtext(?))', [key]);
    try {
      return await fn(admin);
    } finally {
      await admin.raw('select pg_advisory_unlock(hashtext(?))', [key]).catch(() => undefined);
    }
  } finally {
    await admin.destroy();
  }
}

export const templateLockKey = (template: string) => `kv:tenant-template:${template}`;
