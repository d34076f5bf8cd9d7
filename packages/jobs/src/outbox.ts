import { assertJobData, assertQueueName } from './job-data.ts';
import type { Db, JobData } from './types.ts';

export interface OutboxEntry {
  queue: string;
  name: string;
  payload: JobData;
  /** At most one outbox row ever exists with this key; a second write is ignored. */
  dedupeKey?: string;
  availableAt?: Date;
}

/** Transactions (or connections) that wrote outbox rows: only those need the dispatcher kicked. */
const writers = new WeakSet<object>();

/** True when `db` (a knex transaction, usually) recorded a job through `writeOutbox`. */
export function wroteOutbox(db: Db): boolean {
  return writers.has(db);
}

/**
 * Records a job in the `outbox` table. Call it with the transaction that writes the data the job
 * follows, so the job exists exactly when that data is committed.
 */
export async function writeOutbox(db: Db, entry: OutboxEntry): Promise<void> {
  assertQueueName(entry.queue);
  assertJobData(entry.payload);
  const row: Record<string, unknown> = {
    queue: entry.queue,
    name: entry.name,
    // Stringified: node-postgres would send a JS array as a Postgres array, not JSON.
    payload: JSON.stringify(entry.payload),
  };
  if (entry.availableAt) row.available_at = entry.availableAt;
  writers.add(db);
  if (entry.dedupeKey === undefined) {
    await db('outbox').insert(row);
    return;
  }
  row.dedupe_key = entry.dedupeKey;
  await db('outbox').insert(row).onConflict('dedupe_key').ignore();
}
