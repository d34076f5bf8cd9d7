import type { Knex } from 'knex';
import { writeOutbox, type JobContext, type JobQueue } from '@kv/jobs';
import type { ControlPlaneClient } from '@kv/auth';
import { tickPhase } from '../attendance/index.ts';
import * as repo from './repo.ts';

/**
 * The report of the centre's websites to the platform (`websites.report` over the control-plane
 * channel): queued at start-up and then hourly per centre, so the operator console's
 * `/customer-websites` lists what each centre serves. Wiring: `registerWebsiteJobs` in worker.ts
 * `registerTenantJobs`, `startWebsiteReports` in `startTenantSchedules`.
 */
export const WEBSITES_QUEUE = 'websites';
export const REPORT_JOB = 'report-websites';
const RUN_MS = 60 * 60_000;

export interface WebsiteJobDeps {
  dbFor(centreId: string): Promise<Knex>;
  /** The channel to the control plane; without it the report job fails permanently. */
  controlPlane?: ControlPlaneClient;
}

/** Queues a report now (`at` absent) or in the hourly slot of `at`; one row per slot. */
export async function scheduleWebsiteReport(db: Knex | Knex.Transaction, centreId: string, at?: Date): Promise<void> {
  const phase = tickPhase(centreId) % RUN_MS;
  const when = at ?? new Date();
  const slot = Math.floor((when.getTime() - phase) / RUN_MS);
  await writeOutbox(db, {
    queue: WEBSITES_QUEUE,
    name: REPORT_JOB,
    payload: { centreId },
    dedupeKey: `report-websites:${centreId}:${at ? slot : `now:${slot}`}`,
    availableAt: at ? new Date(slot * RUN_MS + phase) : when,
  });
}

/** At start: a report now and the next hourly one. */
export async function startWebsiteReports(db: Knex, centreId: string): Promise<void> {
  await scheduleWebsiteReport(db, centreId);
  await scheduleWebsiteReport(db, centreId, new Date(Date.now() + RUN_MS));
}

/** Reports every site of the centre; answers the slugs the platform holds offline. */
export async function reportWebsites(db: Knex, centreId: string, controlPlane: ControlPlaneClient) {
  return controlPlane.reportWebsites(centreId, await repo.reportRows(db));
}

export function registerWebsiteJobs(queue: JobQueue, deps: WebsiteJobDeps): void {
  queue.register(
    WEBSITES_QUEUE,
    REPORT_JOB,
    async (job: Pick<JobContext, 'data' | 'log'>) => {
      const centreId = String(job.data.centreId);
      const db = await deps.dbFor(centreId);
      await scheduleWebsiteReport(db, centreId, new Date(Date.now() + RUN_MS));
      if (!deps.controlPlane) throw new Error('No control-plane channel in this process');
      const r = await reportWebsites(db, centreId, deps.controlPlane);
      job.log(`reported ${r.stored} websites (${r.offline.length} offline)`);
    },
    { concurrency: 1 },
  );
}
