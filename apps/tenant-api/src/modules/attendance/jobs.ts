import type { Knex } from 'knex';
import { PermanentJobError, emit, type JobContext, type JobQueue } from '@kv/jobs';
import { localParts } from '@kv/shared';
import { ATTENDANCE_QUEUE, ATTENDANCE_TICK_JOB, TICK_MS, scheduleAttendanceTick, startAttendanceTick } from './tick.ts';
import { pruneRequests } from './repo/checkin.ts';
import { markReminded, reminderLocations, studentsToRemind } from './repo/jobs.ts';
import { type NotifyEnv } from './service/notify.ts';
import { ratioProgramIds, refreshRoomRatios } from '../ratios/index.ts';
import { REMINDER_DUE } from './service/parent-alerts.ts';

/**
 * Attendance jobs. One job, the **attendance tick**, runs every 5 minutes per centre:
 * 1. raises the "not checked in yet" reminders that are due (`attendance.reminder_due`, told to parents by the notification centre) (a location's
 *    `check_in_parent_alert_time` has passed today, within the next 3 hours), once per child and day;
 * 2. re-checks every room that has a ratio, so that "will be out of ratio in the next 30 minutes"
 *    warnings go out as time passes, not only when someone checks in;
 * 3. prunes idempotency keys older than 7 days;
 * and schedules its next run through the outbox (one row per 5-minute slot, deduplicated), so the
 * chain survives restarts: the outbox sweep dispatches it when it is due.
 *
 * Wiring (the lead): `registerAttendanceJobs(queue, deps)` inside `registerTenantJobs` (worker.ts;
 * its TenantJobDeps fit), and once per active centre at start-up
 * `startAttendanceTick(db, centreId, centreName)` (idempotent: one outbox row per 5-minute slot).
 * saveCheckInSettings and saveRoomRatio also start the chain when they turn something on.
 */
/** Reminders later than this after the configured time are not sent (the tick was down). */
const REMINDER_WINDOW_MS = 3 * 3_600_000;

/** A subset of the worker's TenantJobDeps: `registerAttendanceJobs(queue, deps)` takes those as they are. */
export interface AttendanceJobDeps {
  /** The centre's database (the same pools as the message jobs). */
  dbFor(centreId: string): Promise<Knex>;
  /** The centre's directory entry (its name for messages when the job does not carry it). */
  entryFor?(centreId: string): Promise<{ name: string }>;
  /** Wakes the outbox after the tick queued messages (else the dispatcher's sweep sends them). */
  kick?(centreId: string, db: Knex): void;
}

export { ATTENDANCE_QUEUE, ATTENDANCE_TICK_JOB, TICK_MS, scheduleAttendanceTick, startAttendanceTick };

export function registerAttendanceJobs(queue: JobQueue, deps: AttendanceJobDeps): void {
  queue.register(ATTENDANCE_QUEUE, ATTENDANCE_TICK_JOB, (job) => runAttendanceTick(job, deps), { concurrency: 2 });
}

export async function runAttendanceTick(job: Pick<JobContext, 'data' | 'log'>, deps: AttendanceJobDeps, now = new Date()) {
  const centreId = job.data.centreId;
  if (typeof centreId !== 'string') throw new PermanentJobError('attendance-tick needs a centreId');
  const centre =
    typeof job.data.centre === 'string' && job.data.centre
      ? job.data.centre
      : ((await deps.entryFor?.(centreId).catch(() => null))?.name ?? 'your centre');
  const db = await deps.dbFor(centreId);
  // The next run first: a failure below must not end the chain.
  await scheduleAttendanceTick(db, centreId, centre, new Date(now.getTime() + TICK_MS));
  const env: NotifyEnv = { centreId, centre };
  const reminders = await sendDueReminders(db, env, now);
  const rooms = await db.transaction(async (trx) => (await refreshRoomRatios(trx, env, await ratioProgramIds(trx))).size);
  const pruned = await pruneRequests(db, 7);
  deps.kick?.(centreId, db);
  job.log(`reminders ${reminders}, rooms ${rooms}, keys pruned ${pruned}`);
  return { reminders, rooms, pruned };
}

/** Sends the reminders due at `now`; returns how many children were reminded. */
export async function sendDueReminders(db: Knex, env: NotifyEnv, now: Date): Promise<number> {
  let total = 0;
  for (const loc of await reminderLocations(db)) {
    const local = localParts(now, loc.timezone);
    const due = loc.time.slice(0, 5);
    const [h, m] = due.split(':').map(Number) as [number, number];
    const [nh, nm] = local.time.split(':').map(Number) as [number, number];
    const late = (nh * 60 + nm - (h * 60 + m)) * 60_000;
    if (late < 0 || late > REMINDER_WINDOW_MS) continue;
    const children = await studentsToRemind(db, loc.id, local.date);
    if (!children.length) continue;
    total += await db.transaction(async (trx) => {
      const fresh = await markReminded(
        trx,
        children.map((c) => c.id),
        local.date,
      );
      if (!fresh.size) return 0;
      // Parents hear of it from the notification centre (its handler of this event).
      await emit(trx, REMINDER_DUE, { centreId: env.centreId, location: loc.id, date: local.date, students: [...fresh] });
      return fresh.size;
    });
  }
  return total;
}
