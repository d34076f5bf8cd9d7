import { roleAtLeast, type PermissionName } from '@kv/shared';
import { AppError, CommonError, forbidden, notFound } from '@kv/server';
import type { RequestContext, Viewer } from '../types.ts';
import {
  childLocationIds,
  existingLocationIds,
  managedLocationIds,
  memberLocationIds,
  permissionsByUserIds,
  teacherProgramIds,
} from './scope-repo.ts';

/**
 * Who the viewer is and what they reach (architecture "Data scope is not rank"). Every area asks
 * here; each answer is memoised per request, and the session lookup already carries the viewer's
 * permissions and location ids, so a scope costs no query on a real request.
 * Ids outside a scope answer NOT_FOUND, so existence is never confirmed.
 */

/** The signed-in viewer, or UNAUTHENTICATED. */
export function requireViewer(ctx: RequestContext): Viewer {
  if (!ctx.viewer) throw new AppError(CommonError.Unauthenticated, 'Please sign in.');
  return ctx.viewer;
}

/** The centre owner and the platform roles in a support session. */
export const isOwner = (v: Viewer) => roleAtLeast(v.role, 'kvsupport');
/** Teachers and above. */
export const isStaff = (v: Viewer) => roleAtLeast(v.role, 'teacher');
/** Contacts of children (`user`). */
export const isParent = (v: Viewer) => v.role === 'user';

/** Parents (for their own children) and staff; blog editors never touch child data → FORBIDDEN. */
export function familyViewer(ctx: RequestContext): Viewer {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  return v;
}

/**
 * Camera setup data — stream codes, a camera's groups, a room's camera group, the cameras of a
 * schedule or a group — is for staff, whose every way to a camera is already inside their location
 * scope. Parents and blog editors meet a camera only as the live-camera area hands it to them (its
 * own rules decide), so these relations answer them nothing, whatever path led there.
 */
export const seesCameraSetup = (ctx: RequestContext) => Boolean(ctx.viewer && isStaff(ctx.viewer));

// ── named permissions (spec §6) ──────────────────────────────────────────────

const permissionCache = new WeakMap<RequestContext, Promise<Set<string>>>();

/** Whether the viewer holds a named permission: the owner holds every one; others through their roles. */
export async function hasPermission(ctx: RequestContext, permission: PermissionName | `${string}.${string}`): Promise<boolean> {
  const v = requireViewer(ctx);
  if (roleAtLeast(v.role, 'center')) return true;
  if (v.permissions) return v.permissions.has(permission);
  let p = permissionCache.get(ctx);
  if (!p) {
    p = permissionsByUserIds(ctx.db, [v.id]).then((m) => new Set(m.get(v.id) ?? []));
    permissionCache.set(ctx, p);
  }
  return (await p).has(permission);
}

/** The viewer holds the named permission, or FORBIDDEN. */
export async function requirePermission(ctx: RequestContext, permission: PermissionName): Promise<void> {
  if (!(await hasPermission(ctx, permission))) throw forbidden();
}

// ── location scope ───────────────────────────────────────────────────────────

/**
 * Which locations a viewer reaches:
 * - `center` (owner) and above: every location, to read and to manage;
 * - `manager`: the locations in `location_managers`, to read and to manage;
 * - `teacher`: the locations in `user_locations`, to read;
 * - `user` (parent): the locations of their children (`student_users` → `students.location_id`),
 *   to read only what parents may see;
 * - `blog`: the names of the locations in `user_locations`, nothing else.
 */
export interface LocationScope {
  /** Every location of the centre. */
  all: boolean;
  ids: ReadonlySet<string>;
  /** What of a location the viewer may see: everything, the parents' subset, or the name. */
  view: 'full' | 'parent' | 'names';
}

const locationCache = new WeakMap<RequestContext, Promise<LocationScope>>();

async function computeReadScope(ctx: RequestContext): Promise<LocationScope> {
  const v = requireViewer(ctx);
  const known = v.locationIds;
  if (roleAtLeast(v.role, 'center')) return { all: true, ids: new Set(), view: 'full' };
  if (v.role === 'manager') return { all: false, ids: new Set(known?.managed ?? (await managedLocationIds(ctx.db, v.id))), view: 'full' };
  if (v.role === 'teacher') return { all: false, ids: new Set(known?.member ?? (await memberLocationIds(ctx.db, v.id))), view: 'full' };
  if (v.role === 'blog') return { all: false, ids: new Set(known?.member ?? (await memberLocationIds(ctx.db, v.id))), view: 'names' };
  return { all: false, ids: new Set(known?.children ?? (await childLocationIds(ctx.db, v.id))), view: 'parent' };
}

/** The locations the viewer may read (memoised per request; loaders reuse it). */
export function readScope(ctx: RequestContext): Promise<LocationScope> {
  let p = locationCache.get(ctx);
  if (!p) {
    p = computeReadScope(ctx);
    locationCache.set(ctx, p);
  }
  return p;
}

/**
 * The locations the viewer may change: managers their managed ones, the owner all. Below manager
 * (or without the named permission) → FORBIDDEN.
 */
export async function manageScope(ctx: RequestContext, permission: PermissionName = 'locations.manage'): Promise<LocationScope> {
  const v = requireViewer(ctx);
  if (!roleAtLeast(v.role, 'manager')) throw forbidden();
  await requirePermission(ctx, permission);
  return readScope(ctx);
}

/**
 * The locations a manager changes, for an operation whose named permission the access gate
 * checks (authorization matrix): managers their managed ones, the owner all; below manager →
 * FORBIDDEN.
 */
export async function managerScope(ctx: RequestContext): Promise<LocationScope> {
  if (!roleAtLeast(requireViewer(ctx).role, 'manager')) throw forbidden();
  return readScope(ctx);
}

/**
 * A read scope for staff only (teacher and above, holding `permission` when one is named);
 * parents and blog editors → FORBIDDEN.
 */
export async function staffScope(ctx: RequestContext, permission?: PermissionName): Promise<LocationScope> {
  if (!isStaff(requireViewer(ctx))) throw forbidden();
  const scope = await readScope(ctx);
  if (permission) await requirePermission(ctx, permission);
  return scope;
}

/** Ids the scope restricts a query to; `null` means every location. */
export function scopeFilter(scope: LocationScope): string[] | null {
  return scope.all ? null : [...scope.ids];
}

/** Whether a scope reaches a location. */
export const reaches = (scope: LocationScope, locationId: string) => scope.all || scope.ids.has(String(locationId));

export const locationNotFound = () => notFound('Location not found.');

/**
 * Every id must be an existing location inside the scope, checked in one query; otherwise
 * NOT_FOUND (whether it exists elsewhere or not at all).
 */
export async function assertLocations(ctx: RequestContext, scope: LocationScope, ids: readonly (string | number)[]): Promise<void> {
  const wanted = [...new Set(ids.map(String))];
  if (!wanted.length) return;
  if (!scope.all) {
    if (wanted.some((i) => !scope.ids.has(i))) throw locationNotFound();
    return;
  }
  const found = new Set(await existingLocationIds(ctx.db, wanted));
  if (wanted.some((i) => !found.has(i))) throw locationNotFound();
}

// ── student scope ────────────────────────────────────────────────────────────

/**
 * Which students a viewer reaches, as a predicate the repo turns into SQL so every check is one
 * query over any number of ids:
 * - `all`: the centre owner (and platform roles in a support session);
 * - `staff`: a manager the students of the locations they manage (`location_managers`); a
 *   teacher the students of their locations (`user_locations`) and rooms (`user_programs`,
 *   homeroom or other room);
 * - `own`: a parent (`user`) their own children (`student_users`), never a child they are
 *   black-listed for;
 * - `none`: blog editors see no child data at all, not even names.
 */
export type StudentScope =
  { kind: 'all' } | { kind: 'staff'; locations: string[]; programs: string[] } | { kind: 'own'; userId: string } | { kind: 'none' };

const studentCache = new WeakMap<RequestContext, Promise<StudentScope>>();

async function computeStudentScope(ctx: RequestContext): Promise<StudentScope> {
  const v = requireViewer(ctx);
  if (isOwner(v)) return { kind: 'all' };
  const known = v.locationIds;
  if (v.role === 'manager') return { kind: 'staff', locations: known?.managed ?? (await managedLocationIds(ctx.db, v.id)), programs: [] };
  if (v.role === 'teacher') {
    const [locations, programs] = await Promise.all([known?.member ?? memberLocationIds(ctx.db, v.id), teacherProgramIds(ctx.db, v.id)]);
    return { kind: 'staff', locations, programs };
  }
  if (v.role === 'user') return { kind: 'own', userId: v.id };
  return { kind: 'none' };
}

/** The viewer's student scope, unchecked for permissions (memoised per request; loaders reuse it). */
export function studentScopeOf(ctx: RequestContext): Promise<StudentScope> {
  let p = studentCache.get(ctx);
  if (!p) {
    p = computeStudentScope(ctx);
    studentCache.set(ctx, p);
  }
  return p;
}

/**
 * Students the viewer may read. Staff also need the `students.view` permission; parents read
 * their own children without it; blog editors get the empty scope.
 */
export async function studentReadScope(ctx: RequestContext): Promise<StudentScope> {
  if (isStaff(requireViewer(ctx))) await requirePermission(ctx, 'students.view');
  return studentScopeOf(ctx);
}

/** Students the viewer may change as staff (`students.edit`): teachers only if granted it. */
export async function studentManageScope(ctx: RequestContext): Promise<StudentScope> {
  if (!isStaff(requireViewer(ctx))) throw forbidden();
  await requirePermission(ctx, 'students.edit');
  return studentScopeOf(ctx);
}

/** Staff lists (counters, birthdays, team variants) — teachers and above with `students.view`. */
export async function studentStaffScope(ctx: RequestContext): Promise<StudentScope> {
  if (!isStaff(requireViewer(ctx))) throw forbidden();
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
