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
