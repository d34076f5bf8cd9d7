import { describe, expect, it, vi } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { createHmac } from 'node:crypto';
import { createTokenService } from './tokens.ts';
import { AuthError } from './errors.ts';

const secret = 'x'.repeat(48);
const tokens = createTokenService({ secret });
const claims = { sub: '7', tid: '1', role: 'manager', sid: 'session-1' };

async function rejected(p: Promise<unknown>) {
  await expect(p).rejects.toBeInstanceOf(AuthError);
}

describe('access tokens', () => {
  it('round-trips on the centre that minted them', async () => {
    const { token, expiresIn } = await tokens.signAccess(claims);
    expect(expiresIn).toBe(900);
    await expect(tokens.verifyAccess(token, '1')).resolves.toMatchObject({ sub: '7', role: 'manager', sid: 'session-1' });
  });

  it('is refused by another centre (different derived key)', async () => {
    const { token } = await tokens.signAccess(claims);
    await rejected(tokens.verifyAccess(token, '2'));
    await rejected(tokens.verifyAccess(token, 'platform'));
  });

  it('refuses alg none, a forged signature, a wrong typ and an expired token', async () => {
    const none = new UnsecuredJWT({ ...claims })
      .setSubject('7')
      .setIssuer('kidsvision')
      .setAudience('kv:access:1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .encode();
    await rejected(tokens.verifyAccess(none, '1'));

    const other = createTokenService({ secret: 'y'.repeat(48) });
    await rejected(tokens.verifyAccess((await other.signAccess(claims)).token, '1'));

    const key = new Uint8Array(createHmac('sha256', secret).update('access:1').digest());
    const wrongTyp = await new SignJWT({ tid: '1', role: 'admin', sid: 's' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('7')
      .setIssuer('kidsvision')
      .setAudience('kv:access:1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    await rejected(tokens.verifyAccess(wrongTyp, '1'));

    const expired = await new SignJWT({ tid: '1', role: 'admin', sid: 's' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject('7')
      .setIssuer('kidsvision')
      .setAudience('kv:access:1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    await expect(tokens.verifyAccess(expired, '1')).rejects.toMatchObject({ reason: 'expired' });
  });

  it('remembers a verified token per centre only, and only until it expires', async () => {
    const { token } = await tokens.signAccess(claims);
    await expect(tokens.verifyAccess(token, '1')).resolves.toMatchObject({ sub: '7' });
    // Verified (and cached) on centre 1: still a forgery on centre 2.
    await rejected(tokens.verifyAccess(token, '2'));
    // A caller changing its copy does not change what the next caller gets.
    const first = await tokens.verifyAccess(token, '1');
    first.role = 'admin';
    await expect(tokens.verifyAccess(token, '1')).resolves.toMatchObject({ role: 'manager' });
    vi.useFakeTimers({ now: Date.now() + 16 * 60_000 });
    try {
      await expect(tokens.verifyAccess(token, '1')).rejects.toMatchObject({ reason: 'expired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not accept a support autologin token as an access token, or the reverse', async () => {
    const support = await tokens.signSupportAutologin({
      tid: '1',
      sub: '7',
      ssid: 'ss',
      operator: 'Ada',
      exp: new Date(Date.now() + 3600_000),
    });
    await rejected(tokens.verifyAccess(support, '1'));
    const { token } = await tokens.signAccess(claims);
    await rejected(tokens.verifySupportAutologin(token, '1'));
    await expect(tokens.verifySupportAutologin(support, '1')).resolves.toMatchObject({ sub: '7', ssid: 'ss', operator: 'Ada' });
    await rejected(tokens.verifySupportAutologin(support, '2'));
  });

  it('refuses garbage', async () => {
    await rejected(tokens.verifyAccess('not.a.jwt', '1'));
    await rejected(tokens.verifyAccess('', '1'));
  });
});

describe('known-device tokens', () => {
  it('name their user on the centre that minted them only, and are no access token', async () => {
    const device = await tokens.signDevice({ tid: '1', sub: '7' });
    await expect(tokens.verifyDevice(device, '1')).resolves.toEqual({ sub: '7' });
    await rejected(tokens.verifyDevice(device, '2'));
    await rejected(tokens.verifyAccess(device, '1'));
    const { token: access } = await tokens.signAccess(claims);
    await rejected(tokens.verifyDevice(access, '1'));
    await rejected(tokens.verifyDevice(`${device}x`, '1'));
    await rejected(createTokenService({ secret: 'y'.repeat(48) }).verifyDevice(device, '1'));
  });
});

describe('service tokens (a centre calling the control plane)', () => {
  const serviceKey = (tid: string) => new Uint8Array(createHmac('sha256', secret).update(`service:${tid}`).digest());
  const now = () => Math.floor(Date.now() / 1000);
  /** A token built by hand: `over` changes the claims, header or times a genuine token would have. */
  const forged = (tid: string, over: { claims?: object; typ?: string; aud?: string; iat?: number; exp?: number; key?: Uint8Array } = {}) =>
    new SignJWT({ tid, pur: 'plan.read', ...over.claims })
      .setProtectedHeader({ alg: 'HS256', typ: over.typ ?? 'svc+jwt' })
      .setSubject(`centre:${tid}`)
      .setIssuer('kidsvision')
      .setAudience(over.aud ?? 'control-plane')
      .setJti('j1')
      .setIssuedAt(over.iat ?? now())
      .setExpirationTime(over.exp ?? now() + 60)
      .sign(over.key ?? serviceKey(tid));

  it('names its one centre and purpose, lives at most 60 s, for the control plane', async () => {
    const token = await tokens.signService({ tid: '4', purpose: 'plan.read' });
    const claims = await tokens.verifyService(token, 'plan.read');
    expect(claims).toMatchObject({ tid: '4', purpose: 'plan.read' });
    expect(claims.exp - claims.iat).toBe(60);
    // A hand-made token that is just as genuine verifies too (the checks below change one thing each).
    await expect(tokens.verifyService(await forged('4'), 'plan.read')).resolves.toMatchObject({ tid: '4' });
  });

  it('is refused for another purpose', async () => {
    const token = await tokens.signService({ tid: '4', purpose: 'catalogue.read' });
    await expect(tokens.verifyService(token, 'plan.read')).rejects.toMatchObject({ reason: 'purpose' });
    await expect(tokens.signService({ tid: '4', purpose: 'centre.delete' as never })).rejects.toThrow('Unknown service purpose');
  });

  it('of centre A never speaks for centre B', async () => {
    // Centre A's key, centre B's id: the signature check fails (B's key is another key).
    await expect(tokens.verifyService(await forged('5', { key: serviceKey('4') }), 'plan.read')).rejects.toMatchObject({
      reason: 'invalid',
    });
    await expect(tokens.verifyService(await forged('4', { claims: { tid: '5' } }), 'plan.read')).rejects.toBeInstanceOf(AuthError);
    // An access token of centre A is no service token, even carrying a tid.
    await rejected(tokens.verifyService((await tokens.signAccess({ ...claims, tid: '4' })).token, 'plan.read'));
  });

  it('is refused with another audience, another typ, past its expiry or living longer than 60 s', async () => {
    await expect(tokens.verifyService(await forged('4', { aud: 'kv:access:4' }), 'plan.read')).rejects.toMatchObject({ reason: 'invalid' });
    await expect(tokens.verifyService(await forged('4', { typ: 'at+jwt' }), 'plan.read')).rejects.toMatchObject({ reason: 'invalid' });
    await expect(tokens.verifyService(await forged('4', { iat: now() - 120, exp: now() - 60 }), 'plan.read')).rejects.toMatchObject({
      reason: 'expired',
    });
    await expect(tokens.verifyService(await forged('4', { exp: now() + 3600 }), 'plan.read')).rejects.toMatchObject({ reason: 'claims' });
    await expect(tokens.verifyService(await forged('4', { iat: now() - 90, exp: now() + 10 }), 'plan.read')).rejects.toBeInstanceOf(
      AuthError,
    );
    const token = await tokens.signService({ tid: '4', purpose: 'plan.read' });
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    try {
      await expect(tokens.verifyService(token, 'plan.read')).rejects.toBeInstanceOf(AuthError);
    } finally {
      vi.useRealTimers();
    }
    await rejected(tokens.verifyService('not-a-token', 'plan.read'));
    await rejected(createTokenService({ secret: 'y'.repeat(48) }).verifyService(token, 'plan.read'));
  });
});
