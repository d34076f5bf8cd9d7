import { AuthError } from './errors.ts';
import { DEVICE_TOKEN_TTL_SECONDS, type TokenService } from './tokens.ts';

/**
 * Known-device cookies (OWASP Authentication cheat sheet, "device cookies"): after a successful
 * sign-in the browser keeps one per user, HttpOnly and host-only (each centre's host, and the
 * platform host, keep their own), signed for that centre. A sign-in of that user carrying it is
 * judged by the account's budget only, not the address's.
 */
const DEVICE_COOKIE = /^kvd_(\d{1,19})$/;
/** Device cookies looked at per request: one browser may be shared by a family, not by a crowd. */
export const MAX_DEVICE_COOKIES = 8;

/** The user ids the request's valid device cookies name for centre `tid`. */
export async function knownDeviceUsers(tokens: TokenService, tid: string, cookieHeader: string | undefined): Promise<Set<string>> {
  const known = new Set<string>();
  if (!cookieHeader) return known;
  const pairs = cookieHeader
    .split(';')
    .map((p) => {
      const at = p.indexOf('=');
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()] as const;
    })
    .filter(([name, value]) => value && DEVICE_COOKIE.test(name))
    .slice(0, MAX_DEVICE_COOKIES);
  for (const [name, value] of pairs) {
    try {
      const { sub } = await tokens.verifyDevice(decodeURIComponent(value), tid);
      if (`kvd_${sub}` === name) known.add(sub);
    } catch (e) {
      if (!(e instanceof AuthError) && !(e instanceof URIError)) throw e;
    }
  }
  return known;
}

/** The Set-Cookie value remembering this browser for `userId` at centre `tid` (Secure in production). */
export async function knownDeviceCookie(tokens: TokenService, tid: string, userId: string, opts: { secure: boolean }): Promise<string> {
  const token = await tokens.signDevice({ tid, sub: userId });
  return `kvd_${userId}=${token}; Path=/graphql; Max-Age=${DEVICE_TOKEN_TTL_SECONDS}; HttpOnly; SameSite=Strict${opts.secure ? '; Secure' : ''}`;
}
