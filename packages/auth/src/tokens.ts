import { createHmac, webcrypto } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify, errors as joseErrors } from 'jose';
import { AuthError } from './errors.ts';
import { randomToken } from './secure-token.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const SUPPORT_TOKEN_TTL_SECONDS = 120;
/** A known device stays known for 180 days after its last sign-in there. */
export const DEVICE_TOKEN_TTL_SECONDS = 180 * 24 * 3600;
/** A service token lives for one call to the control plane: at most a minute. */
export const SERVICE_TOKEN_TTL_SECONDS = 60;
export const SERVICE_AUDIENCE = 'control-plane';
const ISSUER = 'kidsvision';
const CENTRE_ID = /^[0-9]{1,19}$/;

/**
 * What a centre may ask of the control plane, one purpose per token: a token minted to read a
 * catalogue cannot read the plan, and the reverse.
 */
export const SERVICE_PURPOSES = ['catalogue.read', 'plan.read', 'websites.report', 'billing.read', 'billing.pay'] as const;
export type ServicePurpose = (typeof SERVICE_PURPOSES)[number];

export interface ServiceClaims {
  /** The centre the call is made for: the only centre it may read or write. */
  tid: string;
  purpose: ServicePurpose;
  iat: number;
  exp: number;
}

export interface AccessClaims {
  sub: string;
  /** Centre id, or `platform` for operators. */
  tid: string;
  role: string;
  sid: string;
  iat: number;
  exp: number;
}

export interface SupportAutologinClaims {
  tid: string;
  sub: string;
  ssid: string;
  operator: string;
  /** When the support session itself ends (epoch seconds). */
  sexp: number;
  /** `read` (the default) or `write` (an admin's session with a stated reason). */
  mode: 'read' | 'write';
  jti: string;
}

/**
 * Each centre gets its own signing key, derived from the platform secret, so a token minted on
 * centre A fails signature verification on centre B, not merely a claim comparison.
 */
function keyFor(secret: string, purpose: string, tid: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(`${purpose}:${tid}`).digest());
}

/**
 * The derived key imported once as a WebCrypto key: jose imports raw bytes on every call, which
 * was a tenth of the server's time under load (bench morning-rush). Bounded: past 10,000 centre
 * and purpose pairs the cache starts over.
 */
function cryptoKeyCache(secret: string) {
  const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
  return (purpose: string, tid: string): Promise<webcrypto.CryptoKey> => {
    const id = `${purpose}:${tid}`;
    let key = keys.get(id);
    if (!key) {
      if (keys.size >= 10_000) keys.clear();
      key = webcrypto.subtle.importKey('raw', keyFor(secret, purpose, tid), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
      keys.set(id, key);
    }
    return key;
  };
}

/**
 * Access tokens already verified, by centre and token text, until they expire. A client sends the
 * same token for its whole 15 minutes, and WebCrypto's HMAC check runs as a thread-pool job per
 * call (about a twentieth of a check-in's server time, bench check-in-throughput). Only what
 * verified is kept; revocation stays with the session lookup every request makes. Bounded: the
 * oldest entry leaves first.
 */
function verifiedCache(max = 20_000) {
  const entries = new Map<string, AccessClaims>();
  return {
    get(tid: string, token: string): AccessClaims | undefined {
      const key = `${tid}\n${token}`;
      const hit = entries.get(key);
      if (hit && hit.exp * 1000 <= Date.now()) {
        entries.delete(key);
        throw new AuthError('expired');
      }
      return hit;
    },
    set(tid: string, token: string, claims: AccessClaims) {
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(`${tid}\n${token}`, claims);
    },
  };
}

export interface TokenService {
  signAccess(claims: { sub: string; tid: string; role: string; sid: string }): Promise<{ token: string; expiresIn: number }>;
  verifyAccess(token: string, tid: string): Promise<AccessClaims>;
  signSupportAutologin(claims: {
    tid: string;
    sub: string;
    ssid: string;
    operator: string;
    exp: Date;
    mode?: 'read' | 'write';
  }): Promise<string>;
  verifySupportAutologin(token: string, tid: string): Promise<SupportAutologinClaims>;
  /**
   * A known-device token: proof that `sub` signed in on this browser at centre `tid` (or the
   * platform) before. It grants nothing; the sign-in throttle exempts its holder from the address
   * budget (OWASP device cookies).
   */
  signDevice(claims: { tid: string; sub: string }): Promise<string>;
  /** The user a device token names, when it verifies for centre `tid`; AuthError otherwise. */
  verifyDevice(token: string, tid: string): Promise<{ sub: string }>;
  /** A token for one call of centre `tid` to the control plane, for one purpose (60 s). */
  signService(claims: { tid: string; purpose: ServicePurpose }): Promise<string>;
  /**
   * Verifies a service token for `purpose` and returns the centre it speaks for. The centre comes
   * from the token, and the token verifies only with that centre's derived key: a token of centre
   * A naming centre B fails its signature.
   */
  verifyService(token: string, purpose: ServicePurpose): Promise<ServiceClaims>;
}

export function createTokenService({ secret }: { secret: string }): TokenService {
  if (!secret || secret.length < 32) throw new Error('The token secret must be at least 32 characters');
  const cryptoKey = cryptoKeyCache(secret);
  const verifiedAccess = verifiedCache();

  async function verify(token: string, purpose: string, tid: string, typ: string) {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, await cryptoKey(purpose, tid), {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: `kv:${purpose}:${tid}`,
        typ,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (protectedHeader.typ !== typ || payload.tid !== tid) throw new AuthError('claims');
      return payload;
    } catch (e) {
      if (e instanceof AuthError) throw e;
      throw new AuthError(e instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
    }
  }

  return {
    async signAccess({ sub, tid, role, sid }) {
      const token = await new SignJWT({ tid, role, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(`kv:access:${tid}`)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(await cryptoKey('access', tid));
      return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
    },
    async verifyAccess(token, tid) {
      const known = verifiedAccess.get(tid, token);
      if (known) return { ...known };
      const p = await verify(token, 'access', tid, 'at+jwt');
      if (typeof p.role !== 'string' || typeof p.sid !== 'string') throw new AuthError('claims');
      const claims = { sub: p.sub!, tid, role: p.role, sid: p.sid, iat: p.iat!, exp: p.exp! };
      verifiedAccess.set(tid, token, claims);
      return { ...claims };
    },
    async signSupportAutologin({ tid, sub, ssid, operator, exp, mode = 'read' }) {
      return new SignJWT({ tid, ssid, operator, smode: mode, sexp: Math.floor(exp.getTime() / 1000) })
        .setProtectedHeader({ alg: 'HS256', typ: 'support+jwt' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(`kv:support:${tid}`)
        .setJti(randomToken(16))
        .setIssuedAt()
        .setExpirationTime(`${SUPPORT_TOKEN_TTL_SECONDS}s`)
        .sign(keyFor(secret, 'support', tid));
    },
    async verifySupportAutologin(token, tid) {
      const p = await verify(token, 'support', tid, 'support+jwt');
      if (typeof p.ssid !== 'string' || typeof p.operator !== 'string' || typeof p.sexp !== 'number' || !p.jti) {
        throw new AuthError('claims');
      }
      // Anything but an explicit `write` is a read-only session.
      const mode = p.smode === 'write' ? 'write' : 'read';
      return { tid, sub: p.sub!, ssid: p.ssid, operator: p.operator, sexp: p.sexp, jti: p.jti, mode };
    },
    async signDevice({ tid, sub }) {
      return new SignJWT({ tid })
        .setProtectedHeader({ alg: 'HS256', typ: 'device+jwt' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(`kv:device:${tid}`)
        .setIssuedAt()
        .setExpirationTime(`${DEVICE_TOKEN_TTL_SECONDS}s`)
        .sign(await cryptoKey('device', tid));
    },
    async verifyDevice(token, tid) {
      const p = await verify(token, 'device', tid, 'device+jwt');
      return { sub: p.sub! };
    },
    async signService({ tid, purpose }) {
      if (!CENTRE_ID.test(tid)) throw new Error(`Invalid centre id for a service token: ${JSON.stringify(tid)}`);
      if (!SERVICE_PURPOSES.includes(purpose)) throw new Error(`Unknown service purpose: ${JSON.stringify(purpose)}`);
      return new SignJWT({ tid, pur: purpose })
        .setProtectedHeader({ alg: 'HS256', typ: 'svc+jwt' })
        .setSubject(`centre:${tid}`)
        .setIssuer(ISSUER)
        .setAudience(SERVICE_AUDIENCE)
        .setJti(randomToken(12))
        .setIssuedAt()
        .setExpirationTime(`${SERVICE_TOKEN_TTL_SECONDS}s`)
        .sign(await cryptoKey('service', tid));
    },
    async verifyService(token, purpose) {
      let tid: unknown;
      try {
        tid = decodeJwt(token).tid; // unverified: only picks the key, which then must verify it
      } catch {
        throw new AuthError('invalid');
      }
      if (typeof tid !== 'string' || !CENTRE_ID.test(tid)) throw new AuthError('claims');
      try {
        const { payload, protectedHeader } = await jwtVerify(token, await cryptoKey('service', tid), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: SERVICE_AUDIENCE,
          typ: 'svc+jwt',
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
          maxTokenAge: `${SERVICE_TOKEN_TTL_SECONDS}s`,
        });
        if (protectedHeader.typ !== 'svc+jwt' || payload.tid !== tid || payload.sub !== `centre:${tid}`) throw new AuthError('claims');
        // A longer-lived token is refused even when signed with the right key.
        if (payload.exp! - payload.iat! > SERVICE_TOKEN_TTL_SECONDS) throw new AuthError('claims');
        if (payload.pur !== purpose) throw new AuthError('purpose');
        return { tid, purpose, iat: payload.iat!, exp: payload.exp! };
      } catch (e) {
        if (e instanceof AuthError) throw e;
        throw new AuthError(e instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
      }
    },
  };
}
