import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import { localParts, zonedInstant } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import * as rows from '../repo/checkin.ts';
import { findActiveStudents } from '../repo/children.ts';
import { programsOfLocation } from '../repo/places.ts';
import { correctionScope } from '../policy.ts';
import { attendanceNotFound, badTime, overlap, roomNotFound, studentNotFound } from '../errors.ts';
import { publishAttendance, publishRatios } from '../live.ts';
import { envOf } from './notify.ts';
import { assertLocations, type LocationScope } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { id, pageArgs } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import { localDateTime } from '../../../core/time.ts';
import { pageEntityHistory, locationInfo } from '../../locations/index.ts';
import { refreshRoomRatios } from '../../ratios/index.ts';

const reason = z
  .string()
  .trim()
  .min(3, 'Say why the record changes (at least 3 characters).')
  .max(300, 'The reason has at most 300 characters.');

const SUMMARIES: Record<string, string> = {
  'attendance.check_in': 'Checked in',
  'attendance.check_out': 'Checked out',
  'attendance.correct': 'Record corrected',
  'attendance.create': 'Record added by a manager',
  'attendance.delete': 'Record deleted',
};

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

async function recordInScope(ctx: RequestContext, scope: LocationScope, recordId: string) {
  const [row] = await rows.findAttendances(ctx.db, [recordId]);
  if (!row) throw attendanceNotFound();
  await assertLocations(ctx, scope, [row.location_id]).catch(() => {
    throw attendanceNotFound();
  });
  const loc = await locationInfo(ctx.db, String(row.location_id));
  return { row, tz: loc!.timezone };
}

function instants(tz: string, start?: { date: string; time: string } | null, end?: { date: string; time: string } | null) {
  const s = start ? zonedInstant(start.date, start.time, tz) : undefined;
  const e = end ? zonedInstant(end.date, end.time, tz) : undefined;
  const now = Date.now() + 5 * 60_000;
  if (s && s.getTime() > now) throw badTime('start_time', 'The check-in cannot be in the future.');
  if (e && e.getTime() > now) throw badTime('end_time', 'The check-out cannot be in the future.');
  return { s, e };
}

/**
 * A manager corrects a child's record (times in the location's time zone, room); the reason and
 * every changed value go to the audit trail. Records of a child never overlap.
 */
export async function updateStudentAttendance(ctx: RequestContext, raw: unknown) {
  const scope = await correctionScope(ctx);
  const args = parseArgs(
    z.object({ id, start_time: localDateTime.nullish(), end_time: localDateTime.nullish(), program_id: id.nullish(), reason }),
    raw,
  );
  const { row, tz } = await recordInScope(ctx, scope, args.id);
  if (args.program_id && !(await programsOfLocation(ctx.db, [args.program_id], String(row.location_id))).length) throw roomNotFound();
  const { s, e } = instants(tz, args.start_time, args.end_time);
  const start = s ?? row.start_time;
  const end = e ?? row.end_time;
  if (end && end < start) throw badTime('end_time', 'The check-out is before the check-in.');
  if (await rows.overlappingAttendance(ctx.db, String(row.student_id), row.id, start, end)) throw overlap();
  const patch: Record<string, unknown> = {};
  if (s) Object.assign(patch, { start_time: s, date: localParts(s, tz).date });
  if (e) patch.end_time = e;
  if (args.program_id) patch.program_id = args.program_id;
  if (!Object.keys(patch).length) throw badInput('start_time', 'Change the check-in, the check-out or the room.');
  const { updated, ratios } = await inTransaction(ctx, async (trx) => {
    const locked = await rows.lockAttendance(trx, row.id);
    if (!locked) throw attendanceNotFound();
    const next = await rows.updateAttendance(trx, row.id, patch);
    await audit(ctx, trx, {
      action: 'attendance.correct',
      entity: 'attendance',
      entity_id: row.id,
      location_id: String(row.location_id),
      data: {
        reason: args.reason,
        changes: {
          ...(s ? { start_time: [iso(locked.start_time), iso(next.start_time)] } : {}),
          ...(e ? { end_time: [iso(locked.end_time), iso(next.end_time)] } : {}),
          ...(args.program_id ? { program_id: [locked.program_id, next.program_id] } : {}),
        },
      },
    });
    const fresh = await refreshRoomRatios(trx, envOf(ctx), [locked.program_id, next.program_id].filter(Boolean).map(String));
    return { updated: next, ratios: fresh };
  });
  publishAttendance(ctx, [
    {
      location_id: String(row.location_id),
      kind: 'student',
      type: 'correction',
      student_id: String(row.student_id),
      user_id: ctx.viewer!.id,
      program_id: updated.program_id,
      record_id: row.id,
      at: new Date().toISOString(),
    },
  ]);
  publishRatios(ctx, String(row.location_id), [...ratios.values()]);
  return { ...notice('The record is corrected.'), attendance: updated };
}

/** A manager adds a record that was missed (with its reason); an open one only if the child has none. */
export async function createStudentAttendance(ctx: RequestContext, raw: unknown) {
  const scope = await correctionScope(ctx);
  const args = parseArgs(
    z.object({ student_id: id, start_time: localDateTime, end_time: localDateTime.nullish(), program_id: id.nullish(), reason }),
    raw,
  );
  const [student] = await findActiveStudents(ctx.db, [args.student_id]);
  if (!student) throw studentNotFound('student_id');
  await assertLocations(ctx, scope, [student.location_id]).catch(() => {
    throw studentNotFound('student_id');
  });
  const loc = await locationInfo(ctx.db, String(student.location_id));
  if (args.program_id && !(await programsOfLocation(ctx.db, [args.program_id], String(student.location_id))).length) throw roomNotFound();
  const { s, e } = instants(loc!.timezone, args.start_time, args.end_time);
  if (e && e < s!) throw badTime('end_time', 'The check-out is before the check-in.');
  if (await rows.overlappingAttendance(ctx.db, String(student.id), '0', s!, e ?? null)) throw overlap('start_time');
  const created = await inTransaction(ctx, async (trx) => {
    let inserted: rows.AttendanceRow;
    try {
      inserted = await rows.insertManualAttendance(trx, {
        student_id: student.id,
        location_id: student.location_id,
        program_id: args.program_id ?? student.program_id,
        date: localParts(s!, loc!.timezone).date,
        start_time: s,
        end_time: e ?? null,
        checkedin_by: ctx.viewer!.id,
        checkedin_recorded_by: ctx.viewer!.id,
        checkedout_by: e ? ctx.viewer!.id : null,
        checkedout_recorded_by: e ? ctx.viewer!.id : null,
        check_in_method: 'manual',
        check_out_method: e ? 'manual' : null,
      });
    } catch (err) {
      // The child already has an open record (unique "one open record" index).
      if (isUniqueViolation(err)) throw overlap('end_time');
      throw err;
    }
    await audit(ctx, trx, {
      action: 'attendance.create',
      entity: 'attendance',
      entity_id: inserted.id,
      location_id: String(student.location_id),
      data: {
        name: `${student.fname} ${student.lname}`,
        reason: args.reason,
        changes: { start_time: [null, iso(inserted.start_time)], end_time: [null, iso(inserted.end_time)] },
      },
    });
    if (inserted.program_id) await refreshRoomRatios(trx, envOf(ctx), [String(inserted.program_id)]);
    return inserted;
  });
  publishAttendance(ctx, [
    {
      location_id: String(student.location_id),
      kind: 'student',
      type: 'correction',
      student_id: String(student.id),
      user_id: ctx.viewer!.id,
      program_id: created.program_id,
      record_id: created.id,
      at: new Date().toISOString(),
    },
  ]);
  return { ...notice('The record is added.'), attendance: created };
}

/** A manager deletes a record (kept for the audit trail, hidden everywhere else). */
export async function deleteStudentAttendance(ctx: RequestContext, raw: unknown) {
  const scope = await correctionScope(ctx);
  const args = parseArgs(z.object({ id, reason }), raw);
  const { row } = await recordInScope(ctx, scope, args.id);
  await inTransaction(ctx, async (trx) => {
    if (!(await rows.lockAttendance(trx, row.id))) throw attendanceNotFound();
    await rows.softDeleteAttendance(trx, row.id);
    await audit(ctx, trx, {
      action: 'attendance.delete',
      entity: 'attendance',
      entity_id: row.id,
      location_id: String(row.location_id),
      data: { reason: args.reason, changes: { start_time: [iso(row.start_time), null], end_time: [iso(row.end_time), null] } },
    });
    if (row.program_id) await refreshRoomRatios(trx, envOf(ctx), [String(row.program_id)]);
  });
  publishAttendance(ctx, [
    {
      location_id: String(row.location_id),
      kind: 'student',
      type: 'delete',
      student_id: String(row.student_id),
      user_id: ctx.viewer!.id,
      program_id: row.program_id,
      record_id: row.id,
      at: new Date().toISOString(),
    },
  ]);
  return { ...notice('The record is deleted.'), id: row.id };
}

/** The audit trail of one record: check-in, check-out, every correction with its reason (HistoryEntry.reason). */
export async function getAttendanceHistory(ctx: RequestContext, raw: unknown) {
  const scope = await correctionScope(ctx);
  const args = parseArgs(z.object({ id, ...pageArgs }), raw);
  const locationId = await rows.attendanceLocation(ctx.db, args.id);
  if (!locationId) throw attendanceNotFound();
  await assertLocations(ctx, scope, [locationId]).catch(() => {
    throw attendanceNotFound();
  });
  const page = await pageEntityHistory(ctx, 'attendance', args.id, args.page, args.first);
  const reasons = await rows.auditReasons(
    ctx.db,
    page.data.map((e) => e.id),
  );
  return {
    ...page,
    data: page.data.map((e) => ({ ...e, summary: SUMMARIES[e.action] ?? e.summary, reason: reasons.get(e.id) ?? null })),
  };
}
