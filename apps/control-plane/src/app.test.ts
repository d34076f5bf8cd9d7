import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_CENTER, startControlPlane, type ControlPlaneHarness } from './test/helpers.ts';

describe('control-plane app', () => {
  let dev: ControlPlaneHarness;
  let prod: ControlPlaneHarness;
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'kv-cp-web-'));

  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Operator console</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    dev = await startControlPlane({ webDist, devMailbox: true });
    // A directory that fails the way an unexpected bug would, with a path in its message.
    prod = await startControlPlane({ production: true });
    const real = prod.directory.invalidate;
    prod.directory.invalidate = async (id?: string) => {
      if (id) throw new Error('ENOENT: /srv/kv/secret/config.json');
      return real(id);
    };
  });
  afterAll(async () => {
    await dev.close();
    await prod.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('refuses GET on /graphql with 405 and sends security headers and no-store', async () => {
    const get = await dev.app.inject({ method: 'GET', url: '/graphql?query=%7Bme%7Bid%7D%7D' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const post = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ me { id } }' } });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ data: { me: null } });
    expect(post.headers['cache-control']).toBe('no-store');
    expect(post.headers['x-content-type-options']).toBe('nosniff');
    expect(post.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await dev.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
  });

  it('in production: no introspection, no field suggestions, unexpected errors masked', async () => {
    const intro = await prod.gql('{ __schema { types { name } } }', {}, { token: prod.tokens.admin });
    expect(intro.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(intro.data ?? null).toBeNull();

    const typo = await prod.gql('{ getCenterz { data { id } } }', {}, { token: prod.tokens.admin });
    expect(typo.errors?.[0]?.message).toBe('Cannot query field "getCenterz" on type "Query".');
    const devTypo = await dev.gql('{ getCenterz { data { id } } }', {}, { token: dev.tokens.admin });
    expect(devTypo.errors?.[0]?.message).toMatch(/Did you mean .*"getCenters"/);

    const boom = await prod.gql(ADD_CENTER, { name: 'Boom', slug: 'boom', email: 'b@example.com' }, { token: prod.tokens.admin });
    expect(boom.errors).toEqual([
      { message: 'Internal error', path: ['addCenter'], extensions: { code: 'INTERNAL', requestId: expect.any(String) } },
    ]);
    expect(JSON.stringify(boom)).not.toContain('/srv/kv');
  });

  it('serves the operator console SPA and, outside production, the dev mailbox', async () => {
    const page = await dev.app.inject({ method: 'GET', url: '/centers-list' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Operator console');
    expect((await dev.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).body).toBe('console.log(1)');
    expect((await dev.app.inject({ method: 'GET', url: '/graphql/nothing' })).statusCode).toBe(404);
    const mailbox = await dev.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.statusCode).toBe(200);
    expect(mailbox.headers['content-type']).toContain('text/html');
    expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });

  it('passes typed errors through with their code and field', async () => {
    const res = await dev.gql('mutation { extendCenterTrial(id: "1", days: 0) { status } }', {}, { token: dev.tokens.admin });
    expect(res.errors?.[0]).toMatchObject({
      message: 'days must be a whole number from 1 to 365.',
      extensions: { code: 'BAD_USER_INPUT', field: 'days' },
    });
    const missing = await dev.gql('{ getCenter(id: "77777") { id } }', {}, { token: dev.tokens.kvsupport });
    expect(missing.errors?.[0]?.extensions?.code).toBe('CENTER_NOT_FOUND');
  });
});
