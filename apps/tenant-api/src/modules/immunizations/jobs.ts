import type { Knex } from 'knex';
import { writeOutbox, type JobContext, type JobQueue } from '@kv/jobs';
import type { FileStore } from '@kv/files';
import { localParts } from '@kv/shared';
import { tickPhase } from '../attendance/index.ts';
import { syncGaps } from '../documents/index.ts';
import { EXPORT_JOB, IMMUNIZATIONS_QUEUE, runComplianceExport } from './service/export.ts';

/**
 * The immunizations area's jobs: the compliance export (queued by exportStudentCompliance) and
 * the hourly per-centre dose run, which re-syncs the compliance gaps of every location whose
 * local date changed since its last run (a dose falls overdue with the calendar, not with a write).
 * Wiring: `registerImmunizationJobs` in worker.ts `registerTenantJobs`, `startImmunizationRun` in
 * `startTenantSchedules`.
 */
export const DOSE_RUN_JOB = 'dose-gaps';
const RUN_MS = 60 * 60_000;
const LAST_RUN_SETTING = 'immunization_gaps_synced_on';

export interface ImmunizationJobDeps {
  dbFor(centreId: string): Promise<Knex>;
  files?: FileStore;
}

export async function scheduleDoseRun(db: Knex | Knex.Transaction, centreId: string, at?: Date): Promise<void> {
  const phase = tickPhase(centreId) % RUN_MS;
  const slot = Math.floor(((at ?? new Date(Date.now() + RUN_MS)).getTime() - phase) / RUN_MS);
  await writeOutbox(db, {
    queue: IMMUNIZATIONS_QUEUE,
    name: DOSE_RUN_JOB,
    payload: { centreId },
    dedupeKey: `dose-gaps:${centreId}:${slot}`,
    availableAt: new Date(slot * RUN_MS + phase),
  });
}

export const startImmunizationRun = (db: Knex, centreId: string) => scheduleDoseRun(db, centreId);

/** One pass: each location whose local date is not the one it was last synced on gets its gaps synced. */
export async function runDoseGaps(
  db: Knex,
  centreId: string,
  now = new Date(),
): Promise<{ locations: number; opened: number; closed: number }> {
  const locations: { id: string; timezone: string | null }[] = await db('locations').whereNull('deleted_at').select('id', 'timezone');
  const setting = await db('settings').where({ key: LAST_RUN_SETTING }).whereNull('object_id').first('value');
  const done: Record<string, string> = setting?.value
    ? typeof setting.value === 'string'
      ? JSON.parse(setting.value)
      : setting.value
    : {};
  let opened = 0;
  let closed = 0;
  let synced = 0;
  for (const loc of locations) {
    const today = localParts(now, loc.timezone || 'UTC').date;
    if (done[String(loc.id)] === today) continue;
    await db.transaction(async (trx) => {
      const r = await syncGaps(trx, centreId, { location: String(loc.id) }, today);
      opened += r.opened;
      closed += r.closed;
    });
    done[String(loc.id)] = today;
    synced++;
  }
  const value = JSON.stringify(done);
  const updated = await db('settings').where({ key: LAST_RUN_SETTING }).whereNull('object_id').update({ value, updated_at: db.fn.now() });
  if (!updated) await db('settings').insert({ key: LAST_RUN_SETTING, value });
  return { locations: synced, opened, closed };
}

export function registerImmunizationJobs(queue: JobQueue, deps: ImmunizationJobDeps): void {
  queue.register(IMMUNIZATIONS_QUEUE, EXPORT_JOB, (job) => runComplianceExport(job, deps), { concurrency: 1 });
  queue.register(
    IMMUNIZATIONS_QUEUE,
    DOSE_RUN_JOB,
    async (job: Pick<JobContext, 'data' | 'log'>) => {
      const centreId = String(job.data.centreId);
      const db = await deps.dbFor(centreId);
      await scheduleDoseRun(db, centreId, new Date(Date.now() + RUN_MS));
      const r = await runDoseGaps(db, centreId);
      job.log(`dose gaps: ${r.locations} locations, ${r.opened} opened, ${r.closed} closed`);
      return r;
    },
    { concurrency: 1 },
  );
}
