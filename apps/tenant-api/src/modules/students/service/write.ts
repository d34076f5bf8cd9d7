import { z } from 'zod';
import type { Knex } from 'knex';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { studentLabels, studentSchedule } from '../ports.ts';
import * as repo from '../repo.ts';
import { locationFull } from '../errors.ts';
import {
  DETAIL_COLUMNS,
  assertCameras,
  assertContacts,
  assertLabels,
  assertParentMayEdit,
  assertPlacement,
  assertRooms,
  auditStudent,
  pivotRow,
  scoped,
  scopedRow,
  studentDetails,
  studentInScope,
  studentName,
  studentUserList,
  studentsInScope,
  WAITLIST_TYPES,
  WEEK_DAYS,
  type StudentUserInput,
} from './common.ts';
import { id, idList } from '../../../core/args.ts';
import { inTransaction } from '../../../core/tx.ts';
import { isParent, studentManageScope, studentScopeOf, requireViewer, type StudentScope } from '../../../core/access.ts';
import { notice } from '../../../core/result.ts';

const relations = {
  other_rooms: idList.nullish(),
  tags: idList.nullish(),
  allergies: idList.nullish(),
  medications: idList.nullish(),
  siblings: idList.nullish(),
  /** Spec §3 Student.week_schedule: written as the child's schedule from today (the student-schedules area). */
  week_schedule: z
    .array(z.enum(WEEK_DAYS, { message: 'Use mon, tue, wed, thu, fri, sat or sun.' }))
    .max(7)
    .nullish(),
};

const createArgs = z.object({
  ...studentName,
  location_id: id,
  program_id: id,
  cameras: idList,
  users: studentUserList,
  check_duplicate: z.boolean().nullish(),
  status: z.boolean().nullish(),
  ...relations,
  ...studentDetails,
});

/** The detail columns given (blank clears). */
function detailPatch(a: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of DETAIL_COLUMNS) if (a[k] !== undefined) out[k] = a[k];
  return out;
}

/** Refuses an enrolment past the location's max_no_of_students (the location row is locked). */
export async function assertCapacity(trx: Knex.Transaction, locationId: string, adding: number): Promise<void> {
  if (adding <= 0) return;
  const { active, max } = await repo.lockLocationForEnrolment(trx, locationId);
  if (max !== null && active + adding > max) throw locationFull(max);
}

const countsAsActive = (status: boolean | null | undefined, type: string | null | undefined) =>
  status !== false && !WAITLIST_TYPES.includes(type ?? '');

/** Writes the relations of a new or changed student (each list replaces the old one). */
async function writeRelations(
  trx: Knex.Transaction,
  studentId: string,
  a: {
    other_rooms?: string[] | null;
    cameras?: string[] | null;
    users?: StudentUserInput[] | null;
    tags?: string[] | null;
    allergies?: string[] | null;
    medications?: string[] | null;
    siblings?: string[] | null;
  },
) {
  if (a.other_rooms) await repo.setOtherRooms(trx, studentId, [...new Set(a.other_rooms)]);
  if (a.cameras) await repo.setStudentCameras(trx, studentId, [...new Set(a.cameras)]);
  if (a.users) {
    const keep = a.users.map((u) => u.user_id);
    const current = (await repo.findPivots(trx, [studentId])).map((p) => String(p.user_id));
    await repo.removePivots(
      trx,
      studentId,
      current.filter((u) => !keep.includes(u)),
    );
    await repo.upsertPivots(
      trx,
      a.users.map((u) => pivotRow(studentId, u)),
    );
  }
  if (a.tags) await studentLabels.use.setLabelsOf(trx, 'tag', 'student', studentId, [...new Set(a.tags)]);
  if (a.allergies) await studentLabels.use.setLabelsOf(trx, 'allergy', 'student', studentId, [...new Set(a.allergies)]);
  if (a.medications) await studentLabels.use.setLabelsOf(trx, 'medication', 'student', studentId, [...new Set(a.medications)]);
  if (a.siblings) {
    const current = await repo.siblingIdsOf(trx, studentId);
    await repo.removeSiblings(
      trx,
      studentId,
      current.filter((s) => !a.siblings!.includes(s)),
    );
    await repo.addSiblings(
      trx,
      a.siblings.filter((s) => s !== studentId).map((s) => [studentId, s] as [string, string]),
    );
  }
}

/** Checks every id a create or update refers to, in bulk, before anything is written. */
async function checkReferences(
  ctx: RequestContext,
  scope: StudentScope,
  locationId: string,
  a: Partial<z.infer<typeof updateArgs>> | z.infer<typeof createArgs>,
) {
  await assertRooms(ctx, locationId, [a.program_id], 'program_id');
  await assertRooms(ctx, locationId, a.other_rooms ?? [], 'other_rooms');
  if (a.cameras) await assertCameras(ctx, locationId, a.cameras);
  if (a.users)
    await assertContacts(
      ctx,
      a.users.map((u) => u.user_id),
    );
  await assertLabels(ctx, 'tag', a.tags, 'tags');
  await assertLabels(ctx, 'allergy', a.allergies, 'allergies');
  await assertLabels(ctx, 'medication', a.medications, 'medications');
  if (a.siblings?.length) await studentsInScope(ctx, scope, a.siblings);
}

/** Spec §5: fname, lname, location_id, program_id, cameras, users; check_duplicate finds a likely duplicate first. */
export async function createNewStudent(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(createArgs, raw);
  await assertPlacement(ctx, scope, a.location_id);
  await checkReferences(ctx, scope, a.location_id, a);
  if (a.check_duplicate) {
    const dupes = await repo.likelyDuplicates(ctx.db, a.location_id, a.fname, a.lname, a.dob ?? null);
    if (dupes.length)
      return {
        ...notice('A student with this name already exists at this location.', false, 'warning'),
        student: null,
        duplicates: scoped(dupes),
      };
  }
  const v = requireViewer(ctx);
  const created = await inTransaction(ctx, async (trx) => {
    if (countsAsActive(a.status, a.type)) await assertCapacity(trx, a.location_id, 1);
    const row: Record<string, unknown> = {
      fname: a.fname,
      lname: a.lname,
      location_id: a.location_id,
      program_id: a.program_id,
      created_by: v.id,
      updated_by: v.id,
    };
    Object.assign(row, detailPatch(a));
    if (a.status !== undefined && a.status !== null) row.status = a.status;
    const s = await repo.insertStudent(trx, row);
    await writeRelations(trx, s.id, a);
    if (a.week_schedule)
      await studentSchedule.use.setWeekSchedule(
        trx,
        { studentId: s.id, locationId: a.location_id, programId: a.program_id, by: v.id },
        a.week_schedule,
      );
    await auditStudent(ctx, trx, 'student.create', s.id, a.location_id, {
      name: `${a.fname} ${a.lname}`,
      users: a.users.map((u) => u.user_id),
    });
    return s;
  });
  return { ...notice('Student created.'), student: scopedRow(created), duplicates: [] };
}

const updateArgs = z.object({
  id,
  fname: studentName.fname.optional(),
  lname: studentName.lname.optional(),
  program_id: id.nullish(),
  cameras: idList.nullish(),
  users: studentUserList.nullish(),
  status: z.boolean().nullish(),
  ...relations,
  ...studentDetails,
});

type Editor = { parent: boolean; scope: StudentScope };
type UpdateInput = { id: string } & Partial<z.infer<typeof updateArgs>>;

/** Staff with `students.edit` within their scope, or a parent of the child within the centre's settings. */
export async function studentEditor(ctx: RequestContext): Promise<Editor> {
  const v = requireViewer(ctx);
  if (isParent(v)) return { parent: true, scope: await studentScopeOf(ctx) };
  return { parent: false, scope: await studentManageScope(ctx) };
}

/** The names of the fields an update changes (the arguments given, besides id). */
const changedFields = (a: Record<string, unknown>) => Object.keys(a).filter((k) => k !== 'id' && a[k] !== undefined);

/** Applies a partial update; parents only to the fields their centre lets them edit. */
async function applyUpdate(ctx: RequestContext, editor: Editor, a: UpdateInput, message: string) {
  const before = await studentInScope(ctx, editor.scope, a.id);
  const changed = changedFields(a);
  if (editor.parent) await assertParentMayEdit(ctx, before.location_id, changed);
  await checkReferences(ctx, editor.scope, before.location_id, a);
  const v = requireViewer(ctx);
  const after = await inTransaction(ctx, async (trx) => {
    const patch: Record<string, unknown> = { updated_by: v.id };
    Object.assign(patch, detailPatch(a));
    for (const k of ['fname', 'lname', 'program_id', 'status'] as const) if (a[k] !== undefined && a[k] !== null) patch[k] = a[k];
    const becomesActive = countsAsActive(
      (patch.status ?? before.status) as boolean,
      (patch.type !== undefined ? patch.type : before.type) as string | null,
    );
    if (becomesActive && !countsAsActive(before.status, before.type)) await assertCapacity(trx, before.location_id, 1);
    await repo.updateStudents(trx, [a.id], patch);
    await writeRelations(trx, a.id, a);
    if (a.week_schedule)
      await studentSchedule.use.setWeekSchedule(
        trx,
        { studentId: a.id, locationId: before.location_id, programId: (patch.program_id ?? before.program_id) as string | null, by: v.id },
        a.week_schedule,
      );
    await auditStudent(ctx, trx, 'student.update', a.id, before.location_id, { fields: changed, by_parent: editor.parent });
    return (await repo.findStudents(trx, [a.id]))[0]!;
  });
  return { ...notice(message), student: scopedRow(after), duplicates: [] };
}

export async function updateNewStudent(ctx: RequestContext, raw: unknown) {
  const editor = await studentEditor(ctx);
  return applyUpdate(ctx, editor, parseArgs(updateArgs, raw), 'Student saved.');
}

export async function saveStudentName(ctx: RequestContext, raw: unknown) {
  const editor = await studentEditor(ctx);
  const a = parseArgs(z.object({ id, ...studentName, middle_name: studentDetails.middle_name, nick_name: studentDetails.nick_name }), raw);
  return applyUpdate(ctx, editor, a, 'Name saved.');
}

export async function saveStudentGender(ctx: RequestContext, raw: unknown) {
  const editor = await studentEditor(ctx);
  const a = parseArgs(z.object({ id, gender: studentDetails.gender.transform((v) => v ?? null) }), raw);
  return applyUpdate(ctx, editor, a, 'Gender saved.');
}

export async function saveStudentEthnicity(ctx: RequestContext, raw: unknown) {
  const editor = await studentEditor(ctx);
  const a = parseArgs(z.object({ id, ethnicity: studentDetails.ethnicity.transform((v) => v ?? null), race: studentDetails.race }), raw);
  return applyUpdate(ctx, editor, a, 'Ethnicity saved.');
}

export async function saveStudentAddress(ctx: RequestContext, raw: unknown) {
  const editor = await studentEditor(ctx);
  const { street_1, street_2, city, state, country, zip } = studentDetails;
  const a = parseArgs(z.object({ id, street_1, street_2, city, state, country, zip }), raw);
  return applyUpdate(ctx, editor, a, 'Address saved.');
}
