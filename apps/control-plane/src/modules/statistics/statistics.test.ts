import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@kv/db';
import { centreInput, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { provisionCenterNow, settleJobs } from '../../provision-now.ts';
import type { CenterRow } from '../centres/repo.ts';
import { collectCenterStatistics, nextNightlyRun } from './collect.ts';

const STATS = `query($c: ID) { getCenterStatistics(center_id: $c) {
  data { center_id name children staff families locations files storage_bytes database_bytes last_activity_at error collected_at }
  paginatorInfo { total }
  totals { centers children staff families locations files storage_bytes database_bytes } } }`;

describe('centre statistics (nightly read-only fan-out)', () => {
  let h: ControlPlaneHarness;
  let pine: CenterRow;
  let fir: CenterRow;
  let pineDb: Knex;

  beforeAll(async () => {
    h = await startControlPlane();
    pine = await provisionCenterNow(h.deps, centreInput('pine'), h.actors.admin);
    fir = await provisionCenterNow(h.deps, centreInput('fir'), h.actors.admin);
    pineDb = createKnex(h.centreDbUrl(pine.database_name!), { max: 1 });
    // Two teachers (one inactive), a location, and a ready file of 2 KB in pine.
    const [teacher] = await pineDb('roles').where({ name: 'teacher' }).select('id');
    const users = await pineDb('users')
      .insert([
        { fname: 'Tia', lname: 'Teacher', username: 'tia', email: 'tia@example.test', status: true },
        { fname: 'Ida', lname: 'Inactive', username: 'ida', email: 'ida@example.test', status: false },
      ])
      .returning('id');
    await pineDb('user_roles').insert(users.map((u: { id: string }) => ({ user_id: u.id, role_id: teacher.id })));
    await pineDb('locations').insert({ name: 'Pine Main' });
    await pineDb('audit_log').insert({ action: 'location.create', entity: 'location', data: '{}' });
  }, 180_000);
  afterAll(async () => {
    await pineDb.destroy();
    await h.close();
  }, 180_000);

  it('runs nightly at 02:00 UTC', () => {
    expect(nextNightlyRun(new Date('2026-11-27T01:59:00Z')).toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(nextNightlyRun(new Date('2026-11-27T02:00:00Z')).toISOString()).toBe('2026-11-28T02:00:00.000Z');
  });

  it('stores each active centre\'s figures and totals; the API answers from the control DB alone', async () => {
    expect((await h.gql(STATS, {}, { token: h.tokens.admin })).data.getCenterStatistics.paginatorInfo.total).toBe(0);
    expect(await collectCenterStatistics(h.rt)).toEqual({ centres: 2, failed: 0 });
    const res = await h.gql(STATS, { c: pine.id }, { token: h.tokens.admin });
    expect(res.errors).toBeUndefined();
    const [row] = res.data.getCenterStatistics.data;
    expect(row).toMatchObject({ center_id: pine.id, name: pine.name, children: 0, staff: 1, locations: 1, files: 0, error: null });
    expect(row.database_bytes).toBeGreaterThan(1_000_000);
    expect(row.last_activity_at).not.toBeNull();
    const all = await h.gql(STATS, {}, { token: h.tokens.admin });
    const totals = all.data.getCenterStatistics.totals;
    expect(totals.centers).toBe(2);
    expect(totals.staff).toBe(1);
    expect(totals.locations).toBeGreaterThanOrEqual(1);
    expect(totals.database_bytes).toBe(all.data.getCenterStatistics.data.reduce((n: number, r: { database_bytes: number }) => n + r.database_bytes, 0));

    // Point fir at a database that does not exist: the screen's query still answers, from what was stored.
    await h.control.db('centers').where({ id: fir.id }).update({ database_name: 'kv_no_such_database' });
    await h.directory.invalidate(fir.id);
    h.rt.pools.evict(fir.id);
    const stored = await h.gql(STATS, { c: fir.id }, { token: h.tokens.admin });
    expect(stored.data.getCenterStatistics.data[0]).toMatchObject({ center_id: fir.id, error: null });
    // The next run notes the error and keeps the last figures; the others are read as usual.
    expect(await collectCenterStatistics(h.rt)).toEqual({ centres: 2, failed: 1 });
    const after = (await h.gql(STATS, { c: fir.id }, { token: h.tokens.admin })).data.getCenterStatistics.data[0];
    expect(after).toMatchObject({ error: 'The centre database did not answer.', database_bytes: stored.data.getCenterStatistics.data[0].database_bytes });
    await h.control.db('centers').where({ id: fir.id }).update({ database_name: fir.database_name });
    await h.directory.invalidate(fir.id);
  });

  it('is for admins only, and names a bad argument', async () => {
    expect((await h.gql(STATS, {}, { token: h.tokens.kvsupport })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await h.gql(STATS, {}, { token: null })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await h.gql(STATS, { c: 'nope' }, { token: h.tokens.admin })).errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'center_id',
    });
  });

  it('the job is on the queue: a run queued through the outbox stores the figures', async () => {
    await h.control.db('center_statistics').del();
    await h.rt.queue.enqueue('control-plane', 'collect-center-statistics', { centreId: null });
    await settleJobs(h.rt);
    expect(await h.control.db('center_statistics').count({ n: '*' })).toEqual([{ n: '2' }]);
  });
});
