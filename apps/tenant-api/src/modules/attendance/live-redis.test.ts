// @services Redis: live updates fan out across two tenant-api instances (mqemitter-redis), and both share the sign-in throttles
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { deletePrefix, redisReachable, uniquePrefix } from '@kv/jobs/testing';
import { buildTenantApp } from '../../app.ts';
import { createThrottles } from '../../plugins/app/throttles.ts';
import { createHarness, PASSWORD, seedUser, type Harness } from '../../test/harness.ts';
import { setupAttendance, type AttendanceSetup } from './test-fixtures.ts';
import { buildLiveApp, subscribe } from './live-client.ts';
import { attendanceTopic } from './live.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisUp = await redisReachable(REDIS_URL);
if (!redisUp) console.warn(`live-redis.test.ts skipped: no Redis answers at ${REDIS_URL} (set REDIS_URL to run it)`);

const HOST = 'a.test.localhost';
const ATT = 'subscription($l: ID!) { attendanceChanged(location_id: $l) { location_id kind type student_id } }';
const SAVE = 'mutation($st: [ID!]!, $a: CheckInAction) { saveStudentCheckInOut(students: $st, action: $a) { status message } }';

// Two server instances (two processes in production) sharing one Redis: a check-in on one reaches
// subscribers connected to the other (mqemitter-redis), and never subscribers of another centre.
describe.skipIf(!redisUp)('live updates across two tenant-api instances through Redis', () => {
  let h: Harness;
  let s: AttendanceSetup;
  let one: FastifyInstance;
  let two: FastifyInstance;
  const clients: Redis[] = [];

  beforeAll(async () => {
    h = await createHarness();
    s = await setupAttendance(h, h.centres[0]!);
    const redisFor = () => {
      const r = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      clients.push(r);
      return r;
    };
    one = await buildLiveApp({ ...h.deps, redis: redisFor() });
    two = await buildLiveApp({ ...h.deps, redis: redisFor() });
  });
  afterAll(async () => {
    // The subscriptions' unsubscribes reach Redis after their sockets close: closing the emitter's
    // connections first would leave those commands rejected with nobody listening.
    await new Promise((r) => setTimeout(r, 500));
    await one?.close();
    await two?.close();
    await Promise.all(clients.map((r) => r.quit().catch(() => undefined)));
    await h?.close();
  });

  it('a check-in on instance one is heard by a subscriber on instance two', async () => {
    const onTwo = subscribe(two, HOST, s.tokens.teacher, ATT, { l: s.X });
    const otherCentre = subscribe(two, 'b.test.localhost', (await setupAttendance(h, h.centres[1]!, 'b')).tokens.owner, ATT, { l: s.X });
    await Promise.all([onTwo.ready, otherCentre.ready]);
    // The subscription is acknowledged before instance two's SUBSCRIBE reaches Redis: a check-in
    // published in between would be heard by nobody. Wait until Redis counts the subscriber.
    const topic = attendanceTopic(h.centres[0]!.entry.id, s.X);
    for (let waited = 0; ; waited += 20) {
      const [, subscribers] = (await clients[0]!.pubsub('NUMSUB', topic)) as [string, number];
      if (Number(subscribers) > 0) break;
      if (waited > 5000) throw new Error(`no Redis subscriber on ${topic}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await one.inject({
      method: 'POST',
      url: '/graphql',
      headers: { host: HOST, 'content-type': 'application/json', authorization: `Bearer ${s.tokens.teacher}` },
      payload: { query: SAVE, variables: { st: [s.kids.ana], a: 'check_in' } },
    });
    expect(JSON.parse(res.body).data.saveStudentCheckInOut.status).toBe(true);
    const [event] = await onTwo.next(1, 5000);
    expect(event?.attendanceChanged).toEqual({ location_id: s.X, kind: 'student', type: 'check_in', student_id: s.kids.ana });
    await new Promise((r) => setTimeout(r, 300));
    expect(otherCentre.events).toEqual([]);
    onTwo.close();
    otherCentre.close();
  });
});

// The same two instances' sign-in throttles: counted in Redis, so failures on one count on the other.
describe.skipIf(!redisUp)('sign-in throttles shared by two tenant-api instances through Redis', () => {
  let h: Harness;
  const apps: FastifyInstance[] = [];
  const clients: Redis[] = [];
  const keyPrefix = `${uniquePrefix()}:throttle`;

  beforeAll(async () => {
    h = await createHarness();
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      // No subscriptions here: only the throttles speak to Redis.
      apps.push(await buildTenantApp({ ...h.deps }, { throttles: createThrottles(redis, { keyPrefix }), rateLimitMax: 1_000_000 }));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await deletePrefix(keyPrefix, REDIS_URL);
    await Promise.all(clients.map((r) => r.quit().catch(() => undefined)));
    await h?.close();
  });

  const login = async (app: FastifyInstance, username: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { host: HOST, 'content-type': 'application/json' },
      payload: {
        query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { status } }',
        variables: { u: username, p: password },
      },
    });
    return JSON.parse(res.body) as { data?: { login: { status: boolean } }; errors?: { extensions?: { code?: string } }[] };
  };

  it('five wrong passwords spread over both instances block the account on both; successes spend nothing', async () => {
    await seedUser(h.centres[0]!, { username: 'shared-parent' });
    await seedUser(h.centres[0]!, { username: 'other-parent' });
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    // Correct passwords on both instances, many times over: nothing counted.
    for (let i = 0; i < 8; i++) expect((await login(i % 2 ? one : two, 'other-parent', PASSWORD)).data?.login.status).toBe(true);
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? one : two, 'shared-parent', 'wrong guess')).data?.login.status).toBe(false);
    for (const app of [one, two]) expect((await login(app, 'shared-parent', PASSWORD)).errors?.[0]?.extensions?.code).toBe('THROTTLED');
    expect((await login(two, 'other-parent', PASSWORD)).data?.login.status).toBe(true);
  });
});
