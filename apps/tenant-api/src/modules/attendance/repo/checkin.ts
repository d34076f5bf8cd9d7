import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export const ATTENDANCE_COLUMNS = [
  'id',
  'student_id',
  'location_id',
  'program_id',
  'date',
  'start_time',
  'end_time',
  'break_time',
  'checkedin_by',
  'checkedout_by',
  'checkedin_recorded_by',
  'checkedout_recorded_by',
  'checkedin_signature_id',
  'checkedout_signature_id',
  'check_in_method',
  'check_out_method',
  'health_screen_id',
  'created_at',
  'updated_at',
] as const;

export interface AttendanceRow {
  id: string;
  student_id: string;
  location_id: string;
  program_id: string | null;
  date: string;
  start_time: Date;
  end_time: Date | null;
  break_time: number;
  checkedin_by: string | null;
  checkedout_by: string | null;
  check_in_method: string;
  check_out_method: string | null;
  created_at: Date;
  updated_at: Date;
  [key: string]: unknown;
}

/** Columns with `date` as `YYYY-MM-DD` text (no time-zone shift). */
export const attendanceColumns = (db: Db, alias = 'a') => [
  ...ATTENDANCE_COLUMNS.filter((c) => c !== 'date').map((c) => `${alias}.${c}`),
  db.raw(`to_char(${alias}.date, 'YYYY-MM-DD') as date`),
];

const live = (db: Db) => db('attendances as a').whereNull('a.deleted_at');

// ── idempotency keys ────────────────────────────────────────────────────────

/**
 * Claims a request key. Concurrent identical requests queue on the key's unique index: the first
 * claims it, the others wait for its commit and then find the key taken (→ replay its answer).
 */
export async function claimRequest(trx: Knex.Transaction, key: string, kind: 'child' | 'staff'): Promise<boolean> {
  const rows = await trx('attendance_requests').insert({ key, kind }).onConflict('key').ignore().returning('key');
  return rows.length > 0;
}

export async function findRequest(db: Db, key: string): Promise<{ record_id: string | null; type: string | null } | undefined> {
  return db('attendance_requests').where({ key }).first('record_id', 'type');
}

/** Records a claimed key's answer; a request without a key (no client `request_id`) has none to record. */
export async function completeRequest(trx: Knex.Transaction, key: string | null, recordId: string | null, type: string): Promise<void> {
  if (key === null) return;
  await trx('attendance_requests').where({ key }).update({ record_id: recordId, type });
}

export async function pruneRequests(db: Db, olderThanDays: number): Promise<number> {
  return db('attendance_requests')
    .where('created_at', '<', db.raw(`now() - make_interval(days => ?)`, [olderThanDays]))
    .del();
}

// ── attendance rows ─────────────────────────────────────────────────────────

export async function findAttendances(db: Db, ids: readonly string[]): Promise<AttendanceRow[]> {
  if (!ids.length) return [];
  return live(db)
    .whereIn('a.id', ids as string[])
    .select(attendanceColumns(db));
}

/** The child's open record, locked for this transaction (index attendances_one_open). */
export async function openAttendance(db: Db, studentId: string, lock = false): Promise<AttendanceRow | undefined> {
  const q = live(db).where('a.student_id', studentId).whereNull('a.end_time').first(attendanceColumns(db));
  return lock ? q.forUpdate() : q;
}

/** The child's latest record (open or closed). */
export async function latestAttendance(db: Db, studentId: string): Promise<AttendanceRow | undefined> {
  return live(db).where('a.student_id', studentId).orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').first(attendanceColumns(db));
}

/**
 * Opens a record unless the child already has one open: the unique partial index decides, so two
 * devices at once leave one record. `undefined` means another request won.
 */
export async function insertAttendance(trx: Knex.Transaction, row: Record<string, unknown>): Promise<AttendanceRow | undefined> {
  const [created] = await trx('attendances')
    .insert(row)
    .onConflict()
    .ignore()
    .returning([...ATTENDANCE_COLUMNS.filter((c) => c !== 'date'), trx.raw(`to_char(date, 'YYYY-MM-DD') as date`)] as string[]);
  return created;
}

/** Closes an open record; `undefined` when it was closed meanwhile. */
export async function closeAttendance(
  trx: Knex.Transaction,
  id: string,
  patch: Record<string, unknown>,
): Promise<AttendanceRow | undefined> {
  const [row] = await trx('attendances')
    .where({ id })
    .whereNull('end_time')
    .whereNull('deleted_at')
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning([...ATTENDANCE_COLUMNS.filter((c) => c !== 'date'), trx.raw(`to_char(date, 'YYYY-MM-DD') as date`)] as string[]);
  return row;
}

export async function updateAttendance(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<AttendanceRow> {
  const [row] = await trx('attendances')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning([...ATTENDANCE_COLUMNS.filter((c) => c !== 'date'), trx.raw(`to_char(date, 'YYYY-MM-DD') as date`)] as string[]);
  return row;
}

export async function lockAttendance(trx: Knex.Transaction, id: string): Promise<AttendanceRow | undefined> {
  return live(trx).where('a.id', id).forUpdate().first(attendanceColumns(trx));
}

/** A record added by hand (corrections); throws on the open-record index like any insert. */
export async function insertManualAttendance(trx: Knex.Transaction, row: Record<string, unknown>): Promise<AttendanceRow> {
  const [created] = await trx('attendances')
    .insert(row)
    .returning([...ATTENDANCE_COLUMNS.filter((c) => c !== 'date'), trx.raw(`to_char(date, 'YYYY-MM-DD') as date`)] as string[]);
  return created;
}

/** The location of a record, deleted or not (its audit trail outlives it). */
export async function attendanceLocation(db: Db, id: string): Promise<string | null> {
  const row = await db('attendances').where({ id }).first('location_id');
  return row ? String(row.location_id) : null;
}

/** The reason written with each audit row (managers' additions, corrections and deletions). */
export async function auditReasons(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const found = await db('audit_log').whereIn('id', ids).select('id', db.raw("data->>'reason' as reason"));
  return new Map(found.filter((r) => typeof r.reason === 'string').map((r) => [String(r.id), r.reason as string]));
}

export async function softDeleteAttendance(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('attendances').where({ id }).update({ deleted_at: trx.fn.now(), updated_at: trx.fn.now() });
}

/** Another record of the child overlapping [start, end) (corrections must not create overlaps). */
export async function overlappingAttendance(db: Db, studentId: string, exceptId: string, start: Date, end: Date | null): Promise<boolean> {
  const q = live(db)
    .where('a.student_id', studentId)
    .whereNot('a.id', exceptId)
    .whereRaw(
      "tstzrange(a.start_time, coalesce(a.end_time, 'infinity'::timestamptz)) && tstzrange(?::timestamptz, coalesce(?::timestamptz, 'infinity'::timestamptz))",
      [start, end],
    );
  return Boolean(await q.first('a.id'));
}

export async function insertSignature(trx: Knex.Transaction, data: string, signedBy: string | null): Promise<string> {
  const [row] = await trx('attendance_signatures').insert({ data, signed_by: signedBy }).returning('id');
  return String(row.id);
}

export async function signaturesByIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db('attendance_signatures')
    .whereIn('id', ids as string[])
    .select('id', 'data');
  return new Map(rows.map((r) => [String(r.id), String(r.data)]));
}

export async function insertAuditRows(trx: Knex.Transaction, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length) await trx('audit_log').insert(rows.map((r) => ({ ...r, data: JSON.stringify(r.data ?? {}) })));
}
