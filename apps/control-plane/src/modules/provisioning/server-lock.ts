import type { Knex } from 'knex';
import { createKnex } from '@kv/db';

/** An admin session unused this long closes (provisionings in a row reuse it: a connection is several round trips). */
const SESSION_IDLE_MS = 30_000;

interface ServerSession {
  admin: Knex;
  /** Settles when the caller before the last one is done: this process's callers take turns. */
  turn: Promise<void>;
}

const sessions = new Map<string, ServerSession>();

function sessionFor(serverUrl: string): ServerSession {
  let session = sessions.get(serverUrl);
  if (!session) {
    session = {
      admin: createKnex(serverUrl, {
        max: 1,
        statementTimeoutMs: 10 * 60_000,
        acquireTimeoutMs: 10_000,
        idleTimeoutMs: SESSION_IDLE_MS,
        applicationName: 'kv:provision',
      }),
      turn: Promise.resolve(),
    };
    sessions.set(serverUrl, session);
  }
  return session;
}

/**
 * Runs `fn` with a one-connection admin knex on a server while holding a session advisory lock,
 * so template migration and `CREATE DATABASE … TEMPLATE` never overlap, across processes too
 * (Postgres refuses to copy a template someone is connected to). The pool has one connection that
 * is never reaped while in use, so every query runs in the session that holds the lock; callers in
 * this process take turns on it (a second lock in the same session would not wait).
 */
export async function withServerLock<T>(serverUrl: string, key: string, fn: (admin: Knex) => Promise<T>): Promise<T> {
  const session = sessionFor(serverUrl);
  const before = session.turn;
  let done!: () => void;
  session.turn = new Promise<void>((resolve) => (done = resolve));
  try {
    await before;
    const { admin } = session;
    await admin.raw('select pg_advisory_lock(hashtext(?))', [key]);
    try {
      return await fn(admin);
    } finally {
      // A failed unlock on a live session would keep the lock for the session's life: drop them all.
      await admin
        .raw('select pg_advisory_unlock(hashtext(?))', [key])
        .catch(() => admin.raw('select pg_advisory_unlock_all()'))
        .catch(() => undefined);
    }
  } finally {
    done();
  }
}

export const templateLockKey = (template: string) => `kv:tenant-template:${template}`;
