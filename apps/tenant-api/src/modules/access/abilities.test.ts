import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_NAMES } from '@kv/shared';
import { createHarness, gql, LOGIN, PASSWORD, seedUser, signIn, type Harness } from '../../test/harness.ts';

/** `me { abilities }`: what the access gate grants the viewer, answered from the session lookup. */
let h: Harness;
let knex: Knex;
const tokens = new Map<string, string>();
const statements: string[] = [];
const A = () => h.centres[0]!;
const ME = '{ me { id abilities } }';

const rolePermission = (sql: 'insert' | 'delete', role: string, permission: string) =>
  knex.raw(
    sql === 'delete'
      ? `delete from role_permissions where role_id = (select id from roles where name = ?) and permission_id = (select id from permissions where name = ?)`
      : `insert into role_permissions (role_id, permission_id) select r.id, p.id from roles r, permissions p where r.name = ? and p.name = ?`,
    [role, permission],
  );

beforeAll(async () => {
  h = await createHarness();
  knex = await h.deps.pools.get(A().entry.id, A().url);
  knex.on('query', (q: { sql: string }) => statements.push(q.sql));
  for (const role of ['user', 'blog', 'teacher', 'manager', 'center']) {
    await seedUser(A(), { username: `ab-${role}`, role });
    tokens.set(role, (await signIn(h.app, A().host, `ab-${role}`)).token);
  }
});
afterAll(() => h.close());

describe('abilities', () => {
  it.each(['user', 'blog', 'teacher', 'manager'])("are a %s's role permissions, sorted", async (role) => {
    const me = await gql(h.app, A().host, ME, {}, tokens.get(role));
    expect(me.data?.me.abilities).toEqual([...DEFAULT_ROLE_PERMISSIONS[role]!].sort());
  });

  it("are every permission for the owner, even one the owner role's list lacks", async () => {
    await rolePermission('delete', 'center', 'cameras.manage');
    try {
      const owner = await signIn(h.app, A().host, 'ab-center');
      const me = await gql(h.app, A().host, ME, {}, owner.token);
      expect(me.data?.me.abilities).toEqual([...PERMISSION_NAMES].sort());
    } finally {
      await rolePermission('insert', 'center', 'cameras.manage');
    }
  });

  it("follow a change of the role's permissions on the next request", async () => {
    await rolePermission('delete', 'manager', 'reports.view');
    try {
      const me = await gql(h.app, A().host, ME, {}, tokens.get('manager'));
      expect(me.data?.me.abilities).not.toContain('reports.view');
      expect(me.data?.me.abilities).toContain('cameras.manage');
    } finally {
      await rolePermission('insert', 'manager', 'reports.view');
    }
  });

  it('come with the user of a sign-in (no session lookup yet), from their roles', async () => {
    const r = await gql(h.app, A().host, LOGIN.replace(/user\s*\{/, 'user { abilities '), { username: 'ab-center', password: PASSWORD });
    expect(r.errors).toBeUndefined();
    expect(r.data?.login.user.abilities).toEqual([...PERMISSION_NAMES].sort());
    const t = await gql(h.app, A().host, LOGIN.replace(/user\s*\{/, 'user { abilities '), { username: 'ab-teacher', password: PASSWORD });
    expect(t.data?.login.user.abilities).toEqual([...DEFAULT_ROLE_PERMISSIONS.teacher!].sort());
  });

  it('cost no statement beyond the session lookup on me', async () => {
    await gql(h.app, A().host, ME, {}, tokens.get('teacher'));
    statements.length = 0;
    const me = await gql(h.app, A().host, ME, {}, tokens.get('teacher'));
    expect(me.data?.me.abilities.length).toBeGreaterThan(0);
    expect(statements.length).toBe(1);
  });
});
