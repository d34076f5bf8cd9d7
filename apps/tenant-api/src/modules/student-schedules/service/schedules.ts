import { z } from 'zod';
import type { Knex } from 'knex';
import { parseArgs } from '@kv/server';
import { addDays } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { id } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { localDate, localTime } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import * as repo from '../repo.ts';
import { scheduleWriteScope } from '../policy.ts';
import {
  dateOutsideSchedule,
  daysRequired,
  endBeforeStart,
  endTimeBeforeStart,
  roomNotFound,
  scheduleDateNotFound,
  scheduleNotFound,
  scheduleOverlap,
} from '../errors.ts';
import { rederiveVacations, scopedStudent, snapshotVacations, todayAt } from './common.ts';

export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const SCHEDULE_TYPES = ['full_time', 'part_time', 'drop_in'] as const;

const days = z.array(z.enum(WEEK_DAYS, { message: 'Use mon, tue, wed, thu, fri, sat or sun.' })).max(7);
const fieldsOf = {
  start_date: localDate,
  end_date: localDate.nullish(),
  start_time: localTime.nullish(),
  end_time: localTime.nullish(),
  type: z.enum(SCHEDULE_TYPES, { message: 'Use full_time, part_time or drop_in.' }).nullish(),
  days: days.nullish(),
  program: id.nullish(),
};

/** Exclusion violations (Postgres 23P01) of the no-overlap constraint become SCHEDULE_OVERLAP. */
async function noOverlap<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    const err = e as { code?: string; constraint?: string };
    if (err?.code === '23P01' && err.constraint === 'student_schedules_no_overlap') throw scheduleOverlap();
    throw e;
  }
}

function checkShape(s: {
  start_date: string;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  type: string;
  days: string[];
}) {
  if (s.end_date && s.end_date < s.start_date) throw endBeforeStart();
  if (s.start_time && s.end_time && s.end_time <= s.start_time) throw endTimeBeforeStart();
  if (s.type !== 'drop_in' && !s.days.length) throw daysRequired();
}

async function assertRoom(trx: Knex.Transaction, programId: string | null | undefined, locationId: string) {
  if (!programId) return;
  const p = await trx('programs').where({ id: programId, location_id: locationId }).whereNull('deleted_at').first('id');
  if (!p) throw roomNotFound();
}

const sortDays = (d: readonly string[]) => WEEK_DAYS.filter((x) => d.includes(x));

async function logAndAudit(
  ctx: RequestContext,
  trx: Knex.Transaction,
  s: { id: string; student_id: string; location_id: string },
  action: string,
  data: Record<string, unknown>,
) {
  await repo.logChange(trx, {
    location_id: s.location_id,
    student_id: s.student_id,
    schedule_id: s.id,
    action,
    data,
    changed_by: ctx.viewer!.id,
  });
  await audit(ctx, trx, {
    action: `student_schedule.${action}`,
    entity: 'student',
    entity_id: s.student_id,
    location_id: s.location_id,
    data: { schedule: s.id, ...data },
  });
}

const shown = (s: repo.ScheduleRow) => ({
  start_date: s.start_date,
  end_date: s.end_date,
  start_time: s.start_time,
  end_time: s.end_time,
  type: s.type,
  days: s.days,
  program: s.program_id,
});

/** Spec createStudentSchedule: a schedule of a child (ranges of one child never overlap). */
export async function createStudentSchedule(ctx: RequestContext, raw: unknown) {
  const scope = await scheduleWriteScope(ctx);
  const a = parseArgs(z.object({ student: id, ...fieldsOf }), raw);
  const schedule = await inTransaction(ctx, async (trx) => {
    const st = await scopedStudent(ctx, trx, scope, a.student);
    const row = {
      student_id: st.id,
      location_id: st.location_id,
      program_id: a.program ?? st.program_id,
      start_date: a.start_date,
      end_date: a.end_date ?? null,
      start_time: a.start_time ?? null,
      end_time: a.end_time ?? null,
      type: a.type ?? 'full_time',
      days: sortDays(a.days ?? []),
      created_by: ctx.viewer!.id,
    };
    checkShape(row);
    await assertRoom(trx, a.program, st.location_id);
    const snap = await snapshotVacations(trx, st.id, await todayAt(trx, st.location_id), ctx.viewer!.id);
    const s = await noOverlap(repo.insertSchedule(trx, row));
    await rederiveVacations(trx, snap);
    await logAndAudit(ctx, trx, s, 'created', shown(s));
    return s;
  });
  return { ...notice('Schedule saved.'), schedule };
}

/** A schedule of a child in the writer's scope, else NOT_FOUND. */
async function writableSchedule(ctx: RequestContext, trx: Knex.Transaction, scheduleId: string) {
  const scope = await scheduleWriteScope(ctx);
  const s = await repo.findSchedule(trx, scheduleId);
  if (!s || !(await repo.studentOf(trx, scope, s.student_id))) throw scheduleNotFound();
  return s;
}

/** Spec updateStudentSchedule: the fields given change; future vacation days follow the new days. */
export async function updateStudentSchedule(ctx: RequestContext, raw: unknown) {
  await scheduleWriteScope(ctx);
  const a = parseArgs(z.object({ id, ...fieldsOf, start_date: localDate.nullish() }), raw);
  const schedule = await inTransaction(ctx, async (trx) => {
    const before = await writableSchedule(ctx, trx, a.id);
    const next = {
      start_date: a.start_date ?? before.start_date,
      end_date: a.end_date !== undefined ? a.end_date : before.end_date,
      start_time: a.start_time !== undefined ? a.start_time : before.start_time,
      end_time: a.end_time !== undefined ? a.end_time : before.end_time,
      type: a.type ?? before.type,
      days: a.days ? sortDays(a.days) : before.days,
      program_id: a.program !== undefined ? (a.program ?? null) : before.program_id,
    };
    checkShape(next);
    await assertRoom(trx, a.program, before.location_id);
    const snap = await snapshotVacations(trx, before.student_id, await todayAt(trx, before.location_id), ctx.viewer!.id);
    const s = await noOverlap(repo.updateSchedule(trx, before.id, next));
    await repo.dropDatesOutside(trx, s);
    await rederiveVacations(trx, snap);
    const changed: Record<string, unknown> = {};
    const b = shown(before) as Record<string, unknown>;
    for (const [k, v] of Object.entries(shown(s))) if (JSON.stringify(b[k]) !== JSON.stringify(v)) changed[k] = [b[k], v];
    await logAndAudit(ctx, trx, s, 'updated', changed);
    return s;
  });
  return { ...notice('Schedule saved.'), schedule };
}

/** Spec removeStudentSchedule: the schedule and its extra days go; vacation days follow. */
export async function removeStudentSchedule(ctx: RequestContext, raw: unknown) {
  await scheduleWriteScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  await inTransaction(ctx, async (trx) => {
    const s = await writableSchedule(ctx, trx, a.id);
    const snap = await snapshotVacations(trx, s.student_id, await todayAt(trx, s.location_id), ctx.viewer!.id);
    await repo.deleteSchedule(trx, s.id);
    await rederiveVacations(trx, snap);
    await logAndAudit(ctx, trx, s, 'removed', shown(s));
  });
  return notice('Schedule removed.');
}

/** Spec addScheduleDate: an extra expected day of a schedule (within its dates). */
export async function addScheduleDate(ctx: RequestContext, raw: unknown) {
  await scheduleWriteScope(ctx);
  const a = parseArgs(z.object({ schedule: id, date: localDate, start_time: localTime.nullish(), end_time: localTime.nullish() }), raw);
  const date = await inTransaction(ctx, async (trx) => {
    const s = await writableSchedule(ctx, trx, a.schedule).catch(() => {
      throw scheduleNotFound('schedule');
    });
    if (a.date < s.start_date || (s.end_date && a.date > s.end_date)) throw dateOutsideSchedule();
    if (a.start_time && a.end_time && a.end_time <= a.start_time) throw endTimeBeforeStart();
    const snap = await snapshotVacations(trx, s.student_id, await todayAt(trx, s.location_id), ctx.viewer!.id);
    const row = await repo.upsertScheduleDate(trx, {
      schedule_id: s.id,
      student_id: s.student_id,
      date: a.date,
      start_time: a.start_time ?? s.start_time,
      end_time: a.end_time ?? s.end_time,
    });
    await rederiveVacations(trx, snap);
    await logAndAudit(ctx, trx, s, 'date_added', { date: a.date });
    return row;
  });
  return { ...notice('Day added.'), date };
}

/** Spec removeScheduleDate: takes an extra day off its schedule. */
export async function removeScheduleDate(ctx: RequestContext, raw: unknown) {
  const scope = await scheduleWriteScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  await inTransaction(ctx, async (trx) => {
    const d = await repo.findScheduleDate(trx, a.id);
    if (!d || !(await repo.studentOf(trx, scope, d.student_id))) throw scheduleDateNotFound();
    const s = (await repo.findSchedule(trx, d.schedule_id))!;
    const snap = await snapshotVacations(trx, s.student_id, await todayAt(trx, s.location_id), ctx.viewer!.id);
    await repo.deleteScheduleDate(trx, d.id);
    await rederiveVacations(trx, snap);
    await logAndAudit(ctx, trx, s, 'date_removed', { date: d.date });
  });
  return notice('Day removed.');
}

/**
 * The students area's `week_schedule` argument (createNewStudent / updateNewStudent): the child's
 * weekdays from today on. The schedule covering today is changed when it starts today, otherwise it
 * ends yesterday and a new one (same times, type and room) starts today, up to the next schedule.
 * Runs in the caller's transaction.
 */
export async function setWeekSchedule(
  trx: Knex.Transaction,
  who: { studentId: string; locationId: string; programId: string | null; by: string },
  weekdays: readonly string[],
): Promise<void> {
  const today = await todayAt(trx, who.locationId);
  const wanted = sortDays(weekdays.length ? weekdays : ['mon', 'tue', 'wed', 'thu', 'fri']);
  const current = (await repo.schedulesOn(trx, [who.studentId], today)).get(who.studentId);
  if (current && JSON.stringify(current.days) === JSON.stringify(wanted)) return;
  const snap = await snapshotVacations(trx, who.studentId, today, who.by);
  const type = wanted.length < 5 ? 'part_time' : 'full_time';
  let s: repo.ScheduleRow;
  if (current && current.start_date >= today) {
    s = await repo.updateSchedule(trx, current.id, { days: wanted, type: current.type === 'drop_in' ? current.type : type });
  } else {
    if (current) await repo.updateSchedule(trx, current.id, { end_date: addDays(today, -1) });
    const next = current ? undefined : await repo.nextScheduleAfter(trx, who.studentId, today);
    s = await repo.insertSchedule(trx, {
      student_id: who.studentId,
      location_id: who.locationId,
      program_id: current?.program_id ?? who.programId,
      start_date: today,
      end_date: current ? current.end_date : next ? addDays(next.start_date, -1) : null,
      start_time: current?.start_time ?? null,
      end_time: current?.end_time ?? null,
      type,
      days: wanted,
      created_by: who.by,
    });
  }
  await rederiveVacations(trx, snap);
  await repo.logChange(trx, {
    location_id: who.locationId,
    student_id: who.studentId,
    schedule_id: s.id,
    action: current ? 'updated' : 'created',
    data: { days: [current?.days ?? null, wanted] },
    changed_by: who.by,
  });
}
