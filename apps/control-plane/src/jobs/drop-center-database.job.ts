import type { JobHandler } from '@kv/jobs';
import { PermanentJobError } from '@kv/jobs';
import type { ControlPlaneRuntime } from '../deps.ts';
import { SYSTEM_ACTOR } from '../access.ts';
import { findProvisioning } from '../modules/provisioning/repo.ts';
import { writeAudit } from '../modules/audit/repo.ts';

/** `control-plane/drop-center-database` `{ centreId: null, center_id }`: the last step of offboarding. */
export function dropCenterDatabaseJob(rt: ControlPlaneRuntime): JobHandler {
  return async (job) => {
    const centreId = job.data.center_id;
    if (typeof centreId !== 'string') throw new PermanentJobError('drop-center-database needs center_id');
    const centre = await findProvisioning(rt.controlDb, centreId);
    // Only ever for a centre that is deleted: a reactivated row must keep its data.
    if (!centre || centre.status !== 'deleted') throw new PermanentJobError(`centre ${centreId} is not deleted`);
    rt.pools.evict(centreId);
    if (centre.database_server_id && centre.database_name)
      await rt.provisioner.dropDatabase(centre.database_server_id, centre.database_name);
    await writeAudit(rt.controlDb, SYSTEM_ACTOR, 'center.database_dropped', 'center', centreId, {
      database_name: centre.database_name,
      server_id: centre.database_server_id,
    });
    return { dropped: centre.database_name };
  };
}
