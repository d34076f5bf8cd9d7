import { z } from 'zod';
import type { Knex } from 'knex';
import { roleAtLeast, localParts, zonedInstant } from '@kv/shared';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo/records.ts';
import { selfClockScope, teamClockScope } from '../policy.ts';
import { badTime, locationRequired, roomNotFound, staffRecordNotFound, teamMemberNotFound } from '../errors.ts';
import { punch, TEAM_ACTIONS, type PunchOutcome, type TeamAction } from './clock.ts';
import { id, pageArgs, paginated } from '../../../core/args.ts';
import { inTransaction } from '../../../core/tx.ts';
import { reaches, assertLocations } from '../../../core/access.ts';
import { localDate, localTime } from '../../../core/time.ts';
import { refreshRoomRatios, type RoomRatio } from '../../ratios/index.ts';
import {
  programsOfLocation,
  requestIdArg,
  pinArg,
  pinHolder,
  envOf,
  type NotifyEnv,
  publishAttendance,
  publishRatios,
} from '../../attendance/index.ts';
import { locationInfo } from '../../locations/index.ts';

const args = z.object({
  program_id: id.nullish(),
  action: z.enum(TEAM_ACTIONS, { message: 'Choose check_in, check_out, break_start, break_end or move.' }).nullish(),
  team: z.array(id).min(1, 'Choose at least one staff member.').max(50, 'At most 50 staff members at once.').nullish(),
  time: localTime.nullish(),
  date: localDate.nullish(),
  break: z
    .number()
    .int('Break minutes are whole minutes.')
    .min(0, 'Break minutes cannot be negative.')
    .max(720, 'A break is at most 720 minutes.')
    .nullish(),
  id: id.nullish(),
  location_id: id.nullish(),
  pin: pinArg.nullish(),
  request_id: requestIdArg.nullish(),
});

/** Teachers recording their own punch may be this far from now; managers up to 7 days back. */
const SELF_TOLERANCE_MS = 15 * 60_000;

export interface PunchBatch {
  locationId: string;
  outcomes: PunchOutcome[];
  ratios: Map<string, RoomRatio>;
}

/** After the punches of one transaction: ratios of the rooms touched (alerts via the outbox) and the audit rows. */
export async function afterPunches(
  trx: Knex.Transaction,
  env: NotifyEnv,
  locationId: string,
  outcomes: PunchOutcome[],
  actor: { id: string; support_session_id: string | null; label: string | null; ip: string },
): Promise<Map<string, RoomRatio>> {
  const ratios = await refreshRoomRatios(
    trx,
    env,
    outcomes.flatMap((o) => o.programs),
  );
  await repo.auditRows(
    trx,
    outcomes
      .filter((o) => !o.replayed && o.status && o.record)
      .map((o) => ({
        action: `timeclock.${o.type}`,
        entity: 'staff_attendance',
        entity_id: String(o.record!.id),
        location_id: locationId,
        actor_user_id: actor.id,
        support_session_id: actor.support_session_id,
        actor_label: actor.label,
        ip: actor.ip,
        data: { name: `${o.member.fname} ${o.member.lname}`, user_id: o.user_id },
      })),
  );
  return ratios;
}

export function publishPunches(ctx: RequestContext, batch: PunchBatch): void {
  publishAttendance(
    ctx,
    batch.outcomes
      .filter((o) => !o.replayed && o.status)
      .map((o) => ({
        location_id: batch.locationId,
        kind: 'staff' as const,
        type: o.type,
        student_id: null,
        user_id: o.user_id,
        program_id: o.record?.program_id ? String(o.record.program_id) : null,
        record_id: o.record ? String(o.record.id) : null,
        at: new Date().toISOString(),
      })),
  );
  publishRatios(ctx, batch.locationId, [...batch.ratios.values()]);
}

export function summarise(outcomes: PunchOutcome[]) {
  const ok = outcomes.every((o) => o.status);
  const types = new Set(outcomes.map((o) => o.type));
  return {
    status: ok,
    message: outcomes.map((o) => o.message).join(' '),
    color: ok ? 'success' : outcomes.some((o) => o.status) ? 'warning' : 'danger',
    type: types.size === 1 ? [...types][0]! : 'mixed',
    results: outcomes,
  };
}

/**
 * Spec §7 `saveTeamAttendance(program_id, action, team, time, date, break, id)`: clocks staff in
 * or out of a room, starts or ends a break, or moves them to another room. Staff clock themselves
 * at their locations; a staff session with a member's `pin` is the kiosk; managers act for the
 * team of the locations they manage, may give another time (up to 7 days back) and act on a
 * record by `id`. `break` adds minutes of break at check-out.
 */
export async function saveTeamAttendance(ctx: RequestContext, raw: unknown) {
  const staff = await selfClockScope(ctx);
  const a = parseArgs(args, raw);
  const v = ctx.viewer!;
  let record: repo.StaffRecordRow | undefined;
  if (a.id) {
    [record] = await repo.findStaffRecords(ctx.db, [a.id]);
    if (!record) throw staffRecordNotFound();
  }
  let locationId = record ? String(record.location_id) : (a.location_id ?? null);
  if (a.program_id) {
    const loc = await programLocation(ctx, a.program_id, locationId);
    locationId = loc;
  }
  if (!locationId) throw locationRequired();
  if (!reaches(staff, locationId)) throw record ? staffRecordNotFound() : teamMemberNotFound('location_id');

  let team: string[];
  let method = 'web';
  let manager = false;
  if (a.pin) {
    const holder = await pinHolder(ctx, a.pin);
    team = [holder.id];
    method = 'kiosk';
  } else {
    team = [...new Set(a.team ?? (record ? [String(record.user_id)] : [v.id]))].sort((x, y) => Number(x) - Number(y));
    if (team.some((u) => u !== v.id) || a.id) {
      const scope = await teamClockScope(ctx);
      await assertLocations(ctx, scope, [locationId]).catch(() => {
        throw teamMemberNotFound();
      });
      manager = true;
    } else manager = roleAtLeast(v.role, 'manager');
  }
  if (record && team.some((u) => u !== String(record!.user_id))) throw teamMemberNotFound();
  const members = await repo.teamMembers(ctx.db, locationId, team);
  if (members.length !== team.length) throw teamMemberNotFound(a.pin ? 'pin' : 'team');

  const loc = await locationInfo(ctx.db, locationId);
  const now = new Date();
  const local = localParts(now, loc!.timezone);
  let at = now;
  let date = local.date;
  let time = local.time;
  if ((a.date || a.time) && method !== 'kiosk') {
    date = a.date ?? local.date;
    time = a.time ?? local.time;
    at = zonedInstant(date, time, loc!.timezone);
    if (at.getTime() > now.getTime() + 5 * 60_000) throw badTime(a.time ? 'time' : 'date', 'The time cannot be in the future.');
    if (!manager && Math.abs(at.getTime() - now.getTime()) > SELF_TOLERANCE_MS)
      throw badTime('time', 'Only a manager can record a punch at another time.');
    if (at.getTime() < now.getTime() - 7 * 86_400_000) throw badTime('date', 'For older days, correct the record instead.');
  }
  // A replay key only from the client's request_id (see saveStudentCheckInOut): a key derived
  // from the minute took in → out → in within it for a repeat of the first punch.
  const keyBase = a.request_id ? `r:${v.id}:${a.request_id}` : null;
  const batch = await inTransaction(ctx, async (trx) => {
    const outcomes: PunchOutcome[] = [];
    for (const m of members.sort((x, y) => Number(x.id) - Number(y.id))) {
      outcomes.push(
        await punch(trx, {
          member: m,
          locationId: locationId!,
          programId: a.program_id ?? null,
          action: (a.action as TeamAction | null | undefined) ?? null,
          at,
          date,
          by: v.id,
          method,
          key: keyBase === null ? null : `s:${keyBase}:${m.id}`,
          breakMinutes: a.break ?? null,
          recordId: a.id ?? null,
        }),
      );
    }
    const ratios = await afterPunches(trx, envOf(ctx), locationId!, outcomes, {
      id: v.id,
      support_session_id: v.support?.sessionId ?? null,
      label: v.support?.operator ?? null,
      ip: ctx.ip,
    });
    return { locationId: locationId!, outcomes, ratios };
  });
  publishPunches(ctx, batch);
  return summarise(batch.outcomes);
}

async function programLocation(ctx: RequestContext, programId: string, locationId: string | null): Promise<string> {
  if (locationId) {
    if (!(await programsOfLocation(ctx.db, [programId], locationId)).length) throw roomNotFound();
    return locationId;
  }
  const row = await repo.programLocationOf(ctx.db, programId);
  if (!row) throw roomNotFound();
  return row;
}

/** The team of a location with who is clocked in, on a break, elsewhere or not in, and today's hours. */
export async function getTeamAttendance(ctx: RequestContext, raw: unknown) {
  const scope = await selfClockScope(ctx);
  const a = parseArgs(z.object({ location_id: id, ...pageArgs }), raw);
  await assertLocations(ctx, scope, [a.location_id]);
  const loc = await locationInfo(ctx.db, a.location_id);
  const date = localParts(new Date(), loc!.timezone).date;
  const { rows, total } = await repo.teamWithState(ctx.db, a.location_id, date, a.page, a.first);
  const data = rows.map((r) => {
    const here = r.record_id !== null && String(r.record_location_id) === a.location_id;
    return {
      user: { id: String(r.id), fname: r.fname, lname: r.lname },
      state: !r.record_id ? 'not_in' : !here ? 'elsewhere' : r.break_started_at ? 'on_break' : 'clocked_in',
      record_id: here ? String(r.record_id) : null,
      program_id: here && r.program_id ? String(r.program_id) : null,
      break_started_at: r.break_started_at ? r.break_started_at.toISOString() : null,
      hours_today: Math.max(0, Math.round(Number(r.hours_today) * 100) / 100),
    };
  });
  return { ...paginated(data, total, a.page, a.first), date };
}
