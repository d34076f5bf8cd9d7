import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, gql, type Harness } from '../test/harness.ts';

let h: Harness;
let prod: Harness;
const host = () => h.centres[0]!.host;

beforeAll(async () => {
  h = await createHarness();
  prod = await createHarness({ production: true });
});
afterAll(async () => {
  await h.close();
  await prod.close();
});

describe('GraphQL hardening', () => {
  it('refuses GET', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/graphql?query={me{id}}', headers: { host: host() } });
    expect(r.statusCode).toBe(405);
  });

  it('refuses batched documents', async () => {
    const r = await h.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { host: host(), 'content-type': 'application/json' },
      payload: [{ query: '{ me { id } }' }, { query: '{ me { id } }' }],
    });
    expect(r.statusCode).toBe(400);
  });

  it('refuses a text/plain POST (CSRF prevention)', async () => {
    const r = await h.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { host: host(), 'content-type': 'text/plain' },
      payload: '{"query":"{ me { id } }"}',
    });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('rejects too many aliases before any resolver runs', async () => {
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: login(username: "u${i}", password: "pppppppppp") { status }`).join(' ');
    const r = await gql(h.app, host(), `mutation { ${aliases} }`);
    expect(r.data).toBeNull();
    expect(r.errors?.[0]?.message).toMatch(/alias/i);
    const rows = await h.centres[0]!.db.db('login_history').count({ n: '*' }).first();
    expect(Number(rows?.n)).toBe(0);
  });

  it('rejects documents deeper than the limit', async () => {
    let inner = 'name';
    for (let i = 0; i < 10; i++) inner = `ofType { ${inner} }`;
    const r = await gql(h.app, host(), `{ __schema { types { fields { type { ${inner} } } } } }`);
    expect(r.data).toBeNull();
    expect(r.errors?.[0]?.message).toMatch(/depth/i);
    expect((await gql(h.app, host(), '{ me { roles { permissions { id } } } }')).errors).toBeUndefined();
  });

  it('rejects an oversized document by token count', async () => {
    const fields = Array.from({ length: 2500 }, () => 'id').join(' ');
    const r = await gql(h.app, host(), `query { me { ${fields} } }`);
    expect(r.errors?.[0]?.message).toMatch(/token/i);
  });

  it('in production: no introspection and no field suggestions', async () => {
    const r = await gql(prod.app, prod.centres[0]!.host, '{ __schema { types { name } } }');
    expect(r.errors?.[0]?.message).toMatch(/introspection/i);
    const typo = await gql(prod.app, prod.centres[0]!.host, '{ mee { id } }');
    expect(typo.errors?.[0]?.message).toContain('Cannot query field');
    expect(typo.body).not.toMatch(/Did you mean/);
  });

  it('never leaks SQL, stack traces or paths', async () => {
    const bodies: string[] = [];
    for (const q of [
      '{ me { id',
      'mutation { login(username: 1, password: 2) { status } }',
      '{ nonsense }',
      'mutation { register(fname: "", lname: "", username: "", email: "", password: "", validity: -5) { status } }',
    ]) {
      bodies.push((await gql(prod.app, prod.centres[0]!.host, q)).body);
    }
    for (const b of bodies) expect(b).not.toMatch(/SELECT|relation "|\bat [\w.]+ \(|\/work\/|node_modules/);
  });

  it('sends security headers and no-store on the API', async () => {
    const r = await h.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { host: host(), 'content-type': 'application/json' },
      payload: { query: '{ centerInfo { name } }' },
    });
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('general rate limit', () => {
  it('answers 429 with a typed error past the per-client budget, per centre host', async () => {
    const { createHarness: make } = await import('../test/harness.ts');
    const small = await make();
    try {
      const { buildTenantApp } = await import('../app.ts');
      const app = await buildTenantApp(small.deps, { rateLimitMax: 3 });
      const hit = (host: string) =>
        app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { host, 'content-type': 'application/json' },
          payload: { query: '{ centerInfo { name } }' },
        });
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await hit(small.centres[0]!.host)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      expect(JSON.parse((await hit(small.centres[0]!.host)).body).errors[0].extensions.code).toBe('THROTTLED');
      expect((await hit(small.centres[1]!.host)).statusCode).toBe(200);
      await app.close();
    } finally {
      await small.close();
    }
  });
});
