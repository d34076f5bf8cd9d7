import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** The children a check-in names: active ones, the ones a contact may pick up, a family's. */

export interface CheckInStudentRow {
  id: string;
  fname: string;
  lname: string;
  nick_name: string | null;
  image: string | null;
  location_id: string;
  program_id: string | null;
  status: boolean;
}

const STUDENT_COLUMNS = ['s.id', 's.fname', 's.lname', 's.nick_name', 's.image', 's.location_id', 's.program_id', 's.status'];

/** Active (not archived, status on) students by id. */
export async function findActiveStudents(db: Db, ids: readonly string[]): Promise<CheckInStudentRow[]> {
  if (!ids.length) return [];
  return db('students as s')
    .whereIn('s.id', ids as string[])
    .whereNull('s.deleted_at')
    .where('s.status', true)
    .select(STUDENT_COLUMNS);
}

/** Of the students, those the user may drop off and pick up (pivot pickup on, not black-listed). */
export async function pickupStudentIds(db: Db, userId: string, studentIds: readonly string[]): Promise<Set<string>> {
  if (!studentIds.length) return new Set();
  const rows = await db('student_users')
    .where({ user_id: userId, pickup: true, black_list: false })
    .whereIn('student_id', studentIds as string[])
    .select('student_id');
  return new Set(rows.map((r) => String(r.student_id)));
}

/** The children a contact may drop off at a location (index student_users_user_idx). */
export async function familyStudents(db: Db, userId: string, locationId: string | null): Promise<CheckInStudentRow[]> {
  const q = db('student_users as su')
    .join('students as s', 's.id', 'su.student_id')
    .where({ 'su.user_id': userId, 'su.pickup': true, 'su.black_list': false })
    .whereNull('s.deleted_at')
    .where('s.status', true)
    .orderByRaw('lower(s.fname), lower(s.lname), s.id')
    .select(STUDENT_COLUMNS);
  if (locationId) q.where('s.location_id', locationId);
  return q;
}

/** Students by id whatever their status (names on records and reports). */
export async function studentsByIds(db: Db, ids: readonly string[]): Promise<Map<string, CheckInStudentRow>> {
  if (!ids.length) return new Map();
  const rows: CheckInStudentRow[] = await db('students as s')
    .whereIn('s.id', ids as string[])
    .select(STUDENT_COLUMNS);
  return new Map(rows.map((r) => [String(r.id), r]));
}
