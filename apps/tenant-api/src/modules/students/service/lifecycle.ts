import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { assertCapacity } from './write.ts';
import {
  assertPlacement,
  assertRooms,
  auditStudent,
  scoped,
  scopedRow,
  studentInScope,
  studentsInScope,
  WAITLIST_TYPES,
} from './common.ts';
import { id, idList } from '../../../core/args.ts';
import { inTransaction } from '../../../core/tx.ts';
import { mayPlaceIn, studentManageScope, requireViewer } from '../../../core/access.ts';
import { notice } from '../../../core/result.ts';
import { findPrograms, roomNotFound } from '../../rooms/index.ts';

const isActive = (s: repo.StudentRow) => s.status && !WAITLIST_TYPES.includes(s.type ?? '');

/**
 * Checks each location's capacity for the students that will count as active there and do not
 * already (`counted`: the row is live, active and in that location now).
 */
async function checkCapacities(
  trx: Parameters<typeof assertCapacity>[0],
  rows: repo.StudentRow[],
  target: (s: repo.StudentRow) => { location: string; active: boolean },
  counted = (s: repo.StudentRow, location: string) => isActive(s) && String(s.location_id) === location,
) {
  const adding = new Map<string, number>();
  for (const s of rows) {
    const t = target(s);
    if (t.active && !counted(s, t.location)) adding.set(t.location, (adding.get(t.location) ?? 0) + 1);
  }
  for (const [loc, n] of [...adding].sort()) await assertCapacity(trx, loc, n);
}

/** Spec §4: the status toggle (active true / inactive false). */
export async function updateStudentStatus(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ id, status: z.boolean({ message: 'status must be true or false.' }) }), raw);
  const before = await studentInScope(ctx, scope, a.id);
  const v = requireViewer(ctx);
  const after = await inTransaction(ctx, async (trx) => {
    await checkCapacities(trx, [before], (s) => ({
      location: String(s.location_id),
      active: a.status && !WAITLIST_TYPES.includes(s.type ?? ''),
    }));
    await repo.updateStudents(trx, [a.id], { status: a.status, updated_by: v.id });
    await auditStudent(ctx, trx, 'student.status', a.id, before.location_id, { status: a.status });
    return (await repo.findStudents(trx, [a.id]))[0]!;
  });
  return { ...notice(a.status ? 'Student activated.' : 'Student deactivated.'), student: scopedRow(after), duplicates: [] };
}

const BULK_STATUS = ['active', 'inactive', 'enrolled', 'lead', 'waitlist'] as const;

/** Spec §4: bulk update with a status string (active, inactive, enrolled, lead, waitlist). */
export async function bulkUpdateStudentStatus(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(
    z.object({
      ids: idList.min(1, 'Choose at least one student.'),
      status: z.enum(BULK_STATUS, { message: 'Use active, inactive, enrolled, lead or waitlist.' }),
    }),
    raw,
  );
  const rows = await studentsInScope(ctx, scope, a.ids);
  const patch: Record<string, unknown> =
    a.status === 'active' ? { status: true } : a.status === 'inactive' ? { status: false } : { type: a.status };
  const v = requireViewer(ctx);
  const after = await inTransaction(ctx, async (trx) => {
    await checkCapacities(trx, rows, (s) => {
      const status = (patch.status ?? s.status) as boolean;
      const type = (patch.type !== undefined ? patch.type : s.type) as string | null;
      return { location: String(s.location_id), active: status && !WAITLIST_TYPES.includes(type ?? '') };
    });
    await repo.updateStudents(trx, a.ids, { ...patch, updated_by: v.id });
    for (const s of rows) await auditStudent(ctx, trx, 'student.status', s.id, s.location_id, { status: a.status });
    return repo.findStudents(trx, a.ids);
  });
  return { ...notice(`${after.length} student${after.length === 1 ? '' : 's'} updated.`), students: scoped(after) };
}

/** Archives a student (the archive list can restore it). */
export async function deleteStudent(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const s = await studentInScope(ctx, scope, a.id);
  await inTransaction(ctx, async (trx) => {
    await repo.archiveStudents(trx, [a.id], requireViewer(ctx).id);
    await auditStudent(ctx, trx, 'student.archive', a.id, s.location_id, { name: `${s.fname} ${s.lname}` });
  });
  return { ...notice('Student archived.'), id: a.id };
}

export async function restoreArchived(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ ids: idList.min(1, 'Choose at least one student.') }), raw);
  const rows = await studentsInScope(ctx, scope, a.ids, { archived: true });
  const after = await inTransaction(ctx, async (trx) => {
    await checkCapacities(
      trx,
      rows,
      (s) => ({ location: String(s.location_id), active: isActive(s) }),
      () => false,
    );
    await repo.restoreStudents(trx, a.ids, requireViewer(ctx).id);
    for (const s of rows) await auditStudent(ctx, trx, 'student.restore', s.id, s.location_id, { name: `${s.fname} ${s.lname}` });
    return repo.findStudents(trx, a.ids);
  });
  return { ...notice(`${after.length} student${after.length === 1 ? '' : 's'} restored.`), students: scoped(after) };
}

/** Deletes archived students for ever (with their links); live students must be archived first. */
export async function forceDeleteArchived(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ ids: idList.min(1, 'Choose at least one student.') }), raw);
  const rows = await studentsInScope(ctx, scope, a.ids, { archived: true });
  await inTransaction(ctx, async (trx) => {
    await repo.deleteStudentsForever(trx, a.ids);
    for (const s of rows) await auditStudent(ctx, trx, 'student.force_delete', s.id, s.location_id, { name: `${s.fname} ${s.lname}` });
  });
  return { ...notice(`${rows.length} student${rows.length === 1 ? '' : 's'} deleted permanently.`), ids: rows.map((r) => String(r.id)) };
}

/**
 * Moves students to another location (spec §5: location_id required), optionally into one of its
 * rooms. Their other rooms and cameras belonged to the old location and are removed.
 */
export async function transferStudents(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ ids: idList.min(1, 'Choose at least one student.'), location_id: id, program_id: id.nullish() }), raw);
  const rows = await studentsInScope(ctx, scope, a.ids);
  await assertPlacement(ctx, scope, a.location_id);
  await assertRooms(ctx, a.location_id, [a.program_id]);
  const v = requireViewer(ctx);
  const moving = rows.filter((r) => String(r.location_id) !== a.location_id).map((r) => r.id);
  const after = await inTransaction(ctx, async (trx) => {
    await checkCapacities(trx, rows, (s) => ({ location: a.location_id, active: isActive(s) }));
    await repo.updateStudents(trx, a.ids, { location_id: a.location_id, program_id: a.program_id ?? null, updated_by: v.id });
    await repo.clearOtherRooms(trx, moving);
    await repo.clearStudentCameras(trx, moving);
    for (const s of rows) {
      const data = { from_location_id: String(s.location_id), to_location_id: a.location_id, program_id: a.program_id ?? null };
      await auditStudent(ctx, trx, 'student.transfer', s.id, s.location_id, data);
      if (String(s.location_id) !== a.location_id) await auditStudent(ctx, trx, 'student.transfer', s.id, a.location_id, data);
    }
    return repo.findStudents(trx, a.ids);
  });
  return { ...notice(`${after.length} student${after.length === 1 ? '' : 's'} transferred.`), students: scoped(after) };
}

/** Moves every student of one room to another room of the same location. */
export async function transferPrograms(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(
    z
      .object({ from_program_id: id, to_program_id: id })
      .refine((v) => v.from_program_id !== v.to_program_id, { path: ['to_program_id'], message: 'Choose a different room.' }),
    raw,
  );
  const programs = await findPrograms(ctx.db, [a.from_program_id, a.to_program_id]);
  const from = programs.find((p) => String(p.id) === a.from_program_id);
  const to = programs.find((p) => String(p.id) === a.to_program_id);
  if (!from || !mayPlaceIn(scope, from.location_id)) throw roomNotFound();
  if (!to || !mayPlaceIn(scope, to.location_id)) throw roomNotFound();
  if (String(from.location_id) !== String(to.location_id)) throw badInput('to_program_id', 'Choose a room of the same location.');
  const after = await inTransaction(ctx, async (trx) => {
    const ids = await repo.moveProgramStudents(trx, a.from_program_id, a.to_program_id, requireViewer(ctx).id);
    for (const sid of ids)
      await auditStudent(ctx, trx, 'student.rooms', sid, from.location_id, {
        from_program_id: a.from_program_id,
        program_id: a.to_program_id,
      });
    return repo.findStudents(trx, ids);
  });
  return { ...notice(`${after.length} student${after.length === 1 ? '' : 's'} moved to ${to.name}.`), students: scoped(after) };
}

/** Changes a student's homeroom and other rooms (rooms of the student's location). */
export async function updateStudentRooms(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ id, program_id: id.nullish(), other_rooms: idList.nullish() }), raw);
  const s = await studentInScope(ctx, scope, a.id);
  await assertRooms(ctx, s.location_id, [a.program_id]);
  await assertRooms(ctx, s.location_id, a.other_rooms ?? [], 'other_rooms');
  const after = await inTransaction(ctx, async (trx) => {
    if (a.program_id !== undefined) await repo.updateStudents(trx, [a.id], { program_id: a.program_id, updated_by: requireViewer(ctx).id });
    if (a.other_rooms)
      await repo.setOtherRooms(
        trx,
        a.id,
        [...new Set(a.other_rooms)].filter((p) => p !== (a.program_id ?? s.program_id)),
      );
    await auditStudent(ctx, trx, 'student.rooms', a.id, s.location_id, {
      program_id: a.program_id ?? s.program_id,
      other_rooms: a.other_rooms ?? null,
    });
    return (await repo.findStudents(trx, [a.id]))[0]!;
  });
  return { ...notice('Rooms saved.'), student: scopedRow(after), duplicates: [] };
}
