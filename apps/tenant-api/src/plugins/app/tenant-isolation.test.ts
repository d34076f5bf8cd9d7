import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '@kv/db';
import { testAdminUrl } from '@kv/db/testing';
import { createHarness, gql, seedUser, signIn, type Harness } from '../../test/harness.ts';

let h: Harness;
const ME = 'query { me { username } }';

beforeAll(async () => {
  h = await createHarness({
    extra: [
      { slug: 'frozen', entry: { status: 'suspended' } },
      { slug: 'building', entry: { status: 'provisioning' } },
      { slug: 'expired', entry: { on_trial: true, trial_ends_on: '2020-01-01' } },
      // billed by transfer: its trial's end issues an invoice instead of cutting it off
      { slug: 'invoiced', entry: { on_trial: true, trial_ends_on: '2020-01-01', billing_method: 'transfer' } },
      // a centre whose database is gone: the server answers, the database does not exist
      { slug: 'down', url: withDatabase(testAdminUrl(), 'kv_missing_database') },
    ],
  });
  for (const c of h.centres) await seedUser(c, { username: 'manager', role: 'manager' });
});
afterAll(() => h.close());

describe('tenant isolation', () => {
  it("centre A's token is refused on centre B with 401", async () => {
    const [a, b] = h.centres;
    const s = await signIn(h.app, a!.host, 'manager');
    expect((await gql(h.app, a!.host, ME, {}, s.token)).data?.me.username).toBe('manager');
    const other = await gql(h.app, b!.host, ME, {}, s.token);
    expect(other.statusCode).toBe(401);
    expect(other.body).not.toContain('manager');
  });

  it('the same username on two centres is two people: a password works only where it was set', async () => {
    const [a, b] = h.centres;
    await a!.db.db('users').where({ username: 'manager' }).update({ fname: 'Alice' });
    const sb = await signIn(h.app, b!.host, 'manager');
    const me = await gql(h.app, b!.host, 'query { me { fname } }', {}, sb.token);
    expect(me.data?.me.fname).toBe('manager');
  });

  it('an unknown host is a 404, never a default centre', async () => {
    for (const host of ['nope.test.localhost', 'test.localhost', '127.0.0.1', 'evil.example.com']) {
      const r = await gql(h.app, host, ME);
      expect(r.statusCode).toBe(404);
    }
  });

  it('host variants resolve to the same centre: case, port, trailing dot', async () => {
    const [a] = h.centres;
    const s = await signIn(h.app, a!.host, 'manager');
    for (const host of ['A.TEST.LOCALHOST', 'a.test.localhost:3000', 'a.test.localhost.']) {
      const r = await gql(h.app, host, ME, {}, s.token);
      expect(r.data?.me.username, host).toBe('manager');
    }
  });

  it('X-Forwarded-Host is ignored without a trusted proxy', async () => {
    const [a, b] = h.centres;
    const s = await signIn(h.app, a!.host, 'manager');
    const r = await gql(h.app, a!.host, ME, {}, s.token, { 'x-forwarded-host': b!.host });
    expect(r.data?.me.username).toBe('manager');
    const unknown = await gql(h.app, 'nope.test.localhost', ME, {}, undefined, { 'x-forwarded-host': a!.host });
    expect(unknown.statusCode).toBe(404);
  });

  it('suspended, provisioning and trial-expired centres answer typed errors', async () => {
    expect(await gql(h.app, 'frozen.test.localhost', ME)).toMatchObject({
      statusCode: 403,
      errors: [{ extensions: { code: 'CENTRE_SUSPENDED' } }],
    });
    expect(await gql(h.app, 'building.test.localhost', ME)).toMatchObject({
      statusCode: 503,
      errors: [{ extensions: { code: 'CENTRE_PROVISIONING' } }],
    });
    expect(await gql(h.app, 'expired.test.localhost', ME)).toMatchObject({
      statusCode: 402,
      errors: [{ extensions: { code: 'CENTRE_TRIAL_EXPIRED' } }],
    });
    expect((await gql(h.app, 'invoiced.test.localhost', ME)).statusCode).toBe(200);
  });

  it("one centre's database down → that centre answers a typed 503, the others keep answering", async () => {
    const down = await gql(h.app, 'down.test.localhost', 'mutation { login(username: "x", password: "yyyyyyyyyy") { status } }');
    expect(down.statusCode).toBe(503);
    expect(down.errors?.[0]?.extensions?.code).toBe('CENTRE_UNAVAILABLE');
    expect(down.body).not.toMatch(/kv_missing_database|does not exist|SELECT|at \//);
    const [a] = h.centres;
    const s = await signIn(h.app, a!.host, 'manager');
    expect((await gql(h.app, a!.host, ME, {}, s.token)).data?.me.username).toBe('manager');
  });
});

describe('trusted proxy', () => {
  it('X-Forwarded-Host is honoured only from the configured proxy address', async () => {
    const p = await createHarness({ trustProxy: '127.0.0.1' });
    try {
      const [a, b] = p.centres;
      await seedUser(b!, { username: 'bee', role: 'manager' });
      const viaProxy = await p.app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: '127.0.0.1',
        headers: { host: a!.host, 'x-forwarded-host': b!.host, 'content-type': 'application/json' },
        payload: { query: 'mutation { login(username: "bee", password: "a sensible passphrase") { status } }' },
      });
      expect(JSON.parse(viaProxy.body).data.login.status).toBe(true);
      const notProxy = await p.app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: '10.9.9.9',
        headers: { host: a!.host, 'x-forwarded-host': b!.host, 'content-type': 'application/json' },
        payload: { query: 'mutation { login(username: "bee", password: "a sensible passphrase") { status } }' },
      });
      expect(JSON.parse(notProxy.body).data.login.status).toBe(false);
    } finally {
      await p.close();
    }
  });
});
