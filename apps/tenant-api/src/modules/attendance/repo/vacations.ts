import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/**
 * Vacations (issue 21) are absences: one `attendance_absences` row per expected day, sharing a
 * `vacation_id` and carrying the vacation's range (`vacation_start`, `vacation_end`) so its days
 * can be derived again when the child's schedule changes. The absence lists and reports read
 * these rows like any other absence.
 */
export interface VacationDayRow {
  id: string;
  student_id: string;
  location_id: string;
  date: string;
  reason: string | null;
  note: string | null;
  vacation_id: string;
  vacation_start: string;
  vacation_end: string;
}

export interface VacationInput {
  vacation_id: string;
  student_id: string;
  location_id: string;
  vacation_start: string;
  vacation_end: string;
  reason: string | null;
  note: string | null;
  marked_by: string;
}

const COLS = ['id', 'student_id', 'location_id', 'date', 'reason', 'note', 'vacation_id', 'vacation_start', 'vacation_end'];

/** A `date` column as YYYY-MM-DD (the driver gives a Date at local midnight). */
const day = (v: unknown): string | null =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : v === null || v === undefined
      ? null
      : String(v).slice(0, 10);
const norm = (r: Record<string, any>): VacationDayRow =>
  ({
    ...r,
    id: String(r.id),
    student_id: String(r.student_id),
    location_id: String(r.location_id),
    date: day(r.date),
    vacation_start: day(r.vacation_start),
    vacation_end: day(r.vacation_end),
  }) as VacationDayRow;

/**
 * Writes a vacation's rows for the given days; a day that already has an absence keeps that
 * absence (it is not taken over). Returns the days written.
 */
export async function writeVacationDays(trx: Knex.Transaction, v: VacationInput, dates: readonly string[]): Promise<string[]> {
  if (!dates.length) return [];
  const rows = await trx('attendance_absences')
    .insert(dates.map((date) => ({ ...v, date })))
    .onConflict(['student_id', 'date'])
    .ignore()
    .returning('date');
  return rows.map((r) => day(r.date)!);
}

/** The rows of one vacation, by day. */
export async function vacationDays(db: Db, vacationId: string): Promise<VacationDayRow[]> {
  const rows = await db('attendance_absences').where({ vacation_id: vacationId }).orderBy('date').select(COLS);
  return rows.map(norm);
}

/** Vacations of a child whose range meets [from, to] (`to` null: open-ended), one row per day. */
export async function vacationDaysOverlapping(db: Db, studentId: string, from: string, to: string | null): Promise<VacationDayRow[]> {
  const q = db('attendance_absences').where({ student_id: studentId }).whereNotNull('vacation_id').where('vacation_end', '>=', from);
  if (to) q.where('vacation_start', '<=', to);
  const rows = await q.orderBy(['vacation_id', 'date']).select(COLS);
  return rows.map(norm);
}

/** Vacation days of children (by their ids) in a range: the schedules' views. */
export async function vacationDaysOf(db: Db, studentIds: readonly string[], from: string, to: string): Promise<VacationDayRow[]> {
  if (!studentIds.length) return [];
  const rows = await db('attendance_absences')
    .whereIn('student_id', studentIds as string[])
    .whereBetween('date', [from, to])
    .orderBy(['student_id', 'date'])
    .select(COLS);
  return rows.map(norm);
}

/** Removes days of a vacation (all of them when `dates` is null); returns how many. */
export async function deleteVacationDays(trx: Knex.Transaction, vacationId: string, dates: readonly string[] | null): Promise<number> {
  const q = trx('attendance_absences').where({ vacation_id: vacationId });
  if (dates) q.whereIn('date', dates as string[]);
  return q.del();
}

/** Changes what every day of a vacation carries (range, reason, note). */
export async function updateVacationFields(
  trx: Knex.Transaction,
  vacationId: string,
  patch: { vacation_start?: string; vacation_end?: string; reason?: string | null; note?: string | null },
): Promise<void> {
  await trx('attendance_absences')
    .where({ vacation_id: vacationId })
    .update({ ...patch, updated_at: trx.fn.now() });
}
