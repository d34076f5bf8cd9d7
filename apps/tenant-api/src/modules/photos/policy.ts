import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { isStaff, managerScope, reaches, requireViewer, staffScope, studentScopeOf, type LocationScope } from '../../core/access.ts';
import type { PhotoRow, PhotoScope } from './repo.ts';

const scopes = new WeakMap<RequestContext, Promise<PhotoScope>>();

/**
 * Which photos the viewer sees, from the students area's scope (memoised per request): the owner
 * all; staff their locations and rooms (teachers: `user_locations` and `user_programs`); parents
 * their own children's approved photos under photo consent; blog editors nothing.
 */
export function photoScopeOf(ctx: RequestContext): Promise<PhotoScope> {
  let p = scopes.get(ctx);
  if (!p) {
    p = studentScopeOf(ctx).then((s): PhotoScope => {
      if (s.kind === 'all') return { kind: 'all' };
      if (s.kind === 'staff') return { kind: 'staff', locations: s.locations, programs: s.programs };
      if (s.kind === 'own') return { kind: 'family', userId: s.userId };
      return { kind: 'none' };
    });
    scopes.set(ctx, p);
  }
  return p;
}

/** Readers of photos: staff and families; blog editors → FORBIDDEN. */
export async function photoReadScope(ctx: RequestContext): Promise<PhotoScope> {
  if (requireViewer(ctx).role === 'blog') throw forbidden();
  return photoScopeOf(ctx);
}

/** Staff who add and change photos (`activities.manage`, the gate checks it too): their locations. */
export const photoWriteScope = (ctx: RequestContext): Promise<LocationScope> => staffScope(ctx, 'activities.manage');

/** Managers approve photos and read their logs: the locations they manage. */
export const photoManageScope = (ctx: RequestContext): Promise<LocationScope> => managerScope(ctx);

/** Whether a staff viewer may change this photo (its location is in their write scope). */
export const mayWrite = (scope: LocationScope, photo: Pick<PhotoRow, 'location_id'>) => reaches(scope, String(photo.location_id));

/** Staff see every tag and pending photos; families only their own children named. */
export const seesAllTags = (ctx: RequestContext) => Boolean(ctx.viewer && isStaff(ctx.viewer));
