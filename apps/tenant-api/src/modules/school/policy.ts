import { roleAtLeast } from '@kv/shared';
import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { requirePermission, requireViewer } from '../../core/access.ts';

/** Anyone signed in reads the school profile; managers with `settings.manage` (and the owner) change it. */
export function assertCanReadProfile(ctx: RequestContext): void {
  requireViewer(ctx);
}

export async function assertCanEditProfile(ctx: RequestContext): Promise<void> {
  if (!ctx.viewer || !roleAtLeast(ctx.viewer.role, 'manager')) throw forbidden();
  await requirePermission(ctx, 'settings.manage');
}
