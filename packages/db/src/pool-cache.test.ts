// @services PostgreSQL server: pool plans from max_connections, connections the server terminates
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testAdmin, testAdminUrl } from './testing.ts';
import { databaseExists, dropDatabase } from './admin.ts';
import { PoolCache, poolPlan } from './pool-cache.ts';

/** Backends Postgres has open for one centre pool (its application_name). */
const backends = async (key: string) => {
  const r = await testAdmin().raw('select count(*)::int as n from pg_stat_activity where application_name = ?', [`kv:${key}`]);
  return r.rows[0].n as number;
};

describe('PoolCache connections', () => {
  const cache = new PoolCache({ max: 3, idleTimeoutMs: 200, maxOpenPools: 10, idleEvictMs: 60_000 });
  afterAll(() => cache.closeAll());

  it('keeps one warm connection per live centre pool, closes the idle extras, and closes the last on eviction', async () => {
    const key = `pooltest${process.pid}`;
    const db = cache.get(key, testAdminUrl());
    // Three queries at once open three connections.
    await Promise.all([1, 2, 3].map(() => db.raw('select pg_sleep(0.05)')));
    expect(await backends(key)).toBe(3);
    // Past the idle timeout (and tarn's 1 s reap interval) the extras close and one stays warm.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await backends(key)).toBe(1);
    await db.raw('select 1'); // served by the warm connection: nothing new opens
    expect(await backends(key)).toBe(1);
    expect(cache.openKeys()).toEqual([key]);
    cache.evict(key);
    expect(cache.openKeys()).toEqual([]);
    await cache.closeAll();
    await new Promise((r) => setTimeout(r, 200));
    expect(await backends(key)).toBe(0);
  });
});

describe('PoolCache dead connections', () => {
  const cache = new PoolCache({ max: 2, maxOpenPools: 10, idleEvictMs: 60_000 });
  afterAll(() => cache.closeAll());
  const terminate = (key: string) =>
    testAdmin().raw('select pg_terminate_backend(pid) from pg_stat_activity where application_name = ?', [`kv:${key}`]);
  const pids = async (key: string): Promise<number[]> =>
    (await testAdmin().raw('select pid from pg_stat_activity where application_name = ?', [`kv:${key}`])).rows.map(
      (r: { pid: number }) => r.pid,
    );

  it('replaces a connection the server terminated before the next query needs it', async () => {
    const key = `pooldead${process.pid}`;
    const db = cache.get(key, testAdminUrl());
    const before = (await db.raw('select pg_backend_pid() as pid')).rows[0].pid;
    await terminate(key);
    for (let i = 0; i < 40 && !(await pids(key)).some((p) => p !== before); i++) await new Promise((r) => setTimeout(r, 25));
    const live = await pids(key);
    expect(live).toHaveLength(1);
    expect(live[0]).not.toBe(before);
    // The query runs on the replacement: no error and no further connection.
    expect((await db.raw('select pg_backend_pid() as pid')).rows[0].pid).toBe(live[0]);
    expect(await pids(key)).toEqual(live);
  });

  it('a pool that reconnects at once does not keep its database from being dropped', async () => {
    const t = await createTestDatabase('tenant', 'dropme');
    await t.db.destroy();
    const key = `pooldrop${process.pid}`;
    await cache.get(key, t.url).raw('select 1');
    await dropDatabase(testAdmin(), t.name);
    expect(await databaseExists(testAdmin(), t.name)).toBe(false);
    cache.evict(key);
  });
});

describe('PoolCache eviction', () => {
  it('lets queries of a pool evicted for room finish, then closes it', async () => {
    const small = new PoolCache({ max: 1, maxOpenPools: 1, idleEvictMs: 60_000 });
    const a = `pooltesta${process.pid}`;
    // Promise.resolve starts a knex query (a builder runs when it is awaited).
    const slow = Promise.resolve(small.get(a, testAdminUrl()).raw('select pg_sleep(0.3) as done'));
    const queued = Promise.resolve(small.get(a, testAdminUrl()).raw('select 1 as n')); // waits for the one connection
    await new Promise((r) => setTimeout(r, 50));
    await small.get(`pooltestb${process.pid}`, testAdminUrl()).raw('select 1'); // evicts a's pool
    await expect(slow).resolves.toBeTruthy();
    await expect(queued).resolves.toBeTruthy();
    await new Promise((r) => setTimeout(r, 200));
    expect(await backends(a)).toBe(0);
    await small.closeAll();
  });
});

describe('PoolCache graceful evict', () => {
  it('lets a flushed pool finish its running queries while the next request opens a new pool', async () => {
    const cache = new PoolCache({ max: 1, maxOpenPools: 5, idleEvictMs: 60_000 });
    const key = `pooltestc${process.pid}`;
    const old = cache.get(key, testAdminUrl());
    const slow = Promise.resolve(old.raw('select pg_sleep(0.3) as done'));
    await new Promise((r) => setTimeout(r, 50));
    cache.evict(key, { graceful: true });
    const fresh = cache.get(key, testAdminUrl());
    expect(fresh).not.toBe(old);
    await expect(fresh.raw('select 1 as n')).resolves.toBeTruthy();
    // A request that took the old pool before the flush runs its next query on it.
    await expect(Promise.resolve(old.raw('select 2 as n'))).resolves.toBeTruthy();
    await expect(slow).resolves.toBeTruthy();
    await new Promise((r) => setTimeout(r, 200));
    expect(await backends(key)).toBe(1); // the new pool's warm connection; the old pool closed
    await cache.closeAll();
  });
});

describe('poolPlan', () => {
  it('keeps every centre pool together under max_connections, with room for the control plane', () => {
    for (const max of [20, 100, 400, 500, 1000, 5000]) {
      const plan = poolPlan(max);
      expect(plan.max * plan.maxOpenPools).toBeLessThanOrEqual(Math.max(4, max - 40));
      expect(plan.maxOpenPools).toBeGreaterThan(0);
    }
    expect(poolPlan(100)).toEqual({ max: 2, maxOpenPools: 30 });
    expect(poolPlan(500)).toEqual({ max: 2, maxOpenPools: 230 });
    expect(poolPlan(1000)).toEqual({ max: 4, maxOpenPools: 240 });
  });
});
