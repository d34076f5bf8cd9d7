// @services PostgreSQL server: database servers and the centres provisioned on them
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '@kv/directory';
import { centreInput, SECRET, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { provisionCenterNow } from '../../provision-now.ts';
import { registerDatabaseServer } from './service.ts';

describe('database servers', () => {
  let h: ControlPlaneHarness;
  beforeAll(async () => {
    h = await startControlPlane();
    await provisionCenterNow(h.deps, centreInput('cedar'), h.actors.admin);
    await provisionCenterNow(h.deps, centreInput('spruce'), h.actors.admin);
  });
  afterAll(() => h.close());

  it('registerDatabaseServer upserts by name and stores the password encrypted', async () => {
    const id = await registerDatabaseServer(
      h.control.db,
      { name: 'extra', kind: 'external', url: 'postgres://kv%20admin:p%40ss@db.internal:6543/postgres' },
      SECRET,
    );
    const again = await registerDatabaseServer(
      h.control.db,
      { name: 'extra', kind: 'external', url: 'postgres://kv%20admin:n3w@db2.internal/postgres', maxDatabases: 150 },
      SECRET,
    );
    expect(again).toBe(id);
    const row = await h.control.db('database_servers').where({ id }).first();
    expect(row).toMatchObject({ host: 'db2.internal', port: 5432, admin_user: 'kv admin', max_databases: 150, status: 'available' });
    expect(decryptSecret(row.password_encrypted, SECRET)).toBe('n3w');
    expect(await h.directory.serverUrl(id)).toBe('postgres://kv%20admin:n3w@db2.internal:5432/postgres');
  });

  it('lists servers with centre counts and centre databases, for admins only', async () => {
    const servers = await h.gql('{ getDeploymentServers { name kind center_count status } }', {}, { token: h.tokens.admin });
    expect(servers.data.getDeploymentServers).toEqual([
      { name: 'test-server', kind: 'embedded', center_count: 2, status: 'available' },
      { name: 'extra', kind: 'external', center_count: 0, status: 'available' },
    ]);
    const dbs = await h.gql(
      'query($s: String) { getCenterDatabases(first: 1, search: $s) { data { slug database_name server_name schema_version migration_status } paginatorInfo { total lastPage } } }',
      {},
      { token: h.tokens.admin },
    );
    expect(dbs.data.getCenterDatabases.paginatorInfo).toEqual({ total: 2, lastPage: 2 });
    expect(dbs.data.getCenterDatabases.data[0]).toMatchObject({
      slug: 'cedar',
      database_name: `${h.databasePrefix}cedar`,
      server_name: 'test-server',
      migration_status: 'ok',
    });
    const searched = await h.gql(
      'query($s: String) { getCenterDatabases(search: $s) { data { slug } } }',
      { s: 'spru' },
      { token: h.tokens.admin },
    );
    expect(searched.data.getCenterDatabases.data).toEqual([{ slug: 'spruce' }]);
    expect((await h.gql('{ getDeploymentServers { name } }', {}, { token: h.tokens.kvsupport })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect((await h.gql('{ getCenterDatabases { data { slug } } }', {}, { token: h.tokens.kvsupport })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
  });

  it("reads each server's connections and the size of its centre databases now; one that does not answer says so", async () => {
    const res = await h.gql(
      '{ getDeploymentServers { name connections_used connections_max size_bytes usage_error } }',
      {},
      { token: h.tokens.admin },
    );
    expect(res.errors).toBeUndefined();
    const [test, extra] = res.data.getDeploymentServers;
    const sizes = await h.control.db.raw('select sum(pg_database_size(datname))::bigint as n from pg_database where datname in (?, ?)', [
      `${h.databasePrefix}cedar`,
      `${h.databasePrefix}spruce`,
    ]);
    expect(test).toMatchObject({ name: 'test-server', usage_error: null });
    expect(test.connections_used).toBeGreaterThan(0);
    expect(test.connections_max).toBeGreaterThanOrEqual(test.connections_used);
    expect(test.size_bytes).toBe(Number(sizes.rows[0].n));
    expect(extra).toEqual({
      name: 'extra',
      connections_used: null,
      connections_max: null,
      size_bytes: null,
      usage_error: expect.stringMatching(/did not answer/),
    });
  });
});
