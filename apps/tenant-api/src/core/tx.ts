import type { Knex } from 'knex';
import { emittedEvents, wroteOutbox } from '@kv/jobs';
import type { RequestContext } from '../types.ts';

/**
 * Runs a write transaction, then wakes the outbox (when it queued a job) so mail leaves at once,
 * and the event dispatcher (when it emitted a domain event).
 */
export async function inTransaction<T>(ctx: RequestContext, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  let queued = false;
  let emitted = false;
  const result = await ctx.db.transaction(async (trx) => {
    const value = await work(trx);
    queued = wroteOutbox(trx);
    emitted = emittedEvents(trx);
    return value;
  });
  // A transaction that queued no job leaves the dispatcher alone (its drain is three statements).
  if (queued) ctx.deps.outbox.kick(ctx.tenant.id, ctx.db);
  if (emitted) ctx.deps.events.kick(ctx.tenant.id, ctx.db);
  return result;
}

/** The unique index a statement violated (Postgres 23505), else null. */
export function violatedUnique(e: unknown): string | null {
  const err = e as { code?: string; constraint?: string } | null;
  return err?.code === '23505' ? (err.constraint ?? '') : null;
}

/**
 * Unique indexes can still race the check that runs before them (two requests at once): the
 * violation of one of `errors`' indexes becomes the error that check gives; any other error stays.
 */
export async function mapUniqueViolations<T>(work: Promise<T>, errors: Record<string, () => Error>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    const index = violatedUnique(e);
    const mapped = index === null ? undefined : errors[index];
    throw mapped ? mapped() : e;
  }
}

/**
 * Serializes the transactions that take the same `key` until they end (a transaction-level
 * advisory lock): for invariants an index alone cannot keep race-free, such as "one default row"
 * kept by clearing the old default before setting the new one.
 */
export async function lockFor(trx: Knex.Transaction, key: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [key]);
}
