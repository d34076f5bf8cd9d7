import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** An `activities` row as selected (dates and times as text, `amount` numeric as text). */
export type ActivityRow = {
  id: string;
  location_id: string;
  program_id: string | null;
  kind: string;
  date: string;
  time: string;
  end_time: string | null;
  amount: string | null;
  type: string | null;
  note: string | null;
  title: string | null;
  photo: string | null;
  photos: string[];
  video: string | null;
  thumbnail: string | null;
  by: string | null;
  nap: string | null;
  observation: string | null;
  position: string | null;
  mood: string | null;
  custom: string | null;
  skills: string[];
  staff_only: boolean;
  details: Record<string, unknown>;
  status: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
};

export const ACTIVITY_COLUMNS = (db: Db, alias = 'a') => [
  ...[
    'id',
    'location_id',
    'program_id',
    'kind',
    'amount',
    'type',
    'note',
    'title',
    'photo',
    'photos',
    'video',
    'thumbnail',
    'by',
    'nap',
    'observation',
    'position',
    'mood',
    'custom',
    'skills',
    'staff_only',
    'details',
    'status',
    'created_by',
    'created_at',
    'updated_at',
  ].map((c) => `${alias}.${c}`),
  db.raw(`to_char(${alias}.date, 'YYYY-MM-DD') as date`),
  db.raw(`to_char(${alias}.time, 'HH24:MI') as time`),
  db.raw(`to_char(${alias}.end_time, 'HH24:MI') as end_time`),
];

export async function findActivities(db: Db, ids: readonly string[]): Promise<ActivityRow[]> {
  if (!ids.length) return [];
  return db('activities as a')
    .whereIn('a.id', ids as string[])
    .select(ACTIVITY_COLUMNS(db));
}

export async function lockActivity(trx: Knex.Transaction, id: string): Promise<ActivityRow | undefined> {
  return trx('activities as a').where('a.id', id).forUpdate().first(ACTIVITY_COLUMNS(trx));
}

/** The entry an earlier request with this client id made (index activities_request_unique). */
export async function byRequest(db: Db, userId: string, requestId: string): Promise<ActivityRow | undefined> {
  return db('activities as a').where({ 'a.created_by': userId, 'a.request_id': requestId }).first(ACTIVITY_COLUMNS(db));
}

export async function insertActivity(trx: Knex.Transaction, row: Record<string, unknown>, students: readonly string[]): Promise<string> {
  const [created] = await trx('activities')
    .insert({ ...row, details: JSON.stringify(row.details ?? {}) })
    .returning('id');
  const id = String(created.id);
  await trx('activity_students').insert(students.map((student_id) => ({ activity_id: id, student_id, date: row.date })));
  return id;
}

/** Changes an entry; with `students`, its children become exactly those. */
export async function updateActivity(
  trx: Knex.Transaction,
  id: string,
  patch: Record<string, unknown>,
  students: readonly string[] | null,
): Promise<void> {
  await trx('activities')
    .where({ id })
    .update({ ...patch, ...(patch.details ? { details: JSON.stringify(patch.details) } : {}), updated_at: trx.fn.now() });
  if (students) {
    await trx('activity_students')
      .where({ activity_id: id })
      .whereNotIn('student_id', students as string[])
      .del();
    await trx('activity_students')
      .insert(students.map((student_id) => ({ activity_id: id, student_id, date: patch.date })))
      .onConflict(['activity_id', 'student_id'])
      .ignore();
  }
  if (patch.date) await trx('activity_students').where({ activity_id: id }).update({ date: patch.date });
}

/** Takes a child off an entry; answers how many children are left on it. */
export async function removeStudent(trx: Knex.Transaction, id: string, studentId: string): Promise<number | null> {
  const n = await trx('activity_students').where({ activity_id: id, student_id: studentId }).del();
  if (!n) return null;
  const [r] = await trx('activity_students').where({ activity_id: id }).count({ n: '*' });
  return Number(r?.n ?? 0);
}

export async function deleteActivity(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('activities').where({ id }).del();
}

/** The children of entries, in one statement: activity id → student ids. */
export async function studentsOf(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!ids.length) return out;
  const rows: { activity_id: string; student_id: string }[] = await db('activity_students')
    .whereIn('activity_id', ids as string[])
    .orderBy(['activity_id', 'student_id'])
    .select('activity_id', 'student_id');
  for (const r of rows) {
    const k = String(r.activity_id);
    if (!out.has(k)) out.set(k, []);
    out.get(k)!.push(String(r.student_id));
  }
  return out;
}

/** The names of children, one statement. */
export async function studentNames(db: Db, ids: readonly string[]): Promise<Map<string, StudentName>> {
  if (!ids.length) return new Map();
  const rows: StudentName[] = await db('students')
    .whereIn('id', ids as string[])
    .select('id', 'fname', 'lname', 'location_id', 'program_id');
  return new Map(rows.map((r) => [String(r.id), { ...r, id: String(r.id) }]));
}

export interface StudentName {
  id: string;
  fname: string;
  lname: string;
  location_id: string;
  program_id: string | null;
}

/** Which of the medications each child has on their list (`student_medications`). */
export async function medicationHolders(db: Db, medicationId: string, students: readonly string[]): Promise<Set<string>> {
  const rows: { student_id: string }[] = await db('student_medications')
    .where({ medication_id: medicationId })
    .whereIn('student_id', students as string[])
    .select('student_id');
  return new Set(rows.map((r) => String(r.student_id)));
}

export async function medicationName(db: Db, medicationId: string): Promise<string | null> {
  const r = await db('medications').where({ id: medicationId }).first('name');
  return r ? String(r.name) : null;
}

export async function programLocation(db: Db, programId: string): Promise<string | null> {
  const r = await db('programs').where({ id: programId }).first('location_id');
  return r ? String(r.location_id) : null;
}

export async function locationApproval(db: Db, locationId: string): Promise<boolean> {
  const r = await db('location_settings').where({ location_id: locationId }).first('approve_activities');
  return Boolean(r?.approve_activities);
}

export async function approve(trx: Knex.Transaction, ids: readonly string[], userId: string): Promise<ActivityRow[]> {
  const rows: { id: string }[] = await trx('activities')
    .whereIn('id', ids as string[])
    .where({ status: 'pending' })
    .update({ status: 'approved', approved_by: userId, approved_at: trx.fn.now(), updated_at: trx.fn.now() })
    .returning('id');
  return findActivities(
    trx,
    rows.map((r) => String(r.id)),
  );
}

/** The approved, not staff-only photo and video entries showing this students-album row. */
export async function mediaEntriesOf(db: Db, photoId: string): Promise<ActivityRow[]> {
  return db('activities as a')
    .where((w) => w.where({ 'a.kind': 'photo', 'a.photo': photoId }).orWhere({ 'a.kind': 'video', 'a.video': photoId }))
    .where({ 'a.status': 'approved', 'a.staff_only': false })
    .orderBy('a.id')
    .select(ACTIVITY_COLUMNS(db));
}
