import type { RequestContext } from '../../types.ts';
import { ControlPlaneError } from '@kv/auth';
import { centreUnknown, platformUnavailable } from './errors.ts';
import { assertCanReadPlan } from './policy.ts';

/** Maps what the control plane refused to this area's errors (its own refusals would be our bug: logged). */
function fromPlatform(ctx: RequestContext, err: unknown): never {
  if (err instanceof ControlPlaneError && err.status === 404) throw centreUnknown();
  if (!(err instanceof ControlPlaneError) || err.status !== 503) ctx.log?.warn({ err }, 'control plane refused a centre call');
  throw platformUnavailable();
}

/** getMyPlan: the centre's plan and trial, as the platform has them now. */
export async function getMyPlan(ctx: RequestContext) {
  assertCanReadPlan(ctx);
  try {
    const { center_id: _id, ...plan } = await ctx.deps.controlPlane.plan(ctx.tenant.id);
    return plan;
  } catch (err) {
    return fromPlatform(ctx, err);
  }
}
