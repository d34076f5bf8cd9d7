import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorThrottles, OPERATOR_THROTTLE_RULES } from '../../deps.ts';
import { PASSWORD, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';

const LOGIN = `mutation($u: String!, $p: String!, $d: String) {
  login(username: $u, password: $p, device: $d) { status message color tokens { access_token refresh_token } expires_in session_id user { id fname lname username email role } }
}`;
const ME = '{ me { id username role } }';

// The sign-in throttles' real numbers on a clock the tests move.
const clock = (() => {
  let t = Date.UTC(2026, 10, 27, 9);
  return { now: () => t, advance: (ms: number) => void (t += ms) };
})();

describe('operator GraphQL', () => {
  let h: ControlPlaneHarness;
  beforeAll(async () => {
    h = await startControlPlane({ throttles: createOperatorThrottles(undefined, { now: clock.now }) });
  });
  afterAll(() => h.close());

  it('login returns the notice, tokens, session and user; me reflects the bearer', async () => {
    const res = await h.gql(LOGIN, { u: 'admin-op', p: PASSWORD, d: 'browser' }, { ip: '10.2.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.data.login).toMatchObject({
      status: true,
      color: 'success',
      expires_in: 900,
      user: { username: 'admin-op', fname: 'Ada', lname: 'Operator', role: 'admin', email: null },
    });
    expect(res.data.login.tokens.refresh_token).toBeTruthy();
    const token = res.data.login.tokens.access_token;
    expect((await h.gql(ME, {}, { token })).data.me).toMatchObject({ username: 'admin-op', role: 'admin' });
    expect((await h.gql(ME)).data.me).toBeNull();

    const bad = await h.gql(LOGIN, { u: 'admin-op', p: 'wrong password!' }, { ip: '10.2.0.1' });
    expect(bad.data).toBeNull();
    expect(bad.errors?.[0]).toMatchObject({
      message: 'The username or password is incorrect.',
      extensions: { code: 'INVALID_CREDENTIALS' },
    });
  });

  it('answers 401 for forged, foreign, logged-out, stale and deactivated operators’ tokens', async () => {
    expect((await h.gql(ME, {}, { token: 'not.a.token' })).statusCode).toBe(401);
    const centreToken = (
      await h.rt.tokens.signAccess({ sub: h.actors.admin.viewer!.id!, tid: '1', role: 'admin', sid: h.actors.admin.viewer!.sessionId! })
    ).token;
    expect((await h.gql(ME, {}, { token: centreToken })).statusCode).toBe(401);

    const created = await h.gql(
      'mutation { createOperator(fname: "Tom", lname: "Temp", username: "tom", role: "kvsupport", password: "temporary password") { status operator { id } } }',
      {},
      { token: h.tokens.admin },
    );
    const tomId = created.data.createOperator.operator.id;
    const login = async () => (await h.gql(LOGIN, { u: 'tom', p: 'temporary password' }, { ip: '10.2.0.2' })).data.login;

    const a = await login();
    expect((await h.gql('mutation { logout { status } }', {}, { token: a.tokens.access_token })).data.logout.status).toBe(true);
    const afterLogout = await h.gql(ME, {}, { token: a.tokens.access_token });
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const b = await login();
    expect((await h.gql(ME, {}, { token: b.tokens.access_token })).statusCode).toBe(200);
    await h.control
      .db('operators')
      .where({ id: tomId })
      .update({ tokens_valid_after: new Date(Date.now() + 5000) });
    expect((await h.gql(ME, {}, { token: b.tokens.access_token })).statusCode).toBe(401);
    await h.control
      .db('operators')
      .where({ id: tomId })
      .update({ tokens_valid_after: new Date(Date.now() - 60_000) });

    const c = await login();
    expect((await h.gql(ME, {}, { token: c.tokens.access_token })).data.me.username).toBe('tom');
    const off = await h.gql(
      `mutation($id: ID!) { updateOperator(id: $id, status: false) { status operator { status } } }`,
      { id: tomId },
      { token: h.tokens.admin },
    );
    expect(off.data.updateOperator).toEqual({ status: true, operator: { status: false } });
    expect((await h.gql(ME, {}, { token: c.tokens.access_token })).statusCode).toBe(401);
  });

  it('kvsupport gets FORBIDDEN for admin writes and operator lists', async () => {
    const res = await h.gql(
      'mutation { createOperator(fname: "A", lname: "B", username: "abc", role: "admin", password: "long enough pw") { status } }',
      {},
      { token: h.tokens.kvsupport },
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const list = await h.gql('{ operators { data { id } } }', {}, { token: h.tokens.kvsupport });
    expect(list.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anon = await h.gql('{ operators { data { id } } }');
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('counts every aliased login before any password is checked; only failures stay, delayed then blocked per address; known devices pass', async () => {
    const aliased = (n: number, username: (i: number) => string) =>
      `mutation { ${Array.from({ length: n }, (_, i) => `a${i}: login(username: "${username(i)}", password: "guess-${i}") { status }`).join(' ')} }`;
    const attempts = () =>
      h.control
        .db('login_history')
        .whereIn('ip', ['10.3.0.1', '10.3.0.2', '10.3.0.3'])
        .where({ success: false })
        .count({ n: '*' })
        .then(([r]) => Number(r!.n));

    // 20 aliases are refused outright by the document limits.
    const twenty = await h.gql(
      aliased(20, () => 'admin-op'),
      {},
      { ip: '10.3.0.1' },
    );
    expect(twenty.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(await attempts()).toBe(0);
    // 20 identical unaliased logins are a valid document that GraphQL merges into one call: still charged 20.
    const repeated = `mutation { ${'login(username: "kvsupport-op", password: "guess") { status } '.repeat(20)}}`;
    const merged = await h.gql(repeated, {}, { ip: '10.3.0.4' });
    expect(merged.errors?.[0]?.extensions?.code).toBe('THROTTLED');
    expect(await h.control.db('login_history').where({ ip: '10.3.0.4' }).count({ n: '*' })).toEqual([{ n: '0' }]);

    // 10 aliased guesses at one account: 10 attempts charged at once, over the account's 5, so none runs.
    const ten = await h.gql(
      aliased(10, () => 'admin-op'),
      {},
      { ip: '10.3.0.1' },
    );
    expect(ten.statusCode).toBe(429);
    expect(ten.errors?.[0]?.extensions?.code).toBe('THROTTLED');
    expect(ten.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
    expect(await attempts()).toBe(0);
    // Nothing ran, so nothing was spent: the right password from another address still works.
    const right = await h.gql(LOGIN, { u: 'admin-op', p: PASSWORD }, { ip: '10.3.0.2' });
    expect(right.data.login.status).toBe(true);

    // Spread over accounts, the address's budget counts every alias and fragment spread: 12 per
    // document, though execution stops at the first failed (non-null) login; the eleven that never
    // ran count as failures too.
    const spread = (offset: number) =>
      `mutation { ...F ${Array.from({ length: 11 }, (_, i) => `b${i}: login(username: "user${offset + i}", password: "x") { status }`).join(' ')} } fragment F on Mutation { f: login(username: "frag${offset}", password: "x") { status } }`;
    expect((await h.gql(spread(0), {}, { ip: '10.3.0.3' })).errors?.[0]?.extensions?.code).toBe('INVALID_CREDENTIALS');
    expect(await attempts()).toBe(1);
    // Past the free failures the next document waits, then (one at a time) until the block.
    const delayed = await h.gql(spread(100), {}, { ip: '10.3.0.3' });
    expect(delayed.errors?.[0]?.extensions).toMatchObject({ code: 'THROTTLED', retryAfter: 4 });
    expect(await attempts()).toBe(1);
    let answer: typeof delayed = delayed;
    let guesses = 12;
    const wait = () => Number(answer.errors?.[0]?.extensions?.retryAfter ?? 0);
    for (let i = 0; wait() > 0 && wait() <= 8 && i < 100; i++) {
      clock.advance(wait() * 1000);
      answer = await h.gql(LOGIN, { u: `single${i}`, p: 'x' }, { ip: '10.3.0.3' });
      if (answer.errors?.[0]?.extensions?.code === 'INVALID_CREDENTIALS') {
        guesses += 1;
        answer = await h.gql(LOGIN, { u: `single${i}b`, p: 'x' }, { ip: '10.3.0.3' });
      }
    }
    expect(guesses).toBe(OPERATOR_THROTTLE_RULES.address.limit);
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'THROTTLED', retryAfter: OPERATOR_THROTTLE_RULES.address.blockSec });
    // The blocked address: an operator whose browser signed in before still signs in.
    const before = await h.app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: '10.3.9.9',
      payload: { query: LOGIN, variables: { u: 'kvsupport-op', p: PASSWORD } },
    });
    const cookie = [before.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('kvd_'))!
      .split(';')[0]!;
    expect(before.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Strict/);
    const known = await h.app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: '10.3.0.3',
      headers: { cookie },
      payload: { query: LOGIN, variables: { u: 'kvsupport-op', p: PASSWORD } },
    });
    expect(JSON.parse(known.body).data.login.status).toBe(true);
    expect((await h.gql(LOGIN, { u: 'admin-op', p: PASSWORD }, { ip: '10.3.0.3' })).errors?.[0]?.extensions?.code).toBe('THROTTLED');
    clock.advance(OPERATOR_THROTTLE_RULES.address.blockSec * 1000);
    expect((await h.gql(LOGIN, { u: 'admin-op', p: PASSWORD }, { ip: '10.3.0.3' })).data.login.status).toBe(true);
  });

  it('only failures count towards the account lock: a correct password clears them', async () => {
    await h.rt.throttles.account.reset('kvsupport-op'); // the burst test above spent some of it
    for (let i = 0; i < 4; i++)
      expect((await h.gql(LOGIN, { u: 'kvsupport-op', p: 'wrong-password' }, { ip: `10.4.0.${i}` })).errors?.[0]?.extensions?.code).toBe(
        'INVALID_CREDENTIALS',
      );
    for (let i = 0; i < 6; i++)
      expect((await h.gql(LOGIN, { u: 'kvsupport-op', p: PASSWORD }, { ip: `10.4.1.${i}` })).errors).toBeUndefined();
    for (let i = 0; i < 5; i++) await h.gql(LOGIN, { u: 'kvsupport-op', p: 'wrong-password' }, { ip: `10.4.2.${i}` });
    expect((await h.gql(LOGIN, { u: 'kvsupport-op', p: PASSWORD }, { ip: '10.4.3.1' })).errors?.[0]?.extensions?.code).toBe('THROTTLED');
  });
});
