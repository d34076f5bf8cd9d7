import type { JobHandler } from '@kv/jobs';
import { PermanentJobError } from '@kv/jobs';
import type { ControlPlaneRuntime } from '../deps.ts';
import { purgeCentre } from '../modules/backups/deletion.ts';

/**
 * `control-plane/drop-center-database` `{ centreId: null, center_id }`: the purge, queued for the end
 * of a delete's grace period. A centre whose delete was undone (or re-deleted later) is skipped.
 */
export function dropCenterDatabaseJob(rt: ControlPlaneRuntime): JobHandler {
  return async (job) => {
    const centreId = job.data.center_id;
    if (typeof centreId !== 'string' || !/^\d+$/.test(centreId)) throw new PermanentJobError('drop-center-database needs center_id');
    const record = await purgeCentre(rt, centreId);
    return record ? { purged: record.database_name, objects: record.objects_removed } : { skipped: true };
  };
}
