import type { JobHandler } from '@kv/jobs';
import { PermanentJobError } from '@kv/jobs';
import type { ControlPlaneRuntime } from '../deps.ts';
import { provisionCenter } from '../modules/provisioning/steps.ts';

/** `control-plane/provision-center` `{ centerId: null, center_id }`: database, owner, hostname, active. */
export function provisionCenterJob(rt: ControlPlaneRuntime): JobHandler {
  return async (job) => {
    const centerId = job.data.center_id;
    if (typeof centerId !== 'string' || !/^\d+$/.test(centerId)) throw new PermanentJobError('provision-center needs center_id');
    job.log(`provisioning centre ${centerId} (attempt ${String(job.data.attempt ?? 1)})`);
    return provisionCenter(rt, centerId, (r) => job.progress({ ...r }));
  };
}
