import type { JobHandler } from '@kv/jobs';
import { PermanentJobError } from '@kv/jobs';
import type { ControlPlaneRuntime } from '../deps.ts';
import { migrateCentreInRun } from '../modules/migrations/fan-out.ts';

/** `control-plane/migrate-tenant` `{ centreId, run_id }`: one centre of a migration run. */
export function migrateTenantJob(rt: ControlPlaneRuntime): JobHandler {
  return async (job) => {
    const { centreId, run_id: runId } = job.data;
    if (!centreId || typeof runId !== 'string') throw new PermanentJobError('migrate-tenant needs centreId and run_id');
    const result = await migrateCentreInRun(
      { controlDb: rt.controlDb, directory: rt.directory, templateName: rt.config.tenantTemplate, log: rt.log },
      runId,
      centreId,
    );
    await job.progress({ status: result.status, applied: result.applied.length });
    // Recorded on the run already; failing the job (without retry) keeps the queue's view honest.
    if (result.status === 'failed') throw new PermanentJobError(result.error ?? 'migration failed');
    return result;
  };
}
