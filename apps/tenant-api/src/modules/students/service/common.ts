import { z } from 'zod';
import type { Knex } from 'knex';
import { badInput, fields } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { studentLabels, studentPeople, type LabelKind } from '../ports.ts';
import * as repo from '../repo.ts';
import { cameraNotInLocation, contactNotFound, notYourField, parentEditOff, roomNotInLocation, studentNotFound } from '../errors.ts';
import { audit as auditRow } from '../../../core/audit.ts';
import { blankToNull, id, optionalText } from '../../../core/args.ts';
import { existingLocationIds } from '../../../core/scope-repo.ts';
import { locationNotFound, mayPlaceIn, type StudentScope } from '../../../core/access.ts';
import { findPrograms } from '../../rooms/index.ts';
import { findCameras } from '../../cameras/index.ts';
import { findLocationSettings } from '../../locations/index.ts';

/** `YYYY-MM-DD`, a real calendar day. */
export const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2024-01-31.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'This date does not exist.');

export const optionalDate = z
  .union([isoDate, z.literal('')])
  .nullish()
  .transform(blankToNull);
export const phone = z
  .string()
  .trim()
  .max(32, 'The phone number is too long.')
  .regex(/^[0-9+()\-.\s]*$/, 'Enter a valid phone number.')
  .nullish()
  .transform(blankToNull);
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const STUDENT_TYPES = ['enrolled', 'lead', 'waitlist'] as const;
export const WAITLIST_TYPES = ['lead', 'waitlist'];

/** The detail fields of a student that any form may send (all optional). */
export const studentDetails = {
  middle_name: optionalText(100, 'Middle name'),
  nick_name: optionalText(100, 'Nickname'),
  image: optionalText(500, 'The image address'),
  dob: optionalDate.refine((v) => !v || v <= new Date().toISOString().slice(0, 10), 'The birthday cannot be in the future.'),
  gender: optionalText(20, 'Gender'),
  race: optionalText(60, 'Race'),
  ethnicity: optionalText(60, 'Ethnicity'),
  doctor_name: optionalText(150, 'Doctor name'),
  doctor_phone: phone,
  note: optionalText(5000, 'The note'),
  street_1: optionalText(200, 'Street'),
  street_2: optionalText(200, 'Street'),
  city: optionalText(100, 'City'),
  state: optionalText(60, 'State'),
  country: optionalText(60, 'Country'),
  zip: z
    .string()
    .trim()
    .max(20, 'The ZIP code is too long.')
    .regex(/^[A-Za-z0-9 -]*$/, 'Enter a valid ZIP code.')
    .nullish()
    .transform(blankToNull),
  enrollment_date: optionalDate,
  graduation_date: optionalDate,
  external_id: optionalText(100, 'External id'),
  type: z.enum(STUDENT_TYPES, { message: 'Use enrolled, lead or waitlist.' }).nullish(),
};

export const DETAIL_COLUMNS = Object.keys(studentDetails);

/** One contact of a student with the pivot flags (spec §3 "Pivot to student"). */
export const studentUserInput = z.object({
  user_id: id,
  relation: optionalText(60, 'Relation'),
  emergency_contact: z.boolean().nullish(),
  alert: z.boolean().nullish(),
  black_list: z.boolean().nullish(),
  watch_camera: z.boolean().nullish(),
  legal_guardian: z.boolean().nullish(),
  pickup: z.boolean().nullish(),
  is_payer: z.boolean().nullish(),
});
export type StudentUserInput = z.infer<typeof studentUserInput>;
export const studentUserList = z.array(studentUserInput).max(50, 'At most 50 contacts per student.');

export const studentName = {
  fname: fields.name('First name'),
  lname: fields.name('Last name'),
};

/** Pivot flags of a contact; black-listed contacts never pick up or watch cameras. */
export function pivotRow(studentId: string, u: StudentUserInput): Record<string, unknown> {
  const row: Record<string, unknown> = { student_id: studentId, user_id: u.user_id };
  for (const k of [
    'relation',
    'emergency_contact',
    'alert',
    'black_list',
    'watch_camera',
    'legal_guardian',
    'pickup',
    'is_payer',
  ] as const) {
    if (u[k] !== undefined && u[k] !== null) row[k] = u[k];
  }
  if (u.relation === null) row.relation = null;
  if (row.black_list === true) {
    row.pickup = false;
    row.watch_camera = false;
  }
  return row;
}

/**
 * A student as the `Student` type's resolvers see it: the full row when the viewer reached it
 * through their scope (`__scoped`; beside a contact with the link, `__pivot`), else the names only.
 */
export type ShownStudent = Pick<repo.StudentRow, 'id' | 'fname' | 'lname' | 'nick_name' | 'location_id' | 'status'> &
  Partial<repo.StudentRow> & { __scoped?: boolean; __pivot?: repo.PivotRow };

/** Marks a row the viewer reached through their scope: only these show medical fields. */
export const scopedRow = <T extends object>(row: T): T & { __scoped: true } => ({ ...row, __scoped: true });

/** Marks rows the viewer reached through their scope. */
export const scoped = <T extends object>(rows: T[]): (T & { __scoped: true })[] => rows.map(scopedRow);

/** What of a student outside the scope may show (a sibling elsewhere): names only. */
export function limited(row: repo.StudentRow): ShownStudent {
  return {
    id: row.id,
    fname: row.fname,
    lname: row.lname,
    nick_name: row.nick_name,
    location_id: row.location_id,
    program_id: null,
    status: row.status,
    type: null,
    dob: null,
    deleted_at: null,
  };
}

/** Every id must be a (live or archived) student in the scope, checked in one query; else NOT_FOUND. */
export async function studentsInScope(
  ctx: RequestContext,
  scope: StudentScope,
  ids: readonly string[],
  opts: { archived?: boolean } = {},
): Promise<repo.StudentRow[]> {
  const wanted = [...new Set(ids.map(String))];
  if (!wanted.length) return [];
  const rows = await repo.findStudents(ctx.db, wanted, { scope, archived: opts.archived });
  if (rows.length !== wanted.length) throw studentNotFound();
  return rows;
}

export async function studentInScope(ctx: RequestContext, scope: StudentScope, studentId: string): Promise<repo.StudentRow> {
  return (await studentsInScope(ctx, scope, [studentId]))[0]!;
}

/** A location the scope may place students in (NOT_FOUND otherwise). */
export async function assertPlacement(ctx: RequestContext, scope: StudentScope, locationId: string): Promise<void> {
  if (!mayPlaceIn(scope, locationId)) throw locationNotFound();
  const found = await existingLocationIds(ctx.db, [locationId]);
  if (!found.length) throw locationNotFound();
}

/** Rooms that all belong to the location (homeroom and other rooms). */
export async function assertRooms(
  ctx: RequestContext,
  locationId: string,
  programIds: readonly (string | null | undefined)[],
  field = 'program_id',
): Promise<void> {
  const ids = [...new Set(programIds.filter((x): x is string => Boolean(x)).map(String))];
  if (!ids.length) return;
  const rows = await findPrograms(ctx.db, ids);
  if (rows.length !== ids.length || rows.some((p) => String(p.location_id) !== String(locationId))) throw roomNotInLocation(field);
}

/** Cameras that all belong to the location. */
export async function assertCameras(ctx: RequestContext, locationId: string, cameraIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(cameraIds.map(String))];
  if (!ids.length) return [];
  const rows = await findCameras(ctx.db, ids);
  if (rows.length !== ids.length || rows.some((c) => String(c.location_id) !== String(locationId))) throw cameraNotInLocation();
  return ids;
}

/** An audit row for a student change, filed under the student's location (its history). */
export async function auditStudent(
  ctx: RequestContext,
  trx: Knex.Transaction,
  action: string,
  studentId: string,
  locationId: string | null,
  data: object = {},
): Promise<void> {
  await auditRow(ctx, trx, { action, entity: 'student', entity_id: String(studentId), location_id: locationId, data });
}

/** Contacts the viewer reaches (their people scope); NOT_FOUND otherwise. */
export async function assertContacts(ctx: RequestContext, ids: readonly string[]): Promise<void> {
  const wanted = [...new Set(ids.map(String))];
  if (!wanted.length) return;
  const rows = await studentPeople.use.contactsInScope(ctx, wanted);
  if (rows.length !== wanted.length) throw contactNotFound();
}

/** Tags, allergies or medications that all exist. */
export async function assertLabels(
  ctx: RequestContext,
  kind: LabelKind,
  ids: readonly string[] | null | undefined,
  field: string,
): Promise<void> {
  const wanted = [...new Set((ids ?? []).map(String))];
  if (!wanted.length) return;
  const rows = await studentLabels.use.findLabels(ctx.db, kind, wanted);
  if (rows.length !== wanted.length) throw badInput(field, `Choose ${field} from the list.`);
}

/** What parents of a location may edit (spec §6 can_edit_student / can_edit_fields). */
export async function parentEditRights(
  ctx: RequestContext,
  locationId: string,
): Promise<{ can_edit_student: boolean; can_edit_fields: string[] }> {
  const s = await findLocationSettings(ctx.db, locationId);
  return { can_edit_student: s.can_edit_student, can_edit_fields: s.can_edit_fields };
}

/** A parent may change these fields of a child at this location, or FORBIDDEN names the first refused. */
export async function assertParentMayEdit(ctx: RequestContext, locationId: string, changed: readonly string[]): Promise<void> {
  const rights = await parentEditRights(ctx, locationId);
  if (!rights.can_edit_student) throw parentEditOff();
  const refused = changed.find((f) => !rights.can_edit_fields.includes(f));
  if (refused) throw notYourField(refused);
}
