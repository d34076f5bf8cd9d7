import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** One stay of a child at a location on a day (an open one has no end). */
export interface PresenceRow {
  student_id: string;
  program_id: string | null;
  start_time: Date;
  end_time: Date | null;
}

/**
 * The attendance records of a location's days (any room), for the meal counts: who was checked in
 * when (the `attendances_location_date_idx` range).
 */
export async function presenceOf(db: Db, locationId: string, from: string, to: string): Promise<(PresenceRow & { date: string })[]> {
  return db('attendances')
    .where({ location_id: locationId })
    .whereBetween('date', [from, to])
    .whereNull('deleted_at')
    .select(db.raw("to_char(date, 'YYYY-MM-DD') as date"), 'student_id', 'program_id', 'start_time', 'end_time');
}

/** Whether a stay covers any part of the span `[start, end]`. */
export const presentDuring = (r: Pick<PresenceRow, 'start_time' | 'end_time'>, start: Date, end: Date) =>
  r.start_time.getTime() <= end.getTime() && (r.end_time === null || r.end_time.getTime() >= start.getTime());
