import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import { localParts, zonedInstant } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import * as rows from '../repo/checkin.ts';
import { isLocationStaff } from '../repo/pins.ts';
import { pickupStudentIds } from '../repo/children.ts';
import { readCheckIn, type CheckInRead, type ReadRights } from '../repo/checkin-read.ts';
import { checkInAccess, type CheckInAccess } from '../policy.ts';
import {
  badTime,
  contactNotFound,
  healthScreenRequired,
  mixedLocations,
  notYourChild,
  parentCheckInOff,
  phoneMismatch,
  phoneRequired,
  qrExpired,
  qrInvalid,
  qrRequired,
  roomNotFound,
  signatureRequired,
  studentNotFound,
} from '../errors.ts';
import { publishAttendance, publishRatios, type AttendanceEvent } from '../live.ts';
import { checkQrCode, countWrongGuess, phoneArg, phoneMatches, pinArg, pinHolder } from './pin.ts';
import { oneItems, oneStatement, rateRooms, run, runOne, summarise, DOUBLE_TAP_MS, type CheckInItem, type Plan } from './checkin-run.ts';
import { id } from '../../../core/args.ts';
import { inTransaction } from '../../../core/tx.ts';
import { localDate, localTime } from '../../../core/time.ts';
import { evaluateScreen, questionsForLocation, type ScreenResult } from '../../health/index.ts';

/** Staff may enter a time this far back; older records are corrections. */
const STAFF_BACKDATE_DAYS = 7;

export const signatureArg = z
  .string()
  .max(300_000, 'The signature image is too large.')
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, 'Sign in the box (the signature is a PNG or JPEG image).');

export const requestIdArg = z
  .string()
  .trim()
  .min(8, 'The request id must have at least 8 characters.')
  .max(100, 'The request id must have at most 100 characters.')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'The request id may use letters, digits and . _ : - only.');

const healthAnswers = z
  .array(
    z.object({
      student_id: id,
      answers: z.array(z.object({ question_id: id, answer: z.boolean() })).max(50, 'Too many answers.'),
    }),
  )
  .max(20, 'Too many health screens.');

const saveArgs = z.object({
  students: z.array(id).min(1, 'Choose at least one child.').max(20, 'Check in at most 20 children at once.'),
  date: localDate.nullish(),
  time: localTime.nullish(),
  action_by: id.nullish(),
  signature: signatureArg.nullish(),
  action: z.enum(['check_in', 'check_out']).nullish(),
  program_id: id.nullish(),
  pin: pinArg.nullish(),
  phone: phoneArg.nullish(),
  code: z.string().trim().max(120, 'This check-in code is not valid.').nullish(),
  health_screen: healthAnswers.nullish(),
  request_id: requestIdArg.nullish(),
});

/**
 * Checks one or several children in or out (spec §7 `saveStudentCheckInOut`). Every child of the
 * request is handled in one transaction, in id order:
 * - the client's `request_id`, when sent, is claimed first as an idempotency key: a repeated or
 *   concurrent identical request waits on it, then answers with the record the first one made;
 * - the child's open record is locked; without `action` the request toggles (in ↔ out), but a
 *   toggle within a minute of the opposite action is taken as a double tap;
 * - a check-in inserts on the unique "one open record per child" index with ON CONFLICT DO
 *   NOTHING, so two devices at once leave one record;
 * - a failed health screen blocks that child and tells the location's managers;
 * - parents' notifications and ratio alerts are outbox rows of the same transaction.
 * One child's explicit action without a signature, health screen or parents' message (the common
 * request) does all of it in a single statement instead (checkin-run.ts `runOne`), which gives way
 * to the transaction above whenever it cannot answer alone. When staff record their own action now
 * (`staffNow`), that statement also makes the request's read: one round trip after the viewer's.
 */
export async function saveStudentCheckInOut(ctx: RequestContext, raw: unknown) {
  const access = await checkInAccess(ctx);
  const args = parseArgs(saveArgs, raw);
  const ids = [...new Set(args.students)].sort((a, b) => Number(a) - Number(b));
  const viewerId = access.viewer.id;
  const rights: ReadRights = access.kind === 'parent' ? { pickupBy: viewerId } : { scope: access.scope };
  // Only a client's request_id makes a replay key. A key derived from the request (who, what,
  // which minute) answered "already checked in" to in → out → in within a minute, leaving the child
  // out; without a key the records answer: one open record per child, a close only of an open one,
  // and a toggle within DOUBLE_TAP_MS of the opposite action taken as a double tap.
  const keyBase = args.request_id ? `r:${viewerId}:${args.request_id}` : null;
  const now = new Date();

  let found: CheckInRead | null = null;
  let triedOne = false;
  if (staffNow(access, args, ids)) {
    // Nothing to check but what the statement reads itself: read and write in one round trip.
    const one = await runOne({
      ctx,
      type: args.action!,
      studentId: ids[0]!,
      keyBase,
      rights,
      programId: args.program_id ?? null,
      date: null,
      at: now,
      actionBy: viewerId,
      method: 'staff',
    });
    triedOne = true;
    found = one.read;
    if (one.outcome && found?.location && found.settings) {
      const local = localParts(now, found.location.timezone);
      const plan = planOf(ctx, args, found, {
        method: 'staff',
        actionBy: viewerId,
        at: now,
        date: local.date,
        time: local.time,
        keyBase,
        rights,
      });
      return finish(plan, oneItems(found.students[0]!, args.action!, one.outcome));
    }
  }
  // One read: the children, their location and its settings, the caller's rights, the rooms.
  found ??= await readCheckIn(ctx.db, ids, rights, args.program_id ?? null);
  const plan = await checkedPlan(ctx, access, args, ids, found, now, keyBase, rights);
  const oneOf = async (p: Plan) => {
    const one = await runOne({ ...p, type: p.args.action!, studentId: p.students[0]!.id, programId: p.args.program_id ?? null });
    return one.outcome ? oneItems(p.students[0]!, p.args.action!, one.outcome) : null;
  };
  const result = (!triedOne && oneStatement(plan) && (await oneOf(plan))) || (await inTransaction(ctx, (trx) => run(trx, plan)));
  return finish(plan, result);
}

type Args = z.infer<typeof saveArgs>;

/**
 * Staff recording, now, their own explicit action on one child, with nothing but the child's
 * location, room and settings to check: the one statement reads those itself (runOne).
 */
const staffNow = (access: CheckInAccess, args: Args, ids: string[]) =>
  access.kind === 'staff' &&
  ids.length === 1 &&
  Boolean(args.action) &&
  !args.pin &&
  !args.phone &&
  !args.code &&
  !args.signature &&
  !args.date &&
  !args.time &&
  !args.health_screen?.length &&
  (!args.action_by || args.action_by === access.viewer.id);

type Decided = Pick<Plan, 'method' | 'actionBy' | 'at' | 'date' | 'time' | 'keyBase' | 'rights'> &
  Partial<Pick<Plan, 'screens' | 'questions'>>;

function planOf(ctx: RequestContext, args: Args, found: CheckInRead, d: Decided): Plan {
  return {
    ctx,
    args,
    students: found.students,
    locationId: String(found.students[0]!.location_id),
    locationName: found.location!.name,
    settings: found.settings!,
    screens: new Map(),
    questions: false,
    rooms: found.rooms,
    ...d,
  };
}

/** The checks of a request against what was read (errors in the spec's order), and its plan. */
async function checkedPlan(
  ctx: RequestContext,
  access: CheckInAccess,
  args: Args,
  ids: string[],
  found: CheckInRead,
  now: Date,
  keyBase: string | null,
  rights: ReadRights,
): Promise<Plan> {
  const { students, settings, location: loc } = found;
  if (students.length !== ids.length) throw studentNotFound();
  const locationId = String(students[0]!.location_id);
  if (students.some((s) => String(s.location_id) !== locationId)) throw mixedLocations();
  if (!settings || !loc) throw studentNotFound();
  const local = localParts(now, loc.timezone);
  let method: string;
  let actionBy: string;
  let at = now;
  let date = local.date;
  let time = local.time;

  if (access.kind === 'parent') {
    if (!found.allowed) throw studentNotFound();
    if (!settings.parent_check_in) throw parentCheckInOff();
    if (settings.check_in_qr && !args.code) throw qrRequired();
    if (args.code) {
      const verdict = checkQrCode(settings, args.code, now);
      if (verdict === 'expired') throw qrExpired();
      if (verdict !== 'ok') throw qrInvalid();
    }
    method = args.code ? 'qr' : 'phone';
    actionBy = access.viewer.id;
  } else {
    if (!found.allowed) throw studentNotFound();
    if (args.pin) {
      const person = await pinHolder(ctx, args.pin);
      if (settings.require_phone_with_pin) {
        if (!args.phone) throw phoneRequired();
        if (!phoneMatches(person, args.phone)) {
          await countWrongGuess(ctx);
          throw phoneMismatch();
        }
      }
      const rights = await pickupStudentIds(ctx.db, person.id, ids);
      if (ids.some((i) => !rights.has(i))) throw notYourChild();
      method = 'kiosk';
      actionBy = person.id;
    } else {
      actionBy = args.action_by ?? access.viewer.id;
      if (actionBy !== access.viewer.id) {
        const rights = await pickupStudentIds(ctx.db, actionBy, ids);
        if (ids.some((i) => !rights.has(i)) && !(await isLocationStaff(ctx.db, actionBy, locationId))) throw contactNotFound();
      }
      method = 'staff';
      if (args.date || args.time) {
        date = args.date ?? local.date;
        time = args.time ?? local.time;
        at = zonedInstant(date, time, loc.timezone);
        if (at.getTime() > now.getTime() + 5 * 60_000) throw badTime(args.time ? 'time' : 'date', 'The time cannot be in the future.');
        if (at.getTime() < now.getTime() - STAFF_BACKDATE_DAYS * 86_400_000)
          throw badTime('date', 'For older days, a manager corrects the record.');
      }
    }
  }
  if (settings.signature_required && method !== 'staff' && !args.signature) throw signatureRequired();
  if (args.program_id && !found.programOk) throw roomNotFound();

  const questions = settings.health_screen ? await questionsForLocation(ctx, locationId) : [];
  const screens = new Map<string, ScreenResult>();
  if (questions.length) {
    for (const h of args.health_screen ?? []) {
      if (!ids.includes(h.student_id)) throw badInput('health_screen', 'A health screen is for a child who is not being checked in.');
      screens.set(h.student_id, evaluateScreen(h.student_id, questions, h.answers));
    }
    if (args.action !== 'check_out') {
      for (const s of students) {
        if (screens.has(s.id)) continue;
        if (args.action === 'check_in' || !(await rows.openAttendance(ctx.db, s.id))) throw healthScreenRequired(s.id);
      }
    }
  }

  return planOf(ctx, args, found, { method, actionBy, at, date, time, screens, questions: questions.length > 0, keyBase, rights });
}

/** After the write: the rooms' ratios, the live updates, the answer. */
async function finish(plan: Plan, { items, changed }: Awaited<ReturnType<typeof run>>) {
  const { ctx, locationId, actionBy } = plan;
  const ratios = await rateRooms(plan, items, changed, (err) =>
    ctx.log?.warn({ err }, 'check-in: room ratio refresh failed; the attendance tick will re-check'),
  );

  publishAttendance(
    ctx,
    changed.map((c): AttendanceEvent => ({
      location_id: locationId,
      kind: 'student',
      type: c.type,
      student_id: String(c.row.student_id),
      user_id: actionBy,
      program_id: c.row.program_id ? String(c.row.program_id) : null,
      record_id: String(c.row.id),
      at: (c.type === 'check_out' ? c.row.end_time! : c.row.start_time).toISOString(),
    })),
  );
  publishRatios(
    ctx,
    locationId,
    [...ratios.values()].filter((r) => changed.some((c) => String(c.row.program_id) === r.program_id)),
  );
  return summarise(items);
}

export { summarise, DOUBLE_TAP_MS, type CheckInItem };
