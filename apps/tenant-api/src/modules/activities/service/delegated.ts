import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { audit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { localDate, localTime } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import {
  claimRequest,
  completeRequest,
  findRequest,
  markStudentsAbsent,
  saveStudentCheckInOut,
  updateStudentAttendance,
} from '../../attendance/index.ts';
import { findScreens, recordScreen, updateScreen, type ScreenRow } from '../../health/index.ts';
import { activityWriteScope } from '../policy.ts';
import { derivedEntries, findAbsence, findAttendance, absencesOn } from '../repo/feed.ts';
import { activityNotFound } from '../errors.ts';
import { checkDate, entries, requestId, studentsArg, targetOf, type ShownActivity } from './common.ts';
import type { SaveResult } from './save.ts';

/**
 * The kinds that are another area's rows, so a day never holds two records of one fact:
 * - Absent: attendance's `markStudentsAbsent` (its `attendance_absences` row); an update edits
 *   that row, a delete is `removeStudentAbsence`;
 * - HealthCheck: a `health_screens` row through the health area (temperature, note, time);
 * - CheckIn / CheckOut: attendance's `saveStudentCheckInOut` with its rules (one open record,
 *   health screen, double taps, request ids); updates are `updateStudentAttendance` (managers,
 *   with a reason).
 * Their entry ids name the row: `absent-<id>`, `health-<id>`, `checkin-<id>`, `checkout-<id>`.
 */
export const FEVER_F = 100.4;

const entryId = (prefix: string) =>
  z
    .string({ message: 'Choose the entry.' })
    .regex(new RegExp(`^${prefix}-[1-9]\\d{0,17}$`), 'Choose the entry.')
    .transform((v) => v.slice(prefix.length + 1));

const note = z
  .string()
  .trim()
  .max(500, 'The note has at most 500 characters.')
  .nullish()
  .transform((v) => (v ? v : null));

const temperature = z
  .number({ message: 'Enter the temperature (°F).' })
  .min(90, 'Enter the temperature in °F (90 to 110).')
  .max(110, 'Enter the temperature in °F (90 to 110).');

const result = (activities: ShownActivity[], message: string, status = true, replayed = false): SaveResult => ({
  ...notice(message),
  status,
  color: status ? 'success' : 'warning',
  replayed,
  activity: activities[0]!,
  activities,
});

async function entriesOf(ctx: RequestContext, kind: string, studentIds: string[], from: string, to: string, ids: Set<string>) {
  const rows = await derivedEntries(ctx.db, { studentIds, from, to, kinds: [kind], parent: false, staffOnly: null });
  return entries(
    [],
    rows.filter((r) => ids.has(r.id)),
  );
}

// ── absent ───────────────────────────────────────────────────────────────────

const absentArgs = z.object({
  students: studentsArg,
  date: localDate.nullish(),
  time: localTime.nullish(),
  type: z.string().trim().max(60, 'The reason has at most 60 characters.').nullish(),
  note,
  request_id: requestId,
});

export async function saveAbsentActivity(ctx: RequestContext, raw: unknown): Promise<SaveResult> {
  const scope = await activityWriteScope(ctx);
  const a = parseArgs(absentArgs, raw);
  const t = await targetOf(ctx, scope, a.students);
  const date = a.date ?? t.today;
  const done = await markStudentsAbsent(ctx, { students: t.ids, date, reason: a.type ?? null, note: a.note });
  const rows = await absencesOn(ctx.db, t.ids, date);
  const ids = new Set(rows.map((r: { id: string }) => `absent-${r.id}`));
  return result(await entriesOf(ctx, 'absent', t.ids, date, date, ids), done.message);
}

export async function updateAbsentActivity(ctx: RequestContext, raw: unknown): Promise<SaveResult> {
  const scope = await activityWriteScope(ctx);
  const a = parseArgs(
    z.object({
      id: entryId('absent'),
      date: localDate.nullish(),
      type: z.string().trim().max(60, 'The reason has at most 60 characters.').nullish(),
      note,
    }),
    raw,
  );
  const row = await findAbsence(ctx.db, a.id);
  if (!row) throw activityNotFound();
  await targetOf(ctx, scope, [String(row.student_id)], 'id').catch(() => {
    throw activityNotFound();
  });
  if (a.date && a.date !== row.date) throw badInput('date', 'An absence stays on its day: delete it and mark the other day.');
  const given = raw as Record<string, unknown>;
  const done = await markStudentsAbsent(ctx, {
    students: [String(row.student_id)],
    date: row.date,
    reason: given.type === undefined ? row.reason : (a.type ?? null),
    note: given.note === undefined ? row.note : a.note,
  });
  const entries = await entriesOf(ctx, 'absent', [String(row.student_id)], row.date, row.date, new Set([`absent-${row.id}`]));
  return result(entries, done.status ? 'The absence is updated.' : done.message);
}

// ── health check ─────────────────────────────────────────────────────────────

const healthArgs = z.object({
  students: studentsArg,
  date: localDate.nullish(),
  time: localTime.nullish(),
  temperature,
  note,
  request_id: requestId,
});

async function healthEntries(ctx: RequestContext, screens: ScreenRow[]) {
  if (!screens.length) return [];
  const dates = screens.map((s) => s.date).sort();
  return entriesOf(
    ctx,
    'health_check',
    screens.map((s) => String(s.student_id)),
    dates[0]!,
    dates[dates.length - 1]!,
    new Set(screens.map((s) => `health-${s.id}`)),
  );
}

/** One `health_screens` row per child: the reading, a note, passed below 100.4 °F. */
export async function saveHealthCheckActivity(ctx: RequestContext, raw: unknown): Promise<SaveResult> {
  const scope = await activityWriteScope(ctx);
  const a = parseArgs(healthArgs, raw);
  const v = ctx.viewer!;
  const key = a.request_id ? `activity:${v.id}:${a.request_id}` : null;
  const replay = async () => {
    const prior = key ? await findRequest(ctx.db, key) : undefined;
    if (!prior?.record_id) return null;
    const [first] = await findScreens(ctx.db, [String(prior.record_id)]);
    if (!first) return null;
    const all = await ctx.db('health_screens').where({ recorded_by: v.id, created_at: first.created_at }).select('id');
    return result(
      await healthEntries(
        ctx,
        await findScreens(
          ctx.db,
          all.map((r: { id: string }) => String(r.id)),
        ),
      ),
      'Already saved.',
      true,
      true,
    );
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const t = await targetOf(ctx, scope, a.students);
  const date = a.date ?? t.today;
  const bad = checkDate(t, date);
  if (bad) throw badInput('date', bad);
  const passed = a.temperature < FEVER_F;
  const ids = await inTransaction(ctx, async (trx) => {
    if (key && !(await claimRequest(trx, key, 'child'))) return null;
    const made: string[] = [];
    for (const studentId of t.ids) {
      made.push(
        await recordScreen(trx, {
          student_id: studentId,
          location_id: t.locationId,
          date,
          answers: [],
          passed,
          screened_by: v.id,
          recorded_by: v.id,
          temperature: a.temperature,
          note: a.note,
          time: a.time ?? t.now,
        }),
      );
    }
    await completeRequest(trx, key, made[0]!, 'health_check');
    await audit(ctx, trx, {
      action: 'activity.health_check',
      entity: 'health_screen',
      entity_id: made[0]!,
      location_id: t.locationId,
      data: { students: t.ids, temperature: a.temperature, passed },
    });
    return made;
  });
  if (!ids) return (await replay())!;
  return result(
    await healthEntries(ctx, await findScreens(ctx.db, ids)),
    passed ? 'The health check is saved.' : `The health check is saved: ${a.temperature} °F is a fever.`,
  );
}

export async function updateHealthCheckActivity(ctx: RequestContext, raw: unknown): Promise<SaveResult> {
  const scope = await activityWriteScope(ctx);
  const a = parseArgs(z.object({ id: entryId('health'), time: localTime.nullish(), temperature: temperature.nullish(), note }), raw);
  const [row] = await findScreens(ctx.db, [a.id]);
  if (!row) throw activityNotFound();
  await targetOf(ctx, scope, [String(row.student_id)], 'id').catch(() => {
    throw activityNotFound();
  });
  const given = raw as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  if (a.temperature !== undefined && a.temperature !== null)
    Object.assign(patch, { temperature: a.temperature, passed: a.temperature < FEVER_F });
  if (a.time) patch.time = a.time;
  if (given.note !== undefined) patch.note = a.note;
  if (!Object.keys(patch).length) throw badInput('temperature', 'Change the temperature, the time or the note.');
  await inTransaction(ctx, async (trx) => {
    await updateScreen(trx, a.id, patch);
    await audit(ctx, trx, {
      action: 'activity.health_check_update',
      entity: 'health_screen',
      entity_id: a.id,
      location_id: String(row.location_id),
      data: { changes: Object.keys(patch) },
    });
  });
  return result(await healthEntries(ctx, await findScreens(ctx.db, [a.id])), 'The health check is updated.');
}

// ── check-in and check-out ───────────────────────────────────────────────────

const checkArgs = z.object({
  students: studentsArg.max(20, 'Check in at most 20 children at once.'),
  date: localDate.nullish(),
  time: localTime.nullish(),
  /** The room to check into (default the homeroom). */
  id: id.nullish(),
  request_id: requestId,
});

function checkOf(action: 'check_in' | 'check_out') {
  return async (ctx: RequestContext, raw: unknown): Promise<SaveResult> => {
    const scope = await activityWriteScope(ctx);
    const a = parseArgs(checkArgs, raw);
    const t = await targetOf(ctx, scope, a.students);
    const done = await saveStudentCheckInOut(ctx, {
      students: t.ids,
      date: a.date ?? undefined,
      time: a.time ?? undefined,
      action,
      program_id: action === 'check_in' ? (a.id ?? undefined) : undefined,
      request_id: a.request_id ?? undefined,
    });
    const prefix = action === 'check_in' ? 'checkin' : 'checkout';
    const records = done.results.filter((r) => r.attendance).map((r) => r.attendance!);
    if (!records.length) return { ...result([], done.message, false), activity: null as never };
    const dates = records.map((r) => String(r.date)).sort();
    const entries = await entriesOf(
      ctx,
      action,
      t.ids,
      dates[0]!,
      dates[dates.length - 1]!,
      new Set(records.map((r) => `${prefix}-${r.id}`)),
    );
    return {
      ...result(
        entries,
        done.message,
        done.status,
        done.results.every((r) => r.replayed),
      ),
      color: done.color,
    };
  };
}

export const saveCheckInActivity = checkOf('check_in');
export const saveCheckOutActivity = checkOf('check_out');

function updateCheckOf(action: 'check_in' | 'check_out') {
  const prefix = action === 'check_in' ? 'checkin' : 'checkout';
  return async (ctx: RequestContext, raw: unknown): Promise<SaveResult> => {
    await activityWriteScope(ctx);
    const a = parseArgs(z.object({ id: entryId(prefix), date: localDate.nullish(), time: localTime, reason: z.string().nullish() }), raw);
    const row = await findAttendance(ctx.db, a.id);
    if (!row || (action === 'check_out' && !row.end_time)) throw activityNotFound();
    const date = a.date ?? (action === 'check_in' ? row.start_date : row.end_date);
    const done = await updateStudentAttendance(ctx, {
      id: a.id,
      [action === 'check_in' ? 'start_time' : 'end_time']: `${date} ${a.time}`,
      reason: a.reason ?? '',
    });
    const entries = await entriesOf(
      ctx,
      action,
      [String(row.student_id)],
      String(done.attendance.date),
      String(done.attendance.date),
      new Set([`${prefix}-${a.id}`]),
    );
    return result(entries, done.message);
  };
}

export const updateCheckInActivity = updateCheckOf('check_in');
export const updateCheckOutActivity = updateCheckOf('check_out');
