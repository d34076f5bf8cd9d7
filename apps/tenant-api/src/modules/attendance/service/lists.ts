import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import { addDays, localParts } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { findActiveStudents, pickupStudentIds } from '../repo/children.ts';
import { programsOfLocation } from '../repo/places.ts';
import * as lists from '../repo/lists.ts';
import { insertAuditRows } from '../repo/checkin.ts';
import { attendanceStaffScope, checkInAccess } from '../policy.ts';
import { mixedLocations, roomNotFound, studentNotFound } from '../errors.ts';
import { publishAttendance } from '../live.ts';
import { assertLocations, reaches } from '../../../core/access.ts';
import { id, idList, pageArgs, paginated } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import { localDate } from '../../../core/time.ts';
import { locationInfo } from '../../locations/index.ts';

const STATUSES = ['checked_in', 'checked_out', 'absent', 'not_arrived'] as const;

async function today(ctx: RequestContext, locationId: string): Promise<string> {
  const loc = await locationInfo(ctx.db, locationId);
  return localParts(new Date(), loc!.timezone).date;
}

/**
 * The children of a location with their state on a day (default today, in the location's time
 * zone): checked in, checked out, absent or not arrived; by room, state and name. The attendance
 * lists, the teacher's and the manager's check-in pages.
 */
export async function getStudentsAfterCheckInLocation(ctx: RequestContext, raw: unknown) {
  const scope = await attendanceStaffScope(ctx);
  const args = parseArgs(
    z.object({
      location_id: id,
      date: localDate.nullish(),
      program_id: id.nullish(),
      status: z.enum(STATUSES, { message: 'Choose checked_in, checked_out, absent or not_arrived.' }).nullish(),
      search: z.string().trim().max(100, 'Search at most 100 characters.').nullish(),
      ...pageArgs,
    }),
    raw,
  );
  await assertLocations(ctx, scope, [args.location_id]);
  if (args.program_id && !(await programsOfLocation(ctx.db, [args.program_id], args.location_id)).length) throw roomNotFound();
  const date = args.date ?? (await today(ctx, args.location_id));
  const filter = { location_id: args.location_id, program_id: args.program_id, date, status: args.status, search: args.search || null };
  const [{ rows, total }, counts] = await Promise.all([
    lists.studentsWithState(ctx.db, filter, args.page, args.first),
    lists.stateCounts(ctx.db, args.location_id, date),
  ]);
  return { ...paginated(rows, total, args.page, args.first), date, counts };
}

const absenceArgs = z.object({
  students: idList.min(1, 'Choose at least one child.').max(100, 'At most 100 children at once.'),
  date: localDate.nullish(),
  reason: z.string().trim().max(60, 'The reason has at most 60 characters.').nullish(),
  note: z.string().trim().max(500, 'The note has at most 500 characters.').nullish(),
});

/** The children and location of an absence request, checked against the viewer's scope. */
async function absenceTarget(ctx: RequestContext, raw: unknown) {
  const access = await checkInAccess(ctx);
  const args = parseArgs(absenceArgs, raw);
  const ids = [...new Set(args.students)];
  const students = await findActiveStudents(ctx.db, ids);
  if (students.length !== ids.length) throw studentNotFound();
  const locationId = String(students[0]!.location_id);
  if (students.some((s) => String(s.location_id) !== locationId)) throw mixedLocations();
  if (access.kind === 'parent') {
    const rights = await pickupStudentIds(ctx.db, access.viewer.id, ids);
    if (ids.some((i) => !rights.has(i))) throw studentNotFound();
  } else if (!reaches(access.scope, locationId)) throw studentNotFound();
  const now = await today(ctx, locationId);
  const date = args.date ?? now;
  if (date < addDays(now, -7)) throw badInput('date', 'Absences can be marked for the last 7 days at most.');
  if (date > addDays(now, 90)) throw badInput('date', 'Absences can be marked up to 90 days ahead.');
  return { args, ids, students, locationId, date };
}

/** Marks children absent for a day (staff of the location, or the parent of their own children). */
export async function markStudentsAbsent(ctx: RequestContext, raw: unknown) {
  const { args, ids, students, locationId, date } = await absenceTarget(ctx, raw);
  const present = await lists.presentOn(ctx.db, ids, date);
  const here = students.find((s) => present.has(String(s.id)));
  if (here) throw badInput('students', `${here.fname} is checked in that day. Check them out or correct the record first.`);
  const v = ctx.viewer!;
  await inTransaction(ctx, async (trx) => {
    await lists.upsertAbsences(
      trx,
      ids.map((student_id) => ({
        student_id,
        location_id: locationId,
        date,
        reason: args.reason ?? null,
        note: args.note ?? null,
        marked_by: v.id,
      })),
    );
    await insertAuditRows(
      trx,
      students.map((s) => ({
        action: 'attendance.absent',
        entity: 'student',
        entity_id: String(s.id),
        location_id: locationId,
        actor_user_id: v.id,
        support_session_id: v.support?.sessionId ?? null,
        actor_label: v.support?.operator ?? null,
        ip: ctx.ip,
        data: { name: `${s.fname} ${s.lname}`, date, reason: args.reason ?? null },
      })),
    );
  });
  publishAttendance(
    ctx,
    ids.map((student_id) => ({
      location_id: locationId,
      kind: 'student',
      type: 'absent',
      student_id,
      user_id: v.id,
      program_id: null,
      record_id: null,
      at: new Date().toISOString(),
    })),
  );
  return {
    ...notice(ids.length === 1 ? `${students[0]!.fname} is marked absent.` : `${ids.length} children are marked absent.`),
    date,
    students: ids,
  };
}

/** Removes the absence of children for a day. */
export async function removeStudentAbsence(ctx: RequestContext, raw: unknown) {
  const { ids, students, locationId, date } = await absenceTarget(ctx, raw);
  const v = ctx.viewer!;
  const removed = await inTransaction(ctx, async (trx) => {
    const n = await lists.deleteAbsences(trx, ids, date);
    if (n)
      await insertAuditRows(
        trx,
        students.map((s) => ({
          action: 'attendance.absence_removed',
          entity: 'student',
          entity_id: String(s.id),
          location_id: locationId,
          actor_user_id: v.id,
          support_session_id: v.support?.sessionId ?? null,
          actor_label: v.support?.operator ?? null,
          ip: ctx.ip,
          data: { name: `${s.fname} ${s.lname}`, date },
        })),
      );
    return n;
  });
  publishAttendance(
    ctx,
    ids.map((student_id) => ({
      location_id: locationId,
      kind: 'student',
      type: 'present',
      student_id,
      user_id: v.id,
      program_id: null,
      record_id: null,
      at: new Date().toISOString(),
    })),
  );
  return { ...notice(removed ? 'The absence is removed.' : 'There was no absence to remove.'), date, students: ids };
}

/** Absences marked at a location for a day (default today). */
export async function getStudentAbsences(ctx: RequestContext, raw: unknown) {
  const scope = await attendanceStaffScope(ctx);
  const args = parseArgs(z.object({ location_id: id, date: localDate.nullish(), ...pageArgs }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const date = args.date ?? (await today(ctx, args.location_id));
  const { rows, total } = await lists.absencesOf(ctx.db, args.location_id, date, args.page, args.first);
  return paginated(rows, total, args.page, args.first);
}
