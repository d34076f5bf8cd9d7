import { z } from 'zod';
import { fields, parseArgs } from '@kv/server';
import { CENTRE_ROLES, roleRank, type RoleName } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { personNotFound } from '../errors.ts';
import * as repo from '../repo.ts';
import { userReadScope, userStaffScope, type UserScope } from '../policy.ts';
import { personInScope } from './common.ts';
import { pageArgs, paginated, id } from '../../../core/args.ts';
import { isOwner, isStaff, studentScopeOf, scopeLocations, requireViewer } from '../../../core/access.ts';
import { listRoles } from '../../access/index.ts';

const search = z.string().trim().max(100, 'Search at most 100 characters.').nullish();
const STAFF_ROLES = ['blog', 'teacher', 'manager', 'center'];

async function page(ctx: RequestContext, scope: UserScope, f: repo.PeopleFilter, p: { page: number; first: number }) {
  const { rows, total } = await repo.pagePeople(ctx.db, scope, f, p.page, p.first);
  return paginated(rows, total, p.page, p.first);
}

/** One person the viewer may read (parents: themself and their children's other contacts). */
export async function user(ctx: RequestContext, raw: unknown) {
  const scope = await userReadScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  return personInScope(ctx, scope, a.id);
}

/** A person by email, within the viewer's scope (null when none). */
export async function userByEmail(ctx: RequestContext, raw: unknown) {
  const scope = await userStaffScope(ctx, 'users');
  const a = parseArgs(z.object({ email: fields.email() }), raw);
  return (await repo.findPersonBy(ctx.db, 'email', a.email, scope)) ?? null;
}

/** A person by username, within the viewer's scope (null when none). */
export async function userByUserName(ctx: RequestContext, raw: unknown) {
  const scope = await userStaffScope(ctx, 'users');
  const a = parseArgs(z.object({ username: z.string().trim().min(1, 'Username is required.').max(100) }), raw);
  return (await repo.findPersonBy(ctx.db, 'username', a.username, scope)) ?? null;
}

/** Is a username free (usernames are unique in the centre)? Pass id to ignore that person. */
export async function checkUserNameExceptId(ctx: RequestContext, raw: unknown) {
  requireViewer(ctx);
  const a = parseArgs(z.object({ username: fields.username(), id: id.nullish() }), raw);
  const taken = await repo.usernameTaken(ctx.db, a.username, a.id);
  return {
    status: !taken,
    message: taken ? 'This username is taken.' : 'This username is available.',
    color: taken ? 'danger' : 'success',
    available: !taken,
  };
}

/** Accounts waiting for approval. */
export async function pendingUsers(ctx: RequestContext, raw: unknown) {
  const scope = await userStaffScope(ctx, 'users');
  const a = parseArgs(z.object({ location_id: id.nullish(), search, ...pageArgs }), raw);
  return page(ctx, scope, { pending: true, location_id: a.location_id, search: a.search }, a);
}

const listArgs = {
  location_id: id.nullish(),
  status: z.boolean().nullish(),
  pending: z.boolean().nullish(),
  invited: z.boolean().nullish(),
  search,
  ...pageArgs,
};

/** People of one role (contacts: user; staff: blog, teacher, manager, center). */
export async function roleUsers(ctx: RequestContext, raw: unknown) {
  await userStaffScope(ctx, 'users');
  const a = parseArgs(
    z.object({ role: z.enum(CENTRE_ROLES as [string, ...string[]], { message: 'Choose a role from the list.' }), ...listArgs }),
    raw,
  );
  const scope = await userStaffScope(ctx, a.role === 'user' ? 'users' : 'team');
  return page(
    ctx,
    scope,
    { roles: [a.role], location_id: a.location_id, status: a.status, pending: a.pending, invited: a.invited, search: a.search },
    a,
  );
}

/** The team: staff of one role, or all staff roles. */
export async function getTeamList(ctx: RequestContext, raw: unknown) {
  const scope = await userStaffScope(ctx, 'team');
  const a = parseArgs(
    z.object({ role: z.enum(STAFF_ROLES as [string, ...string[]], { message: 'Choose a staff role.' }).nullish(), ...listArgs }),
    raw,
  );
  return page(
    ctx,
    scope,
    { roles: a.role ? [a.role] : STAFF_ROLES, location_id: a.location_id, status: a.status, invited: a.invited, search: a.search },
    a,
  );
}

/** Managers (of one location, or of the viewer's locations). */
export async function getManagersList(ctx: RequestContext, raw: unknown) {
  const scope = await userStaffScope(ctx, 'team');
  const a = parseArgs(z.object({ location_id: id.nullish(), search }), raw);
  const { rows } = await repo.pagePeople(
    ctx.db,
    scope,
    { roles: ['manager'], location_id: a.location_id, search: a.search, status: true },
    1,
    100,
  );
  return rows;
}

/** The roles the viewer may give (admin, manager and team screens). */
export async function getAdminRolesList(ctx: RequestContext) {
  const v = requireViewer(ctx);
  const roles = await listRoles(ctx.db);
  return roles.filter(
    (r: { name: string }) =>
      CENTRE_ROLES.includes(r.name as RoleName) && roleRank(r.name as RoleName) <= roleRank(v.role) && (r.name !== 'center' || isOwner(v)),
  );
}

export async function getUserLoginHistory(ctx: RequestContext, raw: unknown) {
  const scope = await userReadScope(ctx);
  const a = parseArgs(z.object({ user_id: id, ...pageArgs }), raw);
  await personInScope(ctx, scope, a.user_id);
  const v = requireViewer(ctx);
  if (!isStaff(v) && a.user_id !== v.id) throw personNotFound();
  const { rows, total } = await repo.pageLoginHistory(ctx.db, null, a.user_id, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

/** Sign-ins of everyone in the viewer's scope, newest first. */
export async function getLogReportAllUser(ctx: RequestContext, raw: unknown) {
  const scope = await userStaffScope(ctx, 'users');
  const a = parseArgs(z.object(pageArgs), raw);
  const { rows, total } = await repo.pageLoginHistory(ctx.db, scope, null, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

/** How many people (of a location) have an alert on a child. */
export async function getUserListAlertCount(ctx: RequestContext, raw: unknown) {
  const scope = await userStaffScope(ctx, 'users');
  const a = parseArgs(z.object({ location_id: id.nullish() }), raw);
  const [total, alerts] = await Promise.all([
    repo.countPeople(ctx.db, scope, { roles: ['user'], location_id: a.location_id }),
    repo.countPeople(ctx.db, scope, { location_id: a.location_id, alert: true }),
  ]);
  return { location_id: a.location_id ?? null, users: total, alerts };
}

/** The system log (spec activity logs: activity, user, username, created_at), newest first. */
export async function getLogReport(ctx: RequestContext, raw: unknown) {
  await userStaffScope(ctx, 'team');
  const a = parseArgs(z.object({ action: z.string().trim().max(80).nullish(), user_id: id.nullish(), ...pageArgs }), raw);
  const locations = scopeLocations(await studentScopeOf(ctx));
  const { rows, total } = await repo.pageAuditLog(ctx.db, locations, a, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

/** Invitations sent by email and SMS, newest first. */
export async function getInvitedLogReport(ctx: RequestContext, raw: unknown) {
  const scope = await userStaffScope(ctx, 'users');
  const a = parseArgs(z.object(pageArgs), raw);
  const { rows, total } = await repo.pageInvitations(ctx.db, scope, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}
