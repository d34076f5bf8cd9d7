import { describe, expect, it } from 'vitest';
import { CENTRE_ROLES, PERMISSIONS, ROLE_LADDER, roleAtLeast, type PermissionName, type RoleName } from '@kv/shared';
import { AppError } from '@kv/server';
import type { RequestContext, Viewer } from '../types.ts';
import { checkMatrix, gateOf, gateRootResolvers, loadMatrix, permissionApplies, type AuthorizationMatrix } from './authorization.ts';

/**
 * The gate alone, over every matrix entry: each root field gets a resolver that records its call,
 * and viewers are built by hand with exactly the permissions a case needs.
 */
const matrix = loadMatrix();
const ALL = Object.keys(PERMISSIONS) as PermissionName[];

function gated(entries: AuthorizationMatrix) {
  const called: string[] = [];
  const resolvers: Record<string, Record<string, unknown>> = { Query: {}, Mutation: {} };
  const rootFields = { Query: [] as string[], Mutation: [] as string[] };
  for (const name of Object.keys(entries)) {
    const [type, field] = name.split('.') as ['Query' | 'Mutation', string];
    rootFields[type].push(field);
    resolvers[type]![field] = () => {
      called.push(name);
      return 'resolved';
    };
  }
  gateRootResolvers(resolvers, rootFields, entries);
  const call = async (name: string, viewer: Viewer | null) => {
    const [type, field] = name.split('.') as ['Query' | 'Mutation', string];
    const resolver = resolvers[type]![field] as (p: unknown, a: unknown, c: RequestContext, i: unknown) => unknown;
    try {
      return await resolver(null, {}, { viewer } as RequestContext, null);
    } catch (e) {
      if (e instanceof AppError) return e.code;
      throw e;
    }
  };
  return { call, called };
}

const viewer = (role: RoleName, permissions: readonly string[]): Viewer => ({
  id: '1',
  role,
  roles: [role],
  permissions: new Set(permissions),
  sessionId: 's',
  issuedAt: 0,
  support: null,
});

const withPermission = Object.entries(matrix).filter(([, e]) => e.permission !== undefined);

describe('the access gate', () => {
  it('reads a permission on most operations of the matrix', () => {
    expect(withPermission.length).toBeGreaterThan(240);
  });

  it.each(withPermission)('%s: the role without the permission is refused, with it passes', async (name, entry) => {
    const gate = gateOf(entry);
    const { call, called } = gated({ [name]: entry });
    // Every role below the owner that the permission applies to; the owner holds every permission.
    const roles = CENTRE_ROLES.filter((r) => permissionApplies(gate, r));
    expect(roles.length, `${name}: no centre role needs its permission`).toBeGreaterThan(0);
    for (const role of roles) {
      const others = ALL.filter((p) => !gate.permissions.includes(p));
      expect(await call(name, viewer(role, others)), `${name} as ${role} without ${gate.permissions.join('/')}`).toBe('FORBIDDEN');
      for (const p of gate.permissions) expect(await call(name, viewer(role, [p])), `${name} as ${role} with ${p}`).toBe('resolved');
    }
    expect(called.length).toBe(roles.length * gate.permissions.length);
    // Roles below where the permission applies pass on their relation; the owner holds them all.
    for (const role of CENTRE_ROLES.filter((r) => roleAtLeast(r, gate.minRole) && !permissionApplies(gate, r))) {
      expect(await call(name, viewer(role, [])), `${name} as ${role} without permissions`).toBe('resolved');
    }
  });

  it('refuses a guest UNAUTHENTICATED and a role below the minimum FORBIDDEN, whatever it holds', async () => {
    const entries = Object.fromEntries(Object.entries(matrix).filter(([, e]) => e.min_role !== 'guest'));
    const { call, called } = gated(entries);
    for (const [name, entry] of Object.entries(entries)) {
      expect(await call(name, null), name).toBe('UNAUTHENTICATED');
      for (const role of ROLE_LADDER.filter((r) => r !== 'guest' && !roleAtLeast(r, entry.min_role))) {
        expect(await call(name, viewer(role, ALL)), `${name} as ${role}`).toBe('FORBIDDEN');
      }
    }
    expect(called).toEqual([]);
  });

  it('lets the owner and the platform roles above it through without any permission', async () => {
    const { call } = gated(matrix);
    for (const name of Object.keys(matrix)) {
      for (const role of ['center', 'admin'] as const) expect(await call(name, viewer(role, [])), `${name} as ${role}`).toBe('resolved');
    }
  });

  it('answers without a promise for a viewer that carries its permissions (the hot path)', () => {
    const name = 'Query.getManagerStudents';
    const entry = matrix[name]!;
    const resolvers: Record<string, Record<string, unknown>> = { Query: { getManagerStudents: () => 'resolved' }, Mutation: {} };
    gateRootResolvers(resolvers, { Query: ['getManagerStudents'], Mutation: [] }, { [name]: entry });
    const resolver = resolvers.Query!.getManagerStudents as (p: unknown, a: unknown, c: RequestContext, i: unknown) => unknown;
    expect(resolver(null, {}, { viewer: viewer('manager', ['students.view']) } as RequestContext, null)).toBe('resolved');
  });

  it('refuses a matrix naming an unknown role or permission, or a permission_from below min_role', () => {
    const entry = (e: object) => () => checkMatrix({ 'Query.x': { scope: 'centre', ...e } });
    expect(entry({ min_role: 'user', permission: 'students.view', permission_from: 'teacher' })).not.toThrow();
    expect(entry({ min_role: 'manager', permission: ['users.edit', 'team.edit'] })).not.toThrow();
    expect(entry({ min_role: 'boss' })).toThrow(/unknown min_role/);
    expect(entry({ min_role: 'manager', permission: 'students.fly' })).toThrow(/unknown permission/);
    expect(entry({ min_role: 'manager', permission: ['users.edit', 'nope'] })).toThrow(/unknown permission/);
    expect(entry({ min_role: 'manager', permission: [] })).toThrow(/empty permission list/);
    expect(entry({ min_role: 'manager', permission: 'reports.view', permission_from: 'teacher' })).toThrow(/permission_from/);
    expect(entry({ min_role: 'teacher', permission_from: 'manager' })).toThrow(/permission_from/);
    expect(entry({ min_role: 'center', permission: 'team.edit' })).toThrow(/always holds/);
  });
});
