import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CreateDBInstanceCommand, DescribeDBInstancesCommand, RDSClient } from '@aws-sdk/client-rds';
import { createTestDatabase, type TestDatabase } from '@kv/db/testing';
import { decryptSecret } from '@kv/directory';
import { RdsServerProvisioner, type RdsServerConfig } from './rds-provisioner.ts';
import { SqlDatabaseProvisioner } from './sql-provisioner.ts';

const SECRET = 'rds-test-platform-secret-of-32-characters';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const CONFIG: RdsServerConfig = {
  instanceClass: 'db.t4g.medium',
  allocatedStorageGb: 100,
  subnetGroupName: 'kv-private',
  securityGroupIds: ['sg-123'],
  engineVersion: '17.2',
  region: 'eu-west-1',
  maxDatabases: 150,
  minDelaySeconds: 0.01,
  maxDelaySeconds: 0.02,
  maxWaitSeconds: 5,
};

describe('RdsServerProvisioner', () => {
  const rds = mockClient(RDSClient);
  let t: TestDatabase;
  const client = new RDSClient({ region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });

  beforeAll(async () => {
    t = await createTestDatabase('controlPlane', 'rds');
  });
  afterAll(async () => {
    rds.restore();
    await t.drop();
  });
  beforeEach(async () => {
    rds.reset();
    await t.db('centers').update({ database_server_id: null });
    await t.db('database_servers').del();
  });

  it('creates an instance, waits through `creating` until `available`, and records the endpoint with the password encrypted', async () => {
    rds.on(CreateDBInstanceCommand).resolves({ DBInstance: { DBInstanceStatus: 'creating' } });
    rds
      .on(DescribeDBInstancesCommand)
      .resolvesOnce({ DBInstances: [{ DBInstanceStatus: 'creating' }] })
      .resolvesOnce({ DBInstances: [{ DBInstanceStatus: 'backing-up' }] })
      .resolves({
        DBInstances: [{ DBInstanceStatus: 'available', Endpoint: { Address: 'kv-1.abc.eu-west-1.rds.amazonaws.com', Port: 5432 } }],
      });

    const id = await new RdsServerProvisioner(t.db, SECRET, { client, config: CONFIG }, quiet).createServer();

    const create = rds.commandCalls(CreateDBInstanceCommand)[0]!.args[0].input;
    expect(create).toMatchObject({
      Engine: 'postgres',
      EngineVersion: '17.2',
      DBInstanceClass: 'db.t4g.medium',
      AllocatedStorage: 100,
      DBSubnetGroupName: 'kv-private',
      VpcSecurityGroupIds: ['sg-123'],
      StorageEncrypted: true,
      PubliclyAccessible: false,
      MasterUsername: 'kvadmin',
    });
    expect(create.DBInstanceIdentifier).toMatch(/^kv-tenants-[0-9a-f]{8}$/);
    expect(create.MasterUserPassword).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(rds.commandCalls(DescribeDBInstancesCommand).length).toBeGreaterThanOrEqual(3);

    const row = await t.db('database_servers').where({ id }).first();
    expect(row).toMatchObject({
      kind: 'rds',
      status: 'available',
      host: 'kv-1.abc.eu-west-1.rds.amazonaws.com',
      port: 5432,
      admin_user: 'kvadmin',
      max_databases: 150,
      region: 'eu-west-1',
      rds_instance_id: create.DBInstanceIdentifier,
      error: null,
    });
    expect(row.password_encrypted).not.toContain(create.MasterUserPassword);
    expect(decryptSecret(row.password_encrypted, SECRET)).toBe(create.MasterUserPassword);
  });

  it('marks the server failed with the error when AWS refuses the instance', async () => {
    rds.on(CreateDBInstanceCommand).rejects(new Error('InstanceQuotaExceeded: too many instances'));
    await expect(new RdsServerProvisioner(t.db, SECRET, { client, config: CONFIG }, quiet).createServer()).rejects.toThrow(
      /InstanceQuotaExceeded/,
    );
    const rows = await t.db('database_servers').select('status', 'error', 'host');
    expect(rows).toEqual([{ status: 'failed', error: 'InstanceQuotaExceeded: too many instances', host: null }]);
  });

  it('marks the server failed when the instance ends up failed instead of available', async () => {
    rds.on(CreateDBInstanceCommand).resolves({});
    rds
      .on(DescribeDBInstancesCommand)
      .resolvesOnce({ DBInstances: [{ DBInstanceStatus: 'creating' }] })
      .resolves({ DBInstances: [{ DBInstanceStatus: 'failed' }] });
    await expect(new RdsServerProvisioner(t.db, SECRET, { client, config: CONFIG }, quiet).createServer()).rejects.toThrow();
    const [row] = await t.db('database_servers').select('status', 'error');
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/FAILURE|failed/i);
  });

  it('is asked for a server only when every server is full, and the centre lands on the new one', async () => {
    const [{ id: full }] = await t
      .db('database_servers')
      .insert({ name: 'full', kind: 'external', host: 'h', port: 5432, admin_user: 'u', max_databases: 1 })
      .returning('id');
    const [{ id: first }, { id: second }] = await t
      .db('centers')
      .insert([
        { name: 'A', slug: 'rds-a', database_name: 'kv_c_rds_a' },
        { name: 'B', slug: 'rds-b', database_name: 'kv_c_rds_b' },
      ])
      .returning('id');
    rds.on(CreateDBInstanceCommand).resolves({});
    rds
      .on(DescribeDBInstancesCommand)
      .resolves({ DBInstances: [{ DBInstanceStatus: 'available', Endpoint: { Address: 'new.rds', Port: 5432 } }] });
    const sql = new SqlDatabaseProvisioner({
      controlDb: t.db,
      directory: { serverUrl: async () => 'postgres://unused' },
      templateName: 'unused',
      serverProvisioner: new RdsServerProvisioner(t.db, SECRET, { client, config: CONFIG }, quiet),
      log: quiet,
    });
    expect(await sql.assignServer(String(first))).toBe(String(full));
    expect(rds.commandCalls(CreateDBInstanceCommand)).toHaveLength(0);
    const created = await sql.assignServer(String(second));
    expect(created).not.toBe(String(full));
    expect(rds.commandCalls(CreateDBInstanceCommand)).toHaveLength(1);
    expect(await t.db('centers').where({ id: second }).first('database_server_id')).toEqual({ database_server_id: created });
    // Assigning again is a no-op: the same server, no second instance.
    expect(await sql.assignServer(String(second))).toBe(created);
    expect(rds.commandCalls(CreateDBInstanceCommand)).toHaveLength(1);
  });
});
