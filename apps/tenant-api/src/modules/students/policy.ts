import { roleAtLeast } from '@kv/shared';
import { AppError, CommonError, forbidden } from '@kv/server';
import type { RequestContext, Viewer } from '../../types.ts';
import { requirePermission } from '../locations/policy.ts';
import { managedLocationIds, memberLocationIds } from '../locations/repo/locations.ts';
import { teacherProgramIds } from './repo.ts';

/**
 * Which students a viewer reaches (architecture "Data scope is not rank"), as a predicate the
 * repo turns into SQL so every check is one query over any number of ids:
 * - `all`: the centre owner (and platform roles in a support session);
 * - `staff`: a manager the students of the locations they manage (`location_managers`); a
 *   teacher the students of their locations (`user_locations`) and rooms (`user_programs`,
 *   homeroom or other room);
 * - `own`: a parent (`user`) their own children (`student_users`), never a child they are
 *   black-listed for;
 * - `none`: blog editors see no child data at all, not even names.
 * Ids outside the scope answer NOT_FOUND, so existence is never confirmed.
 */
export type StudentScope =
  { kind: 'all' } | { kind: 'staff'; locations: string[]; programs: string[] } | { kind: 'own'; userId: string } | { kind: 'none' };

const cache = new WeakMap<RequestContext, Promise<StudentScope>>();

export function viewerOf(ctx: RequestContext): Viewer {
  if (!ctx.viewer) throw new AppError(CommonError.Unauthenticated, 'Please sign in.');
  return ctx.viewer;
}

export const isOwner = (v: Viewer) => roleAtLeast(v.role, 'kvsupport');
export const isStaff = (v: Viewer) => roleAtLeast(v.role, 'teacher');
export const isParent = (v: Viewer) => v.role === 'user';

async function compute(ctx: RequestContext): Promise<StudentScope> {
  const v = viewerOf(ctx);
  if (isOwner(v)) return { kind: 'all' };
  const known = v.locationIds;
  if (v.role === 'manager') return { kind: 'staff', locations: known?.managed ?? (await managedLocationIds(ctx.db, v.id)), programs: [] };
  if (v.role === 'teacher') {
    const [locations, programs] = await Promise.all([
      known?.member ?? memberLocationIds(ctx.db, v.id),
      teacherProgramIds(ctx.db, v.id),
    ]);
    return { kind: 'staff', locations, programs };
  }
  if (v.role === 'user') return { kind: 'own', userId: v.id };
  return { kind: 'none' };
}

/** The viewer's student scope, unchecked for permissions (memoised per request; loaders reuse it). */
export function studentScopeOf(ctx: RequestContext): Promise<StudentScope> {
  let p = cache.get(ctx);
  if (!p) {
    p = compute(ctx);
    cache.set(ctx, p);
  }
  return p;
}

/**
 * Students the viewer may read. Staff also need the `students.view` permission (spec §6 named
 * permissions); parents read their own children without it; blog editors get the empty scope.
 */
export async function studentReadScope(ctx: RequestContext): Promise<StudentScope> {
  const v = viewerOf(ctx);
  if (isStaff(v)) await requirePermission(ctx, 'students.view');
  return studentScopeOf(ctx);
}

/** Students the viewer may change as staff (`students.edit`): teachers only if granted it. */
export async function studentManageScope(ctx: RequestContext): Promise<StudentScope> {
  const v = viewerOf(ctx);
  if (!isStaff(v)) throw forbidden();
  await requirePermission(ctx, 'students.edit');
  return studentScopeOf(ctx);
}

/** Staff lists (counters, birthdays, team variants) — teachers and above with `students.view`. */
export async function studentStaffScope(ctx: RequestContext): Promise<StudentScope> {
  const v = viewerOf(ctx);
  if (!isStaff(v)) throw forbidden();
  await requirePermission(ctx, 'students.view');
  return studentScopeOf(ctx);
}

/** Locations the scope may place a student in (`null`: any location of the centre). */
export function scopeLocations(scope: StudentScope): string[] | null {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'staff') return scope.locations;
  return [];
}

/** Whether a viewer with this scope may write to a student of a given location. */
export function mayPlaceIn(scope: StudentScope, locationId: string): boolean {
  const l = scopeLocations(scope);
  return l === null || l.includes(String(locationId));
}
