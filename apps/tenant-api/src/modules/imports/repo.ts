import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface ImportRow {
  id: string;
  kind: string;
  source: string;
  location_id: string;
  status: string;
  total: number;
  processed: number;
  headers: string[];
  mapping: Record<string, string | null>;
  raw_rows: { line: number; cells: string[] }[];
  rows: StagedRow[];
  errors: { line: number; field: string; message: string }[];
  result: Record<string, unknown>;
  failure: string | null;
  created_by: string | null;
  support_session_id: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface StagedRow {
  line: number;
  values: Record<string, string>;
  errors: { field: string; message: string }[];
}

const json = (v: unknown) => JSON.stringify(v);

export async function insertImport(
  db: Db,
  row: Omit<Partial<ImportRow>, 'id'> & { kind: string; source: string; location_id: string; status: string },
): Promise<string> {
  const data: Record<string, unknown> = { ...row };
  for (const k of ['headers', 'mapping', 'raw_rows', 'rows', 'errors', 'result']) if (k in data) data[k] = json(data[k]);
  const [r] = await db('imports').insert(data).returning('id');
  return String(r.id);
}

export async function findImport(db: Db, id: string, forUpdate = false): Promise<ImportRow | undefined> {
  const q = db('imports').where({ id }).first();
  return forUpdate ? q.forUpdate() : q;
}

export async function updateImport(db: Db, id: string, patch: Partial<ImportRow>): Promise<void> {
  const data: Record<string, unknown> = { ...patch, updated_at: db.fn.now() };
  for (const k of ['headers', 'mapping', 'raw_rows', 'rows', 'errors', 'result']) if (k in data) data[k] = json(data[k]);
  await db('imports').where({ id }).update(data);
}

/** Moves an import from one status to another only if it is still in it (no double runs). */
export async function claimImport(db: Db, id: string, from: string[], to: string): Promise<boolean> {
  const n = await db('imports')
    .where({ id })
    .whereIn('status', from)
    .update({ status: to, processed: 0, failure: null, updated_at: db.fn.now() });
  return n === 1;
}

export async function setProgress(db: Db, id: string, processed: number): Promise<void> {
  await db('imports').where({ id }).update({ processed, updated_at: db.fn.now() });
}

export async function pageImports(db: Db, locationIds: string[] | null, page: number, first: number) {
  const base = () => {
    const q = db('imports');
    if (locationIds) q.whereIn('location_id', locationIds);
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const rows = await base()
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(first)
    .offset((page - 1) * first)
    .select(
      'id',
      'kind',
      'source',
      'location_id',
      'status',
      'total',
      'processed',
      'headers',
      'mapping',
      'errors',
      'result',
      'failure',
      'created_by',
      'created_at',
      'finished_at',
    );
  return { rows: rows.map((r) => ({ ...r, rows: [], raw_rows: [] })) as ImportRow[], total: Number(count?.n ?? 0) };
}

// ── lookups for validation (one query each, whatever the number of rows) ────

export async function roomsByName(db: Db, locationId: string): Promise<Map<string, string>> {
  const rows = await db('programs').where({ location_id: locationId }).whereNull('deleted_at').select('id', 'name');
  return new Map(rows.map((r) => [String(r.name).toLowerCase(), String(r.id)]));
}

/** Live students of a location by lower-cased "fname lname". */
export async function studentNamesIn(db: Db, locationId: string): Promise<Set<string>> {
  const rows = await db('students')
    .where({ location_id: locationId })
    .whereNull('deleted_at')
    .select(db.raw("lower(fname || ' ' || lname) as n"));
  return new Set(rows.map((r) => String(r.n)));
}

export async function peopleByEmails(db: Db, emails: readonly string[]): Promise<Map<string, string>> {
  if (!emails.length) return new Map();
  const rows = await db('users')
    .whereRaw('lower(email) = any(?)', [emails.map((e) => e.toLowerCase())])
    .whereNull('deleted_at')
    .select('id', db.raw('lower(email) as email'));
  return new Map(rows.map((r) => [String(r.email), String(r.id)]));
}

export async function takenUsernames(db: Db, names: readonly string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const rows = await db('users')
    .whereRaw('lower(username) = any(?)', [names.map((n) => n.toLowerCase())])
    .select(db.raw('lower(username) as u'));
  return new Set(rows.map((r) => String(r.u)));
}

// ── the roster export ───────────────────────────────────────────────────────

/** Students of a location (optionally one room) with their homeroom and contacts, by name. */
export async function rosterRows(db: Db, locationId: string, programId: string | null) {
  const q = db('students as s')
    .leftJoin('programs as p', 'p.id', 's.program_id')
    .where('s.location_id', locationId)
    .whereNull('s.deleted_at')
    .orderByRaw('lower(s.lname), lower(s.fname), s.id')
    .select(
      's.id',
      's.fname',
      's.middle_name',
      's.lname',
      's.nick_name',
      's.gender',
      's.status',
      's.type',
      's.external_id',
      'p.name as program',
      db.raw("to_char(s.dob, 'YYYY-MM-DD') as dob"),
      db.raw("to_char(s.enrollment_date, 'YYYY-MM-DD') as enrollment_date"),
      db.raw(
        `coalesce((select json_agg(json_build_object('fname', u.fname, 'lname', u.lname, 'email', u.email, 'phone', u.phone, 'relation', su.relation) order by su.legal_guardian desc, u.id)
           from student_users su join users u on u.id = su.user_id where su.student_id = s.id and not su.black_list and u.deleted_at is null), '[]') as contacts`,
      ),
    );
  if (programId) q.where('s.program_id', programId);
  return q;
}

export async function boardingCounts(db: Db, locationIds: string[] | null) {
  const r = await db.raw(
    `select
       (select count(*) from locations l where l.deleted_at is null and ${locationIds ? 'l.id = any(:ids)' : 'true'})::int as locations,
       (select count(*) from cameras c where c.deleted_at is null and ${locationIds ? 'c.location_id = any(:ids)' : 'true'})::int as cameras,
       (select count(*) from programs p where p.deleted_at is null and ${locationIds ? 'p.location_id = any(:ids)' : 'true'})::int as rooms,
       (select count(distinct lm.user_id) from location_managers lm join users u on u.id = lm.user_id where u.deleted_at is null and ${locationIds ? 'lm.location_id = any(:ids)' : 'true'})::int as managers,
       (select count(distinct su.user_id) from student_users su join students s on s.id = su.student_id join users u on u.id = su.user_id
          where s.deleted_at is null and u.deleted_at is null and ${locationIds ? 's.location_id = any(:ids)' : 'true'})::int as contacts,
       (select count(*) from students s where s.deleted_at is null and ${locationIds ? 's.location_id = any(:ids)' : 'true'})::int as students,
       (select count(*) from settings st where st.key = 'school_profile')::int as school_profile`,
    locationIds ? { ids: locationIds } : {},
  );
  return r.rows[0] as Record<string, number>;
}
