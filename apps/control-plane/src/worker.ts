import type { JobQueue } from '@kv/jobs';
import { runtimeFor, type ControlPlaneDeps } from './deps.ts';
import { CONTROL_QUEUE, JOBS } from './jobs/names.ts';
import { provisionCenterJob } from './jobs/provision-center.job.ts';
import { migrateTenantJob } from './jobs/migrate-tenant.job.ts';
import { dropCenterDatabaseJob } from './jobs/drop-center-database.job.ts';
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
