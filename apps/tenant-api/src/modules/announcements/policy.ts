import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { isOwner, readScope, requireViewer, scopeFilter, staffScope, studentScopeOf, type LocationScope } from '../../core/access.ts';
import * as repo from './repo.ts';

/** Staff who write announcements (`announcements.manage`, the gate checks it too): their locations. */
export const announcementManageScope = (ctx: RequestContext): Promise<LocationScope> => staffScope(ctx, 'announcements.manage');

/** Staff who send alerts and instant SMS (`messages.send`). */
export const messageSendScope = (ctx: RequestContext): Promise<LocationScope> => staffScope(ctx, 'messages.send');

/** Whether every one of an announcement's locations is in the scope (so the viewer may change it). */
export const coversAll = (scope: LocationScope, locations: readonly string[]) => scope.all || locations.every((l) => scope.ids.has(String(l)));

/**
 * Who the viewer is as an announcement audience: parents (`user`) at their children's locations
 * and rooms; teachers at their locations (and their rooms' locations) and rooms; managers at the
 * locations they manage, every room; the owner everywhere. Blog editors → FORBIDDEN.
 */
export async function viewerAudience(ctx: RequestContext): Promise<repo.ViewerAudience> {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  if (isOwner(v)) return { role: 'manager', locations: null, programs: null };
  const scope = await readScope(ctx);
  const locations = scopeFilter(scope) ?? [];
  if (v.role === 'manager') return { role: 'manager', locations, programs: null };
  if (v.role === 'teacher') {
    const s = await studentScopeOf(ctx);
    const programs = s.kind === 'staff' ? s.programs : [];
    const extra = (await repo.programLocations(ctx.db, programs)).map((p) => p.location_id);
    return { role: 'teacher', locations: [...new Set([...locations, ...extra])], programs };
  }
  return { role: 'user', locations, programs: await repo.childrenPrograms(ctx.db, v.id) };
}
