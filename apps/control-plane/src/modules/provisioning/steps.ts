import { PermanentJobError } from '@kv/jobs';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { SYSTEM_ACTOR } from '../../access.ts';
import { writeAudit } from '../audit/repo.ts';
import { createCentreOwner, openCentreConnection } from './owner.ts';
import {
  claimHostname,
  enterProvisioningStep,
  findProvisioning,
  markActive,
  markFailed,
  updateProvisioning,
  type ProvisioningRow,
} from './repo.ts';
import { ProvisioningError, ProvisioningStepError } from './errors.ts';

export type ProvisioningStep = 'pick_server' | 'create_database' | 'register_hostname' | 'migrate' | 'create_owner' | 'activate';

export interface ProvisioningReport {
  step: ProvisioningStep;
  progress: number;
}

/** Each step is idempotent, so a retry after a crash or a failure runs them all again and only does what is missing. */
const STEPS: {
  step: ProvisioningStep;
  doneAt: number;
  run: (rt: ControlPlaneRuntime, c: ProvisioningRow, s: { serverId: string }) => Promise<unknown>;
}[] = [
  { step: 'pick_server', doneAt: 15, run: async (rt, c, s) => (s.serverId = await rt.provisioner.assignServer(c.id)) },
  {
    step: 'create_database',
    doneAt: 30,
    run: async (rt, c, s) => {
      await rt.provisioner.createDatabase(s.serverId, c.database_name!);
      openCentreConnection(rt, c, s.serverId);
      // A directory entry cached before now says "no database": the owner's invitation job must find it.
      await rt.directory.invalidate(c.id);
    },
  },
  // Before the centre-side steps: the control database's work overlaps the centre connection opening.
  {
    step: 'register_hostname',
    doneAt: 45,
    run: async (rt, c) => {
      const host = `${c.slug}.${rt.config.platformDomain}`;
      const claimed = await rt.controlDb.transaction((trx) => claimHostname(trx, c.id, host, rt.config.centreOrigin(c.slug)));
      if (!claimed) throw new ProvisioningStepError(ProvisioningError.HostnameTaken, `${host} belongs to another centre.`);
    },
  },
  {
    step: 'migrate',
    doneAt: 60,
    run: async (rt, c, s) => {
      const { version } = await rt.provisioner.migrateDatabase(s.serverId, c.database_name!);
      await updateProvisioning(rt.controlDb, c.id, { schema_version: version, migration_status: 'ok', migration_error: null });
    },
  },
  { step: 'create_owner', doneAt: 80, run: (rt, c, s) => createCentreOwner(rt, c, s.serverId) },
  {
    step: 'activate',
    doneAt: 100,
    run: async (rt, c) => {
      await rt.controlDb.transaction(async (trx) => {
        if (await markActive(trx, c.id))
          await writeAudit(trx, SYSTEM_ACTOR, 'center.provisioned', 'center', c.id, { slug: c.slug, database_name: c.database_name });
      });
    },
  },
];

/**
 * Runs a centre's provisioning to the end, writing the step and progress to the centre row (what
 * `centerProvisioning` shows) and to `report` (the job's progress). A failure leaves the centre
 * `failed` with the error, to be resumed by `retryProvisioning`. Entering a step records the
 * progress of the one before in the same statement.
 */
export async function provisionCenter(
  rt: ControlPlaneRuntime,
  centreId: string,
  report: (r: ProvisioningReport) => Promise<void>,
): Promise<{ status: string }> {
  const db = rt.controlDb;
  const state = { serverId: '' }; // set by pick_server
  let progress = 0;
  let current: ProvisioningStep = 'pick_server';
  let movedOn = false;
  try {
    for (const { step, doneAt, run } of STEPS) {
      current = step;
      const [fresh] = await Promise.all([enterProvisioningStep(db, centreId, step, progress), report({ step, progress })]);
      if (!fresh) {
        movedOn = true;
        break;
      }
      await run(rt, fresh, state);
      progress = doneAt;
    }
  } catch (err) {
    const message = `${current}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 2000);
    await db.transaction(async (trx) => {
      await markFailed(trx, centreId, message);
      await writeAudit(trx, SYSTEM_ACTOR, 'center.provisioning_failed', 'center', centreId, { step: current, error: message });
    });
    rt.log.error({ err, centreId, step: current }, 'centre provisioning failed');
    await rt.directory.invalidate(centreId);
    // Not retried by the queue: an operator sees `failed` and resumes with retryProvisioning.
    throw new PermanentJobError(message);
  } finally {
    if (state.serverId) await rt.provisioner.afterProvisioning?.(state.serverId).catch(() => undefined);
  }
  if (movedOn) {
    // Not provisioning (any more): deleted or otherwise moved on while this job ran, so left as it is.
    const now = await findProvisioning(db, centreId);
    if (!now && current === STEPS[0]!.step) throw new PermanentJobError(`Centre ${centreId} does not exist`);
    return { status: now?.status ?? 'missing' };
  }
  await Promise.all([rt.directory.invalidate(centreId), report({ step: current, progress })]);
  return { status: 'active' };
}
