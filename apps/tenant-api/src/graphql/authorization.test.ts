import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLField,
} from 'graphql';
import { CENTRE_ROLES, roleAtLeast, type RoleName } from '@kv/shared';
import { createHarness, gql, seedUser, signIn, type Harness } from '../test/harness.ts';
import { tenantSchemaText } from '../plugins/app/graphql.ts';
import { loadMatrix } from './authorization.ts';

const schema = buildSchema(tenantSchemaText());
const matrix = loadMatrix();

/** A syntactically valid value for any input type, so the gate (not validation) decides. */
function sample(type: GraphQLInputType): string {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return `[${sample(type.ofType)}]`;
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]!.name;
  if (isInputObjectType(named)) {
    const req = Object.values(named.getFields()).filter((f) => isNonNullType(f.type));
    return `{ ${req.map((f) => `${f.name}: ${sample(f.type)}`).join(', ')} }`;
  }
  if (isScalarType(named)) {
    if (named.name === 'Int' || named.name === 'Float' || named.name === 'Cents') return '1';
    if (named.name === 'Boolean') return 'true';
    return '"1"';
  }
  return 'null';
}

function document(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const args = field.args.filter((a) => isNonNullType(a.type)).map((a) => `${a.name}: ${sample(a.type)}`);
  const named = getNamedType(field.type);
  const selection = 'getFields' in named ? '{ __typename }' : '';
  return `${kind} { ${field.name}${args.length ? `(${args.join(', ')})` : ''} ${selection} }`;
}

let h: Harness;
const tokens = new Map<RoleName, string>();

beforeAll(async () => {
  h = await createHarness();
  for (const role of CENTRE_ROLES) {
    await seedUser(h.centres[0]!, { username: `m-${role}`, role });
    tokens.set(role, (await signIn(h.app, h.centres[0]!.host, `m-${role}`)).token);
  }
});
afterAll(() => h.close());

describe('authorization matrix', () => {
  const roots = [
    ...Object.values(schema.getQueryType()!.getFields()).map((f) => ['query', f] as const),
    ...Object.values(schema.getMutationType()!.getFields()).map((f) => ['mutation', f] as const),
  ];

  it('has an entry for every operation, and no entry for an operation that does not exist', () => {
    const names = new Set(roots.map(([k, f]) => `${k === 'query' ? 'Query' : 'Mutation'}.${f.name}`));
    for (const n of names) expect(matrix[n], n).toBeDefined();
    for (const n of Object.keys(matrix)) expect(names.has(n), n).toBe(true);
  });

  it.each(roots.map(([k, f]) => [`${k === 'query' ? 'Query' : 'Mutation'}.${f.name}`, k, f] as const))(
    '%s refuses every role below its minimum',
    async (name, kind, field) => {
      const entry = matrix[name]!;
      if (entry.min_role === 'guest') return;
      const doc = document(kind, field);
      const guest = await gql(h.app, h.centres[0]!.host, doc);
      expect(guest.errors?.[0]?.extensions?.code, `${name} as guest`).toBe('UNAUTHENTICATED');
      for (const role of CENTRE_ROLES) {
        if (roleAtLeast(role, entry.min_role)) continue;
        const r = await gql(h.app, h.centres[0]!.host, doc, {}, tokens.get(role));
        expect(r.errors?.[0]?.extensions?.code, `${name} as ${role}`).toBe('FORBIDDEN');
      }
    },
  );
});

describe('the gate reads the permissions of the session', () => {
  // Query.permissions is checked by the gate alone (permissions.manage): no service re-checks it.
  const PERMISSIONS_LIST = 'query { permissions { name } }';
  const grant = (sql: 'insert' | 'delete') =>
    h.centres[0]!.db.db.raw(
      sql === 'delete'
        ? `delete from role_permissions where role_id = (select id from roles where name = 'manager') and permission_id = (select id from permissions where name = 'permissions.manage')`
        : `insert into role_permissions (role_id, permission_id) select r.id, p.id from roles r, permissions p where r.name = 'manager' and p.name = 'permissions.manage'`,
    );
  const ask = (role: RoleName) => gql(h.app, h.centres[0]!.host, PERMISSIONS_LIST, {}, tokens.get(role));

  it('refuses a manager whose role lost the permission, lets the owner in, and the manager again once granted', async () => {
    expect((await ask('manager')).data?.permissions.length).toBeGreaterThan(0);
    await grant('delete');
    try {
      expect((await ask('manager')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await ask('center')).data?.permissions.length).toBeGreaterThan(0);
    } finally {
      await grant('insert');
    }
    expect((await ask('manager')).data?.permissions.length).toBeGreaterThan(0);
  });
});
