import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@kv/auth';
import { createThrottles, THROTTLE_RULES } from '../../plugins/app/throttles.ts';
import { createHarness, lastMailTo, PASSWORD, type Harness, type TestCentre } from '../../test/harness.ts';

// The real numbers (plugins/app/throttles.ts) on a clock the test moves: nothing waits for real.
const clock = (() => {
  let t = Date.UTC(2026, 10, 27, 7, 45);
  return { now: () => t, advance: (ms: number) => void (t += ms) };
})();

let h: Harness;
let hash: string;
const A = () => h.centres[0]!;
const B = () => h.centres[1]!;

const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p, device: "web") { status message user { id } } }`;

interface Answer {
  status: number;
  login: { status: boolean; message: string; user: { id: string } | null } | null;
  errors?: { message: string; extensions?: Record<string, any> }[];
  /** The device cookie the answer set, as a browser would send it back. */
  device?: string;
}

async function post(c: TestCentre, ip: string, query: string, variables: Record<string, unknown>, cookie?: string) {
  return h.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { host: c.host, 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    payload: { query, variables },
  });
}

async function signIn(c: TestCentre, ip: string, username: string, password = PASSWORD, cookie?: string): Promise<Answer> {
  const res = await post(c, ip, LOGIN, { u: username, p: password }, cookie);
  const body = JSON.parse(res.body);
  const set = [res.headers['set-cookie'] ?? []].flat().find((v) => v.startsWith('kvd_'));
  return { status: res.statusCode, login: body.data?.login ?? null, errors: body.errors, device: set?.split(';')[0] };
}

const throttled = (a: Answer) => a.errors?.[0]?.extensions?.code === 'THROTTLED';
const retryAfter = (a: Answer): number => a.errors![0]!.extensions!.retryAfter;

/** `n` parents with the test password, written at once (one argon2 hash for all). */
async function seedParents(c: TestCentre, prefix: string, n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    fname: `${prefix}${i}`,
    lname: 'Parent',
    username: `${prefix}${i}`,
    email: `${prefix}${i}@example.test`,
    password_hash: hash,
    status: true,
    email_confirmed: true,
    pending: false,
  }));
  const ids = (await c.db.db('users').insert(rows).returning('id')).map((r: { id: string }) => String(r.id));
  await c.db.db.raw(
    `insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.id = any(?) and r.name = 'user'`,
    [ids],
  );
  return rows.map((r) => r.username);
}

beforeAll(async () => {
  h = await createHarness({ trustProxy: '127.0.0.1', throttles: createThrottles(undefined, { now: clock.now }) });
  hash = await hashPassword(PASSWORD);
});
afterAll(() => h.close());

describe('sign-in throttling counts failures, per centre, account and address', () => {
  it('300 parents sign in correctly from one address within 15 minutes', async () => {
    const parents = await seedParents(A(), 'cgnat', 300);
    const answers: Answer[] = [];
    for (let i = 0; i < parents.length; i += 10) {
      answers.push(...(await Promise.all(parents.slice(i, i + 10).map((u) => signIn(A(), '100.64.0.1', u)))));
      clock.advance(2_000);
    }
    expect(answers.filter((a) => a.login?.status)).toHaveLength(300);
    // A few wrong passwords among them change nothing for the others.
    for (let i = 0; i < 3; i++) expect((await signIn(A(), '100.64.0.1', parents[i]!, 'not the password')).login?.status).toBe(false);
    expect((await signIn(A(), '100.64.0.1', parents[299]!)).login?.status).toBe(true);
  });

  it('6 wrong passwords on one account: that account waits, others from the address still sign in', async () => {
    const [victim, neighbour] = await seedParents(A(), 'acct', 2);
    for (let i = 0; i < 5; i++) {
      const a = await signIn(A(), '100.64.1.1', victim!, `guess ${i}`);
      expect(a.login).toMatchObject({ status: false, message: 'Invalid username or password.' });
    }
    const sixth = await signIn(A(), '100.64.1.1', victim!, 'guess 5');
    expect(sixth.status).toBe(429);
    expect(throttled(sixth)).toBe(true);
    expect(retryAfter(sixth)).toBeGreaterThan(0);
    expect(retryAfter(sixth)).toBeLessThanOrEqual(THROTTLE_RULES.account.windowSec);
    // The right password is refused too, from anywhere: the account is what is being guessed.
    expect(throttled(await signIn(A(), '198.51.100.7', victim!))).toBe(true);
    expect((await signIn(A(), '100.64.1.1', neighbour!)).login?.status).toBe(true);
    // Five ran; the refused attempts never did.
    const rows = await A().db.db('login_history').where({ username: victim }).count({ n: '*' }).first();
    expect(Number(rows?.n)).toBe(5);
    // Once the wait is over, the owner signs in, and their count starts again.
    clock.advance(retryAfter(sixth) * 1000);
    expect((await signIn(A(), '100.64.1.1', victim!)).login?.status).toBe(true);
    expect((await signIn(A(), '100.64.1.1', victim!, 'one slip')).login?.status).toBe(false);
    expect((await signIn(A(), '100.64.1.1', victim!)).login?.status).toBe(true);
  });

  it('a spray of one wrong password over 150 accounts: delayed, then blocked; known devices still sign in', async () => {
    const ip = '100.64.2.1';
    const parents = await seedParents(A(), 'spray', 150);
    const [known, unknown, other] = await seedParents(A(), 'family', 3);
    // `known` signed in on this browser last week, somewhere else: the browser kept the device cookie.
    const earlier = await signIn(A(), '203.0.113.9', known!);
    expect(earlier.device).toMatch(/^kvd_\d+=/);
    const cookie = earlier.device!;
    expect((await signIn(A(), '203.0.113.9', other!)).login?.status).toBe(true);

    const { free, limit, delay } = THROTTLE_RULES.address;
    const delays: number[] = [];
    let block: Answer | undefined;
    let sprayed = 0;
    for (const u of parents) {
      let a = await signIn(A(), ip, u, 'Summer2026!');
      if (throttled(a) && retryAfter(a) <= delay.maxSec) {
        delays.push(retryAfter(a));
        // A parent without a device token in the middle of the spray waits the same delay, then signs in.
        if (delays.length === 3) {
          const waiting = await signIn(A(), ip, unknown!);
          expect(throttled(waiting)).toBe(true);
          clock.advance(retryAfter(waiting) * 1000);
          expect((await signIn(A(), ip, unknown!)).login?.status).toBe(true);
        }
        clock.advance(retryAfter(a) * 1000);
        a = await signIn(A(), ip, u, 'Summer2026!');
      }
      if (throttled(a)) {
        block = a;
        break;
      }
      expect(a.login?.status).toBe(false);
      sprayed += 1;
    }
    // Free failures, then a delay doubling up to its cap, then the block at the limit.
    expect(sprayed).toBe(limit);
    expect(delays.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(delays).toHaveLength(limit - free);
    expect(block && retryAfter(block)).toBe(THROTTLE_RULES.address.blockSec);

    // Blocked address: the parent with a device token for themselves still signs in…
    const withToken = await signIn(A(), ip, known!, PASSWORD, cookie);
    expect(withToken.login?.status).toBe(true);
    // …but not as someone else, nor with a token from another centre or a forged one.
    expect(throttled(await signIn(A(), ip, other!, PASSWORD, cookie))).toBe(true);
    const idOfKnown = cookie.slice(4, cookie.indexOf('='));
    const foreign = await h.deps.tokens.signDevice({ tid: B().entry.id, sub: idOfKnown });
    expect(throttled(await signIn(A(), ip, known!, PASSWORD, `kvd_${idOfKnown}=${foreign}`))).toBe(true);
    expect(throttled(await signIn(A(), ip, known!, PASSWORD, `${cookie}x`))).toBe(true);
    // The parent without one waits out the block, then signs in.
    const without = await signIn(A(), ip, other!);
    expect(throttled(without)).toBe(true);
    clock.advance(retryAfter(without) * 1000);
    expect((await signIn(A(), ip, other!)).login?.status).toBe(true);
  });

  it('failures at one centre do not count at another', async () => {
    const ip = '100.64.3.1';
    await seedParents(B(), 'same', 2);
    const [at, elsewhere] = await seedParents(A(), 'same', 2);
    // At A: five failures spend `at`'s account, fifteen more the address's free failures.
    for (let i = 0; i < 5; i++) expect((await signIn(A(), ip, at!, 'guess')).login?.status).toBe(false);
    for (let i = 5; i < THROTTLE_RULES.address.free; i++) expect((await signIn(A(), ip, `nobody-${i}`, 'guess')).login?.status).toBe(false);
    expect(throttled(await signIn(A(), ip, at!))).toBe(true);
    expect(throttled(await signIn(A(), ip, elsewhere!))).toBe(true);
    // Centre B: the same usernames, the same address, nothing spent.
    expect((await signIn(B(), ip, at!)).login?.status).toBe(true);
    expect((await signIn(B(), ip, elsewhere!)).login?.status).toBe(true);
  });

  it('aliased, fragment and merged identical logins are counted per occurrence, before any runs', async () => {
    const [target, second] = await seedParents(A(), 'alias', 2);
    const history = async (u: string) => Number((await A().db.db('login_history').where({ username: u }).count({ n: '*' }).first())?.n);
    const aliased = (n: number, u: string) =>
      `mutation { ${Array.from({ length: n }, (_, i) => `a${i}: login(username: "${u}", password: "guess ${i}") { status }`).join(' ')} }`;
    // Six guesses at one account in one document: over its five before anything is checked.
    const six = JSON.parse((await post(A(), '100.64.4.1', aliased(6, target!), {})).body);
    expect(six.errors[0].extensions.code).toBe('THROTTLED');
    expect(await history(target!)).toBe(0);
    // Identical fields merge into one call, yet cost one point each: 3 charged, 1 run.
    const merged = `mutation { ${`login(username: "${target}", password: "guess") { status } `.repeat(3)}}`;
    expect(JSON.parse((await post(A(), '100.64.4.1', merged, {})).body)).toEqual({ data: { login: { status: false } } });
    expect(await history(target!)).toBe(1);
    // A fragment and an alias: two more, five in all; the next single guess is refused.
    const spread = `mutation { ...F b: login(username: "${target}", password: "x") { status } } fragment F on Mutation { login(username: "${target}", password: "y") { status } }`;
    expect(JSON.parse((await post(A(), '100.64.4.1', spread, {})).body).errors).toBeUndefined();
    expect(throttled(await signIn(A(), '100.64.4.1', target!, 'z'))).toBe(true);
    // Correct passwords in one document give their points back.
    const right = `mutation { a: login(username: "${second}", password: "${PASSWORD}") { status } b: login(username: "${second}", password: "${PASSWORD}") { status } }`;
    for (let i = 0; i < 4; i++)
      expect(JSON.parse((await post(A(), '100.64.4.1', right, {})).body).data).toEqual({ a: { status: true }, b: { status: true } });
  });
});

describe('codes and guest mail follow the same rule', () => {
  it('wrong reset links count per centre and address, right ones and refused input do not', async () => {
    const ip = '100.64.5.1';
    const RESET = `mutation($t: String!) { updateForgottenPassword(token: $t, password: "a brand new passphrase", password_confirmation: "a brand new passphrase") { status } }`;
    // A new password that is refused checks no link: it guesses nothing, however often.
    const WEAK = `mutation($t: String!) { updateForgottenPassword(token: $t, password: "short", password_confirmation: "short") { status } }`;
    for (let i = 0; i < THROTTLE_RULES.address.free + 5; i++) {
      const r = JSON.parse((await post(A(), ip, WEAK, { t: `not-a-real-token-${i}-xxxxxxxx` })).body);
      expect(r.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
    }
    for (let i = 0; i < THROTTLE_RULES.address.free; i++) {
      const r = JSON.parse((await post(A(), ip, RESET, { t: `not-a-real-token-${i}-xxxxxxxx` })).body);
      expect(r.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'token' });
    }
    const delayed = JSON.parse((await post(A(), ip, RESET, { t: 'not-a-real-token-yyyyyyyyyyy' })).body);
    expect(delayed.errors[0].extensions).toMatchObject({ code: 'THROTTLED', retryAfter: 1 });
    // Every code guess shares the budget: PINs and autologin links wait as well.
    for (const [query, variables] of [
      ['mutation($t: String!) { verifyEmail(pin_time: $t, pin: "123456") { status } }', { t: 'some-pin-time-handle' }],
      ['mutation($t: String!) { verifyInvitedUserEmail(pin_time: $t, pin: "123456") { status } }', { t: 'some-pin-time-handle' }],
      ['mutation($t: String!) { verifyAutologin(token: $t) { status } }', { t: 'some-autologin-token' }],
    ] as const)
      expect(JSON.parse((await post(A(), ip, query, variables)).body).errors[0].extensions.code).toBe('THROTTLED');
    // Sign-in at the same centre and address is its own budget; another centre is untouched.
    const [parent] = await seedParents(A(), 'codes', 1);
    expect((await signIn(A(), ip, parent!)).login?.status).toBe(true);
    expect(JSON.parse((await post(B(), ip, RESET, { t: 'not-a-real-token-zzzzzzzzzzz' })).body).errors[0].extensions.code).toBe(
      'BAD_USER_INPUT',
    );
    // After the delay, a real link works and gives its point back.
    clock.advance(1000);
    await post(A(), ip, 'mutation($e: String!) { forgotPassword(email: $e) { status } }', { e: `${parent}@example.test` });
    const mail = await lastMailTo(A(), `${parent}@example.test`);
    const token = /password\/reset\/([^\s"]+)/.exec(mail!.body_text)![1]!;
    expect(JSON.parse((await post(A(), ip, RESET, { t: token })).body).data.updateForgottenPassword.status).toBe(true);
  });

  it('forgotPassword counts every send per recipient and per address, whether or not the account exists', async () => {
    const FORGOT = 'mutation($e: String!) { forgotPassword(email: $e) { status } }';
    const ip = '100.64.6.1';
    const code = async (c: TestCentre, e: string, from = ip) =>
      JSON.parse((await post(c, from, FORGOT, { e })).body).errors?.[0]?.extensions?.code;
    for (let i = 0; i < THROTTLE_RULES.mailTarget.points; i++) expect(await code(A(), 'someone@example.test')).toBeUndefined();
    expect(await code(A(), 'someone@example.test', '100.64.6.2')).toBe('THROTTLED');
    expect(await code(B(), 'someone@example.test')).toBeUndefined();
    for (let i = THROTTLE_RULES.mailTarget.points; i < THROTTLE_RULES.mailIp.points; i++)
      expect(await code(A(), `nobody${i}@example.test`)).toBeUndefined();
    expect(await code(A(), 'fresh@example.test')).toBe('THROTTLED');
    expect(await code(A(), 'fresh@example.test', '100.64.6.3')).toBeUndefined();
  });
});
