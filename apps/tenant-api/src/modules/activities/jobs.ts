import type { Knex } from 'knex';
import { PermanentJobError, writeOutbox, type EventHandler, type JobContext, type JobQueue } from '@kv/jobs';
import { PHOTO_APPROVED } from '../photos/index.ts';
import { emitSaved } from './service/common.ts';
import { mediaEntriesOf, studentsOf } from './repo/activities.ts';
import { tickPhase } from '../attendance/index.ts';
import { sendDueReports } from './service/reports.ts';

/**
 * The activities tick: every 15 minutes per centre (at the centre's own phase), it mails the
 * daily reports that have come due (service/reports.ts `sendDueReports`) and schedules its next
 * run through the outbox (one row per slot, deduplicated), so the chain survives restarts.
 * Wiring: `registerActivityJobs` in worker.ts `registerTenantJobs`, `startActivityTick` in
 * `startTenantSchedules`.
 */
export const ACTIVITIES_QUEUE = 'activities';
export const ACTIVITY_TICK_JOB = 'activity-report-tick';
export const ACTIVITY_TICK_MS = 15 * 60_000;

export interface ActivityJobDeps {
  dbFor(centreId: string): Promise<Knex>;
  kick?(centreId: string, db: Knex): void;
}

export async function scheduleActivityTick(db: Knex | Knex.Transaction, centreId: string, at?: Date): Promise<void> {
  const phase = tickPhase(centreId) % ACTIVITY_TICK_MS;
  const slot = Math.floor(((at ?? new Date(Date.now() + ACTIVITY_TICK_MS)).getTime() - phase) / ACTIVITY_TICK_MS);
  await writeOutbox(db, {
    queue: ACTIVITIES_QUEUE,
    name: ACTIVITY_TICK_JOB,
    payload: { centreId },
    dedupeKey: `activity-tick:${centreId}:${slot}`,
    availableAt: new Date(slot * ACTIVITY_TICK_MS + phase),
  });
}

/** Starts a centre's chain (idempotent: one outbox row per slot). */
export const startActivityTick = (db: Knex, centreId: string) => scheduleActivityTick(db, centreId);

export function registerActivityJobs(queue: JobQueue, deps: ActivityJobDeps): void {
  queue.register(ACTIVITIES_QUEUE, ACTIVITY_TICK_JOB, (job) => runActivityTick(job, deps), { concurrency: 2 });
}

export async function runActivityTick(job: Pick<JobContext, 'data' | 'log'>, deps: ActivityJobDeps, now = new Date()) {
  const centreId = job.data.centreId;
  if (typeof centreId !== 'string') throw new PermanentJobError('activity-report-tick needs a centreId');
  const db = await deps.dbFor(centreId);
  // The next run first: a failure below must not end the chain.
  await scheduleActivityTick(db, centreId, new Date(now.getTime() + ACTIVITY_TICK_MS));
  const reports = await sendDueReports(db, centreId, now);
  if (reports) deps.kick?.(centreId, db);
  job.log(`daily reports ${reports}`);
  return { reports };
}

/**
 * A photo or video entry whose students-album row was pending becomes visible to guardians when
 * a manager approves that row (`photo.approved`): each such entry that is itself approved and not
 * staff-only raises `activity.saved` then, once (the handler runs once per event).
 */
export const mediaApprovedHandler: EventHandler = {
  key: 'activities.media-approved',
  async handle(trx, event) {
    const photo = event.payload.photo;
    if (typeof photo !== 'string') return;
    const rows = await mediaEntriesOf(trx, photo);
    if (!rows.length) return;
    const kids = await studentsOf(
      trx,
      rows.map((r) => r.id),
    );
    for (const r of rows) await emitSaved(trx, event.payload.centreId, r, kids.get(String(r.id)) ?? []);
  },
};

/** The activities handlers of domain events (registerTenantEvents, worker.ts). */
export function registerActivityEvents(onEvent: (name: string, handler: EventHandler) => void): void {
  onEvent(PHOTO_APPROVED, mediaApprovedHandler);
}
