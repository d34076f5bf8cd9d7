// @services PostgreSQL server: provisioning centre databases, owners and spare templates
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, databaseExists, latestAvailableVersion, pendingMigrations, type Knex } from '@kv/db';
import { testAdmin } from '@kv/db/testing';
import { sha256Hex } from '@kv/auth';
import { ADD_CENTER, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { SqlDatabaseProvisioner } from './sql-provisioner.ts';
import type { Provisioner } from './provisioner.ts';

/** The real SQL provisioner, with a switch that makes one step fail (a crash or an outage stand-in). */
class FlakyProvisioner implements Provisioner {
  failMigrate = false;
  created: boolean[] = [];
  /** Runs when the migrate step starts: the database exists, the centre is still provisioning. */
  onMigrate: (() => Promise<void>) | null = null;
  /** While set, the first step waits for it: what a centre looks like before its job runs. */
  hold: Promise<void> | null = null;
  constructor(readonly real: Provisioner) {}
  async assignServer(id: string) {
    await this.hold;
    return this.real.assignServer(id);
  }
  async createDatabase(serverId: string, name: string) {
    const r = await this.real.createDatabase(serverId, name);
    this.created.push(r.created);
    return r;
  }
  async migrateDatabase(serverId: string, name: string) {
    await this.onMigrate?.();
    if (this.failMigrate) throw new Error('connection to the database server was lost');
    return this.real.migrateDatabase(serverId, name);
  }
  dropDatabase(serverId: string, name: string) {
    return this.real.dropDatabase(serverId, name);
  }
  afterProvisioning(serverId: string) {
    return this.real.afterProvisioning!(serverId);
  }
}

describe('provisioning a centre', () => {
  let h: ControlPlaneHarness;
  let flaky: FlakyProvisioner;
  const centreDbs: Knex[] = [];

  beforeAll(async () => {
    h = await startControlPlane({}, ({ controlDb, directory, template }) => {
      flaky = new FlakyProvisioner(
        new SqlDatabaseProvisioner({
          controlDb,
          directory,
          templateName: template,
          log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        }),
      );
      return flaky;
    });
  });

  afterAll(async () => {
    await Promise.all(centreDbs.map((d) => d.destroy()));
    await h.close();
  });

  const openCentreDb = (name: string) => {
    const db = createKnex(h.centreDbUrl(name), { max: 1 });
    centreDbs.push(db);
    return db;
  };

  it('addCenter over GraphQL creates a real database, migrates it, invites the owner and publishes the hostname', async () => {
    let release = () => undefined as void;
    flaky.hold = new Promise<void>((r) => (release = r));
    const res = await h.gql(
      ADD_CENTER,
      { name: 'Sunny Days', slug: 'sunny-days', email: 'Owner@Sunny.example.com', trial: true, days: 14 },
      { token: h.tokens.admin },
    );
    expect(res.errors).toBeUndefined();
    const added = res.data.addCenter;
    expect(added).toMatchObject({
      status: true,
      color: 'success',
      center: { slug: 'sunny-days', status: 'provisioning', on_trial: true, trial_days: 14 },
    });
    const id = added.center.id as string;
    expect(added.center.database_name).toBe(`${h.databasePrefix}sunny_days`);
    try {
      expect(await h.directory.resolve('sunny-days.localhost')).toMatchObject({ id, status: 'provisioning', database_server_id: null });
    } finally {
      flaky.hold = null;
      release();
    }

    // The entry cached above says "no database"; once the database exists, jobs resolving the centre
    // (the owner's invitation) must be given it.
    let midway: { status: string; database_server_id: string | null } | null = null;
    flaky.onMigrate = async () => {
      midway = await h.directory.resolve('sunny-days.localhost');
    };
    await h.settle();
    flaky.onMigrate = null;
    expect(midway).toMatchObject({ status: 'provisioning', database_server_id: h.serverId });

    const progress = await h.gql(
      `query($id: ID!) { centerProvisioning(id: $id) { status progress step error attempts } }`,
      { id },
      { token: h.tokens.admin },
    );
    expect(progress.data.centerProvisioning).toEqual({ status: 'active', progress: 100, step: 'done', error: null, attempts: 1 });

    const centre = (
      await h.gql(
        `query($id: ID!) { getCenter(id: $id) { status hostname url schema_version database_name database_server_id } }`,
        { id },
        { token: h.tokens.kvsupport },
      )
    ).data.getCenter;
    expect(centre).toMatchObject({
      status: 'active',
      hostname: 'sunny-days.localhost',
      url: 'http://sunny-days.localhost:3000',
      database_server_id: h.serverId,
    });
    expect(await databaseExists(testAdmin(), centre.database_name)).toBe(true);

    const db = openCentreDb(centre.database_name);
    expect(await pendingMigrations(db, 'tenant')).toEqual([]);
    expect(centre.schema_version).toBe(await latestAvailableVersion(db, 'tenant'));

    // The directory now answers for the hostname, in any spelling, with the database to use.
    await h.directory.invalidate();
    const entry = await h.directory.resolve('Sunny-Days.localhost:3000');
    expect(entry).toMatchObject({ id, status: 'active', database_name: centre.database_name, on_trial: true });
    expect(new URL(await h.directory.connectionUrl(entry!)).pathname).toBe(`/${centre.database_name}`);

    // The owner exists in the centre's own database, invited, with the centre role.
    const owner = await db('users as u')
      .join('user_roles as ur', 'ur.user_id', 'u.id')
      .join('roles as r', 'r.id', 'ur.role_id')
      .where('u.username', 'olive')
      .first('u.id', 'u.email', 'u.invited', 'u.email_confirmed', 'r.name as role');
    expect(owner).toMatchObject({ email: 'owner@sunny.example.com', invited: true, email_confirmed: false, role: 'center' });
    const token = await db('auth_tokens').where({ user_id: owner.id, purpose: 'invite' }).first();
    const expiresInDays = (new Date(token.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(6.9);
    expect(expiresInDays).toBeLessThanOrEqual(7);

    // One invitation email, whose link and PIN match the stored hashes.
    const mails = await db('outbound_messages').where({ template: 'invite' });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', recipient: 'owner@sunny.example.com', status: 'queued' });
    const { url, pin } = mails[0].data as { url: string; pin: string };
    const match = /^http:\/\/sunny-days\.localhost:3000\/viue\/([A-Za-z0-9_-]{20,})$/.exec(url);
    expect(match).not.toBeNull();
    expect(sha256Hex(match![1]!)).toBe(token.token_hash);
    expect(pin).toMatch(/^\d{6}$/);
    expect(sha256Hex(pin)).toBe(token.pin_hash);
    expect(await db('outbox').where({ queue: 'messages' }).count({ n: '*' })).toEqual([{ n: '1' }]);

    const audit = await h.control.db('audit_log').where({ entity: 'center', entity_id: id }).orderBy('id').pluck('action');
    expect(audit).toEqual(['center.add', 'center.provisioned']);
  });

  it('a failing step leaves the centre failed; retryProvisioning resumes without creating anything twice', async () => {
    flaky.failMigrate = true;
    flaky.created = [];
    const res = await h.gql(ADD_CENTER, { name: 'Rainy', slug: 'rainy', email: 'rainy@example.com' }, { token: h.tokens.admin });
    const id = res.data.addCenter.center.id as string;
    await h.settle();

    const failed = (
      await h.gql(
        `query($id: ID!) { centerProvisioning(id: $id) { status progress step error attempts } }`,
        { id },
        { token: h.tokens.admin },
      )
    ).data.centerProvisioning;
    expect(failed).toMatchObject({ status: 'failed', step: 'migrate', progress: 45, attempts: 1 });
    expect(failed.error).toMatch(/^migrate: connection to the database server was lost/);
    expect(await h.directory.resolve('rainy.localhost')).toMatchObject({ status: 'failed' });

    // Only a failed centre can be retried; kvsupport cannot retry.
    const denied = await h.gql(`mutation($id: ID!) { retryProvisioning(id: $id) { status } }`, { id }, { token: h.tokens.kvsupport });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    flaky.failMigrate = false;
    const retried = await h.gql(
      `mutation($id: ID!) { retryProvisioning(id: $id) { status message center { status } } }`,
      { id },
      { token: h.tokens.admin },
    );
    expect(retried.data.retryProvisioning).toMatchObject({ status: true, center: { status: 'provisioning' } });
    await h.settle();

    const done = (
      await h.gql(
        `query($id: ID!) { centerProvisioning(id: $id) { status progress step error attempts } }`,
        { id },
        { token: h.tokens.admin },
      )
    ).data.centerProvisioning;
    expect(done).toEqual({ status: 'active', progress: 100, step: 'done', error: null, attempts: 2 });
    expect(flaky.created).toEqual([true, false]);
    const centre = (await h.gql(`query($id: ID!) { getCenter(id: $id) { database_name } }`, { id }, { token: h.tokens.admin })).data
      .getCenter;
    const db = openCentreDb(centre.database_name);
    expect(await db('users').where({ username: 'olive' }).count({ n: '*' })).toEqual([{ n: '1' }]);
    expect(await db('outbound_messages').count({ n: '*' })).toEqual([{ n: '1' }]);
    expect(await h.control.db('server_domains').where({ center_id: id }).pluck('domain')).toEqual(['rainy.localhost']);

    const again = await h.gql(`mutation($id: ID!) { retryProvisioning(id: $id) { status } }`, { id }, { token: h.tokens.admin });
    expect(again.errors?.[0]?.extensions?.code).toBe('PROVISIONING_NOT_FAILED');
  });

  it('stops with NO_SERVER_CAPACITY when every server is full and no cloud is configured', async () => {
    await h.control.db('database_servers').update({ max_databases: 2 });
    const res = await h.gql(ADD_CENTER, { name: 'Crowded', slug: 'crowded', email: 'c@example.com' }, { token: h.tokens.admin });
    const id = res.data.addCenter.center.id as string;
    await h.settle();
    const state = (await h.gql(`query($id: ID!) { centerProvisioning(id: $id) { status step error } }`, { id }, { token: h.tokens.admin }))
      .data.centerProvisioning;
    expect(state).toMatchObject({ status: 'failed', step: 'pick_server' });
    expect(state.error).toMatch(/full/);
    const servers = (
      await h.gql('{ getDeploymentServers { id name kind center_count max_databases status } }', {}, { token: h.tokens.admin })
    ).data.getDeploymentServers;
    expect(servers).toEqual([
      { id: h.serverId, name: 'test-server', kind: 'embedded', center_count: 2, max_databases: 2, status: 'available' },
    ]);
    await h.control.db('database_servers').update({ max_databases: 200 });
  });

  it('hands the next centre the spare copy of the template made after the last provisioning, and makes a new spare', async () => {
    const spares = async () =>
      (
        await testAdmin().raw('select oid::text, datname from pg_database where datname like ? order by datname', [
          `${h.template.replaceAll('_', '\\_')}\\_spare\\_%`,
        ])
      ).rows as { oid: string; datname: string }[];
    await flaky.real.settle?.();
    const [before, ...others] = await spares();
    expect(before).toBeDefined();
    expect(others).toEqual([]);

    const res = await h.gql(ADD_CENTER, { name: 'Spare Time', slug: 'spare-time', email: 's@example.com' }, { token: h.tokens.admin });
    expect(res.errors).toBeUndefined();
    await h.settle();
    const centre = (
      await h.gql(
        `query($id: ID!) { getCenter(id: $id) { status database_name } }`,
        { id: res.data.addCenter.center.id },
        { token: h.tokens.admin },
      )
    ).data.getCenter;
    expect(centre.status).toBe('active');
    // The centre's database is the spare itself, renamed: no copy on the way.
    const [{ oid }] = (await testAdmin().raw('select oid::text from pg_database where datname = ?', [centre.database_name])).rows;
    expect(oid).toBe(before!.oid);
    const db = openCentreDb(centre.database_name);
    expect(await pendingMigrations(db, 'tenant')).toEqual([]);
    expect(await db('users').where({ username: 'olive' }).count({ n: '*' })).toEqual([{ n: '1' }]);

    await flaky.real.settle?.();
    const after = await spares();
    expect(after.map((x) => x.datname)).toEqual([before!.datname]);
    expect(after[0]!.oid).not.toBe(before!.oid);
    // The new spare had its first session already (its catalogue cache file is built), and none is left open.
    const warmed = await testAdmin().raw(
      `select exists (select from pg_ls_dir('base/' || ?) f where f = 'pg_internal.init') as built,
              (select count(*)::int from pg_stat_activity where datname = ?) as sessions`,
      [after[0]!.oid, after[0]!.datname],
    );
    expect(warmed.rows[0]).toEqual({ built: true, sessions: 0 });
  });
});
