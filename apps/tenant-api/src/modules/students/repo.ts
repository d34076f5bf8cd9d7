import type { Knex } from 'knex';
import { pageWithTotal } from '@kv/db';
import type { StudentScope } from '../../core/access.ts';

export * from './repo/relations.ts';

type Db = Knex | Knex.Transaction;

const PLAIN = [
  'id',
  'fname',
  'middle_name',
  'lname',
  'nick_name',
  'image',
  'status',
  'type',
  'gender',
  'race',
  'ethnicity',
  'doctor_name',
  'doctor_phone',
  'note',
  'street_1',
  'street_2',
  'city',
  'state',
  'country',
  'zip',
  'external_id',
  'location_id',
  'program_id',
  'created_at',
  'updated_at',
  'deleted_at',
  'created_by',
  'updated_by',
] as const;
const DATES = ['dob', 'enrollment_date', 'graduation_date'] as const;

/**
 * A `students` row as pg returns it (studentColumns): bigint ids as text, timestamptz as Date,
 * text[] as an array, and the `date` columns as `YYYY-MM-DD` text (selected with to_char).
 */
export type StudentRow = {
  id: string;
  fname: string;
  middle_name: string | null;
  lname: string;
  nick_name: string | null;
  image: string | null;
  status: boolean;
  type: string | null;
  gender: string | null;
  race: string | null;
  ethnicity: string | null;
  doctor_name: string | null;
  doctor_phone: string | null;
  note: string | null;
  street_1: string | null;
  street_2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  zip: string | null;
  external_id: string | null;
  location_id: string;
  program_id: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  created_by: string | null;
  updated_by: string | null;
  dob: string | null;
  enrollment_date: string | null;
  graduation_date: string | null;
};

/** Student columns with dates as `YYYY-MM-DD` text (no time-zone shifts). */
export function studentColumns(db: Db, alias = 's'): (string | Knex.Raw)[] {
  return [...PLAIN.map((c) => `${alias}.${c}`), ...DATES.map((c) => db.raw(`to_char(${alias}.${c}, 'YYYY-MM-DD') as ${c}`))];
}

/** Restricts a query on `students as <alias>` to a scope (see policy.ts). */
export function applyScope(db: Db, q: Knex.QueryBuilder, scope: StudentScope, alias = 's'): Knex.QueryBuilder {
  switch (scope.kind) {
    case 'all':
      return q;
    case 'none':
      return q.whereRaw('false');
    case 'own':
      return q.whereExists((e) =>
        e
          .select(db.raw('1'))
          .from('student_users as own_su')
          .whereRaw(`own_su.student_id = ${alias}.id`)
          .where('own_su.user_id', scope.userId)
          .where('own_su.black_list', false),
      );
    case 'staff':
      return q.where((w) => {
        w.whereIn(`${alias}.location_id`, scope.locations);
        if (scope.programs.length) {
          w.orWhereIn(`${alias}.program_id`, scope.programs).orWhereExists((e) =>
            e
              .select(db.raw('1'))
              .from('student_programs as sp_scope')
              .whereRaw(`sp_scope.student_id = ${alias}.id`)
              .whereIn('sp_scope.program_id', scope.programs),
          );
        }
      });
  }
}

/** Of the given ids, those in the scope (archived ones only when asked). */
export async function idsInScope(
  db: Db,
  scope: StudentScope,
  ids: readonly string[],
  opts: { archived?: boolean } = {},
): Promise<string[]> {
  if (!ids.length) return [];
  const q = db('students as s').whereIn('s.id', ids as string[]);
  if (opts.archived) q.whereNotNull('s.deleted_at');
  else q.whereNull('s.deleted_at');
  const rows: { id: string }[] = await applyScope(db, q, scope).select('s.id');
  return rows.map((r) => String(r.id));
}

export async function findStudents(
  db: Db,
  ids: readonly string[],
  opts: { archived?: boolean; scope?: StudentScope } = {},
): Promise<StudentRow[]> {
  if (!ids.length) return [];
  const q = db('students as s').whereIn('s.id', ids as string[]);
  if (opts.archived) q.whereNotNull('s.deleted_at');
  else q.whereNull('s.deleted_at');
  if (opts.scope) applyScope(db, q, opts.scope);
  return q.select(studentColumns(db));
}

export interface StudentFilter {
  location_ids?: string[] | null;
  program_ids?: string[] | null;
  /** Homeroom or other room. */
  any_program_ids?: string[] | null;
  tag_ids?: string[] | null;
  status?: boolean | null;
  types?: string[] | null;
  exclude_types?: string[] | null;
  search?: string | null;
  from?: string | null;
  to?: string | null;
  archived?: boolean;
  /** Birthdays in any of these months (`getBirthdays`: one; the calendar: its visible range). */
  birthday_months?: number[] | null;
  ids?: string[] | null;
}

function filtered(db: Db, scope: StudentScope, f: StudentFilter): Knex.QueryBuilder {
  const q = db('students as s');
  if (f.archived) q.whereNotNull('s.deleted_at');
  else q.whereNull('s.deleted_at');
  applyScope(db, q, scope);
  if (f.ids) q.whereIn('s.id', f.ids);
  if (f.location_ids) q.whereIn('s.location_id', f.location_ids);
  if (f.program_ids) q.whereIn('s.program_id', f.program_ids);
  if (f.status !== undefined && f.status !== null) q.where('s.status', f.status);
  if (f.types) q.whereIn('s.type', f.types);
  if (f.exclude_types) q.where((w) => w.whereNull('s.type').orWhereNotIn('s.type', f.exclude_types!));
  if (f.from) q.where('s.enrollment_date', '>=', f.from);
  if (f.to) q.where('s.enrollment_date', '<=', f.to);
  if (f.birthday_months) q.whereNotNull('s.dob').whereRaw('extract(month from s.dob)::int = any(?::int[])', [f.birthday_months]);
  if (f.search) {
    const like = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q.where((w) =>
      w
        .whereRaw('lower(s.fname) like ?', [like])
        .orWhereRaw('lower(s.lname) like ?', [like])
        .orWhereRaw("lower(s.fname || ' ' || s.lname) like ?", [like])
        .orWhereRaw('lower(s.nick_name) like ?', [like]),
    );
  }
  if (f.any_program_ids || f.tag_ids) {
    q.where((w) => {
      if (f.any_program_ids) {
        w.orWhereIn('s.program_id', f.any_program_ids).orWhereExists((e) =>
          e
            .select(db.raw('1'))
            .from('student_programs as fp')
            .whereRaw('fp.student_id = s.id')
            .whereIn('fp.program_id', f.any_program_ids!),
        );
      }
      if (f.tag_ids)
        w.orWhereExists((e) =>
          e.select(db.raw('1')).from('student_tags as ft').whereRaw('ft.student_id = s.id').whereIn('ft.tag_id', f.tag_ids!),
        );
    });
  }
  return q;
}

export async function pageStudents(
  db: Db,
  scope: StudentScope,
  f: StudentFilter,
  page: number,
  first: number,
  order: 'name' | 'archived' | 'birthday' = 'name',
): Promise<{ rows: StudentRow[]; total: number }> {
  const q = filtered(db, scope, f).select(studentColumns(db));
  if (order === 'archived')
    q.orderBy([
      { column: 's.deleted_at', order: 'desc' },
      { column: 's.id', order: 'desc' },
    ]);
  else if (order === 'birthday') q.orderByRaw('extract(month from s.dob), extract(day from s.dob), lower(s.lname), s.id');
  else q.orderByRaw('lower(s.lname), lower(s.fname), s.id');
  return pageWithTotal<StudentRow>(db, q, () => filtered(db, scope, f), page, first);
}

/**
 * The active children of the scope with a birthday in one of these months, by day: the query of
 * `getBirthdays` and its staff variants, unpaginated for the calendar's birthday events.
 */
export async function birthdayStudents(
  db: Db,
  scope: StudentScope,
  f: { location_ids: string[] | null; months: number[] },
): Promise<StudentRow[]> {
  return filtered(db, scope, { location_ids: f.location_ids, birthday_months: f.months, status: true })
    .select(studentColumns(db))
    .orderByRaw('extract(month from s.dob), extract(day from s.dob), lower(s.lname), s.id')
    .limit(2000);
}

export async function countStudents(db: Db, scope: StudentScope, f: StudentFilter): Promise<number> {
  const [count] = await filtered(db, scope, f).count({ n: '*' });
  return Number(count?.n ?? 0);
}

/** Students of the same location with the same names (and the same birthday when both have one). */
export async function likelyDuplicates(
  db: Db,
  locationId: string,
  fname: string,
  lname: string,
  dob: string | null,
  exceptId?: string,
): Promise<StudentRow[]> {
  const q = db('students as s')
    .whereNull('s.deleted_at')
    .where('s.location_id', locationId)
    .whereRaw('lower(s.fname) = lower(?)', [fname])
    .whereRaw('lower(s.lname) = lower(?)', [lname]);
  if (dob) q.where((w) => w.whereNull('s.dob').orWhere('s.dob', dob));
  if (exceptId) q.whereNot('s.id', exceptId);
  return q.limit(5).select(studentColumns(db));
}

/** Locks the location row so concurrent enrolments see each other's count (capacity check). */
export async function lockLocationForEnrolment(trx: Knex.Transaction, locationId: string): Promise<{ active: number; max: number | null }> {
  await trx('locations').where({ id: locationId }).forUpdate().first('id');
  const [c] = await trx('students').where({ location_id: locationId, status: true }).whereNull('deleted_at').count({ n: '*' });
  const s = await trx('location_settings').where({ location_id: locationId }).first('max_no_of_students');
  return { active: Number(c?.n ?? 0), max: s?.max_no_of_students ?? null };
}

export async function insertStudent(db: Db, row: Record<string, unknown>): Promise<StudentRow> {
  const [r] = await db('students').insert(row).returning('id');
  return (await findStudents(db, [String(r.id)]))[0]!;
}

export async function updateStudents(db: Db, ids: readonly string[], patch: Record<string, unknown>): Promise<void> {
  if (!ids.length) return;
  await db('students')
    .whereIn('id', ids as string[])
    .update({ ...patch, updated_at: db.fn.now() });
}

export async function archiveStudents(db: Db, ids: readonly string[], by: string): Promise<void> {
  await db('students')
    .whereIn('id', ids as string[])
    .whereNull('deleted_at')
    .update({ deleted_at: db.fn.now(), updated_by: by, updated_at: db.fn.now() });
}

export async function restoreStudents(db: Db, ids: readonly string[], by: string): Promise<void> {
  await db('students')
    .whereIn('id', ids as string[])
    .whereNotNull('deleted_at')
    .update({ deleted_at: null, updated_by: by, updated_at: db.fn.now() });
}

export async function deleteStudentsForever(db: Db, ids: readonly string[]): Promise<number> {
  return db('students')
    .whereIn('id', ids as string[])
    .whereNotNull('deleted_at')
    .del();
}

// ── counters and birthdays ──────────────────────────────────────────────────

/** Counts over the students of a scope (optionally one location) in one round trip. */
export async function studentCounters(db: Db, scope: StudentScope, locationId: string | null) {
  const base = () => {
    const q = db('students as s').whereNull('s.deleted_at');
    if (locationId) q.where('s.location_id', locationId);
    return applyScope(db, q, scope);
  };
  const [row] = await base().select(
    db.raw('count(*)::int as students'),
    db.raw("count(*) filter (where s.status and (s.type is null or s.type not in ('lead','waitlist')))::int as active"),
    db.raw('count(*) filter (where not s.status)::int as inactive'),
    db.raw("count(*) filter (where s.type in ('lead','waitlist'))::int as waitlist"),
    db.raw('count(*) filter (where s.dob is not null and extract(month from s.dob) = extract(month from now()))::int as birthdays'),
  );
  const [archived] = await (() => {
    const q = db('students as s').whereNotNull('s.deleted_at');
    if (locationId) q.where('s.location_id', locationId);
    return applyScope(db, q, scope);
  })().select(db.raw('count(*)::int as n'));
  return { ...(row as Record<string, number>), archived: Number(archived?.n ?? 0) };
}
