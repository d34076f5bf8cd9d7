import { z } from 'zod';
import { notFound, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { studentPeople } from '../ports.ts';
import * as repo from '../repo.ts';
import { blackListedPivot } from '../errors.ts';
import {
  assertCameras,
  assertContacts,
  auditStudent,
  pivotRow,
  scopedRow,
  studentInScope,
  studentsInScope,
  studentUserInput,
  studentUserList,
} from './common.ts';
import { id, idList } from '../../../core/args.ts';
import { inTransaction } from '../../../core/tx.ts';
import { studentManageScope, studentReadScope } from '../../../core/access.ts';
import { notice } from '../../../core/result.ts';

async function studentResult(ctx: RequestContext, studentId: string, message: string) {
  const [s] = await repo.findStudents(ctx.db, [studentId]);
  return { ...notice(message), student: scopedRow(s!), duplicates: [] };
}

// ── siblings ─────────────────────────────────────────────────────────────────

export async function addSibling(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(
    z
      .object({ student_id: id, sibling_id: id })
      .refine((v) => v.student_id !== v.sibling_id, { path: ['sibling_id'], message: 'A student cannot be their own sibling.' }),
    raw,
  );
  const [s] = await studentsInScope(ctx, scope, [a.student_id, a.sibling_id]).then((rows) =>
    rows.filter((r) => String(r.id) === a.student_id),
  );
  await inTransaction(ctx, async (trx) => {
    await repo.addSiblings(trx, [[a.student_id, a.sibling_id]]);
    await auditStudent(ctx, trx, 'student.sibling_add', a.student_id, s!.location_id, { sibling_id: a.sibling_id });
  });
  return studentResult(ctx, a.student_id, 'Sibling added.');
}

export async function removeSibling(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ student_id: id, sibling_id: id }), raw);
  const s = await studentInScope(ctx, scope, a.student_id);
  if (!(await repo.siblingIdsOf(ctx.db, a.student_id)).includes(a.sibling_id)) throw notFound('Sibling not found.');
  await inTransaction(ctx, async (trx) => {
    await repo.removeSiblings(trx, a.student_id, [a.sibling_id]);
    await auditStudent(ctx, trx, 'student.sibling_remove', a.student_id, s.location_id, { sibling_id: a.sibling_id });
  });
  return studentResult(ctx, a.student_id, 'Sibling removed.');
}

/** Replaces the siblings the viewer can see; links to students outside the scope stay. */
export async function updateSibling(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ student_id: id, siblings: idList }), raw);
  const wanted = [...new Set(a.siblings)].filter((x) => x !== a.student_id);
  const s = await studentInScope(ctx, scope, a.student_id);
  await studentsInScope(ctx, scope, wanted);
  const visible = await repo.idsInScope(ctx.db, scope, await repo.siblingIdsOf(ctx.db, a.student_id));
  await inTransaction(ctx, async (trx) => {
    await repo.removeSiblings(
      trx,
      a.student_id,
      visible.filter((x) => !wanted.includes(x)),
    );
    await repo.addSiblings(
      trx,
      wanted.map((x) => [a.student_id, x] as [string, string]),
    );
    await auditStudent(ctx, trx, 'student.siblings', a.student_id, s.location_id, { siblings: wanted });
  });
  return studentResult(ctx, a.student_id, 'Siblings saved.');
}

// ── guardians (student_users) ───────────────────────────────────────────────

async function guardianResult(ctx: RequestContext, studentId: string, userId: string, message: string) {
  const [pivot] = await repo.findPivots(ctx.db, [studentId], [userId]);
  const user = await studentPeople.use.person(ctx.db, userId);
  return { ...notice(message), guardian: pivot && user ? { ...pivot, user } : null };
}

/** Adds a contact to a student (or changes the link), with the pivot flags. */
export async function addGuardian(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(studentUserInput.extend({ student_id: id }), raw);
  const s = await studentInScope(ctx, scope, a.student_id);
  await assertContacts(ctx, [a.user_id]);
  await inTransaction(ctx, async (trx) => {
    await repo.upsertPivots(trx, [pivotRow(a.student_id, a)]);
    await auditStudent(ctx, trx, 'student.guardian_add', a.student_id, s.location_id, { user_id: a.user_id, relation: a.relation ?? null });
  });
  return guardianResult(ctx, a.student_id, a.user_id, 'Contact added to the student.');
}

export async function removeGuardian(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ student_id: id, user_id: id }), raw);
  const s = await studentInScope(ctx, scope, a.student_id);
  const removed = await inTransaction(ctx, async (trx) => {
    const n = await repo.removePivots(trx, a.student_id, [a.user_id]);
    if (n) await auditStudent(ctx, trx, 'student.guardian_remove', a.student_id, s.location_id, { user_id: a.user_id });
    return n;
  });
  if (!removed) throw notFound('Contact not found.');
  return { ...notice('Contact removed from the student.'), guardian: null };
}

/** Replaces all contacts of a student. */
export async function assignUsersToStudent(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ student_id: id, users: studentUserList }), raw);
  const s = await studentInScope(ctx, scope, a.student_id);
  await assertContacts(
    ctx,
    a.users.map((u) => u.user_id),
  );
  await inTransaction(ctx, async (trx) => {
    const keep = a.users.map((u) => u.user_id);
    const current = (await repo.findPivots(trx, [a.student_id])).map((p) => String(p.user_id));
    await repo.removePivots(
      trx,
      a.student_id,
      current.filter((u) => !keep.includes(u)),
    );
    await repo.upsertPivots(
      trx,
      a.users.map((u) => pivotRow(a.student_id, u)),
    );
    await auditStudent(ctx, trx, 'student.guardians', a.student_id, s.location_id, { users: keep });
  });
  return studentResult(ctx, a.student_id, 'Contacts saved.');
}

/**
 * Changes the pivot flags of an existing link. Black-listing a contact takes pickup and camera
 * rights away in the same write; a black-listed contact cannot be given them back.
 */
export async function updateStudentUser(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(studentUserInput.extend({ student_id: id }), raw);
  return writePivot(ctx, scope, a, 'Contact saved.');
}

async function writePivot(
  ctx: RequestContext,
  scope: Awaited<ReturnType<typeof studentManageScope>>,
  a: Partial<z.infer<typeof studentUserInput>> & { student_id: string; user_id: string },
  message: string,
) {
  const s = await studentInScope(ctx, scope, a.student_id);
  const [current] = await repo.findPivots(ctx.db, [a.student_id], [a.user_id]);
  if (!current) throw notFound('Contact not found.');
  const patch = pivotRow(a.student_id, a as z.infer<typeof studentUserInput>);
  delete patch.student_id;
  delete patch.user_id;
  const blackListed = patch.black_list ?? current.black_list;
  if (blackListed && patch.black_list === undefined) {
    if (patch.pickup === true) throw blackListedPivot('pickup');
    if (patch.watch_camera === true) throw blackListedPivot('watch_camera');
  }
  await inTransaction(ctx, async (trx) => {
    await repo.updatePivot(trx, a.student_id, a.user_id, patch);
    await auditStudent(ctx, trx, 'student.guardian_update', a.student_id, s.location_id, { user_id: a.user_id, changes: patch });
  });
  return guardianResult(ctx, a.student_id, a.user_id, message);
}

/** One flag setter per pivot flag: the flag is required (spec §5: a pickup update needs a boolean). */
function flagSetter(
  flag: 'pickup' | 'is_payer' | 'alert' | 'watch_camera' | 'black_list' | 'emergency_contact' | 'legal_guardian',
  on: string,
  off: string,
) {
  return async (ctx: RequestContext, raw: unknown) => {
    const scope = await studentManageScope(ctx);
    const a = parseArgs(
      z.object({ student_id: id, user_id: id, [flag]: z.boolean({ message: `${flag} must be true or false.` }) }),
      raw,
    ) as { student_id: string; user_id: string } & Record<string, boolean>;
    return writePivot(ctx, scope, { student_id: a.student_id, user_id: a.user_id, [flag]: a[flag] }, a[flag] ? on : off);
  };
}

export const updatePickup = flagSetter('pickup', 'Contact may pick up.', 'Contact may no longer pick up.');
export const updateIsPayer = flagSetter('is_payer', 'Contact is a payer.', 'Contact is no longer a payer.');
export const toggleUserAlert = flagSetter('alert', 'Alert on.', 'Alert off.');
export const toggleWatchCamera = flagSetter('watch_camera', 'Contact may watch cameras.', 'Contact may no longer watch cameras.');
export const blackListUser = flagSetter(
  'black_list',
  'Contact black-listed: no pickup, no cameras.',
  'Contact removed from the black list.',
);

// ── cameras ──────────────────────────────────────────────────────────────────

/** The cameras a student's contacts may watch (cameras of the student's location). */
export async function assignStudentCameras(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(z.object({ student_id: id, cameras: idList }), raw);
  const s = await studentInScope(ctx, scope, a.student_id);
  const ids = await assertCameras(ctx, s.location_id, a.cameras);
  await inTransaction(ctx, async (trx) => {
    await repo.setStudentCameras(trx, a.student_id, ids);
    await auditStudent(ctx, trx, 'student.cameras', a.student_id, s.location_id, { cameras: ids });
  });
  return studentResult(ctx, a.student_id, 'Cameras saved.');
}

/** Whether the viewer may read a student (used by the families area). */
export async function readableStudent(ctx: RequestContext, studentId: string) {
  const scope = await studentReadScope(ctx);
  return studentInScope(ctx, scope, studentId);
}
