import type { Knex } from 'knex';
import { emit, PermanentJobError, writeOutbox, type JobContext, type JobQueue } from '@kv/jobs';
import { addDays, localParts } from '@kv/shared';
import { tickPhase } from '../attendance/index.ts';
import { syncGaps } from './service/gaps.ts';

/**
 * The daily document expiry run: an hourly job per centre (at the centre's phase) that, for each
 * approved document with an expiry, in its location's zone, emits `document.expiring` 30 days
 * before (once: `notified_30_at`) and 7 days before (once: `notified_7_at`), then marks it
 * `expired` the day after its expiry and re-syncs the child's compliance gaps. Hourly, so a
 * missed hour costs nothing; each step is guarded by its column, so a rerun sends nothing twice.
 * Wiring: `registerDocumentJobs` in worker.ts `registerTenantJobs`, `startDocumentExpiry` in
 * `startTenantSchedules`.
 */
export const DOCUMENTS_QUEUE = 'documents';
export const DOCUMENT_EXPIRY_JOB = 'document-expiry';
export const DOCUMENT_EXPIRING = 'document.expiring';
const EXPIRY_MS = 60 * 60_000;

export interface DocumentJobDeps {
  dbFor(centreId: string): Promise<Knex>;
}

export async function scheduleDocumentExpiry(db: Knex | Knex.Transaction, centreId: string, at?: Date): Promise<void> {
  const phase = tickPhase(centreId) % EXPIRY_MS;
  const slot = Math.floor(((at ?? new Date(Date.now() + EXPIRY_MS)).getTime() - phase) / EXPIRY_MS);
  await writeOutbox(db, {
    queue: DOCUMENTS_QUEUE,
    name: DOCUMENT_EXPIRY_JOB,
    payload: { centreId },
    dedupeKey: `document-expiry:${centreId}:${slot}`,
    availableAt: new Date(slot * EXPIRY_MS + phase),
  });
}

export const startDocumentExpiry = (db: Knex, centreId: string) => scheduleDocumentExpiry(db, centreId);

export function registerDocumentJobs(queue: JobQueue, deps: DocumentJobDeps): void {
  queue.register(DOCUMENTS_QUEUE, DOCUMENT_EXPIRY_JOB, (job) => runDocumentExpiryJob(job, deps), { concurrency: 1 });
}

export async function runDocumentExpiryJob(job: Pick<JobContext, 'data' | 'log'>, deps: DocumentJobDeps, now = new Date()) {
  const centreId = job.data.centreId;
  if (typeof centreId !== 'string') throw new PermanentJobError('document-expiry needs a centreId');
  const db = await deps.dbFor(centreId);
  await scheduleDocumentExpiry(db, centreId, new Date(now.getTime() + EXPIRY_MS));
  const r = await runDocumentExpiry(db, centreId, now);
  job.log(`expiring ${r.expiring}, expired ${r.expired}`);
  return r;
}

/** One pass: the notices due and the expiries passed, judged by each location's local date. */
export async function runDocumentExpiry(db: Knex, centreId: string, now = new Date()): Promise<{ expiring: number; expired: number }> {
  let expiring = 0;
  let expired = 0;
  const zones: { id: string; timezone: string | null }[] = await db('locations')
    .whereIn('id', db('documents').where('status', 'approved').whereNotNull('expiry').distinct('location_id'))
    .select('id', 'timezone');
  for (const loc of zones) {
    const today = localParts(now, loc.timezone || 'UTC').date;
    await db.transaction(async (trx) => {
      const due = await trx('documents')
        .where({ location_id: loc.id, status: 'approved' })
        .whereNotNull('expiry')
        .where('expiry', '<=', addDays(today, 30))
        .where((w) => w.whereNull('notified_30_at').orWhereNull('notified_7_at').orWhere('expiry', '<', today))
        .forUpdate()
        .select('id', 'student_id', 'notified_30_at', 'notified_7_at', trx.raw("to_char(expiry, 'YYYY-MM-DD') as expiry"));
      const touched = new Set<string>();
      for (const doc of due) {
        if (doc.expiry < today) {
          await trx('documents').where({ id: doc.id }).update({ status: 'expired', expired_at: trx.fn.now(), updated_at: trx.fn.now() });
          if (doc.student_id) touched.add(String(doc.student_id));
          expired++;
          continue;
        }
        if (doc.expiry <= addDays(today, 7)) {
          if (doc.notified_7_at) continue;
          // Inside 7 days: the 7-day notice (the 30-day one is moot now).
          await trx('documents').where({ id: doc.id }).update({ notified_7_at: trx.fn.now(), notified_30_at: doc.notified_30_at ?? trx.fn.now() });
          await emit(trx, DOCUMENT_EXPIRING, { centreId, document: String(doc.id), days: '7' });
          expiring++;
        } else if (!doc.notified_30_at) {
          await trx('documents').where({ id: doc.id }).update({ notified_30_at: trx.fn.now() });
          await emit(trx, DOCUMENT_EXPIRING, { centreId, document: String(doc.id), days: '30' });
          expiring++;
        }
      }
      if (touched.size) await syncGaps(trx, centreId, { students: [...touched] }, today);
    });
  }
  return { expiring, expired };
}
