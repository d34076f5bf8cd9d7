import type { RequestContext } from '../../types.ts';
import { isStaff, readScope, requireViewer, type LocationScope, managerScope } from '../../core/access.ts';

/**
 * Watching: any signed-in person with `cameras.watch` (parents and teachers by default; the owner
 * always). Parents reach a camera only through a child linked to it (rules.ts); staff (teacher and
 * above) through the locations of their scope. Reports, logins and other people's sessions are for
 * managers of the location (`cameras.manage`) and the owner.
 */
/**
 * Where the viewer watches from (the gate has checked `cameras.watch`): staff get their location
 * scope; parents null: the rules reach a camera through their children, so their scope (a query)
 * is never needed.
 */
export async function watchAccess(ctx: RequestContext): Promise<LocationScope | null> {
  const v = requireViewer(ctx);
  return isStaff(v) ? readScope(ctx) : null;
}

export const reportScope = (ctx: RequestContext) => managerScope(ctx);
