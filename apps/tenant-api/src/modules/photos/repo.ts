import type { Knex } from 'knex';
import { pageWithTotal } from '@kv/db';

type Db = Knex | Knex.Transaction;

export const ALBUMS = ['students', 'staff', 'facility'] as const;
export type Album = (typeof ALBUMS)[number];
export const CONSENTS = ['none', 'own_family', 'other_families', 'marketing'] as const;
export type Consent = (typeof CONSENTS)[number];
export const DEFAULT_CONSENT: Consent = 'own_family';
export type LogAction = 'upload' | 'approval' | 'view' | 'download' | 'update' | 'delete';

export type PhotoRow = {
  id: string;
  album: Album;
  file_id: string;
  location_id: string;
  caption: string | null;
  taken_at: Date;
  status: 'pending' | 'approved';
  uploaded_by: string | null;
  approved_by: string | null;
  approved_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = [
  'p.id',
  'p.album',
  'p.file_id',
  'p.location_id',
  'p.caption',
  'p.taken_at',
  'p.status',
  'p.uploaded_by',
  'p.approved_by',
  'p.approved_at',
  'p.created_at',
  'p.updated_at',
];

/**
 * Whose photos a viewer sees (the students area's scopes, made photo-shaped):
 * - `all`: the owner; `staff`: the photos of their locations, and the student photos tagging a
 *   child of their rooms (teachers); staff see pending photos and every tag;
 * - `family`: approved photos of the students album tagging one of their own children, and only
 *   where every tagged child's current consent allows it: a child of theirs at `own_family` or
 *   above, any other child at `other_families` or above (a `none` child hides the photo from all);
 * - `none`: blog editors.
 */
export type PhotoScope =
  { kind: 'all' } | { kind: 'staff'; locations: string[]; programs: string[] } | { kind: 'family'; userId: string } | { kind: 'none' };

/** The newest consent of the child `ps.student_id`, the default when none was recorded. */
const CURRENT_CONSENT = `coalesce((select pc.consent from photo_consents pc where pc.student_id = ps.student_id order by pc.id desc limit 1), '${DEFAULT_CONSENT}')`;

/** Restricts `q` (photos as `p`, not deleted) to what the scope sees. */
export function applyPhotoScope(q: Knex.QueryBuilder, scope: PhotoScope): Knex.QueryBuilder {
  q.whereNull('p.deleted_at');
  switch (scope.kind) {
    case 'all':
      return q;
    case 'none':
      return q.whereRaw('false');
    case 'staff':
      return q.where((w) => {
        w.whereIn('p.location_id', scope.locations);
        if (scope.programs.length) {
          w.orWhereRaw(
            `p.album = 'students' and exists (
               select 1 from photo_students ps join students s on s.id = ps.student_id
               where ps.photo_id = p.id and (s.program_id = any(?::bigint[])
                 or exists (select 1 from student_programs sp where sp.student_id = s.id and sp.program_id = any(?::bigint[]))))`,
            [scope.programs, scope.programs],
          );
        }
      });
    case 'family':
      return q
        .where({ 'p.album': 'students', 'p.status': 'approved' })
        .whereRaw(
          `exists (select 1 from photo_students ps join student_users su on su.student_id = ps.student_id
                   where ps.photo_id = p.id and su.user_id = ? and not su.black_list)`,
          [scope.userId],
        )
        .whereRaw(
          `not exists (select 1 from photo_students ps where ps.photo_id = p.id and (
             case ${CURRENT_CONSENT}
               when 'none' then true
               when 'own_family' then not exists (
                 select 1 from student_users su where su.student_id = ps.student_id and su.user_id = ? and not su.black_list)
               else false end))`,
          [scope.userId],
        );
  }
}

export interface PhotoFilter {
  album?: Album | null;
  student?: string | null;
  location_id?: string | null;
  status?: 'pending' | 'approved' | null;
  from?: string | null;
  to?: string | null;
}

export async function pagePhotos(db: Db, scope: PhotoScope, f: PhotoFilter, page: number, first: number) {
  const base = () => {
    const q = applyPhotoScope(db('photos as p'), scope);
    if (f.album) q.where('p.album', f.album);
    if (f.status) q.where('p.status', f.status);
    if (f.location_id) q.where('p.location_id', f.location_id);
    if (f.student)
      q.whereExists((e) =>
        e.select(db.raw('1')).from('photo_students as fs').whereRaw('fs.photo_id = p.id').where('fs.student_id', f.student!),
      );
    if (f.from || f.to) {
      q.join('locations as l', 'l.id', 'p.location_id');
      if (f.from) q.whereRaw('(p.taken_at at time zone l.timezone)::date >= ?::date', [f.from]);
      if (f.to) q.whereRaw('(p.taken_at at time zone l.timezone)::date <= ?::date', [f.to]);
    }
    return q;
  };
  const rows = base()
    .select(COLUMNS)
    .orderBy([
      { column: 'p.taken_at', order: 'desc' },
      { column: 'p.id', order: 'desc' },
    ]);
  return pageWithTotal<PhotoRow>(db, rows, base, page, first);
}

/** Of these ids, the photos the scope sees. */
export async function photosInScope(db: Db, scope: PhotoScope, ids: readonly string[]): Promise<PhotoRow[]> {
  if (!ids.length) return [];
  return applyPhotoScope(db('photos as p'), scope)
    .whereIn('p.id', ids as string[])
    .select(COLUMNS);
}

/** Of these ids, the approved photos (not deleted). */
export async function approvedIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = (await db('photos')
    .whereIn('id', ids as string[])
    .where({ status: 'approved' })
    .whereNull('deleted_at')
    .select('id')) as { id: string }[];
  return rows.map((r) => String(r.id));
}

/** A photo (not deleted), locked for the write when `forUpdate`. */
export async function findPhoto(db: Db, id: string, forUpdate = false): Promise<PhotoRow | undefined> {
  const q = db('photos as p').where('p.id', id).whereNull('p.deleted_at').first(COLUMNS);
  if (forUpdate) q.forUpdate();
  return q;
}

/** A photo's location, deleted photos included (their log stays readable). */
export async function photoLocation(db: Db, id: string): Promise<{ id: string; location_id: string } | undefined> {
  return db('photos').where({ id }).first('id', 'location_id');
}

export async function insertPhoto(db: Db, row: Record<string, unknown>): Promise<PhotoRow> {
  const [r] = await db('photos')
    .insert(row)
    .returning(COLUMNS.map((c) => c.slice(2)));
  return r as PhotoRow;
}

export async function updatePhoto(db: Db, id: string, patch: Record<string, unknown>): Promise<PhotoRow> {
  const [r] = await db('photos')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(COLUMNS.map((c) => c.slice(2)));
  return r as PhotoRow;
}

/** Replaces a photo's tags of one kind. */
export async function setTags(db: Db, photoId: string, kind: 'students' | 'staff', ids: readonly string[]): Promise<void> {
  const table = kind === 'students' ? 'photo_students' : 'photo_staff';
  const col = kind === 'students' ? 'student_id' : 'user_id';
  await db(table).where({ photo_id: photoId }).delete();
  if (ids.length) await db(table).insert(ids.map((id) => ({ photo_id: photoId, [col]: id })));
}

/** Tagged children (or staff) per photo, with names. */
export async function tagsOf(db: Db, kind: 'students' | 'staff', photoIds: readonly string[]) {
  if (!photoIds.length) return [];
  const q =
    kind === 'students'
      ? db('photo_students as t').join('students as x', 'x.id', 't.student_id').select('t.photo_id', 'x.id', 'x.fname', 'x.lname')
      : db('photo_staff as t').join('users as x', 'x.id', 't.user_id').select('t.photo_id', 'x.id', 'x.fname', 'x.lname');
  return (await q.whereIn('t.photo_id', photoIds as string[]).orderBy(['x.lname', 'x.fname', 'x.id'])) as {
    photo_id: string;
    id: string;
    fname: string;
    lname: string;
  }[];
}

/** Names of people by id (uploader, approver, log entries). */
export async function namesOf(db: Db, userIds: readonly string[]) {
  if (!userIds.length) return new Map<string, { id: string; fname: string; lname: string }>();
  const rows = (await db('users')
    .whereIn('id', userIds as string[])
    .select('id', 'fname', 'lname')) as { id: string; fname: string; lname: string }[];
  return new Map(rows.map((r) => [String(r.id), r]));
}

export async function softDelete(db: Db, id: string, by: string): Promise<void> {
  await db('photos').where({ id }).update({ deleted_at: db.fn.now(), deleted_by: by, updated_at: db.fn.now() });
}

/** Whether a file is already an album photo (deleted ones included: a file belongs to one photo). */
export async function fileUsed(db: Db, fileId: string): Promise<boolean> {
  return Boolean(await db('photos').where({ file_id: fileId }).first('id'));
}

/** Of these users, the staff members of a location (its teachers and managers). */
export async function staffAt(db: Db, locationId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const r = await db.raw(
    `select u.id from users u where u.id = any(?::bigint[]) and u.deleted_at is null
       and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.name in ('teacher', 'manager', 'center'))
       and (exists (select 1 from user_locations ul where ul.user_id = u.id and ul.location_id = ?)
         or exists (select 1 from location_managers lm where lm.user_id = u.id and lm.location_id = ?))`,
    [[...userIds], locationId, locationId],
  );
  return new Set((r.rows as { id: string }[]).map((x) => String(x.id)));
}

// ── logs ─────────────────────────────────────────────────────────────────────

/** Log rows; views and downloads count once per person, photo and day (repeats are dropped). */
export async function insertLogs(
  db: Db,
  rows: readonly { photo_id: string; action: LogAction; user_id: string | null; day?: string | null }[],
): Promise<void> {
  if (!rows.length) return;
  await db.raw(
    `insert into photo_logs (photo_id, action, user_id, day)
     select x.photo_id, x.action, x.user_id, x.day from json_to_recordset(?::json) as x(photo_id bigint, action text, user_id bigint, day date)
     on conflict do nothing`,
    [JSON.stringify(rows.map((r) => ({ ...r, day: r.day ?? null })))],
  );
}

export type LogRow = { id: string; photo_id: string; action: LogAction; user_id: string | null; created_at: Date };

export async function pageLogs(db: Db, photoId: string, page: number, first: number) {
  const base = () => db('photo_logs').where({ photo_id: photoId });
  const rows = base().select('id', 'photo_id', 'action', 'user_id', 'created_at').orderBy('id', 'desc');
  return pageWithTotal<LogRow>(db, rows, base, page, first);
}

// ── consent ──────────────────────────────────────────────────────────────────

export type ConsentRow = {
  id: string | null;
  student_id: string;
  consent: Consent;
  source: string | null;
  recorded_by: string | null;
  created_at: Date | null;
};

/** The current consent of each child (the default for a child with none recorded). */
export async function currentConsents(db: Db, studentIds: readonly string[]): Promise<Map<string, ConsentRow>> {
  const out = new Map<string, ConsentRow>();
  if (!studentIds.length) return out;
  const rows = (await db('photo_consents')
    .distinctOn('student_id')
    .whereIn('student_id', studentIds as string[])
    .orderBy([{ column: 'student_id' }, { column: 'id', order: 'desc' }])
    .select('id', 'student_id', 'consent', 'source', 'recorded_by', 'created_at')) as ConsentRow[];
  for (const r of rows) out.set(String(r.student_id), r);
  for (const id of studentIds) {
    if (!out.has(String(id)))
      out.set(String(id), {
        id: null,
        student_id: String(id),
        consent: DEFAULT_CONSENT,
        source: null,
        recorded_by: null,
        created_at: null,
      });
  }
  return out;
}

export async function insertConsent(
  db: Db,
  row: { student_id: string; consent: Consent; source: 'guardian' | 'paper_form'; recorded_by: string },
): Promise<ConsentRow> {
  const [r] = await db('photo_consents').insert(row).returning(['id', 'student_id', 'consent', 'source', 'recorded_by', 'created_at']);
  return r as ConsentRow;
}

export async function consentLog(db: Db, studentId: string): Promise<ConsentRow[]> {
  return (await db('photo_consents')
    .where({ student_id: studentId })
    .orderBy('id', 'desc')
    .select('id', 'student_id', 'consent', 'source', 'recorded_by', 'created_at')) as ConsentRow[];
}

/** Whether the user is a legal guardian of the child (not black-listed). */
export async function isLegalGuardian(db: Db, userId: string, studentId: string): Promise<boolean> {
  return Boolean(
    await db('student_users')
      .where({ user_id: userId, student_id: studentId, legal_guardian: true, black_list: false })
      .first('student_id'),
  );
}

/** The viewer's own children among `studentIds` (not black-listed). */
export async function ownChildren(db: Db, userId: string, studentIds: readonly string[]): Promise<Set<string>> {
  if (!studentIds.length) return new Set();
  const rows = (await db('student_users')
    .where({ user_id: userId, black_list: false })
    .whereIn('student_id', studentIds as string[])
    .select('student_id')) as { student_id: string }[];
  return new Set(rows.map((r) => String(r.student_id)));
}

/**
 * Who among guardians sees an approved students-album photo (the family scope of applyPhotoScope,
 * turned round): each guardian (not black-listed, active) of a tagged child for whom no tagged
 * child's consent hides it, with their tagged children. Empty while the photo is not approved.
 */
export async function photoAudience(db: Db, photoId: string): Promise<Map<string, string[]>> {
  const rows = await db.raw(
    `select su.user_id, array_agg(distinct ps0.student_id) as students
       from photos p
       join photo_students ps0 on ps0.photo_id = p.id
       join student_users su on su.student_id = ps0.student_id and not su.black_list
       join users u on u.id = su.user_id and u.status and u.deleted_at is null
      where p.id = ? and p.album = 'students' and p.status = 'approved' and p.deleted_at is null
        and not exists (select 1 from photo_students ps where ps.photo_id = p.id and (
             case ${CURRENT_CONSENT}
               when 'none' then true
               when 'own_family' then not exists (
                 select 1 from student_users x where x.student_id = ps.student_id and x.user_id = su.user_id and not x.black_list)
               else false end))
      group by su.user_id`,
    [photoId],
  );
  return new Map((rows.rows as { user_id: string; students: string[] }[]).map((r) => [String(r.user_id), r.students.map(String)]));
}
