import { roleAtLeast } from '@kv/shared';
import { AppError, CommonError, forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { requirePermission } from '../locations/policy.ts';

/** Anyone signed in reads the school profile; managers with `settings.manage` (and the owner) change it. */
export function assertCanReadProfile(ctx: RequestContext): void {
  if (!ctx.viewer) throw new AppError(CommonError.Unauthenticated, 'Please sign in.');
}

export async function assertCanEditProfile(ctx: RequestContext): Promise<void> {
  if (!ctx.viewer || !roleAtLeast(ctx.viewer.role, 'manager')) throw forbidden();
  await requirePermission(ctx, 'settings.manage');
}
