import { highestRole, roleAtLeast, roleRank, type RoleName } from '@kv/shared';
import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { hasPermission, isOwner, isStaff, requireViewer, studentScopeOf, type StudentScope } from '../../core/access.ts';

/**
 * Which people a viewer reaches:
 * - `all`: the centre owner;
 * - `staff`: managers the people of the locations they manage (members, managers, and the
 *   contacts of those locations' students); teachers the people of their locations and the
 *   contacts of the children of their rooms;
 * - `own`: a parent themself and the other contacts of their own children;
 * - `self`: blog editors themself only.
 * Everyone always reaches themself. Ids outside the scope answer NOT_FOUND.
 */
export type UserScope =
  | { kind: 'all'; selfId: string }
  | { kind: 'staff'; selfId: string; locations: string[]; students: StudentScope }
  | { kind: 'own'; selfId: string }
  | { kind: 'self'; selfId: string };

/** Contacts are `users.*`; staff (teachers, managers, owners, blog editors) are `team.*`. */
export type PeopleArea = 'users' | 'team';

const cache = new WeakMap<RequestContext, Promise<UserScope>>();

async function compute(ctx: RequestContext): Promise<UserScope> {
  const v = requireViewer(ctx);
  if (isOwner(v)) return { kind: 'all', selfId: v.id };
  if (isStaff(v)) {
    const students = await studentScopeOf(ctx);
    return { kind: 'staff', selfId: v.id, locations: students.kind === 'staff' ? students.locations : [], students };
  }
  if (v.role === 'user') return { kind: 'own', selfId: v.id };
  return { kind: 'self', selfId: v.id };
}

export function userScopeOf(ctx: RequestContext): Promise<UserScope> {
  let p = cache.get(ctx);
  if (!p) {
    p = compute(ctx);
    cache.set(ctx, p);
  }
  return p;
}

/**
 * People the viewer may read. Staff need `users.view` (contacts) or `team.view` (staff) for the
 * area asked; without an area, either. Parents and blog editors get their small scopes.
 */
export async function userReadScope(ctx: RequestContext, area?: PeopleArea): Promise<UserScope> {
  const v = requireViewer(ctx);
  if (isStaff(v)) {
    const ok = area
      ? await hasPermission(ctx, `${area}.view`)
      : (await hasPermission(ctx, 'users.view')) || (await hasPermission(ctx, 'team.view'));
    if (!ok) throw forbidden();
  }
  return userScopeOf(ctx);
}

/** Staff lists and reports: teachers and above with the area's view permission. */
export async function userStaffScope(ctx: RequestContext, area: PeopleArea): Promise<UserScope> {
  const v = requireViewer(ctx);
  if (!isStaff(v)) throw forbidden();
  return userReadScope(ctx, area);
}

/** People the viewer may change: managers and above (or staff granted `<area>.edit`). */
export async function userManageScope(ctx: RequestContext, area: PeopleArea): Promise<UserScope> {
  const v = requireViewer(ctx);
  if (!isStaff(v)) throw forbidden();
  if (!(await hasPermission(ctx, `${area}.edit`))) throw forbidden();
  return userScopeOf(ctx);
}

/** Roles a viewer may give or take: none above their own; the owner role only by the owner. */
export function assertMayGrant(ctx: RequestContext, roles: readonly string[]): void {
  const v = requireViewer(ctx);
  for (const r of roles) {
    const role = r as RoleName;
    if (roleRank(role) > roleRank(v.role)) throw forbidden('You cannot give a role above your own.');
    if (role === 'center' && !roleAtLeast(v.role, 'center')) throw forbidden('Only the centre owner can add owners.');
  }
}

/** A viewer may change another person only if that person's highest role is not above theirs. */
export function assertMayChange(ctx: RequestContext, targetRoles: readonly string[]): void {
  const v = requireViewer(ctx);
  const top = highestRole(targetRoles);
  if (roleRank(top) > roleRank(v.role)) throw forbidden('You cannot change someone with a higher role.');
  if (top === 'center' && !roleAtLeast(v.role, 'center')) throw forbidden('Only the centre owner can change owners.');
}

/** Which area a person belongs to by their roles: contacts (`user` only) or staff. */
export function areaOf(roles: readonly string[]): PeopleArea {
  return roles.some((r) => r !== 'user') ? 'team' : 'users';
}

/** Writes to existing people: staff only; the area's edit permission is checked once the person is known. */
export async function userWriteScope(ctx: RequestContext): Promise<UserScope> {
  if (!isStaff(requireViewer(ctx))) throw forbidden();
  return userScopeOf(ctx);
}

/** The viewer holds `<area>.edit` for this person and does not rank below them. */
export async function assertMayEditPerson(ctx: RequestContext, targetRoles: readonly string[]): Promise<void> {
  if (!(await hasPermission(ctx, `${areaOf(targetRoles)}.edit`))) throw forbidden();
  assertMayChange(ctx, targetRoles);
}
