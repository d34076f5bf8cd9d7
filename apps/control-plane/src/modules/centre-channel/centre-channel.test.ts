import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import {
  CENTRE_API_PATH,
  ControlPlaneError,
  createControlPlaneClient,
  createTokenService,
  httpTransport,
  inProcessTransport,
  type ControlPlaneClient,
} from '@kv/auth';
import { SECRET, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';

let h: ControlPlaneHarness;
let base: string;
let inProcess: ControlPlaneClient;
let overHttp: ControlPlaneClient;
const centre: Record<'A' | 'B' | 'gone', string> = { A: '', B: '', gone: '' };
const tokens = createTokenService({ secret: SECRET });

/** A hand-made service token: a genuine one but for the one thing `over` changes. */
const forge = (tid: string, over: { key?: string; aud?: string; pur?: string; iat?: number; exp?: number } = {}) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ tid, pur: over.pur ?? 'plan.read' })
    .setProtectedHeader({ alg: 'HS256', typ: 'svc+jwt' })
    .setSubject(`centre:${tid}`)
    .setIssuer('kidsvision')
    .setAudience(over.aud ?? 'control-plane')
    .setJti('forged')
    .setIssuedAt(over.iat ?? now)
    .setExpirationTime(over.exp ?? now + 60)
    .sign(
      new Uint8Array(
        createHmac('sha256', SECRET)
          .update(`service:${over.key ?? tid}`)
          .digest(),
      ),
    );
};

async function post(purpose: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${CENTRE_API_PATH}/${purpose}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

beforeAll(async () => {
  h = await startControlPlane();
  const db = h.control.db;
  const [starter] = await db('center_plans')
    .insert({ name: 'Starter', amount: '49.00', period: 'month', note: 'Up to 40 children' })
    .returning('id');
  const add = async (slug: string, extra: Record<string, unknown>) =>
    String(
      (
        await db('centers')
          .insert({ name: `Centre ${slug}`, slug, status: 'active', ...extra })
          .returning('id')
      )[0].id,
    );
  centre.A = await add('chan-a', { center_billing_plan_id: starter.id, payment_start: '2026-11-01', payment_end: '2026-12-01' });
  centre.B = await add('chan-b', { on_trial: true, trial_start_date: db.raw('current_date - 10'), trial_days: 30 });
  centre.gone = await add('chan-gone', { status: 'deleted' });
  await db('platform_catalogues').insert({ name: 'learning-frameworks', title: 'Learning frameworks' });
  await db('platform_catalogue_items').insert([
    { catalogue: 'learning-frameworks', key: 'mmr', position: 2, data: { name: 'MMR', doses: 2 } },
    { catalogue: 'learning-frameworks', key: 'dtap', position: 1, data: { name: 'DTaP', doses: 5 } },
  ]);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
  inProcess = createControlPlaneClient({ tokens, transport: inProcessTransport(h.rt.centreChannel) });
  overHttp = createControlPlaneClient({ tokens, transport: httpTransport(base) });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('the centre channel (tenant API → control plane)', () => {
  it('reads the centre’s own plan and trial, the same in-process and over HTTP', async () => {
    const a = await inProcess.plan(centre.A);
    expect(a).toEqual({
      center_id: centre.A,
      status: 'active',
      plan: { id: expect.any(String), name: 'Starter', amount: '49.00', period: 'month', note: 'Up to 40 children' },
      on_trial: false,
      trial_start_date: null,
      trial_days: null,
      trial_ends_on: null,
      trial_days_left: null,
      payment_start: '2026-11-01',
      payment_end: '2026-12-01',
      billing_method: 'card',
    });
    expect(await overHttp.plan(centre.A)).toEqual(a);
    const b = await overHttp.plan(centre.B);
    expect(b).toMatchObject({ center_id: centre.B, plan: null, on_trial: true, trial_days: 30, trial_days_left: 20 });
    expect(await inProcess.plan(centre.B)).toEqual(b);
  });

  it('reads a platform catalogue by name, items in order; unknown names and bad names are typed errors', async () => {
    const cat = await overHttp.catalogue(centre.A, 'learning-frameworks');
    expect(cat).toMatchObject({ name: 'learning-frameworks', title: 'Learning frameworks', description: null });
    expect(cat.items).toEqual([
      { key: 'dtap', position: 1, data: { name: 'DTaP', doses: 5 } },
      { key: 'mmr', position: 2, data: { name: 'MMR', doses: 2 } },
    ]);
    expect(await inProcess.catalogue(centre.B, 'learning-frameworks')).toEqual(cat);
    for (const client of [inProcess, overHttp]) {
      await expect(client.catalogue(centre.A, 'no-such-catalogue')).rejects.toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
        field: 'name',
      });
      await expect(client.catalogue(centre.A, 'Bad Name!')).rejects.toMatchObject({ status: 400, code: 'BAD_USER_INPUT', field: 'name' });
    }
    expect(
      (
        await post(
          'catalogue.read',
          { name: 'learning-frameworks', center_id: centre.B },
          await tokens.signService({ tid: centre.A, purpose: 'catalogue.read' }),
        )
      ).body,
    ).toEqual({
      error: { code: 'BAD_USER_INPUT', message: 'center_id is not an input of this call.', field: 'center_id' },
    });
    const listed = await post('plan.read', ['x'], await tokens.signService({ tid: centre.A, purpose: 'plan.read' }));
    expect([listed.status, listed.body]).toEqual([
      400,
      { error: { code: 'BAD_USER_INPUT', message: 'The input is a JSON object.', field: 'input' } },
    ]);
  });

  it('a token of centre A never reads as centre B', async () => {
    // A's key with B's id: the signature fails (each centre has its own derived key).
    const r = await post('plan.read', {}, await forge(centre.B, { key: centre.A }));
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Bearer');
    expect(r.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'A valid service token is required.' } });
    // A genuine token of A answers A's plan, whatever the input says.
    const own = await post('plan.read', {}, await tokens.signService({ tid: centre.A, purpose: 'plan.read' }));
    expect(own.body.data.center_id).toBe(centre.A);
    expect(
      (await post('plan.read', { center_id: centre.B }, await tokens.signService({ tid: centre.A, purpose: 'plan.read' }))).status,
    ).toBe(400);
    // Another platform's secret: refused.
    const stranger = createControlPlaneClient({ tokens: createTokenService({ secret: 'z'.repeat(48) }), transport: httpTransport(base) });
    await expect(stranger.plan(centre.A)).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('a token serves its one purpose, for the control plane only, for at most 60 s', async () => {
    const catalogueToken = await tokens.signService({ tid: centre.A, purpose: 'catalogue.read' });
    expect(await post('plan.read', {}, catalogueToken)).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    expect((await post('plan.read', {}, await forge(centre.A, { aud: 'kv:access:1' }))).status).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    expect((await post('plan.read', {}, await forge(centre.A, { iat: now - 120, exp: now - 60 }))).status).toBe(401);
    expect((await post('plan.read', {}, await forge(centre.A, { exp: now + 3600 }))).status).toBe(401);
    expect(await post('plan.read', {})).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } });
    expect((await post('centre.delete', {}, catalogueToken)).status).toBe(404);
    // An operator's access token is no service token.
    expect((await post('plan.read', {}, h.tokens.admin)).status).toBe(401);
    // Kept past its minute, a genuine token is refused.
    const token = await tokens.signService({ tid: centre.A, purpose: 'plan.read' });
    expect((await h.rt.centreChannel(token, 'plan.read', {})).status).toBe(200);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      expect(await h.rt.centreChannel(token, 'plan.read', {})).toMatchObject({ status: 401 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a deleted centre is not known; an unreachable control plane is a typed failure', async () => {
    await expect(inProcess.plan(centre.gone)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await expect(overHttp.catalogue(centre.gone, 'learning-frameworks')).rejects.toMatchObject({ status: 404 });
    const nowhere = createControlPlaneClient({ tokens, transport: httpTransport('http://127.0.0.1:9', { timeoutMs: 1000 }) });
    const err = await nowhere.plan(centre.A).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ControlPlaneError);
    expect(err).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
  });
});
