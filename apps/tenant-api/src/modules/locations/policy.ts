import { roleAtLeast, type PermissionName } from '@kv/shared';
import { AppError, CommonError, forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { permissionsByUserIds } from '../access/repo.ts';
import { childLocationIds, existingLocationIds, managedLocationIds, memberLocationIds } from './repo/locations.ts';
import { locationNotFound } from './errors.ts';

/**
 * Which locations a viewer reaches (architecture "Data scope is not rank"):
 * - `center` (owner) and above: every location, to read and to manage;
 * - `manager`: the locations in `location_managers`, to read and to manage;
 * - `teacher`: the locations in `user_locations`, to read;
 * - `user` (parent): the locations of their children (`student_users` → `students.location_id`),
 *   to read only what parents may see;
 * - `blog`: the names of the locations in `user_locations`, nothing else.
 * Ids outside the scope answer NOT_FOUND, so existence is never confirmed.
 */
export interface LocationScope {
  /** Every location of the centre. */
  all: boolean;
  ids: ReadonlySet<string>;
  /** What of a location the viewer may see: everything, the parents' subset, or the name. */
  view: 'full' | 'parent' | 'names';
}

const readCache = new WeakMap<RequestContext, Promise<LocationScope>>();
const permissionCache = new WeakMap<RequestContext, Promise<Set<string>>>();

function viewerOf(ctx: RequestContext) {
  if (!ctx.viewer) throw new AppError(CommonError.Unauthenticated, 'Please sign in.');
  return ctx.viewer;
}

async function computeReadScope(ctx: RequestContext): Promise<LocationScope> {
  const v = viewerOf(ctx);
  const known = v.locationIds;
  if (roleAtLeast(v.role, 'center')) return { all: true, ids: new Set(), view: 'full' };
  if (v.role === 'manager') return { all: false, ids: new Set(known?.managed ?? (await managedLocationIds(ctx.db, v.id))), view: 'full' };
  if (v.role === 'teacher') return { all: false, ids: new Set(known?.member ?? (await memberLocationIds(ctx.db, v.id))), view: 'full' };
  if (v.role === 'blog') return { all: false, ids: new Set(known?.member ?? (await memberLocationIds(ctx.db, v.id))), view: 'names' };
  return { all: false, ids: new Set(known?.children ?? (await childLocationIds(ctx.db, v.id))), view: 'parent' };
}

/** The locations the viewer may read (memoised per request; loaders reuse it). */
export function readScope(ctx: RequestContext): Promise<LocationScope> {
  let p = readCache.get(ctx);
  if (!p) {
    p = computeReadScope(ctx);
    readCache.set(ctx, p);
  }
  return p;
}

/** Named permission check (spec §6): the owner holds every permission; others through their roles. */
export async function requirePermission(ctx: RequestContext, permission: PermissionName): Promise<void> {
  const v = viewerOf(ctx);
  if (roleAtLeast(v.role, 'center')) return;
  if (v.permissions) {
    if (!v.permissions.has(permission)) throw forbidden();
    return;
  }
  let p = permissionCache.get(ctx);
  if (!p) {
    p = permissionsByUserIds(ctx.db, [v.id]).then((m) => new Set(m.get(v.id) ?? []));
    permissionCache.set(ctx, p);
  }
  if (!(await p).has(permission)) throw forbidden();
}

/**
 * The locations the viewer may change: managers their managed ones, the owner all. Below manager
 * (or without the named permission) → FORBIDDEN.
 */
export async function manageScope(ctx: RequestContext, permission: PermissionName = 'locations.manage'): Promise<LocationScope> {
  const v = viewerOf(ctx);
  if (!roleAtLeast(v.role, 'manager')) throw forbidden();
  await requirePermission(ctx, permission);
  return readScope(ctx);
}

/** A read scope for staff only (teacher and above); parents and blog editors → FORBIDDEN. */
export async function staffScope(ctx: RequestContext): Promise<LocationScope> {
  const v = viewerOf(ctx);
  if (!roleAtLeast(v.role, 'teacher')) throw forbidden();
  return readScope(ctx);
}

/** Ids the scope restricts a query to; `null` means every location. */
export function scopeFilter(scope: LocationScope): string[] | null {
  return scope.all ? null : [...scope.ids];
}

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

const PARENT_HIDDEN = ['signup_code', 'is_signup', 'billing', 'location_billing_request', 'email_verified_at'] as const;
const NAME_FIELDS = new Set(['id', 'name', 'color_code', 'timezone', 'active']);

/** What of a location row the viewer may see (parents: no signup or billing; blog: the name). */
export function visibleLocation<T extends Record<string, unknown>>(scope: LocationScope, row: T): T {
  if (scope.view === 'full') return row;
  const out: Record<string, unknown> = { ...row, __view: scope.view };
  if (scope.view === 'parent') for (const k of PARENT_HIDDEN) out[k] = null;
  else for (const k of Object.keys(out)) if (!NAME_FIELDS.has(k) && k !== '__view') out[k] = null;
  return out as T;
}

/** Relations (managers, cameras, rooms, groups, settings) are for staff views only. */
export const seesRelations = (scope: LocationScope) => scope.view === 'full';
