import type { Knex } from 'knex';
import { wroteOutbox } from '@kv/jobs';
import type { RequestContext } from '../types.ts';

/** Runs a write transaction, then wakes the outbox (when it queued a job) so mail leaves at once. */
export async function inTransaction<T>(ctx: RequestContext, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  let queued = false;
  const result = await ctx.db.transaction(async (trx) => {
    const value = await work(trx);
    queued = wroteOutbox(trx);
    return value;
  });
  // A transaction that queued no job leaves the dispatcher alone (its drain is three statements).
  if (queued) ctx.deps.outbox.kick(ctx.tenant.id, ctx.db);
  return result;
}
