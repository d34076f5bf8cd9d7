import { z } from 'zod';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { id, idList } from '../../../core/args.ts';
import { studentPeople } from '../ports.ts';
import * as repo from '../repo.ts';
import { isoDate, limited, scoped, scopedRow, studentInScope, studentsInScope, STUDENT_TYPES, WAITLIST_TYPES } from './common.ts';
import { pageArgs, paginated } from '../../../core/args.ts';
import { studentManageScope, studentReadScope, studentStaffScope, type StudentScope } from '../../../core/access.ts';
import { findLocationSettings } from '../../locations/index.ts';

const search = z.string().trim().max(100, 'Search at most 100 characters.').nullish();
const one = (v: string | null | undefined) => (v ? [v] : null);

async function page(
  ctx: RequestContext,
  scope: StudentScope,
  f: repo.StudentFilter,
  p: { page: number; first: number },
  order?: 'name' | 'archived' | 'birthday',
) {
  const { rows, total } = await repo.pageStudents(ctx.db, scope, f, p.page, p.first, order);
  return paginated(scoped(rows), total, p.page, p.first);
}

const listArgs = z.object({
  location_id: id.nullish(),
  program_id: id.nullish(),
  status: z.boolean().nullish(),
  type: z.enum(STUDENT_TYPES, { message: 'Use enrolled, lead or waitlist.' }).nullish(),
  search,
  ...pageArgs,
});

const listFilter = (a: z.infer<typeof listArgs>): repo.StudentFilter => ({
  location_ids: one(a.location_id),
  program_ids: one(a.program_id),
  status: a.status,
  types: a.type ? [a.type] : null,
  search: a.search,
});

/** Students the viewer may read (parents: their own children), by location, room, status, type. */
export async function students(ctx: RequestContext, raw: unknown) {
  const scope = await studentReadScope(ctx);
  const a = parseArgs(listArgs, raw);
  return page(ctx, scope, listFilter(a), a);
}

/** The admin, manager and teacher variants: staff only, each within its own scope. */
export async function staffStudents(ctx: RequestContext, raw: unknown) {
  const scope = await studentStaffScope(ctx);
  const a = parseArgs(listArgs, raw);
  return page(ctx, scope, listFilter(a), a);
}

export async function student(ctx: RequestContext, raw: unknown) {
  const scope = await studentReadScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  return scopedRow(await studentInScope(ctx, scope, a.id));
}

/** Spec §7 student pagination: location, program, page, first (required), dates (enrolled from, to). */
export async function paginateStudents(ctx: RequestContext, raw: unknown) {
  const scope = await studentReadScope(ctx);
  const a = parseArgs(
    z.object({
      location: id.nullish(),
      program: id.nullish(),
      page: pageArgs.page,
      first: z.number({ message: 'first is required.' }).int().min(1, 'Ask for at least one row.').max(100, 'Ask for at most 100 rows.'),
      dates: z
        .array(isoDate)
        .max(2, 'Give a start and an end date.')
        .refine(([from, to]) => !from || !to || from <= to, 'The start date is after the end date.')
        .nullish(),
      status: z.boolean().nullish(),
      search,
    }),
    raw,
  );
  const [from, to] = a.dates ?? [];
  return page(ctx, scope, { location_ids: one(a.location), program_ids: one(a.program), from, to, status: a.status, search: a.search }, a);
}

/** The waitlist: students of type lead or waitlist (staff). */
export async function getLeadStudents(ctx: RequestContext, raw: unknown) {
  const scope = await studentStaffScope(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish(), search, ...pageArgs }), raw);
  return page(ctx, scope, { location_ids: one(a.location_id), types: WAITLIST_TYPES, search: a.search }, a);
}

/** Active, enrolled students (not on the waitlist). */
export async function getActiveStudents(ctx: RequestContext, raw: unknown) {
  const scope = await studentReadScope(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish(), program_id: id.nullish(), search, ...pageArgs }), raw);
  return page(
    ctx,
    scope,
    { location_ids: one(a.location_id), program_ids: one(a.program_id), status: true, exclude_types: WAITLIST_TYPES, search: a.search },
    a,
  );
}

/** Students of a location whose name contains the text (a picker: at most 25). */
export async function getLocationStudentByName(ctx: RequestContext, raw: unknown) {
  const scope = await studentStaffScope(ctx);
  const a = parseArgs(
    z.object({ location_id: id, name: z.string().trim().min(1, 'Type part of a name.').max(100, 'Search at most 100 characters.') }),
    raw,
  );
  const { rows } = await repo.pageStudents(ctx.db, scope, { location_ids: [a.location_id], search: a.name }, 1, 25);
  return scoped(rows);
}

/** Students of some rooms (homeroom or other room). */
export async function studentsFilterByPrograms(ctx: RequestContext, raw: unknown) {
  const scope = await studentStaffScope(ctx);
  const a = parseArgs(
    z.object({
      programs: idList.min(1, 'Choose at least one room.'),
      location_id: id.nullish(),
      status: z.boolean().nullish(),
      ...pageArgs,
    }),
    raw,
  );
  return page(ctx, scope, { any_program_ids: a.programs, location_ids: one(a.location_id), status: a.status }, a);
}

/** Students of some rooms or with some tags (message and report pickers). */
export async function programsAndTagStudent(ctx: RequestContext, raw: unknown) {
  const scope = await studentStaffScope(ctx);
  const a = parseArgs(
    z
      .object({ programs: idList.nullish(), tags: idList.nullish(), location_id: id.nullish(), ...pageArgs })
      .refine((v) => Boolean(v.programs?.length || v.tags?.length), { path: ['programs'], message: 'Choose at least one room or tag.' }),
    raw,
  );
  return page(
    ctx,
    scope,
    { any_program_ids: a.programs?.length ? a.programs : null, tag_ids: a.tags?.length ? a.tags : null, location_ids: one(a.location_id) },
    a,
  );
}

/** Students picked for a message: every id must be readable (NOT_FOUND otherwise). */
export async function getStudentByIdsForMessage(ctx: RequestContext, raw: unknown) {
  const scope = await studentReadScope(ctx);
  const a = parseArgs(z.object({ ids: idList.min(1, 'Choose at least one student.') }), raw);
  return scoped(await studentsInScope(ctx, scope, a.ids));
}

/** A student's settings: what parents may edit and the location defaults. */
export async function getStudentSettingData(ctx: RequestContext, raw: unknown) {
  const scope = await studentReadScope(ctx);
  const a = parseArgs(z.object({ student_id: id }), raw);
  const s = await studentInScope(ctx, scope, a.student_id);
  const settings = await findLocationSettings(ctx.db, s.location_id);
  return {
    student_id: s.id,
    location_id: s.location_id,
    can_edit_student: settings.can_edit_student,
    can_edit_fields: settings.can_edit_fields,
    parent_directory_visibility: settings.parent_directory_visibility,
    check_in_qr: settings.check_in_qr,
    default_city: settings.default_city,
    default_state: settings.default_state,
    default_zip: settings.default_zip,
  };
}

/** Archived (deleted) students, newest first. */
export async function getArchivedList(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish(), search, ...pageArgs }), raw);
  return page(ctx, scope, { location_ids: one(a.location_id), search: a.search, archived: true }, a, 'archived');
}

/** A student's siblings: those the viewer may read in full, others by name only. */
export async function getSiblings(ctx: RequestContext, raw: unknown) {
  const scope = await studentReadScope(ctx);
  const a = parseArgs(z.object({ student_id: id }), raw);
  await studentInScope(ctx, scope, a.student_id);
  const rows = await repo.siblingsOf(ctx.db, [a.student_id]);
  const visible = new Set(
    await repo.idsInScope(
      ctx.db,
      scope,
      rows.map((r) => String(r.id)),
    ),
  );
  return rows.map(({ of_student: _, ...r }) => (visible.has(String(r.id)) ? scopedRow(r) : limited(r)));
}

const birthdayArgs = z.object({
  location_id: id.nullish(),
  month: z.number().int().min(1, 'Month is 1–12.').max(12, 'Month is 1–12.').nullish(),
  ...pageArgs,
});

/** Birthdays of a month (default this month), by day. */
export async function getBirthdays(ctx: RequestContext, raw: unknown) {
  const scope = await studentReadScope(ctx);
  return birthdays(ctx, scope, raw);
}

export async function staffBirthdays(ctx: RequestContext, raw: unknown) {
  const scope = await studentStaffScope(ctx);
  return birthdays(ctx, scope, raw);
}

async function birthdays(ctx: RequestContext, scope: StudentScope, raw: unknown) {
  const a = parseArgs(birthdayArgs, raw);
  const month = a.month ?? new Date().getUTCMonth() + 1;
  return page(ctx, scope, { location_ids: one(a.location_id), birthday_months: [month], status: true }, a, 'birthday');
}

/** Counters of the dashboards (admin, manager and teacher variants), within the viewer's scope. */
export async function counters(ctx: RequestContext, raw: unknown) {
  const scope = await studentStaffScope(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish() }), raw);
  const [students, people] = await Promise.all([
    repo.studentCounters(ctx.db, scope, a.location_id ?? null),
    studentPeople.use.peopleCounters(ctx, a.location_id ?? null),
  ]);
  return { location_id: a.location_id ?? null, ...students, ...people };
}
