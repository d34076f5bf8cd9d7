import type { Knex } from 'knex';
import { attendanceColumns, type AttendanceRow } from './checkin.ts';

type Db = Knex | Knex.Transaction;

export type ChildStatus = 'checked_in' | 'checked_out' | 'absent' | 'not_arrived';

export interface ChildStateRow {
  id: string;
  fname: string;
  lname: string;
  nick_name: string | null;
  image: string | null;
  location_id: string;
  program_id: string | null;
  attendance_id: string | null;
  absence_reason: string | null;
  absence_note: string | null;
  absent: boolean;
  checked_in_out: ChildStatus;
}

/**
 * Students with their state on a day: checked in (an open record), checked out (a closed record
 * that day), absent (marked for the day) or not arrived. One query; indexes
 * attendances_one_open, attendances_student_idx and the absences' (student_id, date).
 */
function stateQuery(db: Db, date: string) {
  return db('students as s')
    .leftJoin(
      db.raw(
        `lateral (select a.id, a.end_time from attendances a
                   where a.student_id = s.id and a.deleted_at is null and (a.end_time is null or a.date = ?)
                   order by (a.end_time is null) desc, a.start_time desc limit 1) as cur on true`,
        [date],
      ),
    )
    .leftJoin('attendance_absences as ab', (j) => j.on('ab.student_id', 's.id').andOn('ab.date', db.raw('?::date', [date])))
    .whereNull('s.deleted_at')
    .where('s.status', true)
    .select(
      's.id',
      's.fname',
      's.lname',
      's.nick_name',
      's.image',
      's.location_id',
      's.program_id',
      'cur.id as attendance_id',
      'ab.reason as absence_reason',
      'ab.note as absence_note',
      db.raw('(ab.id is not null) as absent'),
      db.raw(
        `case when cur.id is not null and cur.end_time is null then 'checked_in'
              when cur.id is not null then 'checked_out'
              when ab.id is not null then 'absent'
              else 'not_arrived' end as checked_in_out`,
      ),
    );
}

const norm = (r: ChildStateRow): ChildStateRow => ({
  ...r,
  id: String(r.id),
  location_id: String(r.location_id),
  program_id: r.program_id === null ? null : String(r.program_id),
  attendance_id: r.attendance_id === null ? null : String(r.attendance_id),
});

export async function childStates(db: Db, studentIds: readonly string[], date: string): Promise<ChildStateRow[]> {
  if (!studentIds.length) return [];
  const rows = await stateQuery(db, date)
    .whereIn('s.id', studentIds as string[])
    .orderByRaw('lower(s.fname), lower(s.lname), s.id');
  return rows.map(norm);
}

export interface StateFilter {
  location_id: string;
  program_id?: string | null;
  date: string;
  status?: ChildStatus | null;
  search?: string | null;
}

/** A location's children on a day, filtered by room, state and name, a page at a time. */
export async function studentsWithState(db: Db, f: StateFilter, page: number, first: number) {
  const base = () => {
    const q = stateQuery(db, f.date).where('s.location_id', f.location_id);
    if (f.program_id)
      q.where((w) =>
        w
          .where('s.program_id', f.program_id!)
          .orWhereExists((e) =>
            e.select(db.raw('1')).from('student_programs as sp').whereRaw('sp.student_id = s.id').where('sp.program_id', f.program_id!),
          )
          .orWhereExists((e) =>
            e
              .select(db.raw('1'))
              .from('attendances as ia')
              .whereRaw('ia.student_id = s.id')
              .whereNull('ia.end_time')
              .whereNull('ia.deleted_at')
              .where('ia.program_id', f.program_id!),
          ),
      );
    if (f.search) q.whereRaw(`(s.fname || ' ' || s.lname) ilike ?`, [`%${f.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`]);
    return q;
  };
  const filtered = () => {
    const q = db.from(base().as('x'));
    if (f.status) q.where('x.checked_in_out', f.status);
    return q;
  };
  const [count] = await filtered().count({ n: '*' });
  const rows = await filtered()
    .orderByRaw('lower(x.fname), lower(x.lname), x.id')
    .limit(first)
    .offset((page - 1) * first)
    .select('x.*');
  return { rows: (rows as ChildStateRow[]).map(norm), total: Number(count?.n ?? 0) };
}

/** How many children of a location are in each state on a day. */
export async function stateCounts(db: Db, locationId: string, date: string): Promise<Record<string, number>> {
  const rows = await db
    .from(stateQuery(db, date).where('s.location_id', locationId).as('x'))
    .groupBy('x.checked_in_out')
    .select('x.checked_in_out', db.raw('count(*)::int as n'));
  const out: Record<string, number> = { checked_in: 0, checked_out: 0, absent: 0, not_arrived: 0 };
  for (const r of rows) out[r.checked_in_out] = Number(r.n);
  return out;
}

export async function attendancesByIds(db: Db, ids: readonly string[]): Promise<Map<string, AttendanceRow>> {
  if (!ids.length) return new Map();
  const rows: AttendanceRow[] = await db('attendances as a')
    .whereIn('a.id', ids as string[])
    .select(attendanceColumns(db));
  return new Map(rows.map((r) => [String(r.id), r]));
}

// ── absences ────────────────────────────────────────────────────────────────

export async function upsertAbsences(
  trx: Knex.Transaction,
  rows: { student_id: string; location_id: string; date: string; reason: string | null; note: string | null; marked_by: string }[],
): Promise<void> {
  if (!rows.length) return;
  await trx('attendance_absences').insert(rows).onConflict(['student_id', 'date']).merge(['reason', 'note', 'marked_by', 'updated_at']);
}

export async function deleteAbsences(trx: Knex.Transaction, studentIds: readonly string[], date: string): Promise<number> {
  return trx('attendance_absences')
    .whereIn('student_id', studentIds as string[])
    .where({ date })
    .del();
}

export interface AbsenceRow {
  id: string;
  student_id: string;
  location_id: string;
  /** YYYY-MM-DD */
  date: string;
  reason: string | null;
  note: string | null;
  marked_by: string | null;
  created_at: Date;
  fname: string;
  lname: string;
  marked_by_fname: string | null;
  marked_by_lname: string | null;
}

/** Absences of a location on a day (index attendance_absences_location_date_idx). */
export async function absencesOf(db: Db, locationId: string, date: string, page: number, first: number) {
  const base = () =>
    db('attendance_absences as ab')
      .join('students as s', 's.id', 'ab.student_id')
      .where({ 'ab.location_id': locationId, 'ab.date': date })
      .whereNull('s.deleted_at');
  const [count] = await base().count({ n: '*' });
  const rows: AbsenceRow[] = await base()
    .leftJoin('users as u', 'u.id', 'ab.marked_by')
    .orderByRaw('lower(s.fname), lower(s.lname), s.id')
    .limit(first)
    .offset((page - 1) * first)
    .select(
      'ab.id',
      'ab.student_id',
      'ab.location_id',
      db.raw(`to_char(ab.date, 'YYYY-MM-DD') as date`),
      'ab.reason',
      'ab.note',
      'ab.marked_by',
      'ab.created_at',
      's.fname',
      's.lname',
      'u.fname as marked_by_fname',
      'u.lname as marked_by_lname',
    );
  return { rows, total: Number(count?.n ?? 0) };
}

/** Students of a location (ids) that have an open record or a record on the day (absences cannot apply). */
export async function presentOn(db: Db, studentIds: readonly string[], date: string): Promise<Set<string>> {
  if (!studentIds.length) return new Set();
  const rows = await db('attendances')
    .whereIn('student_id', studentIds as string[])
    .whereNull('deleted_at')
    .where((w) => w.whereNull('end_time').orWhere('date', date))
    .distinct('student_id');
  return new Set(rows.map((r) => String(r.student_id)));
}
