import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centreInput, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { provisionCenterNow } from '../../provision-now.ts';
import type { CenterRow } from '../centres/repo.ts';

const HEALTH = `query($c: ID!) { getCenterHealth(center_id: $c) {
  center_id name slug status hostnames database_name database_reachable database_error database_latency_ms
  schema_version latest_version pending_migrations queue_backlog queue_retrying queue_oldest_due_at
  last_backup_at last_backup_status last_drill_at last_drill_status
  last_migration { run_id status from_version to_version applied error started_by started_at finished_at } checked_at } }`;
const RESULT = 'status message color action center_id migration_run_id hostnames flushed';
const MIGRATE = `mutation($c: ID!) { rerunCenterMigration(center_id: $c) { ${RESULT} } }`;
const REPUBLISH = `mutation($c: ID!) { republishCenter(center_id: $c) { ${RESULT} } }`;
const FLUSH = `mutation($c: ID!) { flushCenterCaches(center_id: $c) { ${RESULT} } }`;

describe('utilities (kvsupport: health, re-run migration, republish, flush caches)', () => {
  let h: ControlPlaneHarness;
  let ash: CenterRow;
  let yew: CenterRow;
  const audits = (centreId: string) =>
    h.control
      .db('audit_log')
      .where({ entity: 'center', entity_id: centreId })
      .where('action', 'like', 'utilities.%')
      .orderBy('id')
      .select('action', 'actor_label', 'data');

  beforeAll(async () => {
    h = await startControlPlane();
    ash = await provisionCenterNow(h.deps, centreInput('ash'), h.actors.admin);
    yew = await provisionCenterNow(h.deps, centreInput('yew'), h.actors.admin);
  }, 180_000);
  afterAll(async () => {
    await h.close();
  }, 180_000);

  it("reads a centre's health now: database, migrations against the latest, backlog, backup and drill", async () => {
    const db = h.control.db;
    const [backup] = await db('center_backups')
      .insert({ center_id: ash.id, kind: 'manual', status: 'done', finished_at: new Date('2026-11-27T02:00:00Z') })
      .returning('id');
    await db('center_backup_drills').insert({
      center_id: ash.id,
      backup_id: backup.id,
      status: 'passed',
      finished_at: new Date('2026-11-27T02:10:00Z'),
    });
    const res = await h.gql(HEALTH, { c: ash.id }, { token: h.tokens.kvsupport });
    expect(res.errors).toBeUndefined();
    const health = res.data.getCenterHealth;
    expect(health).toMatchObject({
      center_id: ash.id,
      slug: 'ash',
      status: 'active',
      hostnames: ['ash.localhost'],
      database_reachable: true,
      database_error: null,
      pending_migrations: 0,
      queue_retrying: 0,
      last_backup_status: 'done',
      last_backup_at: '2026-11-27T02:00:00.000Z',
      last_drill_status: 'passed',
      last_drill_at: '2026-11-27T02:10:00.000Z',
    });
    expect(health.schema_version).toBe(health.latest_version);
    expect(health.latest_version).toMatch(/^\d{14}$/);
    expect(health.queue_backlog).toBeGreaterThanOrEqual(0);
    // Yew has neither backup nor drill.
    expect((await h.gql(HEALTH, { c: yew.id }, { token: h.tokens.admin })).data.getCenterHealth).toMatchObject({
      last_backup_at: null,
      last_drill_status: null,
    });
    expect((await audits(ash.id)).map((a) => a.action)).toEqual(['utilities.health']);
  });

  it('reports a database that does not answer, without failing the read', async () => {
    await h.control.db('centers').where({ id: yew.id }).update({ database_name: 'kv_no_such_database' });
    await h.directory.invalidate(yew.id);
    h.rt.pools.evict(yew.id);
    const health = (await h.gql(HEALTH, { c: yew.id }, { token: h.tokens.kvsupport })).data.getCenterHealth;
    expect(health).toMatchObject({
      database_reachable: false,
      database_error: 'The centre database did not answer.',
      schema_version: null,
      pending_migrations: null,
      queue_backlog: null,
    });
    await h.control.db('centers').where({ id: yew.id }).update({ database_name: yew.database_name });
    await h.directory.invalidate(yew.id);
    h.rt.pools.evict(yew.id);
  });

  it('re-runs one centre through the migration fan-out, followed in the health', async () => {
    const res = await h.gql(MIGRATE, { c: ash.id }, { token: h.tokens.kvsupport });
    expect(res.errors).toBeUndefined();
    const run = res.data.rerunCenterMigration;
    expect(run).toMatchObject({ status: true, action: 'migrate', center_id: ash.id, flushed: [] });
    const rows = await h.control.db('tenant_migrations').where({ run_id: run.migration_run_id }).select('center_id');
    expect(rows.map((r) => String(r.center_id))).toEqual([ash.id]);
    await h.settle();
    const health = (await h.gql(HEALTH, { c: ash.id }, { token: h.tokens.kvsupport })).data.getCenterHealth;
    expect(health.last_migration).toMatchObject({
      run_id: run.migration_run_id,
      status: 'done',
      applied: [],
      started_by: 'Sam Operator (kvsupport-op)',
    });
    const audit = (await audits(ash.id)).find((a) => a.action === 'utilities.migrate');
    expect(audit).toMatchObject({ actor_label: 'Sam Operator (kvsupport-op)', data: { run_id: run.migration_run_id } });
  });

  it('refuses to migrate a centre without a database in service, naming center_id', async () => {
    await h.control.db('centers').where({ id: yew.id }).update({ status: 'failed' });
    const res = await h.gql(MIGRATE, { c: yew.id }, { token: h.tokens.kvsupport });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'CENTER_NOT_MIGRATABLE', field: 'center_id' });
    await h.control.db('centers').where({ id: yew.id }).update({ status: 'active' });
    expect((await audits(yew.id)).map((a) => a.action)).not.toContain('utilities.migrate');
  });

  it('republishes: every process forgets the entry, each host resolves afresh', async () => {
    const before = await h.directory.resolve('ash.localhost');
    expect(before?.name).toBe(ash.name);
    // A change the cached entry does not know yet.
    await h.control.db('centers').where({ id: ash.id }).update({ name: 'Ash Renamed' });
    expect((await h.directory.resolve('ash.localhost'))?.name).toBe(ash.name);
    const res = await h.gql(REPUBLISH, { c: ash.id }, { token: h.tokens.kvsupport });
    expect(res.data.republishCenter).toMatchObject({
      status: true,
      action: 'republish',
      hostnames: ['ash.localhost'],
      flushed: ['directory entry'],
    });
    expect((await h.directory.resolve('ash.localhost'))?.name).toBe('Ash Renamed');
    expect((await audits(ash.id)).find((a) => a.action === 'utilities.republish')).toMatchObject({
      data: { hostnames: ['ash.localhost'] },
    });
  });

  it("flushes a centre's caches: directory entry and the platform's pool to its database", async () => {
    await h.gql(HEALTH, { c: yew.id }, { token: h.tokens.kvsupport }); // opens yew's pool
    expect(h.rt.pools.openKeys()).toContain(yew.id);
    const res = await h.gql(FLUSH, { c: yew.id }, { token: h.tokens.kvsupport });
    expect(res.data.flushCenterCaches).toMatchObject({
      status: true,
      action: 'flush_caches',
      center_id: yew.id,
      flushed: ['directory entry', 'database pool'],
    });
    expect(h.rt.pools.openKeys()).not.toContain(yew.id);
    expect(h.rt.pools.openKeys()).toContain(ash.id);
    expect((await audits(yew.id)).find((a) => a.action === 'utilities.flush_caches')).toMatchObject({
      actor_label: 'Sam Operator (kvsupport-op)',
      data: { pool_closed: true },
    });
  });

  it('refuses guests, names a bad or unknown centre by center_id, and audits nothing then', async () => {
    const before = await h.control.db('audit_log').where('action', 'like', 'utilities.%').count({ n: '*' });
    for (const q of [HEALTH, MIGRATE, REPUBLISH, FLUSH]) {
      expect((await h.gql(q, { c: ash.id }, { token: null })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await h.gql(q, { c: 'x1' }, { token: h.tokens.kvsupport })).errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'center_id',
      });
      expect((await h.gql(q, { c: '987654' }, { token: h.tokens.kvsupport })).errors?.[0]?.extensions).toMatchObject({
        code: 'CENTER_NOT_FOUND',
        field: 'center_id',
      });
    }
    // A deleted centre is unknown here.
    await h.control.db('centers').where({ id: yew.id }).update({ status: 'deleted' });
    expect((await h.gql(FLUSH, { c: yew.id }, { token: h.tokens.admin })).errors?.[0]?.extensions).toMatchObject({
      code: 'CENTER_NOT_FOUND',
      field: 'center_id',
    });
    await h.control.db('centers').where({ id: yew.id }).update({ status: 'active' });
    expect(await h.control.db('audit_log').where('action', 'like', 'utilities.%').count({ n: '*' })).toEqual(before);
  });

  it('lets admins (above kvsupport) use them too', async () => {
    expect((await h.gql(FLUSH, { c: ash.id }, { token: h.tokens.admin })).data.flushCenterCaches.status).toBe(true);
  });
});
