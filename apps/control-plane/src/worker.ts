import type { JobQueue } from '@kv/jobs';
import { runtimeFor, type ControlPlaneDeps } from './deps.ts';
import { CONTROL_QUEUE, JOBS } from './jobs/names.ts';
import { provisionCenterJob } from './jobs/provision-center.job.ts';
import { migrateTenantJob } from './jobs/migrate-tenant.job.ts';
import { dropCenterDatabaseJob } from './jobs/drop-center-database.job.ts';
import {
  backupCenterDatabaseJob,
  centerDeletedJob,
  drillCenterBackupJob,
  dropReplacedDatabaseJob,
  nightlyBackupsJob,
  restoreCenterDatabaseJob,
} from './jobs/backups.job.ts';
import { scheduleNightly } from './modules/backups/engine.ts';
import { checkServerDomainsJob, scheduleDomainSweep } from './modules/domains/advance.ts';
import { collectCenterStatisticsJob, scheduleStatistics } from './modules/statistics/collect.ts';
import { createCenterBillingService } from './modules/center-billing/service.ts';

/**
 * Registers the control plane's jobs on `queue` (call `queue.start()` afterwards). The queue runs
 * up to four of them at once; the steps that must not overlap (server assignment, template copy)
 * take database locks. Returns a close for worker-only processes (the API closes the same runtime
 * on its own close).
 */
export function registerControlPlaneJobs(queue: JobQueue, deps: ControlPlaneDeps): { close(): Promise<void> } {
  const rt = runtimeFor(deps);
  queue.register(CONTROL_QUEUE, JOBS.provisionCenter, provisionCenterJob(rt));
  queue.register(CONTROL_QUEUE, JOBS.migrateTenant, migrateTenantJob(rt), { concurrency: 4 });
  queue.register(CONTROL_QUEUE, JOBS.dropCenterDatabase, dropCenterDatabaseJob(rt));
  queue.register(CONTROL_QUEUE, JOBS.backupCenterDatabase, backupCenterDatabaseJob(rt), { concurrency: 2 });
  queue.register(CONTROL_QUEUE, JOBS.drillCenterBackup, drillCenterBackupJob(rt));
  queue.register(CONTROL_QUEUE, JOBS.restoreCenterDatabase, restoreCenterDatabaseJob(rt));
  queue.register(CONTROL_QUEUE, JOBS.dropReplacedDatabase, dropReplacedDatabaseJob(rt));
  queue.register(CONTROL_QUEUE, JOBS.nightlyBackups, nightlyBackupsJob(rt));
  queue.register(CONTROL_QUEUE, JOBS.centerDeleted, centerDeletedJob(rt));
  // Backups need the file store; the next night's run is queued once (dedupe key per night).
  if (rt.files) void scheduleNightly(rt).catch((err) => rt.log.warn({ err }, 'nightly backups not scheduled'));
  queue.register(CONTROL_QUEUE, JOBS.checkServerDomains, checkServerDomainsJob(rt));
  // The first sweep of this process's life; each sweep queues the next (one per slot across processes).
  void scheduleDomainSweep(rt.controlDb).catch((err) => rt.log.warn({ err }, 'domain sweep not scheduled'));
  queue.register(CONTROL_QUEUE, JOBS.collectCenterStatistics, collectCenterStatisticsJob(rt));
  void scheduleStatistics(rt.controlDb).catch((err) => rt.log.warn({ err }, 'statistics run not scheduled'));
  const billing = createCenterBillingService(rt);
  queue.register(CONTROL_QUEUE, JOBS.centerBillingCycle, async () => billing.runCycle());
  // Platform billing runs hourly; the job id (the hour) makes one run per hour however many processes ask.
  const hourly = setInterval(() => {
    const hour = new Date().toISOString().slice(0, 13);
    void queue.enqueue(CONTROL_QUEUE, JOBS.centerBillingCycle, { centreId: null }, { jobId: `center-billing-${hour}` }).catch(() => undefined);
  }, 3_600_000);
  hourly.unref();
  rt.start();
  return {
    close: async () => {
      clearInterval(hourly);
      await rt.close();
    },
  };
}
