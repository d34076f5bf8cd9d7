import { roleAtLeast } from '@kv/shared';
import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { requirePermission } from '../locations/policy.ts';

/** The centre's plan with the platform: the owner, and managers holding `billing.manage`. */
export async function assertCanReadPlan(ctx: RequestContext): Promise<void> {
  if (!ctx.viewer || !roleAtLeast(ctx.viewer.role, 'manager')) throw forbidden();
  await requirePermission(ctx, 'billing.manage');
}
