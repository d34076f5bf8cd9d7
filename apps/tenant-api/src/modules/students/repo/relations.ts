import type { Knex } from 'knex';
import { applyScope, studentColumns, type StudentRow } from '../repo.ts';
import type { StudentScope } from '../../../core/access.ts';
import { userColumns } from '../../access/index.ts';

type Db = Knex | Knex.Transaction;

/** A student's rooms, cameras, siblings, contacts (student_users) and QR codes; the batched relations. */

// ── rooms, cameras, siblings ────────────────────────────────────────────────

export async function setOtherRooms(db: Db, studentId: string, programIds: readonly string[]): Promise<void> {
  await db('student_programs').where({ student_id: studentId }).del();
  if (programIds.length) await db('student_programs').insert(programIds.map((program_id) => ({ student_id: studentId, program_id })));
}

export async function clearOtherRooms(db: Db, studentIds: readonly string[]): Promise<void> {
  await db('student_programs')
    .whereIn('student_id', studentIds as string[])
    .del();
}

export async function setStudentCameras(db: Db, studentId: string, cameraIds: readonly string[]): Promise<void> {
  await db('student_cameras').where({ student_id: studentId }).del();
  if (cameraIds.length) await db('student_cameras').insert(cameraIds.map((camera_id) => ({ student_id: studentId, camera_id })));
}

export async function clearStudentCameras(db: Db, studentIds: readonly string[]): Promise<void> {
  await db('student_cameras')
    .whereIn('student_id', studentIds as string[])
    .del();
}

export async function moveProgramStudents(db: Db, fromProgramId: string, toProgramId: string, by: string): Promise<string[]> {
  const rows = await db('students')
    .where({ program_id: fromProgramId })
    .whereNull('deleted_at')
    .update({ program_id: toProgramId, updated_by: by, updated_at: db.fn.now() })
    .returning('id');
  return rows.map((r) => String(r.id));
}

export async function addSiblings(db: Db, pairs: [string, string][]): Promise<void> {
  const rows = pairs.flatMap(([a, b]) => [
    { student_id: a, sibling_id: b },
    { student_id: b, sibling_id: a },
  ]);
  if (rows.length) await db('student_siblings').insert(rows).onConflict(['student_id', 'sibling_id']).ignore();
}

export async function removeSiblings(db: Db, studentId: string, siblingIds: readonly string[]): Promise<void> {
  if (!siblingIds.length) return;
  await db('student_siblings')
    .where((w) => w.where('student_id', studentId).whereIn('sibling_id', siblingIds as string[]))
    .orWhere((w) => w.where('sibling_id', studentId).whereIn('student_id', siblingIds as string[]))
    .del();
}

export async function siblingIdsOf(db: Db, studentId: string): Promise<string[]> {
  const rows = await db('student_siblings').where({ student_id: studentId }).select('sibling_id');
  return rows.map((r) => String(r.sibling_id));
}

// ── guardians (student_users) ───────────────────────────────────────────────

export const PIVOT_FLAGS = ['emergency_contact', 'alert', 'black_list', 'watch_camera', 'legal_guardian', 'pickup', 'is_payer'] as const;
export type PivotFlag = (typeof PIVOT_FLAGS)[number];
const PIVOT_COLUMNS = ['student_id', 'user_id', ...PIVOT_FLAGS, 'relation'];

/** A `student_users` row: how a contact is linked to a student. */
export type PivotRow = { student_id: string; user_id: string; relation: string | null } & Record<PivotFlag, boolean>;

export async function findPivots(db: Db, studentIds: readonly string[], userIds?: readonly string[]): Promise<PivotRow[]> {
  if (!studentIds.length) return [];
  const q = db('student_users').whereIn('student_id', studentIds as string[]);
  if (userIds) q.whereIn('user_id', userIds as string[]);
  return q.select(PIVOT_COLUMNS);
}

export async function upsertPivots(db: Db, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const keys = Object.keys(rows[0]!).filter((k) => k !== 'student_id' && k !== 'user_id');
  const q = db('student_users').insert(rows).onConflict(['student_id', 'user_id']);
  if (keys.length) await q.merge([...keys, 'updated_at'] as string[]);
  else await q.ignore();
}

export async function updatePivot(db: Db, studentId: string, userId: string, patch: Record<string, unknown>): Promise<number> {
  return db('student_users')
    .where({ student_id: studentId, user_id: userId })
    .update({ ...patch, updated_at: db.fn.now() });
}

export async function removePivots(db: Db, studentId: string, userIds: readonly string[]): Promise<number> {
  return db('student_users')
    .where({ student_id: studentId })
    .whereIn('user_id', userIds as string[])
    .del();
}

// ── batched relations (loaders) ─────────────────────────────────────────────

/** Contacts of a batch of students with their pivot flags (Student.users / Student.guardians). */
export async function guardiansOf(db: Db, studentIds: readonly string[], opts: { hideBlackListed: boolean }) {
  const q = db('student_users as su')
    .join('users as u', 'u.id', 'su.user_id')
    .whereIn('su.student_id', studentIds as string[])
    .whereNull('u.deleted_at')
    .orderByRaw('su.legal_guardian desc, lower(u.lname), lower(u.fname), u.id')
    .select([...userColumns(db, 'u', ['created_at', 'updated_at', 'updated_by']), ...PIVOT_COLUMNS.map((c) => `su.${c} as pivot_${c}`)]);
  if (opts.hideBlackListed) q.where('su.black_list', false);
  return q;
}

/** Children of a batch of users, within a scope (User.students). */
export async function childrenOf(db: Db, scope: StudentScope, userIds: readonly string[]) {
  const q = db('students as s')
    .join('student_users as su', 'su.student_id', 's.id')
    .whereIn('su.user_id', userIds as string[])
    .whereNull('s.deleted_at')
    .orderByRaw('lower(s.fname), s.id')
    .select([...studentColumns(db), ...PIVOT_COLUMNS.map((c) => `su.${c} as pivot_${c}`)]);
  return applyScope(db, q, scope);
}

export async function otherRoomsOf(db: Db, studentIds: readonly string[]) {
  return db('student_programs as sp')
    .join('programs as p', 'p.id', 'sp.program_id')
    .whereIn('sp.student_id', studentIds as string[])
    .whereNull('p.deleted_at')
    .orderByRaw('lower(p.name), p.id')
    .select('sp.student_id', 'p.id', 'p.name', 'p.color_code', 'p.location_id', 'p.camera_group_id', 'p.created_at', 'p.updated_at');
}

export async function camerasOfStudents(db: Db, studentIds: readonly string[]) {
  return db('student_cameras as sc')
    .join('cameras as c', 'c.id', 'sc.camera_id')
    .whereIn('sc.student_id', studentIds as string[])
    .whereNull('c.deleted_at')
    .orderBy([{ column: 'c.order' }, { column: 'c.id' }])
    .select(
      'sc.student_id',
      'c.id',
      'c.location_id',
      'c.name',
      'c.code',
      'c.color_code',
      'c.camera_id',
      'c.status',
      'c.order',
      'c.program_id',
      'c.schedule_id',
      'c.created_at',
      'c.updated_at',
    );
}

/** The siblings of a batch of students, each with the student it is a sibling of (`of_student`). */
export async function siblingsOf(db: Db, studentIds: readonly string[]): Promise<(StudentRow & { of_student: string })[]> {
  return db('student_siblings as ss')
    .join('students as s', 's.id', 'ss.sibling_id')
    .whereIn('ss.student_id', studentIds as string[])
    .whereNull('s.deleted_at')
    .orderByRaw('lower(s.fname), s.id')
    .select(['ss.student_id as of_student', ...studentColumns(db)]);
}

// ── QR enrolment codes ──────────────────────────────────────────────────────

export async function insertStudentCode(
  db: Db,
  row: { student_id: string; code_hash: string; created_by: string; expires_at: Date },
): Promise<void> {
  await db('student_codes').where({ student_id: row.student_id }).whereNull('used_at').update({ used_at: db.fn.now() });
  await db('student_codes').insert(row);
}

export async function claimStudentCode(db: Db, codeHash: string, userId: string): Promise<string | null> {
  const [row] = await db('student_codes')
    .where({ code_hash: codeHash })
    .whereNull('used_at')
    .where('expires_at', '>', db.fn.now())
    .update({ used_at: db.fn.now(), used_by: userId })
    .returning('student_id');
  return row ? String(row.student_id) : null;
}
