// @services Redis: the funnel's throttles counted in Redis, shared by two workers as by two processes
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { redisReachable } from '@kv/jobs/testing';
import { startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { runtimeFor, type ControlPlaneRuntime } from '../../deps.ts';
import type { Actor } from '../../access.ts';
import { SIGNUP_THROTTLES } from './policy.ts';
import { createSignupService, type SignupService } from './service.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisReachable(REDIS_URL);

async function code(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return 'OK';
  } catch (e) {
    return (e as { code?: string }).code;
  }
}

describe.skipIf(!redisUp)('sign-up throttles in Redis', () => {
  let h: ControlPlaneHarness;
  const clients: Redis[] = [];
  const runtimes: ControlPlaneRuntime[] = [];
  let a: SignupService;
  let b: SignupService;
  /** An address of this run only: the counts outlive the test in Redis. */
  const guest: Actor = { viewer: null, ip: `198.51.100.${process.pid % 250}:${Date.now()}` };

  beforeAll(async () => {
    h = await startControlPlane();
    // Two workers: their own runtime and Redis client each, one control database and one Redis.
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      runtimes.push(runtimeFor({ ...h.deps, redis }));
    }
    a = createSignupService(runtimes[0]!);
    b = createSignupService(runtimes[1]!);
  });
  afterAll(async () => {
    await Promise.all(runtimes.map((rt) => rt.close()));
    await Promise.all(clients.map((c) => c.quit()));
    await h?.close();
  });

  it('spends one budget per address across two service instances', async () => {
    const { points } = SIGNUP_THROTTLES.startIp;
    // Each attempt is charged before its input is read: bad input spends the budget too.
    for (let i = 0; i < points; i++) expect(await code((i % 2 ? b : a).startCustomerSignup(guest, {}))).toBe('BAD_USER_INPUT');
    // Each instance alone has seen half the budget; together they have seen all of it.
    expect(await code(a.startCustomerSignup(guest, {}))).toBe('THROTTLED');
    expect(await code(b.startCustomerSignup(guest, {}))).toBe('THROTTLED');
    // A fresh instance (a restart) still finds the count.
    runtimes.push(runtimeFor({ ...h.deps, redis: clients[0]! }));
    const restarted = createSignupService(runtimes[2]!);
    expect(await code(restarted.startCustomerSignup(guest, {}))).toBe('THROTTLED');
    // Another address has its own budget.
    expect(await code(a.startCustomerSignup({ viewer: null, ip: `${guest.ip}:other` }, {}))).toBe('BAD_USER_INPUT');
  });
});
