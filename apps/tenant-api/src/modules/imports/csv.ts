import { isPlaceholderEmail } from '@kv/shared';
import { parseCsv } from '../cameras/index.ts';

export { parseCsv };

/** What an import creates: students (with a contact each), contacts, or staff. */
export type ImportKind = 'students' | 'contacts' | 'staff';
export type ImportSource = 'csv' | 'procare' | 'brightwheel' | 'onboarding';

export const FIELDS: Record<ImportKind, readonly string[]> = {
  students: [
    'fname',
    'lname',
    'middle_name',
    'nick_name',
    'dob',
    'gender',
    'program',
    'enrollment_date',
    'external_id',
    'status',
    'type',
    'parent_fname',
    'parent_lname',
    'parent_email',
    'parent_phone',
    'relation',
  ],
  contacts: ['fname', 'lname', 'email', 'phone', 'username', 'relation'],
  staff: ['fname', 'lname', 'email', 'phone', 'username', 'role', 'job_title', 'programs', 'external_id'],
};

export const REQUIRED: Record<ImportKind, readonly string[]> = {
  students: ['fname', 'lname', 'program'],
  contacts: ['fname', 'lname', 'email'],
  staff: ['fname', 'lname', 'email'],
};

const norm = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Header synonyms of our own template, Procare's and Brightwheel's roster exports (normalised:
 * lower case, punctuation as spaces). Each maps to a field of the import kind.
 */
const SYNONYMS: Record<string, string> = {
  fname: 'fname',
  'first name': 'fname',
  first: 'fname',
  'child first name': 'fname',
  'student first name': 'fname',
  'pet name': 'fname',
  name: 'fname',
  lname: 'lname',
  'last name': 'lname',
  last: 'lname',
  'child last name': 'lname',
  'student last name': 'lname',
  'middle name': 'middle_name',
  middle: 'middle_name',
  'middle name initial': 'middle_name',
  nickname: 'nick_name',
  'nick name': 'nick_name',
  'preferred name': 'nick_name',
  dob: 'dob',
  birthday: 'dob',
  birthdate: 'dob',
  'birth date': 'dob',
  'date of birth': 'dob',
  gender: 'gender',
  sex: 'gender',
  program: 'program',
  room: 'program',
  classroom: 'program',
  homeroom: 'program',
  class: 'program',
  'room name': 'program',
  'enrollment date': 'enrollment_date',
  'enrolled on': 'enrollment_date',
  'start date': 'enrollment_date',
  'enroll date': 'enrollment_date',
  'external id': 'external_id',
  'child id': 'external_id',
  'student id': 'external_id',
  'staff id': 'external_id',
  'employee id': 'external_id',
  id: 'external_id',
  status: 'status',
  'enrollment status': 'status',
  active: 'status',
  type: 'type',
  'parent first name': 'parent_fname',
  'parent 1 first name': 'parent_fname',
  'guardian 1 first name': 'parent_fname',
  'guardian first name': 'parent_fname',
  'parent last name': 'parent_lname',
  'parent 1 last name': 'parent_lname',
  'guardian 1 last name': 'parent_lname',
  'guardian last name': 'parent_lname',
  'parent email': 'parent_email',
  'parent 1 email': 'parent_email',
  'guardian 1 email': 'parent_email',
  'guardian email': 'parent_email',
  'parent phone': 'parent_phone',
  'parent 1 cell phone': 'parent_phone',
  'parent 1 phone': 'parent_phone',
  'guardian 1 phone': 'parent_phone',
  'guardian phone': 'parent_phone',
  relation: 'relation',
  relationship: 'relation',
  'parent 1 relationship': 'relation',
  'guardian 1 relationship': 'relation',
  email: 'email',
  'email address': 'email',
  'work email': 'email',
  'e mail': 'email',
  'e mail address': 'email',
  phone: 'phone',
  'cell phone': 'phone',
  mobile: 'phone',
  'phone number': 'phone',
  username: 'username',
  'user name': 'username',
  login: 'username',
  role: 'role',
  position: 'job_title',
  title: 'job_title',
  'job title': 'job_title',
  rooms: 'programs',
  classrooms: 'programs',
  'assigned rooms': 'programs',
  'assigned classroom': 'programs',
};

/** The field a header most likely means for a kind (null: ignored). */
export function suggestField(kind: ImportKind, header: string): string | null {
  const n = norm(header);
  let f = SYNONYMS[n] ?? null;
  // A students file's "email"/"phone" are the parent's; a staff file's classroom is their rooms.
  if (kind === 'students' && f === 'email') f = 'parent_email';
  if (kind === 'students' && f === 'phone') f = 'parent_phone';
  if (kind === 'staff' && f === 'program') f = 'programs';
  return f && FIELDS[kind].includes(f) ? f : null;
}

export function suggestMapping(kind: ImportKind, headers: readonly string[]): Record<string, string | null> {
  const used = new Set<string>();
  const out: Record<string, string | null> = {};
  for (const h of headers) {
    const f = suggestField(kind, h);
    out[h] = f && !used.has(f) ? f : null;
    if (f) used.add(f);
  }
  return out;
}

export interface RawTable {
  headers: string[];
  rows: { line: number; cells: string[] }[];
}

/** Reads a CSV into its header line and body rows (line numbers as in the file; the header is line 1). */
export function readTable(csv: string): RawTable {
  const table = parseCsv(csv);
  const headers = (table[0] ?? []).map((h) => h.trim());
  return { headers, rows: table.slice(1).map((cells, i) => ({ line: i + 2, cells })) };
}

/** The values of each row under a header → field mapping. */
export function mapRows(table: RawTable, mapping: Record<string, string | null>): { line: number; values: Record<string, string> }[] {
  return table.rows.map((r) => {
    const values: Record<string, string> = {};
    table.headers.forEach((h, i) => {
      const f = mapping[h];
      if (f && values[f] === undefined) values[f] = (r.cells[i] ?? '').trim();
    });
    return { line: r.line, values };
  });
}

/** `YYYY-MM-DD` from YYYY-MM-DD, MM/DD/YYYY, M/D/YYYY or MM-DD-YYYY; null when unreadable. */
export function readDate(v: string): string | null {
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(v))) [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (v: string) => EMAIL.test(v) && v.length <= 254 && !isPlaceholderEmail(v);
export const isPhone = (v: string) => /^[0-9+()\-.\s]+$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15;

const ACTIVE = new Set(['', 'active', 'enrolled', 'yes', 'true', '1', 'current']);
const INACTIVE = new Set(['inactive', 'withdrawn', 'unenrolled', 'no', 'false', '0', 'graduated']);
const LEAD = new Set(['lead', 'waitlist', 'waitlisted', 'wait list', 'pending']);

/** A status cell: active, inactive, or a waitlist/lead type; null when unreadable. */
export function readStatus(v: string): { status: boolean; type: string | null } | null {
  const s = v.trim().toLowerCase();
  if (ACTIVE.has(s)) return { status: true, type: null };
  if (INACTIVE.has(s)) return { status: false, type: null };
  if (LEAD.has(s)) return { status: true, type: s.startsWith('wait') ? 'waitlist' : 'lead' };
  return null;
}

/** One CSV cell, quoted when needed (and never starting a formula: CSV injection). */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: unknown[]) => cells.map(csvCell).join(',');
