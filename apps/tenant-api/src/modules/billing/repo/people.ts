import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface StudentFacts {
  id: string;
  location_id: string;
  fname: string;
  lname: string;
  timezone: string;
}

/** A child's location and name (and the location's zone), or undefined. */
export async function studentBillingFacts(db: Db, id: string): Promise<StudentFacts | undefined> {
  return db('students as s')
    .join('locations as l', 'l.id', 's.location_id')
    .where('s.id', id)
    .whereNull('s.deleted_at')
    .first('s.id', 's.location_id', 's.fname', 's.lname', 'l.timezone');
}

export async function studentsFacts(db: Db, ids: string[]): Promise<StudentFacts[]> {
  if (!ids.length) return [];
  return db('students as s')
    .join('locations as l', 'l.id', 's.location_id')
    .whereIn('s.id', ids)
    .whereNull('s.deleted_at')
    .select('s.id', 's.location_id', 's.fname', 's.lname', 'l.timezone');
}

/** The children a contact pays for (`is_payer`, not black-listed), among `among` when given. */
export async function payerStudentIds(db: Db, userId: string, among?: string[]): Promise<string[]> {
  const q = db('student_users').where({ user_id: userId, is_payer: true, black_list: false });
  if (among) q.whereIn('student_id', among);
  return (await q.select('student_id')).map((r: { student_id: string }) => String(r.student_id));
}

export interface ContactRow {
  student_id: string;
  user_id: string;
  name: string;
  relation: string | null;
  is_payer: boolean;
  share_type: 'percent' | 'fixed' | null;
  value: string | null;
}

/** The contacts of children with their payer flag and share (payers first, then by name). */
export async function contactsWithShares(db: Db, studentIds: string[]): Promise<ContactRow[]> {
  if (!studentIds.length) return [];
  return db('student_users as su')
    .join('users as u', 'u.id', 'su.user_id')
    .leftJoin('billing_payer_shares as ps', function () {
      this.on('ps.student_id', 'su.student_id').andOn('ps.user_id', 'su.user_id');
    })
    .whereIn('su.student_id', studentIds)
    .whereNull('u.deleted_at')
    .orderBy([{ column: 'su.is_payer', order: 'desc' }, 'u.fname', 'u.lname', 'u.id'])
    .select(
      'su.student_id',
      'su.user_id',
      db.raw(`trim(concat_ws(' ', u.fname, u.lname)) as name`),
      'su.relation',
      'su.is_payer',
      'ps.share_type',
      'ps.value',
    );
}

export async function replaceShares(
  trx: Knex.Transaction,
  studentId: string,
  shares: { user_id: string; share_type: string; value: number }[],
): Promise<void> {
  await trx('billing_payer_shares').where({ student_id: studentId }).del();
  if (shares.length) await trx('billing_payer_shares').insert(shares.map((s) => ({ ...s, student_id: studentId })));
}
