import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import { localParts, zonedInstant } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo/records.ts';
import { teamClockScope } from '../policy.ts';
import { badTime, overlap, roomNotFound, staffRecordNotFound } from '../errors.ts';
import { assertLocations } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import { localDateTime } from '../../../core/time.ts';
import { refreshRoomRatios } from '../../ratios/index.ts';
import { programsOfLocation, envOf, publishAttendance, publishRatios } from '../../attendance/index.ts';
import { locationInfo } from '../../locations/index.ts';

const reason = z
  .string()
  .trim()
  .min(3, 'Say why the record changes (at least 3 characters).')
  .max(300, 'The reason has at most 300 characters.');
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function recordInScope(ctx: RequestContext, recordId: string) {
  const scope = await teamClockScope(ctx);
  const [row] = await repo.findStaffRecords(ctx.db, [recordId]);
  if (!row) throw staffRecordNotFound();
  await assertLocations(ctx, scope, [String(row.location_id)]).catch(() => {
    throw staffRecordNotFound();
  });
  return row;
}

/** A manager corrects a staff record: times (YYYY-MM-DD HH:MM, the location's), room, break minutes; with a reason. */
export async function updateTeamAttendance(ctx: RequestContext, raw: unknown) {
  await teamClockScope(ctx);
  const args = parseArgs(
    z.object({
      id,
      start_time: localDateTime.nullish(),
      end_time: localDateTime.nullish(),
      program_id: id.nullish(),
      break_time: z.number().int().min(0, 'Break minutes cannot be negative.').max(720, 'A break is at most 720 minutes.').nullish(),
      reason,
    }),
    raw,
  );
  const row = await recordInScope(ctx, args.id);
  const tz = (await locationInfo(ctx.db, String(row.location_id)))!.timezone;
  if (args.program_id && !(await programsOfLocation(ctx.db, [args.program_id], String(row.location_id))).length) throw roomNotFound();
  const s = args.start_time ? zonedInstant(args.start_time.date, args.start_time.time, tz) : undefined;
  const e = args.end_time ? zonedInstant(args.end_time.date, args.end_time.time, tz) : undefined;
  const start = s ?? row.start_time;
  const end = e ?? row.end_time;
  if (Math.max(start.getTime(), end?.getTime() ?? 0) > Date.now() + 5 * 60_000)
    throw badTime(e ? 'end_time' : 'start_time', 'A punch cannot be in the future.');
  if (end && end < start) throw badTime('end_time', 'The clock-out is before the clock-in.');
  if (await repo.overlappingStaffRecord(ctx.db, String(row.user_id), row.id, start, end)) throw overlap();
  const patch: Record<string, unknown> = {};
  if (s) Object.assign(patch, { start_time: s, date: localParts(s, tz).date });
  if (e) patch.end_time = e;
  if (args.program_id) patch.program_id = args.program_id;
  if (args.break_time !== undefined && args.break_time !== null) patch.break_time = args.break_time;
  if (!Object.keys(patch).length) throw badInput('start_time', 'Change a time, the room or the break.');
  const { updated, ratios } = await inTransaction(ctx, async (trx) => {
    const before = await repo.lockStaffRecord(trx, row.id);
    if (!before) throw staffRecordNotFound();
    const next = await repo.updateStaffRecord(trx, row.id, patch);
    await audit(ctx, trx, {
      action: 'timeclock.correct',
      entity: 'staff_attendance',
      entity_id: row.id,
      location_id: String(row.location_id),
      data: {
        reason: args.reason,
        changes: {
          ...(s ? { start_time: [iso(before.start_time), iso(next.start_time)] } : {}),
          ...(e ? { end_time: [iso(before.end_time), iso(next.end_time)] } : {}),
          ...(args.program_id ? { program_id: [before.program_id, next.program_id] } : {}),
          ...(patch.break_time !== undefined ? { break_time: [before.break_time, next.break_time] } : {}),
        },
      },
    });
    const fresh = await refreshRoomRatios(trx, envOf(ctx), [before.program_id, next.program_id].filter(Boolean).map(String));
    return { updated: next, ratios: fresh };
  });
  publishAttendance(ctx, [
    {
      location_id: String(row.location_id),
      kind: 'staff',
      type: 'correction',
      student_id: null,
      user_id: String(row.user_id),
      program_id: updated.program_id,
      record_id: row.id,
      at: new Date().toISOString(),
    },
  ]);
  publishRatios(ctx, String(row.location_id), [...ratios.values()]);
  return { ...notice('The time clock record is corrected.'), record: updated };
}

/** A manager deletes a staff record (kept in the audit trail). */
export async function deleteTeamAttendance(ctx: RequestContext, raw: unknown) {
  await teamClockScope(ctx);
  const args = parseArgs(z.object({ id, reason }), raw);
  const row = await recordInScope(ctx, args.id);
  await inTransaction(ctx, async (trx) => {
    if (!(await repo.lockStaffRecord(trx, row.id))) throw staffRecordNotFound();
    await repo.softDeleteStaffRecord(trx, row.id);
    await audit(ctx, trx, {
      action: 'timeclock.delete',
      entity: 'staff_attendance',
      entity_id: row.id,
      location_id: String(row.location_id),
      data: { reason: args.reason, changes: { start_time: [iso(row.start_time), null], end_time: [iso(row.end_time), null] } },
    });
    if (row.program_id) await refreshRoomRatios(trx, envOf(ctx), [String(row.program_id)]);
  });
  publishAttendance(ctx, [
    {
      location_id: String(row.location_id),
      kind: 'staff',
      type: 'delete',
      student_id: null,
      user_id: String(row.user_id),
      program_id: row.program_id,
      record_id: row.id,
      at: new Date().toISOString(),
    },
  ]);
  return { ...notice('The time clock record is deleted.'), id: row.id };
}
