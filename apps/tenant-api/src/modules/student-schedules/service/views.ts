import { z } from 'zod';
import { parseArgs } from '@kv/server';
import { addDays } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { isStaff, readScope, reaches, requireViewer } from '../../../core/access.ts';
import { id, pageArgs, paginated } from '../../../core/args.ts';
import { dateRange } from '../../../core/time.ts';
import { iso } from '../../../core/result.ts';
import { locationInfo } from '../../locations/index.ts';
import { vacationDaysOf } from '../../attendance/index.ts';
import * as repo from '../repo.ts';
import { scheduleReadScope } from '../policy.ts';
import { locationNotFound, monthInvalid, roomNotFound } from '../errors.ts';
import { byVacation, scopedStudent } from './common.ts';
import { toVacation } from './vacations.ts';

const month = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month such as 2026-03.');

/** The first and last day of a YYYY-MM month. */
export function monthRange(m: string): { from: string; to: string } {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  const from = `${m}-01`;
  const next = mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

/** A location the viewer reads (parents: their children's), else NOT_FOUND. */
async function readableLocation(ctx: RequestContext, locationId: string) {
  const scope = await readScope(ctx);
  const loc = reaches(scope, locationId) ? await locationInfo(ctx.db, locationId) : undefined;
  if (!loc) throw locationNotFound();
  return loc;
}

/**
 * Spec getMonthlyScheduleList(location, program, month): per child of the location (and room) in
 * the viewer's student scope, by name: the schedules meeting the month, the days expected, the
 * absences and vacations of the month. One page; a statement per part, not per child.
 */
export async function getMonthlyScheduleList(ctx: RequestContext, raw: unknown) {
  const scope = await scheduleReadScope(ctx);
  const a = parseArgs(z.object({ location: id, program: id.nullish(), month: month.nullish(), ...pageArgs }), raw);
  const loc = await readableLocation(ctx, a.location);
  if (a.program) {
    const p = await ctx.db('programs').where({ id: a.program, location_id: loc.id }).whereNull('deleted_at').first('id');
    if (!p) throw roomNotFound();
  }
  const m = a.month ?? new Date().toISOString().slice(0, 7);
  if (!/^\d{4}-\d{2}$/.test(m)) throw monthInvalid();
  const { from, to } = monthRange(m);
  const { rows, total } = await repo.scheduledStudents(
    ctx.db,
    scope,
    { locationId: loc.id, programId: a.program ?? null, from, to },
    a.page,
    a.first,
  );
  const ids = rows.map((r) => r.id);
  const [schedules, expected, absences] = await Promise.all([
    repo.schedulesOf(ctx.db, ids),
    repo.expectedDaysOf(ctx.db, ids, from, to),
    vacationDaysOf(ctx.db, ids, from, to),
  ]);
  const data = rows.map((s) => ({
    student_id: s.id,
    full_name: `${s.fname} ${s.lname}`,
    program_id: s.program_id,
    schedules: schedules.filter((x) => x.student_id === s.id && x.start_date <= to && (!x.end_date || x.end_date >= from)),
    expected_dates: expected.get(s.id) ?? [],
    absences: absences
      .filter((x) => x.student_id === s.id)
      .map((x) => ({ date: x.date, reason: x.reason, note: x.note, vacation_id: x.vacation_id ?? null })),
  }));
  return { ...paginated(data, total, a.page, a.first), month: m };
}

/** Spec filterUpdatedSchedules(location, from, to): the change log, newest first (staff: their scope; parents: own children). */
export async function filterUpdatedSchedules(ctx: RequestContext, raw: unknown) {
  const scope = await scheduleReadScope(ctx);
  const a = parseArgs(dateRange(366).extend({ location: id, ...pageArgs }), raw);
  const loc = await readableLocation(ctx, a.location);
  const { rows, total } = await repo.changesOf(
    ctx.db,
    scope,
    { locationId: loc.id, from: a.from, to: a.to, tz: loc.timezone },
    a.page,
    a.first,
  );
  return paginated(
    rows.map((r) => ({ ...r, student_name: `${r.fname} ${r.lname}`, data: JSON.stringify(r.data ?? {}), created_at: iso(r.created_at)! })),
    total,
    a.page,
    a.first,
  );
}

/** One child's schedules and vacations (the child's page): the viewer's student scope. */
export async function getStudentSchedules(ctx: RequestContext, raw: unknown) {
  const scope = await scheduleReadScope(ctx);
  const a = parseArgs(z.object({ student: id }), raw);
  const st = await scopedStudent(ctx, ctx.db, scope, a.student);
  const today = new Date().toISOString().slice(0, 10);
  const [schedules, days] = await Promise.all([
    repo.schedulesOf(ctx.db, [st.id]),
    vacationDaysOf(ctx.db, [st.id], addDays(today, -60), addDays(today, 366)),
  ]);
  const vacations = [...byVacation(days.filter((d) => d.vacation_id)).values()].map(toVacation);
  const absences = days.filter((d) => !d.vacation_id).map((x) => ({ date: x.date, reason: x.reason, note: x.note, vacation_id: null }));
  return { student_id: st.id, schedules, vacations, absences, can_edit: isStaff(requireViewer(ctx)) };
}
