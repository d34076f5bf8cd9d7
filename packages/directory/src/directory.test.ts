// @services Redis: the directory's shared cache and pub/sub invalidation
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@kv/db/testing';
import { createTenantDirectory, type TenantDirectory } from './directory.ts';
import { encryptSecret } from './crypto.ts';

const SECRET = 'a-test-platform-secret-of-32-chars-or-more';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { warn: () => undefined };

async function redisReachable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
const redisUp = await redisReachable();

async function waitFor(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('tenant directory', () => {
  let t: TestDatabase;
  let demoId: string;
  let closedId: string;
  let serverId: string;
  const dirs: TenantDirectory[] = [];
  const redises: Redis[] = [];
  const make = (extra: Partial<Parameters<typeof createTenantDirectory>[0]> = {}) => {
    const d = createTenantDirectory({ controlDb: t.db, platformDomain: 'localhost', secret: SECRET, log: quiet, ...extra });
    dirs.push(d);
    return d;
  };

  beforeAll(async () => {
    t = await createTestDatabase('controlPlane', 'dir');
    [{ id: serverId }] = await t
      .db('database_servers')
      .insert({
        name: 'local',
        kind: 'embedded',
        host: '127.0.0.1',
        port: 5999,
        admin_user: 'kv admin',
        password_encrypted: encryptSecret('p@ss:w/rd', SECRET),
      })
      .returning('id');
    [{ id: demoId }] = await t
      .db('centers')
      .insert({
        name: 'Demo Centre',
        slug: 'demo',
        status: 'active',
        on_trial: true,
        trial_start_date: '2026-01-01',
        trial_days: 30,
        database_server_id: serverId,
        database_name: 'kv_c_demo',
        schema_version: '20261122000200',
      })
      .returning('id');
    [{ id: closedId }] = await t
      .db('centers')
      .insert({ name: 'Closed', slug: 'closed', status: 'suspended', kind: 'petcare', language_pack: 'dogs' })
      .returning('id');
    const [{ id: goneId }] = await t.db('centers').insert({ name: 'Gone', slug: 'gone', status: 'deleted' }).returning('id');
    await t.db('server_domains').insert([
      { center_id: demoId, domain: 'demo.localhost', kind: 'subdomain' },
      { center_id: demoId, domain: 'sunny.localhost', kind: 'previous' },
      { center_id: demoId, domain: 'care.example.com', kind: 'custom' },
      { center_id: demoId, domain: 'old-custom.example.com', kind: 'custom', status: 'disabled' },
      { center_id: goneId, domain: 'gone.example.com', kind: 'custom' },
    ]);
  });

  afterAll(async () => {
    await Promise.all(dirs.map((d) => d.close()));
    redises.forEach((r) => r.disconnect());
    await t.drop();
  });

  it('resolves every spelling of a centre host to the same entry', async () => {
    const dir = make();
    const entry = await dir.resolve('DEMO.localhost');
    expect(entry).toEqual({
      id: String(demoId),
      slug: 'demo',
      name: 'Demo Centre',
      kind: 'childcare',
      language_pack: 'default',
      status: 'active',
      on_trial: true,
      trial_ends_on: '2026-01-31',
      billing_method: 'card',
      database_server_id: String(serverId),
      database_name: 'kv_c_demo',
      schema_version: '20261122000200',
      offline_sites: [],
    });
    expect(await dir.resolve('demo.localhost:3000')).toEqual(entry);
    expect(await dir.resolve('demo.localhost.')).toEqual(entry);
    expect(await dir.resolve('care.example.com')).toEqual(entry);
  });

  it('answers null for unknown, malformed, disabled and offboarded hosts', async () => {
    const dir = make();
    expect(await dir.resolve('nobody.localhost')).toBeNull();
    expect(await dir.resolve('demo.localhost/x')).toBeNull();
    expect(await dir.resolve(undefined)).toBeNull();
    expect(await dir.resolve('old-custom.example.com')).toBeNull();
    expect(await dir.resolve('gone.localhost')).toBeNull();
    expect(await dir.resolve('gone.example.com')).toBeNull();
    expect(await dir.resolve('demo.other-platform.com')).toBeNull();
  });

  it('falls back to a previous subdomain, and a current slug wins over it', async () => {
    const dir = make();
    expect((await dir.resolve('sunny.localhost'))?.id).toBe(String(demoId));
    const [{ id: sunnyId }] = await t.db('centers').insert({ name: 'New Sunny', slug: 'sunny', status: 'active' }).returning('id');
    await dir.invalidate();
    expect((await dir.resolve('sunny.localhost'))?.id).toBe(String(sunnyId));
    await t.db('centers').where({ id: sunnyId }).update({ status: 'deleted' });
    await dir.invalidate();
    expect((await dir.resolve('sunny.localhost'))?.id).toBe(String(demoId));
  });

  it('returns a suspended centre with its status (the caller picks the answer)', async () => {
    const entry = await make().resolve('closed.localhost');
    expect(entry).toMatchObject({
      id: String(closedId),
      status: 'suspended',
      kind: 'petcare',
      language_pack: 'dogs',
      on_trial: false,
      trial_ends_on: null,
      database_name: null,
    });
  });

  it('caches in process and forgets on invalidate (misses included)', async () => {
    const dir = make({ ttlMs: 60_000 });
    expect(await dir.resolve('late.localhost')).toBeNull();
    const [{ id: lateId }] = await t.db('centers').insert({ name: 'Late', slug: 'late', status: 'provisioning' }).returning('id');
    expect(await dir.resolve('late.localhost')).toBeNull(); // the miss is cached
    await dir.invalidate(String(lateId));
    expect((await dir.resolve('late.localhost'))?.status).toBe('provisioning');
    await t.db('centers').where({ id: lateId }).update({ status: 'active' });
    expect((await dir.resolve('late.localhost'))?.status).toBe('provisioning');
    await dir.invalidate(String(lateId));
    expect((await dir.resolve('late.localhost'))?.status).toBe('active');
  });

  it('shares one database query between concurrent first lookups', async () => {
    const dir = make();
    const seen: string[] = [];
    const listener = (q: { sql: string }) => seen.push(q.sql);
    t.db.on('query', listener);
    const results = await Promise.all(Array.from({ length: 10 }, () => dir.resolve('demo.localhost')));
    t.db.off('query', listener);
    expect(new Set(results.map((r) => r?.id))).toEqual(new Set([String(demoId)]));
    expect(seen.filter((s) => s.includes('server_domains'))).toHaveLength(1);
  });

  it('builds the centre database URL from the encrypted server password', async () => {
    const dir = make();
    const entry = (await dir.resolve('demo.localhost'))!;
    const url = new URL(await dir.connectionUrl(entry));
    expect(decodeURIComponent(url.username)).toBe('kv admin');
    expect(decodeURIComponent(url.password)).toBe('p@ss:w/rd');
    expect(url.host).toBe('127.0.0.1:5999');
    expect(url.pathname).toBe('/kv_c_demo');
    expect(new URL(await dir.serverUrl(String(serverId))).pathname).toBe('/postgres');
    await expect(dir.connectionUrl({ database_server_id: null, database_name: null })).rejects.toThrow(/no database/);
    const wrongKey = make({ secret: 'another-platform-secret-of-32-chars-xx' });
    await expect(wrongKey.connectionUrl(entry)).rejects.toThrow(/tampered/);
  });

  it('keeps answering from the database when Redis is unreachable', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    dead.on('error', () => undefined);
    redises.push(dead);
    const dir = make({ redis: dead });
    expect((await dir.resolve('demo.localhost'))?.id).toBe(String(demoId));
    await dir.invalidate(String(demoId));
    expect((await dir.resolve('demo.localhost'))?.id).toBe(String(demoId));
  });

  describe.skipIf(!redisUp)('with Redis', () => {
    const prefix = `kvtest:directory:${randomBytes(4).toString('hex')}`;
    const redis = () => {
      const r = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      redises.push(r);
      return r;
    };

    afterAll(async () => {
      const r = redis();
      const keys = await r.keys(`${prefix}:*`);
      if (keys.length) await r.del(...keys);
    });

    it('publishes entries to the shared hash without any secret', async () => {
      const r = redis();
      await waitFor(async () => r.status === 'ready');
      const dir = make({ redis: r, redisPrefix: prefix });
      await dir.resolve('demo.localhost:8080');
      const stored = await r.hgetall(`${prefix}:host:demo.localhost`);
      expect(stored.center_id).toBe(String(demoId));
      expect(JSON.parse(stored.entry!)).toMatchObject({ id: String(demoId), slug: 'demo', database_name: 'kv_c_demo' });
      expect(stored.entry).not.toMatch(/password|p@ss/);
      expect(await r.smembers(`${prefix}:centre:${demoId}`)).toContain('demo.localhost');

      // A second process is served from Redis, without touching the database.
      const other = make({ redis: r, redisPrefix: prefix });
      let queries = 0;
      const count = () => queries++;
      t.db.on('query', count);
      expect((await other.resolve('DEMO.localhost'))?.id).toBe(String(demoId));
      t.db.off('query', count);
      expect(queries).toBe(0);
    });

    it('an invalidation in one process clears the LRU of another through pub/sub', async () => {
      const a = make({ redis: redis(), redisPrefix: prefix, ttlMs: 60_000 });
      const b = make({ redis: redis(), redisPrefix: prefix, ttlMs: 60_000 });
      await b.subscribe();
      await a.subscribe();
      expect((await b.resolve('closed.localhost'))?.status).toBe('suspended');
      await t.db('centers').where({ id: closedId }).update({ status: 'active', name: 'Reopened' });
      expect((await b.resolve('closed.localhost'))?.status).toBe('suspended'); // still cached in b
      await a.invalidate(String(closedId));
      await waitFor(async () => (await b.resolve('closed.localhost'))?.status === 'active');
      expect((await b.resolve('closed.localhost'))?.name).toBe('Reopened');
      expect((await a.resolve('closed.localhost'))?.name).toBe('Reopened');
    });
  });
});
