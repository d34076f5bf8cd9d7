import type { Knex } from 'knex';
import { forCentre } from '@kv/files';
import { writeOutbox } from '@kv/jobs';
import * as repo from './repo.ts';
import { FILES_QUEUE } from './service.ts';
import type { FileJobDeps } from './jobs.ts';

export const SWEEP_UPLOADS_JOB = 'sweep-uploads';
export const SWEEP_MS = 60 * 60_000;
/** An upload form lives 5 minutes; one not completed this long after it expired was abandoned. */
const ABANDONED_AFTER = "interval '1 hour'";
const BATCH = 200;
export const ABANDONED_REASON = 'The upload was never completed.';

/**
 * Writes the centre's next hourly sweep into the outbox (once per slot: safe on every start-up and
 * from every process). The sweep reschedules itself.
 */
export async function scheduleUploadSweep(
  db: Knex | Knex.Transaction,
  centreId: string,
  at = new Date(Date.now() + SWEEP_MS),
): Promise<void> {
  const slot = Math.floor(at.getTime() / SWEEP_MS);
  await writeOutbox(db, {
    queue: FILES_QUEUE,
    name: SWEEP_UPLOADS_JOB,
    payload: { centreId },
    dedupeKey: `files-sweep:${centreId}:${slot}`,
    availableAt: new Date(slot * SWEEP_MS),
  });
}

/**
 * Abandoned uploads: a signed form was issued (a row `pending`) but `completeUpload` never came.
 * The raw object, if the browser sent it, is deleted and the row marked rejected, so nothing
 * unchecked stays in the bucket and the centre's storage counts only checked files.
 */
export async function sweepAbandonedUploads(deps: FileJobDeps, centreId: string): Promise<{ swept: number }> {
  if (!deps.files) throw new Error('No file store configured');
  const db = await deps.dbFor(centreId);
  const store = forCentre(deps.files, centreId);
  let swept = 0;
  for (;;) {
    const rows = await repo.abandonedUploads(db, ABANDONED_AFTER, BATCH);
    if (!rows.length) break;
    await store.remove(rows.flatMap((r) => (r.upload_key ? [r.upload_key] : [])));
    swept += await repo.rejectPending(
      db,
      rows.map((r) => r.id),
      ABANDONED_REASON,
    );
    if (rows.length < BATCH) break;
  }
  return { swept };
}
