// @services PostgreSQL server: migrations fanned out over centre databases, one failing
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  createKnex,
  dropDatabase,
  latestAvailableVersion,
  migrateDown,
  MIGRATION_DIRS,
  pendingMigrations,
  type Knex,
} from '@kv/db';
import { testAdmin } from '@kv/db/testing';
import { startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { migrateTenants, parseMigrateTenantsArgs } from '../../cli/migrate-tenants.ts';

const ALL = readdirSync(MIGRATION_DIRS.tenant)
  .filter((f) => /^\d{14}_.+\.ts$/.test(f))
  .sort();

const RUN = `mutation($dry: Boolean, $c: ID) { runTenantMigrations(dry_run: $dry, center_id: $c) { status message color run { id status total } } }`;
const RUN_DETAIL = `query($id: ID!) { migrationRun(id: $id) { id dry_run status total succeeded failed finished_at error
  centers { slug status from_version to_version applied error } } }`;

describe('tenant migration fan-out', () => {
  let h: ControlPlaneHarness;
  let latest: string;
  const ids: Record<string, string> = {};
  const open: Knex[] = [];
  const db = (slug: string) => {
    const k = createKnex(h.centreDbUrl(`${h.databasePrefix}${slug}`), { max: 1 });
    open.push(k);
    return k;
  };

  beforeAll(async () => {
    h = await startControlPlane();
    const admin = testAdmin();
    // An empty template: the first real run must migrate it.
    await dropDatabase(admin, h.template);
    await createDatabase(admin, h.template);
    // Two centres that have never been migrated, one already current, and one whose database
    // holds a table a later migration creates, so its batch fails half way and must roll back.
    for (const slug of ['alpha', 'beta', 'broken']) await createDatabase(admin, `${h.databasePrefix}${slug}`);
    await createDatabase(admin, `${h.databasePrefix}current`, (await import('@kv/db/testing')).testTemplateName('tenant'));
    const broken = db('broken');
    await broken.raw('create table settings (x int)');
    const rows = [
      { slug: 'alpha', status: 'active' },
      { slug: 'beta', status: 'suspended' },
      { slug: 'current', status: 'active' },
      { slug: 'broken', status: 'active' },
      { slug: 'pending', status: 'provisioning' },
    ];
    for (const r of rows) {
      const [row] = await h.control
        .db('centers')
        .insert({
          name: r.slug,
          slug: r.slug,
          status: r.status,
          database_server_id: h.serverId,
          database_name: `${h.databasePrefix}${r.slug}`,
        })
        .returning('id');
      ids[r.slug] = String(row.id);
    }
    latest = (await latestAvailableVersion(db('current'), 'tenant'))!;
  });

  afterAll(async () => {
    await Promise.all(open.map((k) => k.destroy()));
    await h.close();
  });

  it('a dry run lists what each centre would apply and changes nothing', async () => {
    const res = await h.gql(RUN, { dry: true }, { token: h.tokens.admin });
    expect(res.data.runTenantMigrations).toMatchObject({
      status: true,
      message: 'Dry run started for 4 centres.',
      run: { total: 4, status: 'running' },
    });
    await h.settle();
    const run = (await h.gql(RUN_DETAIL, { id: res.data.runTenantMigrations.run.id }, { token: h.tokens.admin })).data.migrationRun;
    expect(run).toMatchObject({ dry_run: true, status: 'done', total: 4, succeeded: 4, failed: 0 });
    const bySlug = Object.fromEntries(run.centers.map((c: { slug: string }) => [c.slug, c]));
    expect(bySlug.alpha).toMatchObject({ status: 'done', from_version: null, to_version: latest, applied: ALL });
    expect(bySlug.current).toMatchObject({ status: 'done', from_version: latest, to_version: latest, applied: [] });
    expect(await pendingMigrations(db('alpha'), 'tenant')).toEqual(ALL);
    expect(await h.control.db('centers').whereIn('slug', ['alpha', 'beta']).pluck('schema_version')).toEqual([null, null]);
  });

  it('migrates N−1 centres when one fails; the failed one is rolled back and reported', async () => {
    const res = await h.gql(RUN, {}, { token: h.tokens.admin });
    const runId = res.data.runTenantMigrations.run.id;
    await h.settle();
    const run = (await h.gql(RUN_DETAIL, { id: runId }, { token: h.tokens.admin })).data.migrationRun;
    expect(run).toMatchObject({ dry_run: false, status: 'failed', total: 4, succeeded: 3, failed: 1, error: null });
    expect(run.finished_at).toBeTruthy();
    const bySlug = Object.fromEntries(run.centers.map((c: { slug: string }) => [c.slug, c]));
    for (const slug of ['alpha', 'beta']) {
      expect(bySlug[slug]).toMatchObject({ status: 'done', from_version: null, to_version: latest, applied: ALL, error: null });
      expect(await pendingMigrations(db(slug), 'tenant')).toEqual([]);
    }
    expect(bySlug.current).toMatchObject({ status: 'done', applied: [], to_version: latest });
    expect(bySlug.broken).toMatchObject({ status: 'failed', from_version: null, to_version: null, applied: [] });
    expect(bySlug.broken.error).toMatch(/"settings" already exists/);
    expect(bySlug.pending).toBeUndefined();

    // The broken centre's batch rolled back as a whole: not even the first migration's tables remain.
    const broken = db('broken');
    expect(await broken.schema.hasTable('users')).toBe(false);
    expect(await pendingMigrations(broken, 'tenant')).toEqual(ALL);

    const centres = await h.control
      .db('centers')
      .whereIn('slug', ['alpha', 'beta', 'current', 'broken', 'pending'])
      .orderBy('slug')
      .select('slug', 'schema_version', 'migration_status', 'migration_error');
    expect(centres).toEqual([
      { slug: 'alpha', schema_version: latest, migration_status: 'ok', migration_error: null },
      { slug: 'beta', schema_version: latest, migration_status: 'ok', migration_error: null },
      { slug: 'broken', schema_version: null, migration_status: 'failed', migration_error: bySlug.broken.error },
      { slug: 'current', schema_version: latest, migration_status: 'ok', migration_error: null },
      { slug: 'pending', schema_version: null, migration_status: null, migration_error: null },
    ]);
    // The template was brought up to date first, so new centres start current.
    const template = createKnex(h.centreDbUrl(h.template), { max: 1 });
    open.push(template);
    expect(await pendingMigrations(template, 'tenant')).toEqual([]);
  });

  it('one centre can be re-run once fixed; only admins start runs; bad ids are refused', async () => {
    await db('broken').raw('drop table settings');
    const res = await h.gql(RUN, { c: ids.broken }, { token: h.tokens.admin });
    expect(res.data.runTenantMigrations.message).toBe('Migration started for 1 centre.');
    await h.settle();
    const run = (await h.gql(RUN_DETAIL, { id: res.data.runTenantMigrations.run.id }, { token: h.tokens.admin })).data.migrationRun;
    expect(run).toMatchObject({
      status: 'done',
      total: 1,
      succeeded: 1,
      failed: 0,
      centers: [{ slug: 'broken', status: 'done', applied: ALL }],
    });
    expect(await h.control.db('centers').where({ id: ids.broken }).first('migration_status', 'schema_version')).toEqual({
      migration_status: 'ok',
      schema_version: latest,
    });

    expect((await h.gql(RUN, { c: ids.pending }, { token: h.tokens.admin })).errors?.[0]?.extensions).toEqual({
      code: 'CENTER_NOT_MIGRATABLE',
      field: 'center_id',
    });
    expect((await h.gql(RUN, { c: '987654' }, { token: h.tokens.admin })).errors?.[0]?.extensions?.code).toBe('CENTER_NOT_FOUND');
    expect((await h.gql(RUN, {}, { token: h.tokens.kvsupport })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await h.gql(RUN_DETAIL, { id: 'nope' }, { token: h.tokens.admin })).errors?.[0]?.extensions?.code).toBe(
      'MIGRATION_RUN_NOT_FOUND',
    );

    const list = await h.gql(
      'query { migrationRuns(first: 2) { data { dry_run total status centers { slug } } paginatorInfo { currentPage lastPage perPage total } } }',
      {},
      { token: h.tokens.admin },
    );
    expect(list.data.migrationRuns.paginatorInfo).toEqual({ currentPage: 1, lastPage: 2, perPage: 2, total: 3 });
    expect(list.data.migrationRuns.data[0]).toMatchObject({ total: 1, status: 'done', centers: [{ slug: 'broken' }] });
  });

  it('the CLI prints pending migrations per centre, progress and a summary, and exits 1 on failure', async () => {
    expect(parseMigrateTenantsArgs(['--tenant', 'alpha', '--dry-run'])).toEqual({ slug: 'alpha', dryRun: true, concurrency: 4 });
    expect(() => parseMigrateTenantsArgs(['--bogus'])).toThrow();
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const base = { controlDb: h.control.db, directory: h.directory, templateName: h.template, log: quiet };

    // Make alpha one migration behind and break beta.
    const alpha = db('alpha');
    await migrateDown(alpha, 'tenant');
    await db('beta').raw('alter database ?? set default_transaction_read_only = on', [`${h.databasePrefix}beta`]);

    const dry: string[] = [];
    expect(await migrateTenants({ ...base, slug: 'alpha', dryRun: true, out: (l) => dry.push(l) })).toBe(0);
    expect(dry).toEqual([
      expect.stringMatching(/^Dry run [0-9a-f-]{36}: 1 centre$/),
      `[1/1] alpha: 1 pending: ${ALL.at(-1)}`,
      'Done: 1 checked, 0 failed, of 1.',
    ]);

    const lines: string[] = [];
    expect(await migrateTenants({ ...base, dryRun: false, concurrency: 2, out: (l) => lines.push(l) })).toBe(1);
    expect(lines[0]).toMatch(/^Migration run [0-9a-f-]{36}: 4 centres$/);
    expect(
      lines
        .slice(1, 5)
        .map((l) => l.replace(/^\[\d\/4\] /, ''))
        .sort(),
    ).toEqual([
      expect.stringMatching(/^alpha: migrated \d{14} → \d{14} \(.+\)$/),
      expect.stringMatching(/^beta: FAILED \(\d{14}\): .*read-only/),
      `broken: up to date (${latest})`,
      `current: up to date (${latest})`,
    ]);
    expect(lines.at(-1)).toBe('Done: 3 migrated, 1 failed, of 4.');
    expect(await migrateTenants({ ...base, slug: 'nope', dryRun: true, out: () => undefined })).toBe(1);
    await testAdmin().raw('alter database ?? set default_transaction_read_only = off', [`${h.databasePrefix}beta`]);
  });
});
