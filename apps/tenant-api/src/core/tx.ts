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
