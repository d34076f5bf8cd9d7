import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import { displayEmail } from '@kv/shared';
import type { RequestContext } from '../../types.ts';
import { JUST_OPENED_SUPPORT, type UserRow } from './repo.ts';
import * as service from './service.ts';

type Args = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? String(v) : null);

export const accessResolvers: Resolvers = {
  Query: {
    roles: (_: unknown, __: Args, ctx: RequestContext) => service.listRoles(ctx),
    getRolesWithPermissions: (_: unknown, __: Args, ctx: RequestContext) => service.rolesWithPermissions(ctx),
    permissions: (_: unknown, __: Args, ctx: RequestContext) => service.listPermissions(ctx),
    getSidebarPermissions: (_: unknown, __: Args, ctx: RequestContext) => service.sidebar(ctx),
    centerInfo: (_: unknown, __: Args, ctx: RequestContext) => service.centerInfo(ctx),
  },
  Mutation: {
    addPermissionToRoles: (_: unknown, args: Args, ctx: RequestContext) => service.addPermissionToRoles(ctx, args),
    replaceRolePermissions: (_: unknown, args: Args, ctx: RequestContext) => service.replaceRolePermissions(ctx, args),
    removePermissionFromRole: (_: unknown, args: Args, ctx: RequestContext) => service.removePermissionFromRole(ctx, args),
    deletePermission: (_: unknown, args: Args, ctx: RequestContext) => service.deletePermission(ctx, args),
    updateSidebarPermission: (_: unknown, args: Args, ctx: RequestContext) => service.updateSidebarPermission(ctx, args),
  },
  User: {
    full_name: (u: UserRow) => [u.fname, u.middle_name, u.lname].filter(Boolean).join(' '),
    email: (u: UserRow) => displayEmail(u.email) || null,
    last_login_time: (u: UserRow) => iso(u.last_login_time),
    has_password: (u: UserRow) => Boolean(u.has_password),
    support_session: (
      u: UserRow & { [JUST_OPENED_SUPPORT]?: { operator: string; expiresAt: Date; mode?: 'read' | 'write' } },
      _: Args,
      ctx: RequestContext,
    ) => {
      const opened = u[JUST_OPENED_SUPPORT];
      if (opened) return { operator: opened.operator, expires_at: opened.expiresAt.toISOString(), mode: opened.mode ?? 'read' };
      const s = ctx.viewer?.support;
      return s && String(u.id) === ctx.viewer!.id
        ? { operator: s.operator, expires_at: s.expiresAt.toISOString(), mode: s.mode ?? 'read' }
        : null;
    },
  },
};
