// @services Redis (optional): the same rule in Redis, shared by two clients as by two processes
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { redisReachable } from '@kv/jobs/testing';
import { createFailureBudget, type FailureBudget, type FailureBudgetOptions, type Reservation } from './failure-budget.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisReachable(REDIS_URL);

function clock(start = 1_800_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const RULE = { windowSec: 900, free: 3, delay: { baseSec: 1, maxSec: 4 }, limit: 8, blockSec: 1200 };

async function taken(b: FailureBudget, key: string): Promise<Reservation> {
  const r = await b.take(key);
  if (!r.allowed) throw new Error(`refused: ${r.retryAfterMs} ms`);
  return r.reservation;
}

const suites: [string, (o: Omit<FailureBudgetOptions, 'keyPrefix'>) => FailureBudget][] = [
  ['in memory', (o) => createFailureBudget({ ...o, keyPrefix: 'fb' })],
];
const clients: Redis[] = [];
if (redisUp) {
  const prefix = `test:fb:${process.pid}:${Date.now()}`;
  suites.push([
    'in Redis',
    (o) => {
      const r = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      clients.push(r);
      return createFailureBudget({ ...o, redis: r, keyPrefix: `${prefix}:${clients.length}` });
    },
  ]);
}
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit()));
});

describe.each(suites)('failure budget %s', (_name, make) => {
  it('never spends a point on an attempt that did not fail', async () => {
    const c = clock();
    const b = make({ ...RULE, now: c.now });
    for (let i = 0; i < 100; i++) await b.refund(await taken(b, 'k'));
    expect((await b.take('k')).allowed).toBe(true);
  });

  it('lets the free failures through, then delays each attempt more, then blocks', async () => {
    const c = clock();
    const b = make({ ...RULE, now: c.now });
    for (let i = 0; i < 3; i++) await b.fail(await taken(b, 'k'));
    // The 4th attempt waits 1 s after the last failure, the 5th 2 s, then 4 s (the most).
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await b.take('k');
      expect(r.allowed).toBe(false);
      const wait = (r as { retryAfterMs: number }).retryAfterMs;
      waits.push(wait);
      c.advance(wait - 1);
      expect((await b.take('k')).allowed).toBe(false);
      c.advance(1);
      await b.fail(await taken(b, 'k'));
    }
    expect(waits).toEqual([1000, 2000, 4000, 4000, 4000]);
    // 8 failures: blocked for 20 minutes from the last one, even once the delay has passed.
    c.advance(10_000);
    const blocked = await b.take('k');
    expect(blocked).toEqual({ allowed: false, retryAfterMs: 1_200_000 - 10_000 });
    c.advance(1_200_000 - 10_000);
    expect((await b.take('k')).allowed).toBe(true);
    // Another key never noticed.
    expect((await b.take('other')).allowed).toBe(true);
  });

  it('counts a point taken and not yet settled, so parallel attempts cannot pass the limit', async () => {
    const c = clock();
    const b = make({ ...RULE, free: 8, delay: undefined, now: c.now });
    const answers = await Promise.all(Array.from({ length: 12 }, () => b.take('k')));
    expect(answers.filter((a) => a.allowed)).toHaveLength(8);
    const refused = answers.find((a) => !a.allowed) as { retryAfterMs: number };
    expect(refused.retryAfterMs).toBe(900_000);
  });

  it('starts afresh when the window is over; reset forgets the key', async () => {
    const c = clock();
    const b = make({ ...RULE, now: c.now });
    for (let i = 0; i < 3; i++) await b.fail(await taken(b, 'k'));
    expect((await b.take('k')).allowed).toBe(false);
    c.advance(900_000);
    const fresh = await taken(b, 'k');
    await b.fail(fresh);
    await b.fail(await taken(b, 'k'));
    await b.fail(await taken(b, 'k'));
    expect((await b.take('k')).allowed).toBe(false);
    await b.reset('k');
    expect((await b.take('k')).allowed).toBe(true);
  });
});

describe.skipIf(!redisUp)('failure budget shared through Redis', () => {
  it('two clients (two processes) spend one budget', async () => {
    const c = clock();
    const prefix = `test:fb-shared:${process.pid}:${Date.now()}`;
    const one = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const two = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    clients.push(one, two);
    const a = createFailureBudget({ ...RULE, delay: undefined, free: 4, limit: 4, redis: one, keyPrefix: prefix, now: c.now });
    const b = createFailureBudget({ ...RULE, delay: undefined, free: 4, limit: 4, redis: two, keyPrefix: prefix, now: c.now });
    await a.fail(await taken(a, 'k'));
    await b.fail(await taken(b, 'k'));
    await a.fail(await taken(a, 'k'));
    await b.fail(await taken(b, 'k'));
    expect((await a.take('k')).allowed).toBe(false);
    expect((await b.take('k')).allowed).toBe(false);
  });
});
