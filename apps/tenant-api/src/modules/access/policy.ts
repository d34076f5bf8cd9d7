import { roleAtLeast } from '@kv/shared';
import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';

/** Role and permission management is for managers and centre owners (spec §6: kvsupport via support sessions). */
export function assertCanManageAccess(ctx: RequestContext): void {
  if (!ctx.viewer || !roleAtLeast(ctx.viewer.role, 'manager')) throw forbidden();
}

/**
 * A manager may not grant or take away what only the centre owner holds: changing the `center`
 * role's permissions, or giving a role more than the editor has, is owner-only.
 */
export function assertMayEditRole(ctx: RequestContext, roleName: string): void {
  assertCanManageAccess(ctx);
  if (roleName === 'center' && ctx.viewer!.role !== 'center') throw forbidden('Only the centre owner can change the owner role.');
}
