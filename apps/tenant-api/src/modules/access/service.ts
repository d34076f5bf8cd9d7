import { z } from 'zod';
import { badInput, notFound, parseArgs } from '@kv/server';
import { roleAtLeast, CENTRE_ROLES } from '@kv/shared';
import type { RequestContext } from '../../types.ts';
import { assertCanManageAccess, assertMayEditRole } from './policy.ts';
import * as repo from './repo.ts';

const permissionName = z
  .string()
  .trim()
  .min(2, 'Permission name is required.')
  .max(80)
  .regex(/^[a-z][a-z0-9_.-]*$/, 'Use lower-case letters, digits, dots, dashes or underscores.');
const isCentreRole = (name: string) => CENTRE_ROLES.includes(name as never);
const centreRole = z.string().refine(isCentreRole, 'Unknown role.');
const roleList = z
  .array(z.string())
  .max(10)
  .refine((r) => r.every(isCentreRole), 'Unknown role.');

async function rolesResult(ctx: RequestContext, message: string) {
  return { status: true, message, color: 'success', roles: await repo.listRoles(ctx.db) };
}

export async function listRoles(ctx: RequestContext) {
  if (!ctx.viewer || !roleAtLeast(ctx.viewer.role, 'teacher')) return [];
  return repo.listRoles(ctx.db);
}

export async function rolesWithPermissions(ctx: RequestContext) {
  assertCanManageAccess(ctx);
  return repo.listRoles(ctx.db);
}

export async function listPermissions(ctx: RequestContext) {
  assertCanManageAccess(ctx);
  return repo.listPermissions(ctx.db);
}

export async function sidebar(ctx: RequestContext) {
  return repo.listSidebar(ctx.db);
}

export async function addPermissionToRoles(ctx: RequestContext, raw: unknown) {
  assertCanManageAccess(ctx);
  const args = parseArgs(
    z.object({
      permission: permissionName,
      display_name: z.string().trim().max(150).optional().nullable(),
      roles: roleList.min(1, 'Choose at least one role.'),
    }),
    raw,
  );
  for (const r of args.roles) assertMayEditRole(ctx, r);
  await ctx.db.transaction(async (trx) => {
    const existing = await repo.findPermission(trx, args.permission);
    const id = existing ? String(existing.id) : await repo.upsertPermission(trx, args.permission, args.display_name || args.permission);
    const roles = await trx('roles').whereIn('name', args.roles).select('id');
    await repo.grant(
      trx,
      roles.map((r) => String(r.id)),
      id,
    );
    await repo.audit(trx, {
      actor_user_id: ctx.viewer!.id,
      support_session_id: ctx.viewer!.support?.sessionId,
      action: 'permission.grant',
      entity: 'permission',
      entity_id: id,
      data: { roles: args.roles },
      ip: ctx.ip,
    });
  });
  return rolesResult(ctx, 'Permission added.');
}

export async function replaceRolePermissions(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ role: centreRole, permissions: z.array(permissionName).max(200) }), raw);
  assertMayEditRole(ctx, args.role);
  const role = await repo.findRole(ctx.db, args.role);
  if (!role) throw badInput('role', 'Unknown role.');
  await ctx.db.transaction(async (trx) => {
    const perms = await trx('permissions').whereIn('name', args.permissions).select('id', 'name');
    const missing = args.permissions.filter((p) => !perms.some((x) => x.name === p));
    if (missing.length) throw badInput('permissions', `Unknown permission: ${missing[0]}.`);
    await repo.setRolePermissions(
      trx,
      String(role.id),
      perms.map((p) => String(p.id)),
    );
    await repo.audit(trx, {
      actor_user_id: ctx.viewer!.id,
      support_session_id: ctx.viewer!.support?.sessionId,
      action: 'role.replace_permissions',
      entity: 'role',
      entity_id: String(role.id),
      data: { permissions: args.permissions },
      ip: ctx.ip,
    });
  });
  return rolesResult(ctx, 'Permissions saved.');
}

export async function removePermissionFromRole(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ role: centreRole, permission: permissionName }), raw);
  assertMayEditRole(ctx, args.role);
  const role = await repo.findRole(ctx.db, args.role);
  if (!role) throw badInput('role', 'Unknown role.');
  const perm = await repo.findPermission(ctx.db, args.permission);
  if (!perm) throw notFound('Permission not found.');
  await ctx.db.transaction(async (trx) => {
    await repo.revoke(trx, String(role.id), String(perm.id));
    await repo.audit(trx, {
      actor_user_id: ctx.viewer!.id,
      support_session_id: ctx.viewer!.support?.sessionId,
      action: 'permission.revoke',
      entity: 'role',
      entity_id: String(role.id),
      data: { permission: args.permission },
      ip: ctx.ip,
    });
  });
  return rolesResult(ctx, 'Permission removed.');
}

export async function deletePermission(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ permission: permissionName }), raw);
  assertMayEditRole(ctx, 'center');
  const perm = await repo.findPermission(ctx.db, args.permission);
  if (!perm) throw notFound('Permission not found.');
  await ctx.db.transaction(async (trx) => {
    await repo.deletePermissionByName(trx, args.permission);
    await repo.audit(trx, {
      actor_user_id: ctx.viewer!.id,
      support_session_id: ctx.viewer!.support?.sessionId,
      action: 'permission.delete',
      entity: 'permission',
      entity_id: String(perm.id),
      ip: ctx.ip,
    });
  });
  return rolesResult(ctx, 'Permission deleted.');
}

export async function updateSidebarPermission(ctx: RequestContext, raw: unknown) {
  assertCanManageAccess(ctx);
  const args = parseArgs(z.object({ menu_name: z.string().trim().min(1, 'Menu name is required.').max(80), roles: roleList }), raw);
  await ctx.db.transaction(async (trx) => {
    await repo.upsertSidebar(trx, args.menu_name, args.roles);
    await repo.audit(trx, {
      actor_user_id: ctx.viewer!.id,
      support_session_id: ctx.viewer!.support?.sessionId,
      action: 'sidebar.update',
      entity: 'menu',
      entity_id: args.menu_name,
      data: { roles: args.roles },
      ip: ctx.ip,
    });
  });
  return { status: true, message: 'Menu visibility saved.', color: 'success' };
}

export function centerInfo(ctx: RequestContext) {
  const { name, slug, kind, language_pack } = ctx.tenant;
  return { name, slug, kind, language_pack };
}
