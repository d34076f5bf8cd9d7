import {
  createHash,
  createHmac,
  randomBytes,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { SignJWT, compactVerify, exportJWK, jwtVerify, type JWK } from 'jose';

/**
 * Playback tokens: EdDSA (Ed25519) JWTs, ≤ 60 s to open a stream, bound to viewer (`sub`), centre
 * (`tid`), camera (`cam`), stream path (`path`) and watch session (`sid`). MediaMTX's JWT mode
 * verifies them locally against `/.well-known/jwks.json` (claim `mediamtx_permissions`); the HTTP
 * callback `/internal/media-auth` verifies them here and also re-checks the session row.
 *
 * The key pair is derived from a 32-byte seed when one is configured (every API process then signs
 * with the same key: required behind a load balancer), otherwise generated once per process (dev).
 */
export const PLAYBACK_TOKEN_TTL_SECONDS = 60;
const ISSUER = 'kidsvision-media';
const AUDIENCE = 'media';

export interface PlaybackClaims {
  sub: string;
  tid: string;
  cam: string;
  sid: string;
  path: string;
  /** Token id: only the session's newest token opens it, and the dev origin accepts it once. */
  jti: string;
  exp: number;
}

export interface MediaKeys {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  jwk: JWK;
}

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A key pair from a seed (any string: hashed to 32 bytes), or a fresh one. */
export async function createMediaKeys(seed?: string | null): Promise<MediaKeys> {
  let privateKey: KeyObject;
  if (seed) {
    const raw = createHash('sha256').update(`media-jwt:${seed}`).digest();
    privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, raw]), format: 'der', type: 'pkcs8' });
  } else {
    privateKey = generateKeyPairSync('ed25519').privateKey;
  }
  const publicKey = createPublicKey(privateKey);
  const jwk = await exportJWK(publicKey);
  const kid = createHash('sha256').update(JSON.stringify(jwk)).digest('base64url').slice(0, 16);
  return { kid, privateKey, publicKey, jwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig' } };
}

let processKeys: Promise<MediaKeys> | undefined;
/** The process's keys (memoised; the seed of the first call wins). */
export function mediaKeys(seed?: string | null): Promise<MediaKeys> {
  return (processKeys ??= createMediaKeys(seed));
}

export async function jwks(keys: MediaKeys) {
  return { keys: [keys.jwk] };
}

export async function signPlaybackToken(
  keys: MediaKeys,
  c: Omit<PlaybackClaims, 'exp' | 'jti'> & { jti?: string },
  ttl = PLAYBACK_TOKEN_TTL_SECONDS,
): Promise<{ token: string; jti: string; expiresAt: Date }> {
  const jti = c.jti ?? randomBytes(12).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + Math.min(ttl, PLAYBACK_TOKEN_TTL_SECONDS);
  const token = await new SignJWT({
    tid: c.tid,
    cam: c.cam,
    sid: c.sid,
    path: c.path,
    mediamtx_permissions: [{ action: 'read', path: c.path }],
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: keys.kid })
    .setSubject(c.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(keys.privateKey);
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

function claimsOf(payload: Record<string, unknown>): PlaybackClaims | null {
  const { sub, tid, cam, sid, path, jti, exp } = payload;
  if (
    typeof sub !== 'string' ||
    typeof tid !== 'string' ||
    typeof cam !== 'string' ||
    typeof sid !== 'string' ||
    typeof path !== 'string' ||
    typeof jti !== 'string' ||
    typeof exp !== 'number'
  )
    return null;
  return { sub, tid, cam, sid, path, jti, exp };
}

/** Verifies signature, issuer, audience and expiry; null when any fails. */
export async function verifyPlaybackToken(keys: MediaKeys, token: string): Promise<PlaybackClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['EdDSA'] });
    return claimsOf(payload as Record<string, unknown>);
  } catch {
    return null;
  }
}

/**
 * The claims of one of our tokens whatever its age (signature, issuer and audience checked): the
 * sweep reads which watch session an open MediaMTX session belongs to long after its 60 s token
 * expired. Never use it to let anyone in.
 */
export async function readPlaybackTokenIgnoringExpiry(keys: MediaKeys, token: string): Promise<PlaybackClaims | null> {
  try {
    const { payload } = await compactVerify(token, keys.publicKey, { algorithms: ['EdDSA'] });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    const aud = claims.aud;
    if (claims.iss !== ISSUER || !(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return null;
    return claimsOf(claims);
  } catch {
    return null;
  }
}

/**
 * The dev origin's per-viewer session secret (MediaMTX does the same after the playlist is
 * authorised): the media playlist and segments need it instead of the 60 s token, and it is only
 * honoured while the watch session is live.
 */
export function sessionSecret(keys: MediaKeys, tid: string, sid: string, userAgent = ''): string {
  // Bound to the browser (user agent) that opened the stream: a copied URL fails in another browser.
  const mac = createHmac('sha256', keys.privateKey.export({ format: 'der', type: 'pkcs8' }))
    .update(`${tid}:${sid}:${userAgent}`)
    .digest('base64url')
    .slice(0, 32);
  return `${sid}.${mac}`;
}

export function readSessionSecret(keys: MediaKeys, tid: string, value: string, userAgent = ''): string | null {
  const sid = value.split('.')[0] ?? '';
  if (!/^\d{1,18}$/.test(sid)) return null;
  const want = Buffer.from(sessionSecret(keys, tid, sid, userAgent));
  const got = Buffer.from(value);
  return want.length === got.length && timingSafeEqual(want, got) ? sid : null;
}

/** Constant-time comparison of the callback's shared secret. */
export function secretMatches(expected: string, given: string | undefined | null): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}
