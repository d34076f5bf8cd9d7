import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed `state` of the Google Calendar consent (issue 21): which centre, user and calendar it
 * is for, a single-use nonce (the centre keeps it and takes it once) and when it expires. Signed
 * with HMAC-SHA256 under a key both the centre hosts and the platform host derive from the
 * platform secret (purpose `google-state`), so `/oauth2callback` on the platform host can trust the
 * centre it names and `saveGoogleCalendarToken` on the centre host can trust the rest.
 * Format: `<payload base64url JSON>.<signature base64url>`.
 */
export interface OAuthState {
  /** Centre id. */
  c: string;
  /** User id. */
  u: string;
  /** Calendar id. */
  k: string;
  /** Nonce. */
  n: string;
  /** Expiry, epoch seconds. */
  e: number;
}

const sign = (payload: string, key: string) => createHmac('sha256', key).update(`kv:oauth-state:${payload}`).digest('base64url');

export function signOAuthState(state: OAuthState, key: string): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${sign(payload, key)}`;
}

/** The state when its signature holds and it has not expired, else null. */
export function verifyOAuthState(raw: string, key: string, now = Date.now()): OAuthState | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null;
  const [payload, sig, extra] = raw.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const want = Buffer.from(sign(payload, key));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const s = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as OAuthState;
    if (![s.c, s.u, s.k, s.n].every((v) => typeof v === 'string' && v.length > 0) || typeof s.e !== 'number') return null;
    if (s.e * 1000 <= now) return null;
    return s;
  } catch {
    return null;
  }
}
