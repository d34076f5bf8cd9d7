import type { Knex } from 'knex';
import type { JobQueue } from '@kv/jobs';
import { FileTooLargeError, forCentre, ObjectMissingError, type FileStore } from '@kv/files';
import { insertAudit } from '../../core/audit.ts';
import * as repo from './repo.ts';
import { acceptedAudit, checkAndStore } from './accept.ts';
import { purposeOf, rulesOf } from './purposes.ts';
import { CHECK_UPLOAD_JOB, FILES_QUEUE } from './service.ts';
import { SWEEP_UPLOADS_JOB, scheduleUploadSweep, sweepAbandonedUploads } from './sweep.ts';

export interface FileJobDeps {
  dbFor(centreId: string): Promise<Knex>;
  files?: FileStore;
}

export type CheckOutcome = { status: 'ready' | 'rejected'; reason: string | null } | null;

/**
 * Checks one upload (the job completeUpload queued). Runs at least once: the outcome is written only
 * if the row is still `checking`, variants go to keys fixed by the file id, so a second run changes
 * nothing. The raw object is deleted either way; a refused file never becomes readable.
 */
export async function checkQueuedUpload(deps: FileJobDeps, centreId: string, fileId: string): Promise<CheckOutcome> {
  if (!deps.files) throw new Error('No file store configured');
  const db = await deps.dbFor(centreId);
  const row = await repo.findFile(db, fileId);
  if (!row || row.status !== 'checking' || !row.upload_key) return null;
  const purpose = purposeOf(row.purpose);
  const store = forCentre(deps.files, centreId);

  const refuse = async (reason: string): Promise<CheckOutcome> => {
    await store.remove([row.upload_key!]);
    const moved = await repo.moveFile(db, row.id, 'checking', { status: 'rejected', reason, upload_key: null, checked_at: db.fn.now() });
    return moved ? { status: 'rejected', reason } : null;
  };
  if (!purpose) return refuse('This kind of file is no longer accepted.');

  let bytes: Buffer;
  try {
    bytes = await store.read(row.upload_key, Math.min(purpose.rules.maxBytes, Number(row.declared_size)));
  } catch (e) {
    if (e instanceof FileTooLargeError) return refuse('The file is larger than declared.');
    if (e instanceof ObjectMissingError) return refuse('The file never arrived.');
    throw e;
  }
  const checked = await checkAndStore(store, centreId, row.id, row.purpose, bytes, row.declared_type, await rulesOf(db, purpose));
  if (!checked.ok) return refuse(checked.reason);

  const retired = await db.transaction(async (trx) => {
    const ready = await repo.moveFile(trx, row.id, 'checking', { ...checked.ready, checked_at: trx.fn.now() });
    if (!ready) return null;
    await insertAudit(trx, acceptedAudit(ready));
    return purpose.single ? repo.retireOthers(trx, ready) : [];
  });
  if (retired === null) return null;
  await store.remove([row.upload_key, ...retired]);
  return { status: 'ready', reason: null };
}

/** Registers the upload check and the hourly sweep on a queue (the worker process calls this at start-up). */
export function registerFileJobs(queue: JobQueue, deps: FileJobDeps): void {
  queue.register(FILES_QUEUE, CHECK_UPLOAD_JOB, async (job) => {
    const { centreId, fileId } = job.data as { centreId: string; fileId: string };
    return checkQueuedUpload(deps, String(centreId), String(fileId));
  });
  queue.register(FILES_QUEUE, SWEEP_UPLOADS_JOB, async (job) => {
    const centreId = String((job.data as { centreId: string }).centreId);
    const result = await sweepAbandonedUploads(deps, centreId);
    await scheduleUploadSweep(await deps.dbFor(centreId), centreId);
    return result;
  });
}
