import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/**
 * The distinct days each child attended between two local dates (inclusive), as YYYY-MM-DD,
 * for billing (subsidy reconciliation). One statement; uses attendances_location_date_idx.
 */
export async function attendedDays(
  db: Db,
  locationId: string,
  studentIds: string[],
  from: string,
  to: string,
): Promise<Map<string, string[]>> {
  const m = new Map<string, string[]>(studentIds.map((s) => [String(s), []]));
  if (!studentIds.length) return m;
  const rows = await db('attendances')
    .where('location_id', locationId)
    .whereIn('student_id', studentIds)
    .whereBetween('date', [from, to])
    .whereNull('deleted_at')
    .distinct('student_id', db.raw(`to_char(date, 'YYYY-MM-DD') as day`))
    .orderBy([{ column: 'student_id' }, { column: 'day' }]);
  for (const r of rows as { student_id: string; day: string }[]) m.get(String(r.student_id))?.push(r.day);
  return m;
}
