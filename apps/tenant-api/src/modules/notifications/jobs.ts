import type { Knex } from 'knex';
import { PermanentJobError, writeOutbox, type JobContext, type JobQueue } from '@kv/jobs';
import { tickPhase } from '../attendance/index.ts';
import { LIVE_JOB, NOTIFICATIONS_QUEUE } from './service/notify.ts';
import { sendDueDigests } from './service/digest.ts';
import { remindOpenActionItems } from './service/remind.ts';
import { publishNotifications } from './live.ts';

/**
 * The notification centre's jobs: the live publish of new notices (`notification-live`, queued by
 * notifyUsers in the transaction that wrote them), and the digest tick every 15 minutes per
 * centre (at the centre's own phase, like the activities tick), which sends the daily summaries
 * that have come due, re-notifies open action items (once per item, person and day) and schedules its next run through the outbox (one row per slot).
 * Wiring: `registerNotificationJobs` in worker.ts `registerTenantJobs`, `startNotificationTick`
 * in `startTenantSchedules`.
 */
export const DIGEST_TICK_JOB = 'notification-digest-tick';
export const DIGEST_TICK_MS = 15 * 60_000;

export interface NotificationJobDeps {
  dbFor(centreId: string): Promise<Knex>;
  kick?(centreId: string, db: Knex): void;
}

export async function scheduleNotificationTick(db: Knex | Knex.Transaction, centreId: string, at?: Date): Promise<void> {
  const phase = (tickPhase(centreId) + 7 * 60_000) % DIGEST_TICK_MS;
  const slot = Math.floor(((at ?? new Date(Date.now() + DIGEST_TICK_MS)).getTime() - phase) / DIGEST_TICK_MS);
  await writeOutbox(db, {
    queue: NOTIFICATIONS_QUEUE,
    name: DIGEST_TICK_JOB,
    payload: { centreId },
    dedupeKey: `notification-tick:${centreId}:${slot}`,
    availableAt: new Date(slot * DIGEST_TICK_MS + phase),
  });
}

/** Starts a centre's chain (idempotent: one outbox row per slot). */
export const startNotificationTick = (db: Knex, centreId: string) => scheduleNotificationTick(db, centreId);

export async function runNotificationTick(job: Pick<JobContext, 'data' | 'log'>, deps: NotificationJobDeps, now = new Date()) {
  const centreId = job.data.centreId;
  if (typeof centreId !== 'string') throw new PermanentJobError('notification-digest-tick needs a centreId');
  const db = await deps.dbFor(centreId);
  await scheduleNotificationTick(db, centreId, new Date(now.getTime() + DIGEST_TICK_MS));
  const digests = await sendDueDigests(db, centreId, now);
  // Open action items: once per item, person and day (the first tick of each local day).
  const reminders = await remindOpenActionItems(db, centreId, now);
  if (digests || reminders) deps.kick?.(centreId, db);
  job.log(`digests ${digests}, reminders ${reminders}`);
  return { digests, reminders };
}

export function registerNotificationJobs(queue: JobQueue, deps: NotificationJobDeps): void {
  queue.register(NOTIFICATIONS_QUEUE, DIGEST_TICK_JOB, (job) => runNotificationTick(job, deps), { concurrency: 2 });
  queue.register(
    NOTIFICATIONS_QUEUE,
    LIVE_JOB,
    async (job) => {
      const { centreId, ids } = job.data as { centreId?: unknown; ids?: unknown };
      if (typeof centreId !== 'string' || !Array.isArray(ids)) throw new PermanentJobError('notification-live needs a centreId and ids');
      return { published: await publishNotifications(await deps.dbFor(centreId), centreId, ids.map(String)) };
    },
    { concurrency: 5 },
  );
}
