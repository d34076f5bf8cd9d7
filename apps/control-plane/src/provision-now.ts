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

/**
 * As `provisionCenterNow`, but waits for this centre's provisioning only (its row, asked every
 * `pollMs`), never for the whole queue to go idle: for work beside a serving platform (the demo
 * fleet after `npm start` listens), where other jobs keep the queue busy.
 */
export async function provisionCenterAlone(
  deps: ControlPlaneDeps,
  input: AddCenterInput,
  opts: { actor?: Actor; pollMs?: number; timeoutMs?: number } = {},
): Promise<CenterRow> {
  const rt = runtimeFor(deps);
  const actor = opts.actor ?? SYSTEM_ACTOR;
  const bySlug = () => rt.controlDb('centers').where({ slug: input.slug }).first(rt.controlDb.raw('id::text as id'), 'status', 'provisioning_error');
  const existing = await bySlug();
  if (existing?.status === 'failed') await createProvisioningService(rt).retryProvisioning(actor, { id: existing.id });
  else if (!existing) await createCentreService(rt).addCenter(actor, input);
  else if (existing.status !== 'provisioning') return (await findCenter(rt.controlDb, existing.id))!;
  const until = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    const row = await bySlug();
    if (row?.status === 'active') return (await findCenter(rt.controlDb, row.id))!;
    if (!row || row.status !== 'provisioning' || Date.now() > until) {
      throw new Error(`Centre ${input.slug} was not provisioned: ${row?.provisioning_error ?? row?.status ?? 'missing'}`);
    }
    await rt.kickOutbox();
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 50));
  }
}
