import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { randomToken } from '@kv/auth';
import type { RequestContext } from '../../../types.ts';
import { ensureQrSecret, type CheckInSettingsRow } from '../repo/settings.ts';
import { findUserByPin, type PinUserRow } from '../repo/pins.ts';
import { pinInvalid } from '../errors.ts';
import { throttled } from '../../auth/index.ts';

export const pinArg = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'Enter the 4- to 8-digit PIN.');

export const phoneArg = z
  .string()
  .trim()
  .regex(/^[0-9+()\-.\s]{4,32}$/, 'Enter the phone number or its last 4 digits.');

const digits = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

/**
 * PIN guesses are throttled per address: only wrong PINs are counted (a busy kiosk at the door
 * never runs out), and once the budget is spent every PIN is refused until it refills.
 */
export async function pinHolder(ctx: RequestContext, pin: string): Promise<PinUserRow> {
  const key = `pin:${ctx.tenant.id}:${ctx.ip}`;
  const peek = await ctx.throttles.verifyIp.consume(key, 0);
  if (!peek.allowed) throw throttled(peek.retryAfterMs);
  const person = await findUserByPin(ctx.db, pin);
  if (!person) {
    await countWrongGuess(ctx);
    throw pinInvalid();
  }
  return person;
}

export async function countWrongGuess(ctx: RequestContext): Promise<void> {
  const r = await ctx.throttles.verifyIp.consume(`pin:${ctx.tenant.id}:${ctx.ip}`, 1);
  if (!r.allowed) throw throttled(r.retryAfterMs);
}

/** The phone (full number, with or without country code, or its last 4 digits) belongs to the person. */
export function phoneMatches(person: { phone: string | null; phone2: string | null }, input: string): boolean {
  const d = digits(input);
  if (d.length < 4) return false;
  return [person.phone, person.phone2].some((p) => {
    const pd = digits(p);
    if (pd.length < 4) return false;
    return d.length >= 7 ? pd.endsWith(d) || d.endsWith(pd) : d.length === 4 && pd.endsWith(d);
  });
}

// ── the rotating check-in QR code ──────────────────────────────────────────

/** A code scanned a little after its window closed is still accepted. */
export const QR_GRACE_MS = 30_000;
const CODE = /^(\d{1,18})-([A-Za-z0-9_-]{16})$/;

function mac(secret: string, locationId: string, window: string): string {
  return createHmac('sha256', secret).update(`${locationId}:${window}`).digest('base64url').slice(0, 16);
}

const codeOf = (secret: string, locationId: string, window: string) => `${locationId}-${mac(secret, locationId, window)}`;

/**
 * The code a location shows now: an HMAC of the current time window (`check_in_qr_expire` long)
 * under the location's secret, so nothing is stored per code and every screen of the location
 * shows the same code. Without an expiry the code never rotates (a printed code).
 */
export async function currentQrCode(ctx: RequestContext, settings: CheckInSettingsRow, now: Date) {
  const secret = settings.qr_secret ?? (await ensureQrSecret(ctx.db, settings.location_id, randomToken(32)));
  const windowMs = parseDuration(settings.check_in_qr_expire);
  if (windowMs === null) return { code: codeOf(secret, settings.location_id, 'static'), expires_at: null, rotates_every: null };
  const index = Math.floor(now.getTime() / windowMs);
  return {
    code: codeOf(secret, settings.location_id, String(index)),
    expires_at: new Date((index + 1) * windowMs),
    rotates_every: Math.round(windowMs / 1000),
  };
}

/** The location a code names, or null when it is not shaped like a code. */
export function qrLocation(code: string): string | null {
  return CODE.exec(code.trim())?.[1] ?? null;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** `ok`, `expired` (a real code of an earlier window, within the last day) or `invalid`. */
export function checkQrCode(settings: CheckInSettingsRow, code: string, now: Date): 'ok' | 'expired' | 'invalid' {
  const secret = settings.qr_secret;
  const loc = settings.location_id;
  if (!secret || qrLocation(code) !== loc) return 'invalid';
  const c = code.trim();
  const windowMs = parseDuration(settings.check_in_qr_expire);
  if (windowMs === null) return same(c, codeOf(secret, loc, 'static')) ? 'ok' : 'invalid';
  const index = Math.floor(now.getTime() / windowMs);
  if (same(c, codeOf(secret, loc, String(index)))) return 'ok';
  if (same(c, codeOf(secret, loc, String(index - 1))) && now.getTime() - index * windowMs < QR_GRACE_MS) return 'ok';
  const lookBack = Math.min(200, Math.ceil(86_400_000 / windowMs));
  for (let i = 1; i <= lookBack; i++) if (same(c, codeOf(secret, loc, String(index - i)))) return 'expired';
  return 'invalid';
}

/**
 * Length of a rotating-code window from `check_in_qr_expire`: `30s`, `5m`, `2h`, `1d`, words
 * (`10 minutes`), or a bare number of minutes. Blank → `null` (the code never rotates).
 * Anything unreadable → 24 hours.
 */
export function parseDuration(raw: string | null | undefined): number | null {
  const v = (raw ?? '').trim().toLowerCase();
  if (!v) return null;
  const m = /^(\d{1,6})\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?|d|days?)?$/.exec(v);
  if (!m) return 24 * 3_600_000;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'm')[0];
  const ms = unit === 's' ? n * 1000 : unit === 'h' ? n * 3_600_000 : unit === 'd' ? n * 86_400_000 : n * 60_000;
  return Math.min(Math.max(ms, 15_000), 366 * 86_400_000);
}
