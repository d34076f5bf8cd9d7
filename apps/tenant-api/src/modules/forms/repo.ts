import type { Knex } from 'knex';
import type { StudentScope } from '../../core/access.ts';
import { applyScope } from '../students/index.ts';
import type { FormField } from './templates.ts';

type Db = Knex | Knex.Transaction;

export const STATUSES = ['submitted', 'approved', 'rejected', 'change_requested', 'resubmitted'] as const;
export type Status = (typeof STATUSES)[number];

export interface FormRow {
  id: string;
  location_id: string;
  name: string;
  type: 'web' | 'printed';
  description: string | null;
  instructions: string | null;
  share_with: string | null;
  form_builder_url: string | null;
  external_form_id: string | null;
  template_id: string | null;
  version: number;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  /** The current version's fields (joined). */
  fields: FormField[];
  /** Printed forms: the current version's PDF (`printed_form` file) and its page count. */
  file_id: string | null;
  page_count: number | null;
  /** The link's key while the form is shared by link (guest preview), else null. */
  link_key: string | null;
}

export interface SubmissionRow {
  id: string;
  form_id: string;
  version: number;
  student_id: string;
  location_id: string;
  status: Status;
  values: Record<string, string | string[]>;
  hash: string;
  submitted_by: string | null;
  submitted_at: Date;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  note: string | null;
  created_at: Date;
  /** Joined: the form's name, the child's name and the entry version's fields. */
  form_name: string;
  student_fname: string;
  student_lname: string;
  fields: FormField[];
  /** Printed forms: the signed PDF the server wrote and the SHA-256 of its bytes. */
  signed_file_id: string | null;
  pdf_sha256: string | null;
}

const FORM_COLUMNS = [
  'f.id',
  'f.location_id',
  'f.name',
  'f.type',
  'f.description',
  'f.instructions',
  'f.share_with',
  'f.form_builder_url',
  'f.external_form_id',
  'f.template_id',
  'f.version',
  'f.created_by',
  'f.created_at',
  'f.updated_at',
  'v.fields',
  'v.file_id',
  'v.page_count',
  'f.link_key',
];

const formQuery = (db: Db) =>
  db('forms as f')
    .join('form_versions as v', (j) => j.on('v.form_id', 'f.id').andOn('v.version', 'f.version'))
    .whereNull('f.deleted_at');

export async function insertForm(trx: Knex.Transaction, row: Record<string, unknown>, fields: FormField[]): Promise<FormRow> {
  const [f] = await trx('forms').insert(row).returning('id');
  await trx('form_versions').insert({ form_id: f.id, version: 1, fields: JSON.stringify(fields) });
  return (await findForm(trx, String(f.id)))!;
}

export async function findForm(db: Db, id: string, lock = false): Promise<FormRow | undefined> {
  if (lock) await db('forms').where({ id }).forUpdate().first('id');
  return formQuery(db).where('f.id', id).first(FORM_COLUMNS);
}

/** A form with its location's name, for the guest preview of a form shared by link. */
export async function findLinkedForm(db: Db, id: string): Promise<(FormRow & { location_name: string }) | undefined> {
  return formQuery(db).join('locations as l', 'l.id', 'f.location_id').whereNull('l.deleted_at').where('f.id', id).first([...FORM_COLUMNS, 'l.name as location_name']);
}

export interface FormFilter {
  locations: string[] | null;
  /** Parents: only forms shared with these users' children. */
  familyOf?: string;
  type?: string | null;
  search?: string | null;
  location_id?: string | null;
}

function filteredForms(db: Db, f: FormFilter) {
  const q = formQuery(db);
  if (f.locations) q.whereIn('f.location_id', f.locations);
  if (f.location_id) q.where('f.location_id', f.location_id);
  if (f.type) q.where('f.type', f.type);
  if (f.search) q.whereILike('f.name', `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.familyOf)
    q.whereExists((e) =>
      e
        .select(db.raw('1'))
        .from('form_assignments as fa')
        .join('student_users as su', 'su.student_id', 'fa.student_id')
        .whereRaw('fa.form_id = f.id')
        .where('su.user_id', f.familyOf!)
        .where('su.black_list', false),
    );
  return q;
}

export async function listForms(db: Db, f: FormFilter, page: number, first: number): Promise<{ rows: FormRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    filteredForms(db, f).orderBy('f.id', 'desc').limit(first).offset((page - 1) * first).select(FORM_COLUMNS),
    filteredForms(db, f).count({ n: '*' }),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

export async function updateForm(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<void> {
  await trx('forms').where({ id }).update({ ...patch, updated_at: trx.fn.now() });
}

export async function versionFields(db: Db, formId: string, version: number): Promise<FormField[] | undefined> {
  const row = await db('form_versions').where({ form_id: formId, version }).first('fields');
  return row?.fields;
}

/**
 * Writes a form's new field list: in place while the current version has no entries, else as a
 * new version (the entries keep theirs). Answers the version written.
 */
export async function saveFields(trx: Knex.Transaction, form: FormRow, fields: FormField[]): Promise<number> {
  const used = await trx('form_submissions').where({ form_id: form.id, version: form.version }).first('id');
  if (!used) {
    await trx('form_versions').where({ form_id: form.id, version: form.version }).update({ fields: JSON.stringify(fields) });
    await trx('forms').where({ id: form.id }).update({ updated_at: trx.fn.now() });
    return form.version;
  }
  const next = form.version + 1;
  await trx('form_versions').insert({ form_id: form.id, version: next, fields: JSON.stringify(fields) });
  await trx('forms').where({ id: form.id }).update({ version: next, updated_at: trx.fn.now() });
  return next;
}

/**
 * Writes a printed form's layout (its PDF and placed fields): in place while the current version
 * has no entries, else as a new version (the entries keep theirs). Answers the version written.
 */
export async function savePrintedVersion(
  trx: Knex.Transaction,
  form: FormRow,
  fields: FormField[],
  file: { id: string; pages: number },
): Promise<number> {
  const row = { fields: JSON.stringify(fields), file_id: file.id, page_count: file.pages };
  const used = await trx('form_submissions').where({ form_id: form.id, version: form.version }).first('id');
  if (!used) {
    await trx('form_versions').where({ form_id: form.id, version: form.version }).update(row);
    await trx('forms').where({ id: form.id }).update({ updated_at: trx.fn.now() });
    return form.version;
  }
  const next = form.version + 1;
  await trx('form_versions').insert({ form_id: form.id, version: next, ...row });
  await trx('forms').where({ id: form.id }).update({ version: next, updated_at: trx.fn.now() });
  return next;
}

/** A version's PDF and page count (printed forms). */
export async function versionFile(db: Db, formId: string, version: number): Promise<{ file_id: string | null; page_count: number | null } | undefined> {
  return db('form_versions').where({ form_id: formId, version }).first('file_id', 'page_count');
}

/** Whether a file is the PDF of another form already (an upload serves one form). */
export async function fileUsedByOtherForm(db: Db, fileId: string, formId: string | null): Promise<boolean> {
  const q = db('form_versions').where({ file_id: fileId });
  if (formId) q.whereNot({ form_id: formId });
  return Boolean(await q.first('id'));
}

export async function entryCounts(db: Db, formIds: string[]): Promise<Map<string, number>> {
  if (!formIds.length) return new Map();
  const rows = await db('form_submissions').whereIn('form_id', formIds).groupBy('form_id').select('form_id', db.raw('count(*)::int as n'));
  return new Map(rows.map((r: { form_id: string; n: number }) => [String(r.form_id), r.n]));
}

// ── shares and assignments ───────────────────────────────────────────────────

export async function insertShare(trx: Knex.Transaction, row: Record<string, unknown>): Promise<string> {
  const [s] = await trx('form_shares').insert(row).returning('id');
  return String(s.id);
}

/** Children of these locations / rooms / ids, inside the scope, at the form's location. */
export async function shareTargets(
  db: Db,
  scope: StudentScope,
  formLocation: string,
  t: { location_ids: string[]; program_ids: string[]; student_ids: string[] },
): Promise<string[]> {
  const q = db('students as s').whereNull('s.deleted_at').where('s.location_id', formLocation);
  q.where((w) => {
    if (t.location_ids.length) w.orWhereIn('s.location_id', t.location_ids);
    if (t.program_ids.length)
      w.orWhereIn('s.program_id', t.program_ids).orWhereExists((e) =>
        e.select(db.raw('1')).from('student_programs as sp').whereRaw('sp.student_id = s.id').whereIn('sp.program_id', t.program_ids),
      );
    if (t.student_ids.length) w.orWhereIn('s.id', t.student_ids);
  });
  const rows: { id: string }[] = await applyScope(db, q, scope).select('s.id');
  return rows.map((r) => String(r.id));
}

export async function upsertAssignments(trx: Knex.Transaction, formId: string, shareId: string, students: string[], due: string | null) {
  if (!students.length) return;
  await trx('form_assignments')
    .insert(students.map((s) => ({ form_id: formId, student_id: s, share_id: shareId, due_date: due })))
    .onConflict(['form_id', 'student_id'])
    .merge(['share_id', 'due_date']);
}

/** Whether a form was shared with one of a parent's children. */
export async function sharedWithFamily(db: Db, formId: string, userId: string): Promise<boolean> {
  const row = await db('form_assignments as fa')
    .join('student_users as su', 'su.student_id', 'fa.student_id')
    .where({ 'fa.form_id': formId, 'su.user_id': userId, 'su.black_list': false })
    .first('fa.id');
  return Boolean(row);
}

export async function assignment(db: Db, formId: string, studentId: string) {
  return db('form_assignments').where({ form_id: formId, student_id: studentId }).first();
}

export interface AssignmentRow {
  form_id: string;
  student_id: string;
  due_date: string | null;
}

/** The forms shared with a child, with their due date. */
export async function assignmentsOf(db: Db, studentId: string): Promise<AssignmentRow[]> {
  return db('form_assignments as fa')
    .join('forms as f', 'f.id', 'fa.form_id')
    .whereNull('f.deleted_at')
    .where('fa.student_id', studentId)
    .orderBy('fa.id', 'desc')
    .select('fa.form_id', 'fa.student_id', db.raw("to_char(fa.due_date, 'YYYY-MM-DD') as due_date"));
}

export async function formsByIds(db: Db, ids: string[]): Promise<FormRow[]> {
  if (!ids.length) return [];
  return formQuery(db).whereIn('f.id', ids).select(FORM_COLUMNS);
}

// ── submissions ──────────────────────────────────────────────────────────────

const SUBMISSION_COLUMNS = [
  'fs.id',
  'fs.form_id',
  'fs.version',
  'fs.student_id',
  'fs.location_id',
  'fs.status',
  'fs.values',
  'fs.hash',
  'fs.submitted_by',
  'fs.submitted_at',
  'fs.reviewed_by',
  'fs.reviewed_at',
  'fs.note',
  'fs.created_at',
  'f.name as form_name',
  's.fname as student_fname',
  's.lname as student_lname',
  'v.fields',
  'fs.signed_file_id',
  'fs.pdf_sha256',
];

const submissionQuery = (db: Db) =>
  db('form_submissions as fs')
    .join('forms as f', 'f.id', 'fs.form_id')
    .join('students as s', 's.id', 'fs.student_id')
    .join('form_versions as v', (j) => j.on('v.form_id', 'fs.form_id').andOn('v.version', 'fs.version'))
    .whereNull('f.deleted_at');

export async function findSubmission(db: Db, id: string, scope: StudentScope, lock = false): Promise<SubmissionRow | undefined> {
  const q = submissionQuery(db).where('fs.id', id);
  if (lock) q.forUpdate('fs');
  return applyScope(db, q, scope).first(SUBMISSION_COLUMNS);
}

export async function liveSubmission(db: Db, formId: string, studentId: string, lock = false) {
  const q = db('form_submissions').where({ form_id: formId, student_id: studentId }).whereNot('status', 'rejected');
  if (lock) q.forUpdate();
  return q.first() as Promise<(Omit<SubmissionRow, 'fields' | 'form_name' | 'student_fname' | 'student_lname'>) | undefined>;
}

export interface EntryFilter {
  form_id?: string | null;
  location_id?: string | null;
  student_id?: string | null;
  status?: string | null;
  from?: string | null;
  to?: string | null;
  /** Field values to match (`values @> {...}`, the GIN index). */
  values?: { field_id: string; value: string }[];
}

function filteredSubmissions(db: Db, scope: StudentScope, f: EntryFilter, formLocations: string[] | null) {
  const q = submissionQuery(db);
  applyScope(db, q, scope);
  if (formLocations) q.whereIn('fs.location_id', formLocations);
  if (f.form_id) q.where('fs.form_id', f.form_id);
  if (f.location_id) q.where('fs.location_id', f.location_id);
  if (f.student_id) q.where('fs.student_id', f.student_id);
  if (f.status) q.where('fs.status', f.status);
  if (f.from) q.where('fs.submitted_at', '>=', f.from);
  if (f.to) q.whereRaw("fs.submitted_at < (?::date + interval '1 day')", [f.to]);
  if (f.values?.length) {
    const match: Record<string, string> = {};
    for (const v of f.values) match[v.field_id] = v.value;
    // A checkbox's list holds the option: `{"f2": ["x"]}` matches too.
    q.where((w) => {
      w.whereRaw('fs."values" @> ?::jsonb', [JSON.stringify(match)]);
      if (f.values!.length === 1) w.orWhereRaw('fs."values" @> ?::jsonb', [JSON.stringify({ [f.values![0]!.field_id]: [f.values![0]!.value] })]);
    });
  }
  return q;
}

export async function listSubmissions(
  db: Db,
  scope: StudentScope,
  f: EntryFilter,
  page: number,
  first: number,
  formLocations: string[] | null = null,
): Promise<{ rows: SubmissionRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    filteredSubmissions(db, scope, f, formLocations).orderBy('fs.id', 'desc').limit(first).offset((page - 1) * first).select(SUBMISSION_COLUMNS),
    filteredSubmissions(db, scope, f, formLocations).count({ n: '*' }),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** A child's submissions (newest first), one per form: the live one, else the newest rejected. */
export async function submissionsOfStudent(db: Db, studentId: string): Promise<SubmissionRow[]> {
  return submissionQuery(db).where('fs.student_id', studentId).orderBy('fs.id', 'desc').select(SUBMISSION_COLUMNS);
}

export async function insertSubmission(trx: Knex.Transaction, row: Record<string, unknown>): Promise<string> {
  const [s] = await trx('form_submissions').insert(row).returning('id');
  return String(s.id);
}

export async function updateSubmission(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<void> {
  await trx('form_submissions').where({ id }).update({ ...patch, updated_at: trx.fn.now() });
}

export interface SignatureRow {
  id: string;
  submission_id: string;
  field_id: string;
  method: 'drawn' | 'typed';
  image: string | null;
  typed_name: string | null;
  signer_id: string | null;
  signer_name: string;
  consent_at: Date;
  signed_at: Date;
  ip: string | null;
  user_agent: string | null;
  hash: string;
}

export async function insertSignatures(trx: Knex.Transaction, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length) await trx('form_signatures').insert(rows);
}

export async function supersedeSignatures(trx: Knex.Transaction, submissionId: string): Promise<void> {
  await trx('form_signatures').where({ submission_id: submissionId }).whereNull('superseded_at').update({ superseded_at: trx.fn.now() });
}

export async function signaturesOf(db: Db, submissionIds: string[]): Promise<SignatureRow[]> {
  if (!submissionIds.length) return [];
  return db('form_signatures').whereIn('submission_id', submissionIds).whereNull('superseded_at').orderBy('id');
}

export interface ChangeRequestRow {
  id: string;
  submission_id: string;
  change: string;
  change_date: string | null;
  notes: string | null;
  requested_by: string | null;
  created_at: Date;
  resolved_at: Date | null;
}

export async function insertChangeRequest(trx: Knex.Transaction, row: Record<string, unknown>): Promise<void> {
  await trx('form_change_requests').insert(row);
}

export async function resolveChangeRequests(trx: Knex.Transaction, submissionId: string): Promise<void> {
  await trx('form_change_requests').where({ submission_id: submissionId }).whereNull('resolved_at').update({ resolved_at: trx.fn.now() });
}

/** The newest change request of each submission. */
export async function latestChangeRequests(db: Db, submissionIds: string[]): Promise<Map<string, ChangeRequestRow>> {
  if (!submissionIds.length) return new Map();
  const rows: ChangeRequestRow[] = await db('form_change_requests')
    .distinctOn('submission_id')
    .whereIn('submission_id', submissionIds)
    .orderBy([{ column: 'submission_id' }, { column: 'id', order: 'desc' }])
    .select('id', 'submission_id', 'change', db.raw("to_char(change_date, 'YYYY-MM-DD') as change_date"), 'notes', 'requested_by', 'created_at', 'resolved_at');
  return new Map(rows.map((r) => [String(r.submission_id), r]));
}

// ── logs and names ───────────────────────────────────────────────────────────

export async function insertLog(
  trx: Knex.Transaction,
  row: { form_id: string; submission_id?: string | null; action: string; user_id: string; data?: object },
): Promise<void> {
  await trx('form_logs').insert({ ...row, data: JSON.stringify(row.data ?? {}) });
}

export async function listLogs(db: Db, formId: string, page: number, first: number) {
  const [rows, counted] = await Promise.all([
    db('form_logs').where({ form_id: formId }).orderBy('id', 'desc').limit(first).offset((page - 1) * first),
    db('form_logs').where({ form_id: formId }).count({ n: '*' }),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

export async function namesOf(db: Db, ids: string[]): Promise<Map<string, { id: string; fname: string; lname: string }>> {
  if (!ids.length) return new Map();
  const rows = await db('users').whereIn('id', ids).select('id', 'fname', 'lname');
  return new Map(rows.map((r: { id: string; fname: string; lname: string }) => [String(r.id), { ...r, id: String(r.id) }]));
}

/**
 * For the compliance gaps (documents area): each form shared with these children (an assignment)
 * with the status of the child's newest entry (null: never filled).
 */
export async function assignedFormStatus(
  db: Db,
  studentIds: readonly string[],
): Promise<{ student_id: string; form_id: string; name: string; due_date: string | null; status: string | null }[]> {
  if (!studentIds.length) return [];
  return db('form_assignments as a')
    .join('forms as f', 'f.id', 'a.form_id')
    .whereIn('a.student_id', studentIds as string[])
    .whereNull('f.deleted_at')
    .select(
      'a.student_id',
      'a.form_id',
      'f.name',
      db.raw("to_char(a.due_date, 'YYYY-MM-DD') as due_date"),
      db.raw(
        '(select fs.status from form_submissions fs where fs.form_id = a.form_id and fs.student_id = a.student_id order by fs.id desc limit 1) as status',
      ),
    );
}
