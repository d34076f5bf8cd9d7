import { z } from 'zod';
import { writeOutbox } from '@kv/jobs';
import { fields, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { CONTROL_QUEUE, JOBS } from '../../jobs/names.ts';
import { centreNotFound } from '../centres/errors.ts';
import { findCenter } from '../centres/repo.ts';
import { provisioningPolicy } from './policy.ts';
import { findProvisioning, restartProvisioning } from './repo.ts';
import { notFailed } from './errors.ts';

const idArgs = z.object({ id: fields.id('id') });

export function createProvisioningService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  return {
    async centerProvisioning(actor: Actor, raw: unknown) {
      requireRole(actor, provisioningPolicy.centerProvisioning);
      const centre = await findProvisioning(db, parseArgs(idArgs, raw).id);
      if (!centre) throw centreNotFound();
      return {
        status: centre.status,
        progress: centre.provisioning_progress,
        step: centre.provisioning_step,
        error: centre.provisioning_error,
        attempts: centre.provisioning_attempts,
      };
    },

    /** Resumes a failed provisioning: steps already done are found done and skipped. */
    async retryProvisioning(actor: Actor, raw: unknown) {
      requireRole(actor, provisioningPolicy.retryProvisioning);
      const { id } = parseArgs(idArgs, raw);
      await db.transaction(async (trx) => {
        const before = await findProvisioning(trx, id);
        if (!before) throw centreNotFound();
        const attempt = await restartProvisioning(trx, id);
        if (attempt === null) throw notFailed();
        await writeAudit(trx, actor, 'center.retry_provisioning', 'center', id, {
          attempt,
          previous_error: before.provisioning_error,
          step: before.provisioning_step,
        });
        await writeOutbox(trx, { queue: CONTROL_QUEUE, name: JOBS.provisionCenter, payload: { centreId: null, center_id: id, attempt } });
      });
      void rt.kickOutbox();
      await rt.directory.invalidate(id);
      return done('Provisioning restarted.', { center: await findCenter(db, id) });
    },
  };
}

export type ProvisioningService = ReturnType<typeof createProvisioningService>;
