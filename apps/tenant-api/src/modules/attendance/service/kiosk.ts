import { z } from 'zod';
import { roleAtLeast, isRoleName, localParts } from '@kv/shared';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { checkInSettings } from '../repo/settings.ts';
import { familyStudents } from '../repo/children.ts';
import { isLocationStaff, userPin, type PinUserRow } from '../repo/pins.ts';
import { childStates } from '../repo/lists.ts';
import { attendanceStaffScope } from '../policy.ts';
import { familyViewer } from '../../../core/access.ts';
import { phoneMismatch, phoneRequired, pinInvalid, qrExpired, qrInvalid, qrOff } from '../errors.ts';
import { checkQrCode, countWrongGuess, currentQrCode, phoneArg, phoneMatches, pinArg, pinHolder, qrLocation } from './pin.ts';
import { assertLocations, readScope } from '../../../core/access.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { link, throttled } from '../../auth/index.ts';
import { questionsForLocation } from '../../health/index.ts';
import { locationInfo } from '../../locations/index.ts';

const person = (p: { id: string; fname: string; lname: string }) => ({ id: String(p.id), fname: p.fname, lname: p.lname });
const isStaffRole = (roles: string[]) => roles.some((r) => isRoleName(r) && roleAtLeast(r, 'teacher'));

/** A family at the kiosk: the contact, their children at this location with today's state, and what the check-in asks. */
async function familyAt(ctx: RequestContext, holder: PinUserRow, locationId: string) {
  const loc = await locationInfo(ctx.db, locationId);
  const [students, settings] = await Promise.all([familyStudents(ctx.db, holder.id, locationId), checkInSettings(ctx.db, locationId)]);
  if (!students.length) {
    await countWrongGuess(ctx);
    throw pinInvalid();
  }
  const date = localParts(new Date(), loc!.timezone).date;
  const questions = settings.health_screen ? await questionsForLocation(ctx, locationId) : [];
  return {
    ...notice(`Welcome, ${holder.fname}.`),
    location_id: locationId,
    contact: person(holder),
    children: await childStates(
      ctx.db,
      students.map((s) => s.id),
      date,
    ),
    health_screen: questions.length > 0,
    questions,
    signature_required: settings.signature_required,
  };
}

/** Kiosk: the family holding a PIN (a staff session of the location). */
export async function getCheckInByPin(ctx: RequestContext, raw: unknown) {
  const scope = await attendanceStaffScope(ctx);
  const args = parseArgs(z.object({ location_id: id, pin: pinArg }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const settings = await checkInSettings(ctx.db, args.location_id);
  if (settings.require_phone_with_pin) throw phoneRequired();
  return familyAt(ctx, await pinHolder(ctx, args.pin), args.location_id);
}

/** Kiosk: the family holding a PIN, confirmed by their phone number (or its last 4 digits). */
export async function getCheckInByPinAndPhone(ctx: RequestContext, raw: unknown) {
  const scope = await attendanceStaffScope(ctx);
  const args = parseArgs(z.object({ location_id: id, pin: pinArg, phone: phoneArg }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const holder = await pinHolder(ctx, args.pin);
  if (!phoneMatches(holder, args.phone)) {
    await countWrongGuess(ctx);
    throw phoneMismatch();
  }
  return familyAt(ctx, holder, args.location_id);
}

/**
 * Kiosk: whose PIN this is — a family with children here, or a member of the location's team
 * (who then goes to the time clock). Anything else is an invalid PIN.
 */
export async function verifyCheckInPin(ctx: RequestContext, raw: unknown) {
  const scope = await attendanceStaffScope(ctx);
  const args = parseArgs(z.object({ location_id: id, pin: pinArg }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const holder = await pinHolder(ctx, args.pin);
  if (isStaffRole(holder.roles) && (await isLocationStaff(ctx.db, holder.id, args.location_id)))
    return { ...notice(`Welcome, ${holder.fname}.`), kind: 'staff', user: person(holder) };
  if ((await familyStudents(ctx.db, holder.id, args.location_id)).length)
    return { ...notice(`Welcome, ${holder.fname}.`), kind: 'family', user: person(holder) };
  await countWrongGuess(ctx);
  throw pinInvalid();
}

/** App: the signed-in person confirms their own check-in PIN (before checking in from the phone). */
export async function verifyCheckInPinApp(ctx: RequestContext, raw: unknown) {
  const v = familyViewer(ctx);
  const args = parseArgs(z.object({ pin: pinArg }), raw);
  const peek = await ctx.throttles.verifyIp.consume(`pin:${ctx.tenant.id}:${ctx.ip}`, 0);
  if (!peek.allowed) throw throttled(peek.retryAfterMs);
  const mine = await userPin(ctx.db, v.id);
  if (!mine || mine !== args.pin) {
    await countWrongGuess(ctx);
    return { ...notice('This PIN is not yours. Check it and try again.', false), kind: null, user: null };
  }
  return { ...notice('PIN confirmed.'), kind: 'self', user: null };
}

/**
 * The parent scanned the location's check-in QR code: is it valid now, and which of their
 * children can they check in or out here?
 */
export async function validateCheckInCode(ctx: RequestContext, raw: unknown) {
  const v = familyViewer(ctx);
  const args = parseArgs(
    z.object({ code: z.string().trim().min(1, 'Scan the check-in QR code.').max(120, 'This check-in code is not valid.') }),
    raw,
  );
  const locationId = qrLocation(args.code);
  if (!locationId) throw qrInvalid();
  await assertLocations(ctx, await readScope(ctx), [locationId]).catch(() => {
    throw qrInvalid();
  });
  const settings = await checkInSettings(ctx.db, locationId);
  if (!settings.check_in_qr) throw qrOff();
  const now = new Date();
  const verdict = checkQrCode(settings, args.code, now);
  if (verdict === 'expired') throw qrExpired();
  if (verdict !== 'ok') throw qrInvalid();
  const loc = await locationInfo(ctx.db, locationId);
  const students = await familyStudents(ctx.db, v.id, locationId);
  return {
    ...notice(`You are at ${loc!.name}.`),
    location_id: locationId,
    location_name: loc!.name,
    children: await childStates(
      ctx.db,
      students.map((s) => s.id),
      localParts(now, loc!.timezone).date,
    ),
    signature_required: settings.signature_required,
  };
}

/**
 * The parent's page (/user/students/check-in-or-out): their children they may pick up, grouped by
 * location, with today's state and what checking in from the phone asks there. Only the viewer's
 * own children (pickup on, not black-listed) are listed; staff use the kiosk and the lists.
 */
export async function getMyCheckIn(ctx: RequestContext) {
  const v = familyViewer(ctx);
  const students = await familyStudents(ctx.db, v.id, null);
  const byLocation = new Map<string, string[]>();
  for (const s of students) byLocation.set(String(s.location_id), [...(byLocation.get(String(s.location_id)) ?? []), s.id]);
  const now = new Date();
  return Promise.all(
    [...byLocation].map(async ([locationId, ids]) => {
      const [loc, settings] = await Promise.all([locationInfo(ctx.db, locationId), checkInSettings(ctx.db, locationId)]);
      const questions = settings.health_screen ? await questionsForLocation(ctx, locationId) : [];
      return {
        location_id: locationId,
        location_name: loc!.name,
        children: await childStates(ctx.db, ids, localParts(now, loc!.timezone).date),
        parent_check_in: settings.parent_check_in,
        qr_required: settings.check_in_qr,
        signature_required: settings.signature_required,
        health_screen: questions.length > 0,
        questions,
      };
    }),
  );
}

/** The code the kiosk screen shows now, and when it changes (staff of the location). */
export async function getCheckInQrCode(ctx: RequestContext, raw: unknown) {
  const scope = await attendanceStaffScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const settings = await checkInSettings(ctx.db, args.location_id);
  if (!settings.check_in_qr) throw qrOff();
  const c = await currentQrCode(ctx, settings, new Date());
  return {
    location_id: args.location_id,
    code: c.code,
    url: link(ctx, `/user/students/check-in-or-out?code=${encodeURIComponent(c.code)}`),
    expires_at: c.expires_at?.toISOString() ?? null,
    rotates_every: c.rotates_every,
  };
}
