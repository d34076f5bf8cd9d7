import type { JobHandler } from '@kv/jobs';
import { PermanentJobError } from '@kv/jobs';
import type { ControlPlaneRuntime } from '../deps.ts';
import { provisionCenter } from '../modules/provisioning/steps.ts';

/** `control-plane/provision-center` `{ centreId: null, center_id }`: database, owner, hostname, active. */
export function provisionCenterJob(rt: ControlPlaneRuntime): JobHandler {
  return async (job) => {
    const centreId = job.data.center_id;
    if (typeof centreId !== 'string' || !/^\d+$/.test(centreId)) throw new PermanentJobError('provision-center needs center_id');
    job.log(`provisioning centre ${centreId} (attempt ${String(job.data.attempt ?? 1)})`);
    return provisionCenter(rt, centreId, (r) => job.progress({ ...r }));
  };
}
