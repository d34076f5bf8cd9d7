import type { Knex } from 'knex';
import { applyScope } from '../students/index.ts';
import type { StudentScope } from '../../core/access.ts';
import { weekdayOfSql } from './expected.ts';

type Db = Knex | Knex.Transaction;

export interface ScheduleRow {
  id: string;
  student_id: string;
  location_id: string;
  program_id: string | null;
  start_date: string;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  type: string;
  days: string[];
  created_at: Date;
  updated_at: Date;
}

export interface ScheduleDateRow {
  id: string;
  schedule_id: string;
  student_id: string;
  date: string;
  start_time: string | null;
  end_time: string | null;
}

export interface ChangeRow {
  id: string;
  location_id: string;
  student_id: string;
  schedule_id: string | null;
  action: string;
  data: Record<string, unknown>;
  changed_by: string | null;
  created_at: Date;
  fname: string;
  lname: string;
}

const ids = <T extends Record<string, any>>(r: T, keys: string[]): T => {
  const out: Record<string, unknown> = { ...r };
  for (const k of keys) if (out[k] !== null && out[k] !== undefined) out[k] = String(out[k]);
  return out as T;
};

/** A `date` column as YYYY-MM-DD (the driver gives a Date at local midnight). */
const day = (v: unknown): string | null =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : v === null || v === undefined
      ? null
      : String(v).slice(0, 10);
const sched = (r: Record<string, any>) =>
  ({
    ...ids(r, ['id', 'student_id', 'location_id', 'program_id']),
    start_date: day(r.start_date),
    end_date: day(r.end_date),
  }) as ScheduleRow;
const dateRow = (r: Record<string, any>) => ({ ...ids(r, ['id', 'schedule_id', 'student_id']), date: day(r.date) }) as ScheduleDateRow;

/** A student of the scope (active or archived not: live rows only), or undefined. */
export async function studentOf(
  db: Db,
  scope: StudentScope,
  studentId: string,
): Promise<{ id: string; fname: string; lname: string; location_id: string; program_id: string | null } | undefined> {
  const q = db('students as s')
    .where('s.id', studentId)
    .whereNull('s.deleted_at')
    .first('s.id', 's.fname', 's.lname', 's.location_id', 's.program_id');
  const r = await applyScope(db, q, scope);
  return r ? ids(r, ['id', 'location_id', 'program_id']) : undefined;
}

export async function findSchedule(db: Db, id: string): Promise<ScheduleRow | undefined> {
  const r = await db('student_schedules').where({ id }).first();
  return r ? sched(r) : undefined;
}

export async function schedulesOf(db: Db, studentIds: readonly string[]): Promise<ScheduleRow[]> {
  if (!studentIds.length) return [];
  const rows = await db('student_schedules')
    .whereIn('student_id', studentIds as string[])
    .orderBy(['student_id', 'start_date']);
  return rows.map(sched);
}

/** The schedule of each child covering a day (at most one: ranges never overlap). */
export async function schedulesOn(db: Db, studentIds: readonly string[], date: string): Promise<Map<string, ScheduleRow>> {
  if (!studentIds.length) return new Map();
  const rows = await db('student_schedules')
    .whereIn('student_id', studentIds as string[])
    .where('start_date', '<=', date)
    .where((w) => w.whereNull('end_date').orWhere('end_date', '>=', date));
  return new Map(rows.map((r) => [String(r.student_id), sched(r)]));
}

/** The schedule of each child covering today in the zone of the child's location (Student.week_schedule). */
export async function schedulesToday(db: Db, studentIds: readonly string[]): Promise<Map<string, ScheduleRow>> {
  if (!studentIds.length) return new Map();
  const today = db.raw(`(now() at time zone coalesce(l.timezone, 'UTC'))::date`);
  const rows = await db('student_schedules as x')
    .join('students as s', 's.id', 'x.student_id')
    .leftJoin('locations as l', 'l.id', 's.location_id')
    .whereIn('x.student_id', studentIds as string[])
    .where('x.start_date', '<=', today)
    .where((w) => w.whereNull('x.end_date').orWhere('x.end_date', '>=', today))
    .select('x.*');
  return new Map(rows.map((r) => [String(r.student_id), sched(r)]));
}

/** The first schedule of a child starting after a day (for an open-ended one to stop before it). */
export async function nextScheduleAfter(db: Db, studentId: string, date: string): Promise<ScheduleRow | undefined> {
  const r = await db('student_schedules').where({ student_id: studentId }).where('start_date', '>', date).orderBy('start_date').first();
  return r ? sched(r) : undefined;
}

export async function insertSchedule(trx: Knex.Transaction, row: Record<string, unknown>): Promise<ScheduleRow> {
  const [r] = await trx('student_schedules').insert(row).returning('*');
  return sched(r);
}

export async function updateSchedule(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<ScheduleRow> {
  const [r] = await trx('student_schedules')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning('*');
  return sched(r);
}

export async function deleteSchedule(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('student_schedules').where({ id }).del();
}

export async function datesOf(db: Db, scheduleIds: readonly string[]): Promise<ScheduleDateRow[]> {
  if (!scheduleIds.length) return [];
  const rows = await db('student_schedule_dates')
    .whereIn('schedule_id', scheduleIds as string[])
    .orderBy('date');
  return rows.map(dateRow);
}

export async function findScheduleDate(db: Db, id: string): Promise<ScheduleDateRow | undefined> {
  const r = await db('student_schedule_dates').where({ id }).first();
  return r ? dateRow(r) : undefined;
}

/** Adds (or re-times) an extra day of a schedule. */
export async function upsertScheduleDate(trx: Knex.Transaction, row: Omit<ScheduleDateRow, 'id'>): Promise<ScheduleDateRow> {
  const [r] = await trx('student_schedule_dates')
    .insert(row)
    .onConflict(['student_id', 'date'])
    .merge(['schedule_id', 'start_time', 'end_time', 'updated_at'])
    .returning('*');
  return dateRow(r);
}

export async function deleteScheduleDate(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('student_schedule_dates').where({ id }).del();
}

/** Extra days outside a schedule's (new) range are dropped with the range change. */
export async function dropDatesOutside(trx: Knex.Transaction, s: ScheduleRow): Promise<void> {
  await trx('student_schedule_dates')
    .where({ schedule_id: s.id })
    .where((w) => {
      w.where('date', '<', s.start_date);
      if (s.end_date) w.orWhere('date', '>', s.end_date);
    })
    .del();
}

/** Days of [from, to] a child is expected by their schedules (absences not subtracted). */
export async function expectedDays(db: Db, studentId: string, from: string, to: string): Promise<string[]> {
  const r = await db.raw(
    `select to_char(g.d, 'YYYY-MM-DD') as date
       from generate_series(?::date, ?::date, interval '1 day') g(d)
      where exists (select 1 from student_schedule_dates xd where xd.student_id = ? and xd.date = g.d::date)
         or exists (select 1 from student_schedules x where x.student_id = ? and x.start_date <= g.d::date
                      and (x.end_date is null or x.end_date >= g.d::date) and ${weekdayOfSql('g.d::date')} = any(x.days))
         or (extract(isodow from g.d) < 6 and not exists (select 1 from student_schedules xn where xn.student_id = ?))
      order by 1`,
    [from, to, studentId, studentId, studentId],
  );
  return (r.rows as { date: string }[]).map((x) => x.date);
}

export async function logChange(
  trx: Knex.Transaction,
  row: { location_id: string; student_id: string; schedule_id: string | null; action: string; data: object; changed_by: string },
): Promise<void> {
  await trx('student_schedule_changes').insert({ ...row, data: JSON.stringify(row.data) });
}

/** Change log of a location in a time range, newest first, within the viewer's student scope. */
export async function changesOf(
  db: Db,
  scope: StudentScope,
  f: { locationId: string; from: string; to: string; tz: string },
  page: number,
  first: number,
): Promise<{ rows: ChangeRow[]; total: number }> {
  const q = db('student_schedule_changes as c')
    .join('students as s', 's.id', 'c.student_id')
    .where('c.location_id', f.locationId)
    .whereRaw(`c.created_at >= (?::date)::timestamp at time zone ?`, [f.from, f.tz])
    .whereRaw(`c.created_at < ((?::date + 1)::timestamp at time zone ?)`, [f.to, f.tz])
    .select('c.*', 's.fname', 's.lname', db.raw('count(*) over () as total'))
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .limit(first)
    .offset((page - 1) * first);
  applyScope(db, q, scope);
  const rows = await q;
  return {
    rows: rows.map((r: Record<string, any>) => ids(r, ['id', 'location_id', 'student_id', 'schedule_id', 'changed_by']) as ChangeRow),
    total: rows.length ? Number(rows[0].total) : 0,
  };
}

/**
 * The children of a location (optionally a room) with a schedule meeting [from, to], within the
 * viewer's student scope, by name; one page.
 */
export async function scheduledStudents(
  db: Db,
  scope: StudentScope,
  f: { locationId: string; programId: string | null; from: string; to: string },
  page: number,
  first: number,
): Promise<{ rows: { id: string; fname: string; lname: string; program_id: string | null }[]; total: number }> {
  const q = db('students as s')
    .where('s.location_id', f.locationId)
    .whereNull('s.deleted_at')
    .where('s.status', true)
    .whereRaw(`coalesce(s.type, '') not in ('lead', 'waitlist')`)
    .select('s.id', 's.fname', 's.lname', 's.program_id', db.raw('count(*) over () as total'))
    .orderByRaw('lower(s.fname), lower(s.lname), s.id')
    .limit(first)
    .offset((page - 1) * first);
  if (f.programId) q.where('s.program_id', f.programId);
  applyScope(db, q, scope);
  const rows = await q;
  return {
    rows: rows.map((r: Record<string, any>) => ({
      id: String(r.id),
      fname: r.fname,
      lname: r.lname,
      program_id: r.program_id ? String(r.program_id) : null,
    })),
    total: rows.length ? Number(rows[0].total) : 0,
  };
}

/** Expected days per child over [from, to] (absences not subtracted), one statement. */
export async function expectedDaysOf(db: Db, studentIds: readonly string[], from: string, to: string): Promise<Map<string, string[]>> {
  if (!studentIds.length) return new Map();
  const r = await db.raw(
    `select s.id as student_id, to_char(g.d, 'YYYY-MM-DD') as date
       from unnest(?::bigint[]) s(id)
       cross join generate_series(?::date, ?::date, interval '1 day') g(d)
      where exists (select 1 from student_schedule_dates xd where xd.student_id = s.id and xd.date = g.d::date)
         or exists (select 1 from student_schedules x where x.student_id = s.id and x.start_date <= g.d::date
                      and (x.end_date is null or x.end_date >= g.d::date) and ${weekdayOfSql('g.d::date')} = any(x.days))
         or (extract(isodow from g.d) < 6 and not exists (select 1 from student_schedules xn where xn.student_id = s.id))
      order by 1, 2`,
    [studentIds as string[], from, to],
  );
  const out = new Map<string, string[]>();
  for (const x of r.rows as { student_id: string; date: string }[]) {
    const k = String(x.student_id);
    if (!out.has(k)) out.set(k, []);
    out.get(k)!.push(x.date);
  }
  return out;
}
