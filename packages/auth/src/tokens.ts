import { createHmac, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AuthError } from './errors.ts';
import { randomToken } from './secure-token.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const SUPPORT_TOKEN_TTL_SECONDS = 120;
const ISSUER = 'kidsvision';

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
  signSupportAutologin(claims: { tid: string; sub: string; ssid: string; operator: string; exp: Date }): Promise<string>;
  verifySupportAutologin(token: string, tid: string): Promise<SupportAutologinClaims>;
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
    async signSupportAutologin({ tid, sub, ssid, operator, exp }) {
      return new SignJWT({ tid, ssid, operator, sexp: Math.floor(exp.getTime() / 1000) })
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
      return { tid, sub: p.sub!, ssid: p.ssid, operator: p.operator, sexp: p.sexp, jti: p.jti };
    },
  };
}
