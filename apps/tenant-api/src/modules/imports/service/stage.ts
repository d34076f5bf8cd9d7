import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { assertImportLocation, assertImportStaff, importScope } from '../policy.ts';
import { badFile, importNotFound } from '../errors.ts';
import {
  FIELDS,
  REQUIRED,
  isEmail,
  isPhone,
  mapRows,
  readDate,
  readStatus,
  readTable,
  suggestMapping,
  type ImportKind,
  type ImportSource,
  type RawTable,
} from '../csv.ts';
import { audit } from '../../../core/audit.ts';
import { id, pageArgs, paginated } from '../../../core/args.ts';
import { inTransaction } from '../../../core/tx.ts';
import { requireViewer } from '../../../core/access.ts';
import { findPeople, userScopeOf } from '../../users/index.ts';

export const MAX_ROWS = 2000;
const MAX_LENGTH: Record<string, number> = {
  fname: 100,
  lname: 100,
  middle_name: 100,
  nick_name: 100,
  gender: 20,
  external_id: 100,
  relation: 60,
  parent_fname: 100,
  parent_lname: 100,
  username: 100,
  job_title: 100,
};
const USERNAME = /^[A-Za-z0-9._@+-]{3,100}$/;

type Err = { field: string; message: string };
const LABEL: Record<string, string> = {
  fname: 'First name',
  lname: 'Last name',
  program: 'Room',
  email: 'Email',
  parent_email: 'Parent email',
};

/**
 * Checks every row against the location and the centre (rooms, duplicates in the file and at the
 * location, emails and usernames already used, people outside the viewer's reach): each row with
 * every reason it would be rejected. Lookups are one query each, whatever the number of rows.
 */
export async function validateRows(
  ctx: RequestContext,
  kind: ImportKind,
  locationId: string,
  rows: { line: number; values: Record<string, string> }[],
): Promise<repo.StagedRow[]> {
  const rooms = await repo.roomsByName(ctx.db, locationId);
  const existingNames = kind === 'students' ? await repo.studentNamesIn(ctx.db, locationId) : new Set<string>();
  const emailField = kind === 'students' ? 'parent_email' : 'email';
  const emails = [...new Set(rows.map((r) => (r.values[emailField] ?? '').toLowerCase()).filter(isEmail))];
  const byEmail = await repo.peopleByEmails(ctx.db, emails);
  const reachable = new Set((await findPeople(ctx.db, [...byEmail.values()], { scope: await userScopeOf(ctx) })).map((p) => String(p.id)));
  const usernames = await repo.takenUsernames(ctx.db, rows.map((r) => r.values.username ?? '').filter(Boolean));
  const seen = new Map<string, number>();
  const today = new Date().toISOString().slice(0, 10);

  return rows.map(({ line, values }) => {
    const errors: Err[] = [];
    const v = (f: string) => values[f] ?? '';
    for (const f of REQUIRED[kind]) if (!v(f)) errors.push({ field: f, message: `${LABEL[f] ?? f} is required.` });
    for (const [f, max] of Object.entries(MAX_LENGTH))
      if (v(f).length > max) errors.push({ field: f, message: `At most ${max} characters.` });
    const once = (key: string, field: string, message: (l: number) => string) => {
      if (seen.has(key)) errors.push({ field, message: message(seen.get(key)!) });
      else seen.set(key, line);
    };
    if (kind === 'students') {
      for (const f of ['dob', 'enrollment_date']) {
        const d = v(f) ? readDate(v(f)) : null;
        if (v(f) && !d) errors.push({ field: f, message: 'Use a date such as 2021-03-04 or 03/04/2021.' });
        if (f === 'dob' && d && d > today) errors.push({ field: f, message: 'The birthday cannot be in the future.' });
      }
      if (v('program') && !rooms.has(v('program').toLowerCase()))
        errors.push({ field: 'program', message: 'No room of this location has this name.' });
      if (v('status') && !readStatus(v('status'))) errors.push({ field: 'status', message: 'Use active, inactive, lead or waitlist.' });
      if (v('type') && !['enrolled', 'lead', 'waitlist'].includes(v('type').toLowerCase()))
        errors.push({ field: 'type', message: 'Use enrolled, lead or waitlist.' });
      if (v('fname') && v('lname')) {
        const key = `${v('fname')} ${v('lname')}`.toLowerCase();
        if (existingNames.has(key)) errors.push({ field: 'fname', message: 'A student with this name already exists at this location.' });
        once(`student:${key}:${readDate(v('dob')) ?? ''}`, 'fname', (l) => `Line ${l} has the same student.`);
      }
      const parentGiven = ['parent_fname', 'parent_lname', 'parent_email', 'parent_phone'].some((f) => v(f));
      if (parentGiven) {
        const email = v('parent_email').toLowerCase();
        if (!email) errors.push({ field: 'parent_email', message: "The parent's email is required to add a parent." });
        else if (!isEmail(email)) errors.push({ field: 'parent_email', message: 'Enter a valid email address.' });
        else if (byEmail.has(email) && !reachable.has(byEmail.get(email)!))
          errors.push({ field: 'parent_email', message: 'This email belongs to a person outside your locations.' });
        else if (!byEmail.has(email) && (!v('parent_fname') || !v('parent_lname')))
          errors.push({ field: 'parent_fname', message: 'A new parent needs a first and last name.' });
        if (v('parent_phone') && !isPhone(v('parent_phone')))
          errors.push({ field: 'parent_phone', message: 'Enter a valid phone number.' });
      }
    } else {
      const email = v('email').toLowerCase();
      if (email && !isEmail(email)) errors.push({ field: 'email', message: 'Enter a valid email address.' });
      else if (email && byEmail.has(email)) errors.push({ field: 'email', message: 'An account with this email already exists.' });
      else if (email) once(`email:${email}`, 'email', (l) => `Line ${l} has the same email.`);
      if (v('phone') && !isPhone(v('phone'))) errors.push({ field: 'phone', message: 'Enter a valid phone number.' });
      if (v('username')) {
        if (!USERNAME.test(v('username')))
          errors.push({ field: 'username', message: 'Username may use 3–100 letters, digits and . _ @ + - only.' });
        else if (usernames.has(v('username').toLowerCase())) errors.push({ field: 'username', message: 'This username is taken.' });
        else once(`username:${v('username').toLowerCase()}`, 'username', (l) => `Line ${l} has the same username.`);
      }
      if (kind === 'staff') {
        if (v('role') && !['teacher', 'manager'].includes(v('role').toLowerCase()))
          errors.push({ field: 'role', message: 'Use teacher or manager.' });
        const missing = splitList(v('programs')).filter((p) => !rooms.has(p.toLowerCase()));
        if (missing.length) errors.push({ field: 'programs', message: `No room of this location is called ${missing.join(', ')}.` });
      }
    }
    return { line, values, errors };
  });
}

/** The staged file's rows under the import's mapping. */
export const mapRowsOf = (row: repo.ImportRow) => mapRows({ headers: row.headers, rows: row.raw_rows }, row.mapping);

export const splitList = (v: string) =>
  v
    .split(/[;|]/)
    .map((x) => x.trim())
    .filter(Boolean);

export function flatErrors(rows: repo.StagedRow[]) {
  return rows.flatMap((r) => r.errors.map((e) => ({ line: r.line, ...e })));
}

function readFile(csv: string): RawTable {
  const table = readTable(csv);
  if (!table.headers.length) throw badFile('The file is empty.');
  if (!table.rows.length) throw badFile('The file has a header line but no rows.');
  if (table.rows.length > MAX_ROWS) throw badFile(`At most ${MAX_ROWS} rows per file.`);
  return table;
}

const stageArgs = z.object({ location_id: id, csv: z.string().min(1, 'Choose a file.').max(1_000_000, 'The file is too large.') });

/** Records a staged import (the file's rows, nothing else) with its audit row. */
async function stageRow(ctx: RequestContext, row: Parameters<typeof repo.insertImport>[1]): Promise<string> {
  return inTransaction(ctx, async (trx) => {
    const importId = await repo.insertImport(trx, row);
    await audit(ctx, trx, {
      action: 'import.stage',
      entity: 'import',
      entity_id: importId,
      location_id: row.location_id,
      data: { kind: row.kind, source: row.source, rows: row.total, errors: row.errors?.length ?? 0 },
    });
    return importId;
  });
}

/** Reads, maps and checks a file; saves the staged rows only (nothing is imported until confirmed). */
export async function stage(ctx: RequestContext, kind: ImportKind, source: ImportSource, raw: unknown) {
  const locations = await importScope(ctx, kind);
  const a = parseArgs(stageArgs, raw);
  await assertImportLocation(ctx, locations, a.location_id);
  const table = readFile(a.csv);
  const mapping = suggestMapping(kind, table.headers);
  const mapped = new Set(Object.values(mapping));
  const missing = REQUIRED[kind].filter((f) => !mapped.has(f));
  if (missing.length)
    throw badFile(`The first line must name the columns ${missing.join(', ')} (for example: First Name, Last Name, Room).`);
  const rows = await validateRows(ctx, kind, a.location_id, mapRows(table, mapping));
  const errors = flatErrors(rows);
  const v = requireViewer(ctx);
  const importId = await stageRow(ctx, {
    kind,
    source,
    location_id: a.location_id,
    status: errors.length ? 'invalid' : 'checked',
    total: rows.length,
    headers: table.headers,
    mapping,
    raw_rows: table.rows,
    rows,
    errors,
    created_by: v.id,
    support_session_id: v.support?.sessionId ?? null,
  });
  return importResult(
    ctx,
    importId,
    errors.length
      ? `${new Set(errors.map((e) => e.line)).size} of ${rows.length} rows have errors. Nothing was saved.`
      : `${rows.length} rows are ready. Confirm to save them.`,
    !errors.length,
  );
}

/** Advance onboarding step 1: keep the file and suggest a field for each column. */
export async function uploadAdvanceOnboardingFile(ctx: RequestContext, raw: unknown) {
  assertImportStaff(ctx);
  const kind = parseArgs(
    z.object({ kind: z.enum(['students', 'contacts', 'staff'], { message: 'Use students, contacts or staff.' }) }).passthrough(),
    raw,
  ).kind;
  const locations = await importScope(ctx, kind);
  const a = parseArgs(stageArgs.extend({ kind: z.string() }), raw);
  await assertImportLocation(ctx, locations, a.location_id);
  const table = readFile(a.csv);
  const v = requireViewer(ctx);
  const importId = await stageRow(ctx, {
    kind,
    source: 'onboarding',
    location_id: a.location_id,
    status: 'uploaded',
    total: table.rows.length,
    headers: table.headers,
    mapping: suggestMapping(kind, table.headers),
    raw_rows: table.rows,
    created_by: v.id,
    support_session_id: v.support?.sessionId ?? null,
  });
  return importResult(ctx, importId, 'File uploaded. Match its columns to fields.');
}

/** Advance onboarding step 2: the columns' fields, then every row checked. */
export async function matchAdvanceOnboardingHeaders(ctx: RequestContext, raw: unknown) {
  assertImportStaff(ctx);
  const pre = parseArgs(z.object({ import_id: id }).passthrough(), raw);
  const row = await importInScope(ctx, pre.import_id);
  const a = parseArgs(
    z.object({ import_id: id, mapping: z.array(z.object({ header: z.string(), field: z.string().nullish() })).max(200) }),
    raw,
  );
  if (!['uploaded', 'checked', 'invalid'].includes(row.status)) throw badInput('import_id', 'This import can no longer be changed.');
  const kind = row.kind as ImportKind;
  const mapping: Record<string, string | null> = Object.fromEntries(row.headers.map((h) => [h, null]));
  const used = new Set<string>();
  for (const [i, m] of a.mapping.entries()) {
    if (!(m.header in mapping)) throw badInput(`mapping.${i}.header`, 'The file has no such column.');
    if (!m.field) continue;
    if (!FIELDS[kind].includes(m.field)) throw badInput(`mapping.${i}.field`, `Choose one of: ${FIELDS[kind].join(', ')}.`);
    if (used.has(m.field)) throw badInput(`mapping.${i}.field`, 'Two columns are matched to this field.');
    used.add(m.field);
    mapping[m.header] = m.field;
  }
  const missing = REQUIRED[kind].filter((f) => !used.has(f));
  if (missing.length) throw badInput('mapping', `Match a column to each of: ${missing.join(', ')}.`);
  const rows = await validateRows(ctx, kind, row.location_id, mapRows({ headers: row.headers, rows: row.raw_rows }, mapping));
  const errors = flatErrors(rows);
  await inTransaction(ctx, async (trx) => {
    await repo.updateImport(trx, row.id, { mapping, rows, errors, status: errors.length ? 'invalid' : 'checked' });
    await audit(ctx, trx, {
      action: 'import.match',
      entity: 'import',
      entity_id: row.id,
      location_id: row.location_id,
      data: { mapping, errors: errors.length },
    });
  });
  return importResult(
    ctx,
    row.id,
    errors.length
      ? `${new Set(errors.map((e) => e.line)).size} rows have errors. Nothing was saved.`
      : 'Every row is ready. Save to import.',
    !errors.length,
  );
}

/** An import the viewer may see (its location in their scope), else NOT_FOUND. */
export async function importInScope(ctx: RequestContext, importId: string) {
  assertImportStaff(ctx);
  const row = await repo.findImport(ctx.db, importId);
  if (!row) throw importNotFound();
  const locations = await importScope(ctx, row.kind as ImportKind);
  if (locations && !locations.includes(String(row.location_id))) throw importNotFound();
  return row;
}

export async function importResult(ctx: RequestContext, importId: string, message: string, ok = true) {
  const row = await repo.findImport(ctx.db, importId);
  return { status: ok, message, color: ok ? 'success' : 'danger', import: row };
}

/** One import with its rows, errors and progress (readable while a long import runs). */
export async function getImport(ctx: RequestContext, raw: unknown) {
  assertImportStaff(ctx);
  const pre = parseArgs(z.object({ id }), raw);
  return importInScope(ctx, pre.id);
}

export async function getImports(ctx: RequestContext, raw: unknown) {
  const locations = await importScope(ctx, 'students');
  const a = parseArgs(z.object({ location_id: id.nullish(), ...pageArgs }), raw);
  const ids = a.location_id ? (locations && !locations.includes(a.location_id) ? [] : [a.location_id]) : locations;
  const { rows, total } = await repo.pageImports(ctx.db, ids, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

/** A roster exported from another tool; Brightwheel's roster columns are read as they come. */
export async function importExternalRoster(ctx: RequestContext, raw: unknown) {
  assertImportStaff(ctx);
  const { source } = parseArgs(
    z.object({ source: z.enum(['brightwheel'], { message: 'The roster source must be brightwheel.' }) }).passthrough(),
    raw,
  );
  return stage(ctx, 'students', source, raw);
}
