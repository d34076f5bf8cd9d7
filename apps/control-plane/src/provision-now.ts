import { SYSTEM_ACTOR, type Actor } from './access.ts';
import { runtimeFor, type ControlPlaneDeps, type ControlPlaneRuntime } from './deps.ts';
import { createCentreService, type AddCenterInput } from './modules/centres/service.ts';
import { createProvisioningService } from './modules/provisioning/service.ts';
import { findCenter, type CenterRow } from './modules/centres/repo.ts';
import { hasPendingOutbox } from './modules/provisioning/repo.ts';

/** Dispatches the control DB's outbox and waits until the queue has nothing left, follow-ups included. */
export async function settleJobs(rt: ControlPlaneRuntime): Promise<void> {
  do {
    await rt.kickOutbox();
    await rt.queue.idle();
  } while (await hasPendingOutbox(rt.controlDb));
}

/**
 * Makes sure a centre with this slug exists and is provisioned, and waits for it (the seed step).
 * An active centre is returned as is, a failed one is retried. Needs `registerControlPlaneJobs`
 * on `deps.queue` and the queue started.
 */
export async function provisionCenterNow(deps: ControlPlaneDeps, input: AddCenterInput, actor: Actor = SYSTEM_ACTOR): Promise<CenterRow> {
  const rt = runtimeFor(deps);
  const existing = (await createCentreService(rt).getCenters(actor, { search: input.slug, first: 100 })).data.find(
    (c) => c.slug === input.slug,
  );
  if (existing?.status === 'failed') await createProvisioningService(rt).retryProvisioning(actor, { id: existing.id });
  else if (!existing) await createCentreService(rt).addCenter(actor, input);
  else if (existing.status !== 'provisioning') return existing;
  await settleJobs(rt);
  const centre = (await createCentreService(rt).getCenters(actor, { search: input.slug, first: 100 })).data.find(
    (c) => c.slug === input.slug,
  );
  if (!centre || centre.status !== 'active') {
    throw new Error(`Centre ${input.slug} was not provisioned: ${centre?.provisioning_error ?? centre?.status ?? 'missing'}`);
  }
  return (await findCenter(rt.controlDb, centre.id))!;
}
