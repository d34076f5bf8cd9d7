import { z } from 'zod';
import type { Knex } from 'knex';
import { forbidden, parseArgs } from '@kv/server';
import { addDays, daysBetween, weekdayOf } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { reaches, scopeFilter, type LocationScope } from '../../../core/access.ts';
import { id } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { localDate, localTime, dateRange } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import * as repo from '../repo.ts';
import { staffScheduleManageScope, staffScheduleReadScope } from '../policy.ts';
import {
  absenceNotFound,
  daysRequired,
  endBeforeStart,
  endTimeBeforeStart,
  locationNotFound,
  ownPto,
  ptoNotFound,
  roomNotFound,
  scheduleNotFound,
  staffNotFound,
} from '../errors.ts';

const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const REPEATS = ['none', 'weekly', 'biweekly'] as const;
const PTO_TYPES = ['vacation', 'sick', 'personal', 'other'] as const;
const note = z.string().trim().max(500, 'The note has at most 500 characters.').nullish();
const days = z.array(z.enum(WEEK_DAYS, { message: 'Use mon, tue, wed, thu, fri, sat or sun.' })).max(7);
const sortDays = (d: readonly string[]) => WEEK_DAYS.filter((x) => d.includes(x));

type Table = 'staff_schedules' | 'staff_ptos' | 'staff_absences';

/** A location of the manager's scope and a person working there, else NOT_FOUND. */
async function placed(
  ctx: RequestContext,
  db: Knex | Knex.Transaction,
  scope: LocationScope,
  userId: string,
  locationId: string,
  programId?: string | null,
) {
  if (!reaches(scope, locationId)) throw locationNotFound();
  if (!(await repo.worksAt(db, userId, locationId))) throw staffNotFound();
  if (programId) {
    const p = await db('programs').where({ id: programId, location_id: locationId }).whereNull('deleted_at').first('id');
    if (!p) throw roomNotFound();
  }
}

/** A row of the manager's locations, else NOT_FOUND. */
async function managedRow(ctx: RequestContext, trx: Knex.Transaction, table: Table, rowId: string) {
  const scope = await staffScheduleManageScope(ctx);
  const r = await repo.findRow(trx, table, rowId);
  const missing = table === 'staff_schedules' ? scheduleNotFound : table === 'staff_ptos' ? ptoNotFound : absenceNotFound;
  if (!r || !reaches(scope, r.location_id)) throw missing();
  return { row: r, scope };
}

async function auditRow(ctx: RequestContext, trx: Knex.Transaction, action: string, entityId: string, locationId: string, data: object) {
  await audit(ctx, trx, { action, entity: 'staff_schedule', entity_id: entityId, location_id: locationId, data });
}

function checkSchedule(s: {
  start_date: string;
  end_date: string | null;
  start_time: string;
  end_time: string;
  days: string[];
  repeat: string;
}) {
  if (s.end_date && s.end_date < s.start_date) throw endBeforeStart();
  if (s.end_time <= s.start_time) throw endTimeBeforeStart();
  if (s.repeat !== 'none' && !s.days.length) throw daysRequired();
}

const scheduleFields = {
  start_date: localDate,
  end_date: localDate.nullish(),
  start_time: localTime,
  end_time: localTime,
  days: days.nullish(),
  repeat: z.enum(REPEATS, { message: 'Use none, weekly or biweekly.' }).nullish(),
  note,
  program: id.nullish(),
};

/** Spec createStaffSchedule: a staff member's working days and hours at a location (repeat, note). */
export async function createStaffSchedule(ctx: RequestContext, raw: unknown) {
  const scope = await staffScheduleManageScope(ctx);
  const a = parseArgs(z.object({ user: id, location: id, ...scheduleFields }), raw);
  const row = {
    user_id: a.user,
    location_id: a.location,
    program_id: a.program ?? null,
    start_date: a.start_date,
    end_date: a.repeat === 'none' ? a.start_date : (a.end_date ?? null),
    start_time: a.start_time,
    end_time: a.end_time,
    days: sortDays(a.days ?? []),
    repeat: a.repeat ?? 'weekly',
    note: a.note ?? null,
    created_by: ctx.viewer!.id,
  };
  checkSchedule(row);
  await placed(ctx, ctx.db, scope, a.user, a.location, a.program);
  const schedule = await inTransaction(ctx, async (trx) => {
    const rid = await repo.insertRow(trx, 'staff_schedules', row);
    await auditRow(ctx, trx, 'staff_schedule.create', rid, a.location, { user: a.user, start_date: row.start_date, days: row.days });
    return repo.findRow(trx, 'staff_schedules', rid);
  });
  return { ...notice('Schedule saved.'), schedule };
}

/** Spec updateStaffSchedule: the fields given change (the person and location stay). */
export async function updateStaffSchedule(ctx: RequestContext, raw: unknown) {
  await staffScheduleManageScope(ctx);
  const a = parseArgs(
    z.object({ id, ...scheduleFields, start_date: localDate.nullish(), start_time: localTime.nullish(), end_time: localTime.nullish() }),
    raw,
  );
  const schedule = await inTransaction(ctx, async (trx) => {
    const { row: b, scope } = await managedRow(ctx, trx, 'staff_schedules', a.id);
    const next = {
      start_date: a.start_date ?? b.start_date,
      end_date: a.end_date !== undefined ? a.end_date : b.end_date,
      start_time: a.start_time ?? b.start_time,
      end_time: a.end_time ?? b.end_time,
      days: a.days ? sortDays(a.days) : b.days,
      repeat: a.repeat ?? b.repeat,
      note: a.note !== undefined ? a.note : b.note,
      program_id: a.program !== undefined ? a.program : b.program_id,
    };
    if (next.repeat === 'none') next.end_date = next.start_date;
    checkSchedule(next);
    if (a.program) await placed(ctx, trx, scope, b.user_id, b.location_id, a.program);
    await repo.updateRow(trx, 'staff_schedules', b.id, next);
    await auditRow(ctx, trx, 'staff_schedule.update', b.id, b.location_id, { user: b.user_id });
    return repo.findRow(trx, 'staff_schedules', b.id);
  });
  return { ...notice('Schedule saved.'), schedule };
}

/** Spec removeStaffSchedule. */
export async function removeStaffSchedule(ctx: RequestContext, raw: unknown) {
  await staffScheduleManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  await inTransaction(ctx, async (trx) => {
    const { row } = await managedRow(ctx, trx, 'staff_schedules', a.id);
    await repo.deleteRow(trx, 'staff_schedules', row.id);
    await auditRow(ctx, trx, 'staff_schedule.remove', row.id, row.location_id, { user: row.user_id, start_date: row.start_date });
  });
  return notice('Schedule removed.');
}

/** The working days of a schedule in [from, to] (weekly, every other week from its first week, or once). */
export function shiftsOf(s: repo.StaffScheduleRow, from: string, to: string) {
  const out: {
    schedule_id: string;
    user_id: string;
    location_id: string;
    program_id: string | null;
    date: string;
    start_time: string;
    end_time: string;
  }[] = [];
  const start = s.start_date > from ? s.start_date : from;
  const end = s.end_date && s.end_date < to ? s.end_date : to;
  for (let d = start; d <= end; d = addDays(d, 1)) {
    if (s.repeat === 'none' ? d !== s.start_date : !s.days.includes(weekdayOf(d))) continue;
    if (s.repeat === 'biweekly' && Math.floor(daysBetween(mondayOf(s.start_date), d) / 7) % 2 !== 0) continue;
    out.push({
      schedule_id: s.id,
      user_id: s.user_id,
      location_id: s.location_id,
      program_id: s.program_id,
      date: d,
      start_time: s.start_time,
      end_time: s.end_time,
    });
  }
  return out;
}

const mondayOf = (d: string) => addDays(d, -(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as string[]).indexOf(weekdayOf(d)));

/**
 * The staff calendar of a range: schedules, their working days (less approved time off and
 * absences), time off and absences. Everyone's of the locations with `everyone`, else one person's.
 */
export async function staffCalendarBetween(
  db: Knex | Knex.Transaction,
  f: { locationIds: readonly string[] | null; userId: string | null; programId?: string | null; from: string; to: string },
) {
  const filter = { programId: null, ...f };
  const [schedules, ptos, absences] = await Promise.all([
    repo.schedulesBetween(db, filter),
    repo.ptosBetween(db, filter),
    repo.absencesBetween(db, filter),
  ]);
  const off = new Set<string>();
  for (const p of ptos) if (p.approved_by) for (let d = p.start_date; d <= p.end_date; d = addDays(d, 1)) off.add(`${p.user_id}:${d}`);
  for (const x of absences) off.add(`${x.user_id}:${x.date}`);
  const shifts = schedules.flatMap((s) => shiftsOf(s, f.from, f.to)).filter((x) => !off.has(`${x.user_id}:${x.date}`));
  return { schedules, shifts, ptos, absences };
}

/** Spec filterStaffSchedules(user, location, program, from, to). */
export async function filterStaffSchedules(ctx: RequestContext, raw: unknown) {
  const { scope, everyone, viewerId } = await staffScheduleReadScope(ctx);
  const a = parseArgs(dateRange(62).extend({ user: id.nullish(), location: id.nullish(), program: id.nullish() }), raw);
  if (a.location && !reaches(scope, a.location)) throw locationNotFound();
  if (a.user && a.user !== viewerId && !everyone) throw forbidden();
  const userId = everyone ? (a.user ?? null) : viewerId;
  return staffCalendarBetween(ctx.db, {
    locationIds: a.location ? [a.location] : scopeFilter(scope),
    userId,
    programId: a.program ?? null,
    from: a.from,
    to: a.to,
  });
}

const ptoFields = {
  start_date: localDate,
  end_date: localDate,
  hours: z.number('Enter the hours.').min(0.25, 'At least a quarter hour.').max(2000, 'At most 2000 hours.'),
  type: z.enum(PTO_TYPES, { message: 'Use vacation, sick, personal or other.' }),
  note,
};

/** Time off: staff ask for their own (pending); a manager of the location may enter anyone's (still pending until approved). */
export async function createStaffPto(ctx: RequestContext, raw: unknown) {
  const { scope, viewerId } = await staffScheduleReadScope(ctx);
  const a = parseArgs(z.object({ user: id.nullish(), location: id, ...ptoFields }), raw);
  const userId = a.user ?? viewerId;
  if (a.end_date < a.start_date) throw endBeforeStart();
  if (userId !== viewerId) {
    const managed = await staffScheduleManageScope(ctx);
    if (!reaches(managed, a.location)) throw locationNotFound();
  }
  await placed(ctx, ctx.db, scope, userId, a.location);
  const pto = await inTransaction(ctx, async (trx) => {
    const rid = await repo.insertRow(trx, 'staff_ptos', {
      user_id: userId,
      location_id: a.location,
      start_date: a.start_date,
      end_date: a.end_date,
      minutes: Math.round(a.hours * 60),
      type: a.type,
      note: a.note ?? null,
      created_by: viewerId,
    });
    await auditRow(ctx, trx, 'staff_pto.create', rid, a.location, {
      user: userId,
      start_date: a.start_date,
      end_date: a.end_date,
      type: a.type,
    });
    return repo.findRow(trx, 'staff_ptos', rid);
  });
  return { ...notice('Time off saved.'), pto };
}

/** A manager of the location approves time off (not their own). */
export async function approveStaffPto(ctx: RequestContext, raw: unknown) {
  await staffScheduleManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const pto = await inTransaction(ctx, async (trx) => {
    const { row } = await managedRow(ctx, trx, 'staff_ptos', a.id);
    if (row.user_id === ctx.viewer!.id) throw ownPto();
    await repo.updateRow(trx, 'staff_ptos', row.id, { approved_by: ctx.viewer!.id, approved_at: trx.fn.now() });
    await auditRow(ctx, trx, 'staff_pto.approve', row.id, row.location_id, { user: row.user_id });
    return repo.findRow(trx, 'staff_ptos', row.id);
  });
  return { ...notice('Time off approved.'), pto };
}

export async function removeStaffPto(ctx: RequestContext, raw: unknown) {
  await staffScheduleManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  await inTransaction(ctx, async (trx) => {
    const { row } = await managedRow(ctx, trx, 'staff_ptos', a.id);
    await repo.deleteRow(trx, 'staff_ptos', row.id);
    await auditRow(ctx, trx, 'staff_pto.remove', row.id, row.location_id, { user: row.user_id });
  });
  return notice('Time off removed.');
}

/** A manager records a staff member's absence for a day. */
export async function createStaffAbsence(ctx: RequestContext, raw: unknown) {
  const scope = await staffScheduleManageScope(ctx);
  const a = parseArgs(
    z.object({
      user: id,
      location: id,
      date: localDate,
      reason: z.string().trim().max(60, 'The reason has at most 60 characters.').nullish(),
      note,
    }),
    raw,
  );
  await placed(ctx, ctx.db, scope, a.user, a.location);
  const absence = await inTransaction(ctx, async (trx) => {
    await trx('staff_absences').where({ user_id: a.user, date: a.date }).del();
    const rid = await repo.insertRow(trx, 'staff_absences', {
      user_id: a.user,
      location_id: a.location,
      date: a.date,
      reason: a.reason ?? null,
      note: a.note ?? null,
      created_by: ctx.viewer!.id,
    });
    await auditRow(ctx, trx, 'staff_absence.create', rid, a.location, { user: a.user, date: a.date });
    return repo.findRow(trx, 'staff_absences', rid);
  });
  return { ...notice('Absence saved.'), absence };
}

export async function removeStaffAbsence(ctx: RequestContext, raw: unknown) {
  await staffScheduleManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  await inTransaction(ctx, async (trx) => {
    const { row } = await managedRow(ctx, trx, 'staff_absences', a.id);
    await repo.deleteRow(trx, 'staff_absences', row.id);
    await auditRow(ctx, trx, 'staff_absence.remove', row.id, row.location_id, { user: row.user_id, date: row.date });
  });
  return notice('Absence removed.');
}
