import type { Knex } from 'knex';
import type { LocationScope, StudentScope } from '../../core/access.ts';
import { scopeFilter } from '../../core/access.ts';
import { applyScope } from '../students/index.ts';

type Db = Knex | Knex.Transaction;

export interface CentreFileRow {
  id: string;
  location_id: string;
  name: string;
  description: string | null;
  instructions: string | null;
  type: string;
  sub_type: string | null;
  visible: boolean;
  published: boolean;
  archive: boolean;
  required: boolean;
  file_id: string;
  expiry_date: string | null;
  sort_order: number;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  read?: boolean;
  /** Set when the viewer edits the file's location (shares, logs shown). */
  __editor?: boolean;
}

export interface RequestRow {
  id: string;
  location_id: string;
  name: string;
  description: string | null;
  instructions: string | null;
  type: 'family' | 'staff';
  sub_type: string | null;
  roles: string[];
  required: boolean;
  expiry_date: string | null;
  archive: boolean;
  created_by: string | null;
  created_at: Date;
  __editor?: boolean;
}

export interface DocumentRow {
  id: string;
  request_id: string;
  location_id: string;
  student_id: string | null;
  user_id: string | null;
  file_id: string;
  status: 'pending' | 'approved' | 'rejected' | 'expired';
  date: string | null;
  expiry: string | null;
  note: string | null;
  uploaded_by: string | null;
  approved_by: string | null;
  created_at: Date;
  name?: string;
  student_name?: string | null;
}

/** What the viewer reads: editors their locations' everything; readers by share. */
export interface FileReader {
  userId: string;
  role: string;
  edits: LocationScope | null;
  reads: LocationScope;
  students: StudentScope;
}

const inScope = (q: Knex.QueryBuilder, col: string, scope: LocationScope) => {
  const ids = scopeFilter(scope);
  return ids === null ? q : q.whereIn(col, ids);
};

/** A published file shared with the viewer: as a user, by role, a location they read or a child they reach. */
function sharedWith(db: Db, q: Knex.QueryBuilder, r: FileReader, studentId?: string | null) {
  return q.whereExists((e) => {
    e.select(db.raw('1')).from('centre_file_shares as sh').whereRaw('sh.file_id = cf.id');
    if (studentId) {
      e.where({ 'sh.target_kind': 'student', 'sh.target_id': String(studentId) });
      return;
    }
    e.where((w) => {
      w.where({ 'sh.target_kind': 'user', 'sh.target_id': String(r.userId) })
        .orWhere({ 'sh.target_kind': 'role', 'sh.target_id': r.role })
        .orWhere((l) => {
          l.where('sh.target_kind', 'location');
          const ids = scopeFilter(r.reads);
          if (ids !== null) l.whereIn('sh.target_id', ids);
        })
        .orWhere((s) => {
          s.where('sh.target_kind', 'student').whereExists((x) =>
            applyScope(db, x.select(db.raw('1')).from('students as s').whereRaw('s.id::text = sh.target_id').whereNull('s.deleted_at'), r.students),
          );
        });
    });
  });
}

export interface FileFilter {
  location_id?: string | null;
  search?: string | null;
  sub_type?: string | null;
  archive: boolean;
  student_id?: string | null;
}

function filteredFiles(db: Db, r: FileReader, f: FileFilter) {
  const q = db('centre_files as cf').where('cf.archive', f.archive);
  if (f.location_id) q.where('cf.location_id', f.location_id);
  if (f.sub_type) q.where('cf.sub_type', f.sub_type);
  if (f.search) q.whereILike('cf.name', `%${f.search.replace(/[%_\\]/g, '\\$&')}%`);
  q.where((w) => {
    if (r.edits) w.orWhere((e) => inScope(e, 'cf.location_id', r.edits!));
    if (!f.archive) {
      w.orWhere((p) => {
        inScope(p.where({ 'cf.published': true, 'cf.visible': true }), 'cf.location_id', r.reads);
        sharedWith(db, p, r, f.student_id);
      });
    }
    if (!r.edits && f.archive) w.whereRaw('false');
  });
  if (f.student_id && r.edits) {
    q.whereExists((e) => e.select(db.raw('1')).from('centre_file_shares as sx').whereRaw('sx.file_id = cf.id').where({ 'sx.target_kind': 'student', 'sx.target_id': String(f.student_id) }));
  }
  return q;
}

const FILE_COLUMNS = (db: Db, userId: string) => [
  'cf.*',
  db.raw('exists (select 1 from centre_file_reads r where r.file_id = cf.id and r.user_id = ?) as read', [userId]),
];

export async function listFiles(db: Db, r: FileReader, f: FileFilter, page: number, first: number) {
  const [rows, counted] = await Promise.all([
    filteredFiles(db, r, f)
      .orderBy([{ column: 'cf.sort_order' }, { column: 'cf.id', order: 'desc' }])
      .limit(first)
      .offset((page - 1) * first)
      .select(FILE_COLUMNS(db, r.userId)),
    filteredFiles(db, r, f).count({ n: '*' }),
  ]);
  return { rows: rows as CentreFileRow[], total: Number(counted[0]?.n ?? 0) };
}

/** One file the viewer reads (any archive state for editors; published, unarchived and shared otherwise). */
export async function readableFile(db: Db, r: FileReader, id: string): Promise<CentreFileRow | undefined> {
  const q = db('centre_files as cf').where('cf.id', id);
  q.where((w) => {
    if (r.edits) w.orWhere((e) => inScope(e, 'cf.location_id', r.edits!));
    w.orWhere((p) => {
      inScope(p.where({ 'cf.published': true, 'cf.visible': true, 'cf.archive': false }), 'cf.location_id', r.reads);
      sharedWith(db, p, r);
    });
  });
  return q.first(FILE_COLUMNS(db, r.userId));
}

export async function findFile(db: Db, id: string, lock = false): Promise<CentreFileRow | undefined> {
  const q = db('centre_files').where({ id });
  if (lock) q.forUpdate();
  return q.first();
}

export async function insertFile(trx: Knex.Transaction, row: Record<string, unknown>): Promise<CentreFileRow> {
  const next = await trx('centre_files').where({ location_id: row.location_id }).max({ m: 'sort_order' });
  const [r] = await trx('centre_files')
    .insert({ ...row, sort_order: Number(next[0]?.m ?? 0) + 1 })
    .returning('*');
  return r;
}

export async function updateFile(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<CentreFileRow> {
  const [r] = await trx('centre_files')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning('*');
  return r;
}

export async function locationFileIds(db: Db, locationId: string): Promise<string[]> {
  return (await db('centre_files').where({ location_id: locationId, archive: false }).select('id')).map((r) => String(r.id));
}

export async function setOrder(trx: Knex.Transaction, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await trx.raw(
    `update centre_files cf set sort_order = o.n, updated_at = now() from unnest(?::bigint[]) with ordinality as o(id, n) where cf.id = o.id`,
    [[...ids]],
  );
}

export async function replaceShares(trx: Knex.Transaction, fileId: string, shares: { target_kind: string; target_id: string }[]) {
  await trx('centre_file_shares').where({ file_id: fileId }).delete();
  if (shares.length) await trx('centre_file_shares').insert(shares.map((s) => ({ ...s, file_id: fileId })));
}

export async function sharesOf(db: Db, fileIds: readonly string[]) {
  if (!fileIds.length) return new Map<string, { kind: string; target_id: string }[]>();
  const rows = await db('centre_file_shares').whereIn('file_id', fileIds as string[]).orderBy('id').select('file_id', 'target_kind', 'target_id');
  const out = new Map<string, { kind: string; target_id: string }[]>();
  for (const r of rows) {
    const k = String(r.file_id);
    out.set(k, [...(out.get(k) ?? []), { kind: r.target_kind, target_id: r.target_id }]);
  }
  return out;
}

export async function markRead(trx: Knex.Transaction, fileId: string, userId: string): Promise<void> {
  await trx('centre_file_reads').insert({ file_id: fileId, user_id: userId }).onConflict(['user_id', 'file_id']).ignore();
}

// ── logs ─────────────────────────────────────────────────────────────────────

export type LogSubject = 'file' | 'request' | 'document';

export async function log(trx: Db, subject: LogSubject, subjectId: string, activity: string, user: { id: string; name: string | null }) {
  await trx('document_logs').insert({ subject, subject_id: subjectId, activity, user_id: user.id, username: user.name });
}

export async function logsOf(db: Db, subject: LogSubject, ids: readonly string[]) {
  const out = new Map<string, Record<string, unknown>[]>();
  if (!ids.length) return out;
  const rows = await db('document_logs')
    .where({ subject })
    .whereIn('subject_id', ids as string[])
    .orderBy('id', 'desc')
    .select('id', 'subject_id', 'activity', 'user_id as user', 'username', 'created_at');
  for (const r of rows) {
    const k = String(r.subject_id);
    out.set(k, [...(out.get(k) ?? []), r]);
  }
  return out;
}

export async function userName(db: Db, userId: string): Promise<string | null> {
  const u = await db('users').where({ id: userId }).first('fname', 'lname', 'email');
  if (!u) return null;
  return [u.fname, u.lname].filter(Boolean).join(' ') || u.email || null;
}

// ── document requests ────────────────────────────────────────────────────────

export interface RequestFilter {
  location_id?: string | null;
  type?: string | null;
  archive: boolean;
  student_id?: string | null;
}

/** Requests the viewer reads: editors their locations'; staff their locations' (roles permitting); parents family ones. */
function filteredRequests(db: Db, r: FileReader, staff: boolean, f: RequestFilter) {
  const q = db('document_requests as dr').where('dr.archive', f.archive);
  if (f.location_id) q.where('dr.location_id', f.location_id);
  if (f.type) q.where('dr.type', f.type);
  if (f.student_id) {
    q.where('dr.type', 'family').whereExists((e) =>
      applyScope(db, e.select(db.raw('1')).from('students as s').whereRaw('s.location_id = dr.location_id').where('s.id', f.student_id!).whereNull('s.deleted_at'), r.students),
    );
  }
  q.where((w) => {
    if (r.edits) w.orWhere((e) => inScope(e, 'dr.location_id', r.edits!));
    if (!f.archive) {
      w.orWhere((p) => {
        inScope(p, 'dr.location_id', r.reads);
        if (!staff) p.where('dr.type', 'family');
        p.where((x) => x.whereRaw("dr.roles = '[]'::jsonb").orWhereRaw('dr.roles \\? ?', [r.role]));
      });
    }
    if (!r.edits && f.archive) w.whereRaw('false');
  });
  return q;
}

export async function listRequests(db: Db, r: FileReader, staff: boolean, f: RequestFilter, page: number, first: number) {
  const [rows, counted] = await Promise.all([
    filteredRequests(db, r, staff, f).orderBy('dr.id', 'desc').limit(first).offset((page - 1) * first).select('dr.*'),
    filteredRequests(db, r, staff, f).count({ n: '*' }),
  ]);
  return { rows: rows as RequestRow[], total: Number(counted[0]?.n ?? 0) };
}

export async function readableRequest(db: Db, r: FileReader, staff: boolean, id: string): Promise<RequestRow | undefined> {
  const own = await filteredRequests(db, r, staff, { archive: false }).where('dr.id', id).first('dr.*');
  if (own || !r.edits) return own;
  return filteredRequests(db, r, staff, { archive: true }).where('dr.id', id).first('dr.*');
}

export async function findRequest(db: Db, id: string): Promise<RequestRow | undefined> {
  return db('document_requests').where({ id }).first();
}

export async function insertRequest(trx: Knex.Transaction, row: Record<string, unknown>): Promise<RequestRow> {
  const [r] = await trx('document_requests').insert(row).returning('*');
  return r;
}

export async function updateRequest(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<RequestRow> {
  const [r] = await trx('document_requests')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning('*');
  return r;
}

// ── documents (answers) ──────────────────────────────────────────────────────

/**
 * The answers of these requests the viewer reads: editors of the request's location all of them;
 * others the answers for children in their student scope and their own staff answers.
 */
export async function answersOf(db: Db, r: FileReader, requestIds: readonly string[]): Promise<DocumentRow[]> {
  if (!requestIds.length) return [];
  const q = db('documents as d')
    .join('document_requests as dr', 'dr.id', 'd.request_id')
    .leftJoin('students as s', 's.id', 'd.student_id')
    .whereIn('d.request_id', requestIds as string[]);
  q.where((w) => {
    if (r.edits) w.orWhere((e) => inScope(e, 'd.location_id', r.edits!));
    w.orWhere('d.user_id', r.userId).orWhere((x) => {
      x.whereNotNull('d.student_id').whereExists((e) =>
        applyScope(db, e.select(db.raw('1')).from('students as ss').whereRaw('ss.id = d.student_id').whereNull('ss.deleted_at'), r.students, 'ss'),
      );
    });
  });
  return q
    .orderBy('d.id', 'desc')
    .select('d.*', 'dr.name', db.raw("nullif(trim(concat_ws(' ', s.fname, s.lname)), '') as student_name")) as unknown as Promise<DocumentRow[]>;
}

export async function findDocument(db: Db, id: string, lock = false): Promise<DocumentRow | undefined> {
  const q = db('documents').where({ id });
  if (lock) q.forUpdate();
  return q.first();
}

export async function liveAnswer(db: Db, requestId: string, studentId: string | null, userId: string): Promise<DocumentRow | undefined> {
  const q = db('documents').where({ request_id: requestId }).whereIn('status', ['pending', 'approved']);
  if (studentId) q.where({ student_id: studentId });
  else q.whereNull('student_id').where({ user_id: userId });
  return q.first();
}

export async function insertDocument(trx: Knex.Transaction, row: Record<string, unknown>): Promise<DocumentRow> {
  const [r] = await trx('documents').insert(row).returning('*');
  return r;
}

export async function updateDocument(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<DocumentRow> {
  const [r] = await trx('documents')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning('*');
  return r;
}

export async function fileRowUsed(db: Db, fileId: string): Promise<boolean> {
  const [a, b] = await Promise.all([db('documents').where({ file_id: fileId }).first('id'), db('centre_files').where({ file_id: fileId }).first('id')]);
  return Boolean(a || b);
}

/** Guardians (not black-listed) of children, for notices and action items. */
export async function guardiansOf(db: Db, studentIds: readonly string[]): Promise<{ student_id: string; user_id: string }[]> {
  if (!studentIds.length) return [];
  return db('student_users').whereIn('student_id', studentIds as string[]).where('black_list', false).select('student_id', 'user_id');
}

/** Staff with `documents.manage` managing a location (reviewers to notify). */
export async function managersOf(db: Db, locationId: string): Promise<string[]> {
  return (await db('location_managers').where({ location_id: locationId }).select('user_id')).map((r) => String(r.user_id));
}
