import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, databaseExists } from '@kv/db';
import { testAdmin } from '@kv/db/testing';
import { fileKey, LocalFileStore } from '@kv/files';
import { centreInput, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { provisionCenterNow } from '../../provision-now.ts';
import { backupsToKeep, nextNightlyRun, runNightly } from './engine.ts';

const BACKUP_FIELDS = 'id status kind row_count table_count size_bytes checksum schema_version error';
const DRILL_FIELDS = 'id status tables_checked rows_checked mismatches { table } error database_name';

describe('backups, drills, restore in place, safeguarded delete', { timeout: 120_000 }, () => {
  let h: ControlPlaneHarness;
  let root: string;
  let files: LocalFileStore;
  let maple: { id: string; database_name: string | null };

  const admin = (q: string, v?: Record<string, unknown>) => h.gql(q, v, { token: h.tokens.admin });
  const centreDb = async (id: string) => {
    const row = await h.control.db('centers').where({ id }).first('database_name');
    return createKnex(h.centreDbUrl(row.database_name), { max: 1 });
  };
  const backup = async (id: string) => {
    const res = await admin(`mutation($c: ID!) { backupCenterDatabase(center_id: $c) { status message backup { ${BACKUP_FIELDS} } } }`, { c: id });
    expect(res.errors).toBeUndefined();
    await h.settle();
    const list = await admin(`query($c: ID!) { getCenterBackups(center_id: $c) { data { ${BACKUP_FIELDS} } paginatorInfo { total } } }`, { c: id });
    return list.data.getCenterBackups.data[0];
  };
  const drill = async (id: string, backupId?: string) => {
    const res = await admin(`mutation($c: ID!, $b: ID) { drillCenterBackup(center_id: $c, backup_id: $b) { drill { id status } } }`, { c: id, b: backupId });
    expect(res.errors).toBeUndefined();
    await h.settle();
    const list = await admin(`query($c: ID!) { getCenterDrills(center_id: $c) { data { ${DRILL_FIELDS} } } }`, { c: id });
    return list.data.getCenterDrills.data[0];
  };
  const hostStatus = async (slug: string) => (await h.directory.resolve(`${slug}.localhost`))?.status ?? null;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'kv-backups-'));
    files = new LocalFileStore({ root, secret: 'backup-test-secret' });
    h = await startControlPlane({ files, deleteGraceDays: 0 });
    maple = await provisionCenterNow(h.deps, centreInput('maple-bk'), h.actors.admin);
  }, 240_000);
  afterAll(async () => {
    await h.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses kvsupport and the signed-out on every admin operation, and names bad input by field', async () => {
    const ops: [string, Record<string, unknown>][] = [
      ['query($c: ID!) { getCenterBackups(center_id: $c) { paginatorInfo { total } } }', { c: maple.id }],
      ['query($c: ID!) { getCenterDrills(center_id: $c) { paginatorInfo { total } } }', { c: maple.id }],
      ['query($c: ID!) { getCenterRestores(center_id: $c) { paginatorInfo { total } } }', { c: maple.id }],
      ['query($c: ID!) { getDatabaseSnapshots(center_id: $c) { id } }', { c: maple.id }],
      ['mutation($c: ID!) { backupCenterDatabase(center_id: $c) { status } }', { c: maple.id }],
      ['mutation($c: ID!) { drillCenterBackup(center_id: $c) { status } }', { c: maple.id }],
      ['mutation($c: ID!) { restoreCenterDatabase(center_id: $c, backup_id: "1", confirm_hostname: "maple-bk.localhost") { status } }', { c: maple.id }],
      ['mutation($c: ID!) { undoDeleteCenter(id: $c) { status } }', { c: maple.id }],
      ['mutation($c: ID!) { deleteCenterDatabase(center_id: $c, confirm_hostname: "maple-bk.localhost") { status } }', { c: maple.id }],
      ['mutation($c: ID!) { deleteCenter(id: $c, confirm_hostname: "maple-bk.localhost") { status } }', { c: maple.id }],
    ];
    for (const [q, v] of ops) {
      expect((await h.gql(q, v, { token: h.tokens.kvsupport })).errors?.[0]?.extensions?.code, q).toBe('FORBIDDEN');
      expect((await h.gql(q, v)).errors?.[0]?.extensions?.code, q).toBe('UNAUTHENTICATED');
    }
    const bad: [string, Record<string, unknown>, string][] = [
      ['mutation($c: ID!) { backupCenterDatabase(center_id: $c) { status } }', { c: 'x1' }, 'center_id'],
      ['mutation($c: ID!, $b: ID) { drillCenterBackup(center_id: $c, backup_id: $b) { status } }', { c: maple.id, b: '-4' }, 'backup_id'],
      [
        'mutation($c: ID!, $h: String!) { restoreCenterDatabase(center_id: $c, backup_id: "1", confirm_hostname: $h) { status } }',
        { c: maple.id, h: '  ' },
        'confirm_hostname',
      ],
      ['query($c: ID!) { getCenterBackups(center_id: $c, first: 0) { paginatorInfo { total } } }', { c: maple.id }, 'first'],
      ['mutation($c: ID!, $h: String!) { deleteCenter(id: $c, confirm_hostname: $h) { status } }', { c: maple.id, h: '' }, 'confirm_hostname'],
    ];
    for (const [q, v, field] of bad) {
      const err = (await admin(q, v)).errors?.[0];
      expect(err?.extensions, q).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    // A drill with no finished backup, a backup of another centre, snapshots off RDS: typed refusals.
    expect((await admin('mutation($c: ID!) { drillCenterBackup(center_id: $c) { status } }', { c: maple.id })).errors?.[0]?.extensions).toMatchObject({
      code: 'BACKUP_NOT_FOUND',
      field: 'backup_id',
    });
    expect((await admin('query($c: ID!) { getDatabaseSnapshots(center_id: $c) { id } }', { c: maple.id })).errors?.[0]?.extensions?.code).toBe(
      'SNAPSHOTS_NOT_AVAILABLE',
    );
  });

  it('backs up, drills (every table matches) and restores in place: checksums match, the host answered 503 meanwhile', async () => {
    const db = await centreDb(maple.id);
    try {
      await db('settings').insert({ key: 'before-backup', value: JSON.stringify('kept') });
      await db('audit_log').insert({ action: 'probe.before', entity: 'probe', data: JSON.stringify({ text: 'line\nbreak\ttab \\ and ü' }) });
      const b = await backup(maple.id);
      expect(b).toMatchObject({ status: 'done', kind: 'manual', error: null });
      expect(b.table_count).toBeGreaterThan(20);
      expect(b.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(b.size_bytes).toBeGreaterThan(0);
      expect(b.schema_version).toMatch(/^\d{14}$/);
      const keys = await files.listCentre(maple.id);
      expect(keys.some((k) => k.endsWith('/manifest.json'))).toBe(true);
      expect(keys.filter((k) => k.endsWith('.copy.gz'))).toHaveLength(b.table_count);

      const d = await drill(maple.id, b.id);
      expect(d).toMatchObject({ status: 'passed', tables_checked: b.table_count, mismatches: [], error: null });
      expect(d.database_name).toMatch(new RegExp(`^restore_${maple.id}_\\d{17}$`));
      expect(await databaseExists(testAdmin(), d.database_name)).toBe(false);

      // After the backup the centre changes; a restore in place brings the backed-up rows back.
      const marker = `after-backup-${Date.now()}`;
      await db('settings').insert({ key: marker, value: JSON.stringify('x') });
      const before = await h.control.db('centers').where({ id: maple.id }).first('database_name');
      const seen: (string | null)[] = [];
      const watch = setInterval(() => void hostStatus('maple-bk').then((s) => seen.push(s)), 20);
      const res = await admin(
        `mutation($c: ID!, $b: ID!, $h: String!) { restoreCenterDatabase(center_id: $c, backup_id: $b, confirm_hostname: $h) { status restore { id status } } }`,
        { c: maple.id, b: b.id, h: 'MAPLE-BK.localhost.' },
      );
      expect(res.errors).toBeUndefined();
      await h.settle();
      clearInterval(watch);
      const restores = await admin(
        `query($c: ID!) { getCenterRestores(center_id: $c) { data { status step from_database to_database pre_backup_id drop_old_after error } } }`,
        { c: maple.id },
      );
      const r = restores.data.getCenterRestores.data[0];
      expect(r).toMatchObject({ status: 'done', step: 'done', from_database: before.database_name, error: null });
      expect(r.pre_backup_id).toBeTruthy();
      expect(new Date(r.drop_old_after).getTime() - Date.now()).toBeGreaterThan(13 * 86_400_000);
      expect(seen).toContain('maintenance');
      expect(await hostStatus('maple-bk')).toBe('active');
      const after = await h.control.db('centers').where({ id: maple.id }).first('database_name', 'maintenance');
      expect(after).toEqual({ database_name: r.to_database, maintenance: false });
      // The old database is kept (closed), the new one holds exactly the backup: a drill of the same backup against it.
      expect(await databaseExists(testAdmin(), before.database_name)).toBe(true);
      const restored = await centreDb(maple.id);
      try {
        expect(await restored('settings').where({ key: marker }).first()).toBeUndefined();
        expect(await restored('settings').where({ key: 'before-backup' }).first('value')).toEqual({ value: 'kept' });
        expect(await restored('audit_log').where({ action: 'probe.before' }).first('data')).toEqual({ data: { text: 'line\nbreak\ttab \\ and ü' } });
        // The restored database holds exactly the backup: a new backup of it has the same checksum.
        const again = await backup(maple.id);
        expect(again.checksum).toBe(b.checksum);
        // Sequences continue after the restored rows.
        await restored('settings').insert({ key: 'after-restore', value: JSON.stringify(1) });
      } finally {
        await restored.destroy();
      }
    } finally {
      await db.destroy();
    }
  });

  it('refuses a delete for each missing safeguard, naming it', async () => {
    const pine = await provisionCenterNow(h.deps, centreInput('pine-bk'), h.actors.admin);
    const del = (host: string) =>
      admin('mutation($c: ID!, $h: String!) { deleteCenter(id: $c, confirm_hostname: $h) { status center { status } } }', { c: pine.id, h: host });
    // Nothing in place: all three named.
    let err = (await del('wrong.localhost')).errors?.[0];
    expect(err?.extensions).toMatchObject({ code: 'DELETE_SAFEGUARD', missing: ['suspended', 'confirm_hostname', 'drill'], field: 'confirm_hostname' });
    expect(err?.message).toContain('suspended');
    // A drill passed, hostname right, but still active.
    await backup(pine.id);
    expect((await drill(pine.id)).status).toBe('passed');
    err = (await del('pine-bk.localhost')).errors?.[0];
    expect(err?.extensions).toMatchObject({ code: 'DELETE_SAFEGUARD', missing: ['suspended'] });
    // Suspended, drill fresh, hostname wrong.
    await admin('mutation($c: ID!) { suspendCenter(id: $c) { status } }', { c: pine.id });
    err = (await del('maple-bk.localhost')).errors?.[0];
    expect(err?.extensions).toMatchObject({ code: 'DELETE_SAFEGUARD', missing: ['confirm_hostname'] });
    // Suspended, hostname right, the drill older than 24 h.
    await h.control.db('center_backup_drills').where({ center_id: pine.id }).update({ finished_at: h.control.db.raw(`now() - interval '25 hours'`) });
    err = (await del('pine-bk.localhost')).errors?.[0];
    expect(err?.extensions).toMatchObject({ code: 'DELETE_SAFEGUARD', missing: ['drill'] });
    expect(await hostStatus('pine-bk')).toBe('suspended');
    expect(await h.control.db('centers').where({ id: pine.id }).first('status')).toEqual({ status: 'suspended' });
  });

  it('undoes a delete within the grace period: hostnames and database come back, the purge skips it', async () => {
    const fir = await provisionCenterNow(h.deps, centreInput('fir-bk'), h.actors.admin);
    await backup(fir.id);
    await drill(fir.id);
    await admin('mutation($c: ID!) { suspendCenter(id: $c) { status } }', { c: fir.id });
    h.rt.deleteGraceDays = 14;
    try {
      const res = await admin('mutation($c: ID!) { deleteCenter(id: $c, confirm_hostname: "fir-bk.localhost") { message center { status purge_after } } }', {
        c: fir.id,
      });
      expect(res.errors).toBeUndefined();
      expect(res.data.deleteCenter.center.status).toBe('deleted');
      expect(new Date(res.data.deleteCenter.center.purge_after).getTime() - Date.now()).toBeGreaterThan(13 * 86_400_000);
      expect(await hostStatus('fir-bk')).toBeNull();
      const conn = await testAdmin().raw('select datallowconn from pg_database where datname = ?', [fir.database_name]);
      expect(conn.rows[0].datallowconn).toBe(false);
      expect(await h.control.db('support_sessions').where({ center_id: fir.id }).whereNull('ended_at').count({ n: '*' })).toEqual([{ n: '0' }]);

      const undo = await admin('mutation($c: ID!) { undoDeleteCenter(id: $c) { message center { status purge_after } } }', { c: fir.id });
      expect(undo.errors).toBeUndefined();
      expect(undo.data.undoDeleteCenter.center).toEqual({ status: 'suspended', purge_after: null });
      expect(await hostStatus('fir-bk')).toBe('suspended');
      const open = await testAdmin().raw('select datallowconn from pg_database where datname = ?', [fir.database_name]);
      expect(open.rows[0].datallowconn).toBe(true);
      // The purge the delete queued comes due: it finds the centre undone and leaves it.
      await h.control.db('outbox').where({ name: 'drop-center-database' }).whereNull('dispatched_at').update({ available_at: h.control.db.fn.now() });
      await h.rt.kickOutbox();
      await h.settle();
      expect(await databaseExists(testAdmin(), fir.database_name!)).toBe(true);
      expect(await h.control.db('center_deletions').where({ center_id: fir.id }).first()).toBeUndefined();
      // Undo a second time: nothing to undo.
      expect((await admin('mutation($c: ID!) { undoDeleteCenter(id: $c) { status } }', { c: fir.id })).errors?.[0]?.extensions?.code).toBe(
        'CENTER_INVALID_STATE',
      );
    } finally {
      h.rt.deleteGraceDays = 0;
    }
  });

  it('purges after the grace period: hostname 404, database gone, centre/<id>/ empty, a deletion record', async () => {
    const oak = await provisionCenterNow(h.deps, centreInput('oak-bk'), h.actors.admin);
    await backup(oak.id);
    await drill(oak.id);
    await files.write(fileKey(oak.id, '0b7c3f0e-4a1c-4d6b-9a55-2f0b1c0d9e11', 'main'), Buffer.from('photo'), 'image/webp');
    expect((await files.listCentre(oak.id)).length).toBeGreaterThan(2);
    await admin('mutation($c: ID!) { suspendCenter(id: $c) { status } }', { c: oak.id });
    const res = await admin('mutation($c: ID!) { deleteCenter(id: $c, confirm_hostname: "oak-bk.localhost") { center { status } } }', { c: oak.id });
    expect(res.errors).toBeUndefined();
    await h.settle();
    expect(await hostStatus('oak-bk')).toBeNull();
    expect(await databaseExists(testAdmin(), oak.database_name!)).toBe(false);
    expect(await files.listCentre(oak.id)).toEqual([]);
    const record = await admin('query($c: ID!) { getCenter(id: $c) { status purged_at deletion { slug database_name objects_removed backups_removed } } }', {
      c: oak.id,
    });
    expect(record.data.getCenter.deletion).toMatchObject({ slug: 'oak-bk', database_name: oak.database_name, backups_removed: 1 });
    expect(record.data.getCenter.deletion.objects_removed).toBeGreaterThan(2);
    // Too late to undo.
    expect((await admin('mutation($c: ID!) { undoDeleteCenter(id: $c) { status } }', { c: oak.id })).errors?.[0]?.extensions?.code).toBe(
      'UNDO_WINDOW_OVER',
    );
  });

  it('deleteCenterDatabase purges at once behind the same safeguards', async () => {
    const elm = await provisionCenterNow(h.deps, centreInput('elm-bk'), h.actors.admin);
    const purge = () =>
      admin(
        'mutation($c: ID!) { deleteCenterDatabase(center_id: $c, confirm_hostname: "elm-bk.localhost") { message center { status } deletion { slug objects_removed } } }',
        { c: elm.id },
      );
    expect((await purge()).errors?.[0]?.extensions).toMatchObject({ code: 'DELETE_SAFEGUARD', missing: ['suspended', 'drill'] });
    await backup(elm.id);
    await drill(elm.id);
    await admin('mutation($c: ID!) { suspendCenter(id: $c) { status } }', { c: elm.id });
    const res = await purge();
    expect(res.errors).toBeUndefined();
    expect(res.data.deleteCenterDatabase).toMatchObject({ center: { status: 'deleted' }, deletion: { slug: 'elm-bk' } });
    expect(await databaseExists(testAdmin(), elm.database_name!)).toBe(false);
    expect(await files.listCentre(elm.id)).toEqual([]);
    expect(await hostStatus('elm-bk')).toBeNull();
  });

  it('keeps 7 daily, 4 weekly and 12 monthly backups; the nightly run backs up, prunes, drills and queues the next night', async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 10, 27, 3) - n * 86_400_000);
    const backups = Array.from({ length: 400 }, (_, n) => ({ id: String(n), created_at: day(n) }));
    const keep = backupsToKeep(backups);
    for (let n = 0; n < 7; n++) expect(keep.has(String(n))).toBe(true);
    expect(keep.size).toBeLessThanOrEqual(7 + 4 + 12);
    expect(keep.size).toBeGreaterThanOrEqual(12);
    expect(keep.has('399')).toBe(false);
    expect(nextNightlyRun(new Date('2026-11-27T01:00:00Z')).toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(nextNightlyRun(new Date('2026-11-27T02:00:00Z')).toISOString()).toBe('2026-11-28T02:00:00.000Z');

    const before = Number((await h.control.db('center_backups').where({ center_id: maple.id, kind: 'nightly' }).count({ n: '*' }))[0]!.n);
    const result = await runNightly(h.rt);
    expect(result.failed).toBe(0);
    expect(result.backups).toBeGreaterThanOrEqual(2);
    expect(result.drills).toBeGreaterThanOrEqual(1);
    expect(Number((await h.control.db('center_backups').where({ center_id: maple.id, kind: 'nightly' }).count({ n: '*' }))[0]!.n)).toBe(before + 1);
    const next = await h.control.db('outbox').where({ name: 'nightly-backups' }).whereNull('dispatched_at').pluck('available_at');
    expect(next.some((at: Date) => at.getTime() > Date.now())).toBe(true);
  });
});
