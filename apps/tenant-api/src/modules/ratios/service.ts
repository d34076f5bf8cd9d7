import { z } from 'zod';
import type { Knex } from 'knex';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { ratioEffects, ratioEnvOf, type RatioEnv } from './effects-port.ts';
import * as repo from './repo.ts';
import { ratioManageScope, ratioReadScope } from './policy.ts';
import { ratioRoomNotFound } from './errors.ts';
import { assertLocations } from '../../core/access.ts';
import { audit } from '../../core/audit.ts';
import { id } from '../../core/args.ts';
import { notice } from '../../core/result.ts';
import { inTransaction } from '../../core/tx.ts';

export type RatioStatus = 'ok' | 'warning' | 'out_of_ratio' | 'not_set';

export interface RoomRatio {
  program_id: string;
  name: string;
  color_code: string | null;
  location_id: string;
  ratio_children: number | null;
  ratio_staff: number | null;
  ratio: string | null;
  children_present: number;
  staff_present: number;
  staff_required: number;
  status: RatioStatus;
  expected_arrivals: number;
  projected_children: number;
  projected_staff_required: number;
  projected_status: RatioStatus;
  spare_places: number | null;
}

/** Staff needed for `children` at `c` children per `s` staff: ⌈children × s / c⌉. */
export const staffRequired = (children: number, c: number, s: number) => (children <= 0 ? 0 : Math.ceil((children * s) / c));

/**
 * The ratio maths of one room. `status`: `not_set` without a ratio; `out_of_ratio` when the staff
 * present are fewer than required now; `warning` when they suffice now but not once the children
 * expected in the next 30 minutes arrive; `ok` otherwise. `projected_status` is the status once
 * those children are here.
 */
export function ratioOf(row: repo.RatioSnapshotRow): RoomRatio {
  const base = {
    program_id: row.program_id,
    name: row.name,
    color_code: row.color_code,
    location_id: row.location_id,
    ratio_children: row.ratio_children,
    ratio_staff: row.ratio_staff,
    children_present: row.children_present,
    staff_present: row.staff_present,
    expected_arrivals: row.expected_arrivals,
    projected_children: row.children_present + row.expected_arrivals,
  };
  if (!row.ratio_children || !row.ratio_staff) {
    return {
      ...base,
      ratio: null,
      staff_required: 0,
      projected_staff_required: 0,
      status: 'not_set',
      projected_status: 'not_set',
      spare_places: null,
    };
  }
  const c = row.ratio_children;
  const s = row.ratio_staff;
  const required = staffRequired(row.children_present, c, s);
  const projectedRequired = staffRequired(base.projected_children, c, s);
  const now = row.staff_present >= required;
  const later = row.staff_present >= projectedRequired;
  return {
    ...base,
    ratio: `${c}:${s}`,
    staff_required: required,
    projected_staff_required: projectedRequired,
    status: !now ? 'out_of_ratio' : later ? 'ok' : 'warning',
    projected_status: later ? 'ok' : 'out_of_ratio',
    spare_places: Math.max(0, Math.floor((row.staff_present * c) / s) - row.children_present),
  };
}

/** Read-only ratios of rooms (no locks, no alerts). */
export async function snapshot(db: Knex | Knex.Transaction, programIds: readonly string[]): Promise<RoomRatio[]> {
  return (await repo.ratioSnapshot(db, programIds)).map(ratioOf);
}

/**
 * The live ratios of rooms, read without a lock, and those of them whose status is not the one
 * last recorded: only these need `refreshRoomRatios` (which locks, records and alerts). Read after
 * the caller's commit, so of concurrent writers the last to commit always sees the final counts.
 */
export async function liveRatios(db: Knex, programIds: readonly string[]): Promise<{ ratios: Map<string, RoomRatio>; moved: string[] }> {
  const rows = await repo.ratioSnapshot(db, programIds);
  const ratios = new Map<string, RoomRatio>();
  const moved: string[] = [];
  for (const row of rows) {
    const room = ratioOf(row);
    ratios.set(room.program_id, room);
    if (room.status !== (row.recorded_status ?? 'not_set')) moved.push(room.program_id);
  }
  return { ratios, moved };
}

/**
 * Recomputes the ratio of rooms inside a write transaction, after its check-ins or clock-ins:
 * the rooms' last states are locked first (so the counts include every earlier commit), and when
 * a room goes out of ratio — or will in the next 30 minutes — its team is told once, through the
 * outbox of this transaction. Returns the fresh ratios by room.
 */
export async function refreshRoomRatios(
  trx: Knex.Transaction,
  env: RatioEnv,
  programIds: readonly string[],
): Promise<Map<string, RoomRatio>> {
  const ids = [...new Set(programIds.filter(Boolean).map(String))];
  if (!ids.length) return new Map();
  const before = await repo.lockRatioStates(trx, ids);
  const rooms = await snapshot(trx, ids);
  for (const room of rooms) {
    const prev = before.get(room.program_id);
    if (prev && prev.status === room.status) continue;
    await repo.saveRatioState(trx, room.program_id, {
      status: room.status,
      projected_status: room.projected_status,
      children: room.children_present,
      staff: room.staff_present,
    });
    const location = await repo.locationName(trx, room.location_id);
    const data = {
      room: room.name,
      location,
      children: String(room.children_present),
      staff: String(room.staff_present),
      required: String(room.status === 'warning' ? room.projected_staff_required : room.staff_required),
      ratio: room.ratio ?? '',
      expected: String(room.expected_arrivals),
    };
    if (room.status === 'out_of_ratio') await ratioEffects.use.notifyTeam(trx, env, room.location_id, 'ratio-alert', data);
    else if (room.status === 'warning' && prev?.status !== 'out_of_ratio')
      await ratioEffects.use.notifyTeam(trx, env, room.location_id, 'ratio-warning', data);
  }
  return new Map(rooms.map((r) => [r.program_id, r]));
}

// ── operations ──────────────────────────────────────────────────────────────

/** `/room-ratio` and the dashboard widget: every room of a location with its live ratio. */
export async function getRoomRatio(ctx: RequestContext, raw: unknown) {
  const scope = await ratioReadScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return snapshot(ctx.db, await repo.programIdsOfLocation(ctx.db, args.location_id));
}

const count = (label: string) =>
  z.number().int(`${label} must be a whole number.`).min(1, `${label} must be at least 1.`).max(100, `${label} must be at most 100.`);

/** Sets the required child:staff ratio of a room (e.g. children 4, staff 1 for 4:1). */
export async function saveRoomRatio(ctx: RequestContext, raw: unknown) {
  const scope = await ratioManageScope(ctx);
  const args = parseArgs(z.object({ program_id: id, children: count('Children'), staff: count('Staff').nullish() }), raw);
  const room = await repo.findProgram(ctx.db, args.program_id);
  if (!room) throw ratioRoomNotFound();
  await assertLocations(ctx, scope, [room.location_id]).catch(() => {
    throw ratioRoomNotFound();
  });
  const staff = args.staff ?? 1;
  const { ratio, before } = await inTransaction(ctx, async (trx) => {
    const prev = await repo.findRatio(trx, room.id);
    await repo.upsertRatio(trx, {
      program_id: room.id,
      location_id: room.location_id,
      children: args.children,
      staff,
      updated_by: ctx.viewer!.id,
    });
    await audit(ctx, trx, {
      action: 'room.ratio',
      entity: 'room',
      entity_id: room.id,
      location_id: room.location_id,
      data: { name: room.name, changes: { ratio: [prev ? `${prev.children}:${prev.staff}` : null, `${args.children}:${staff}`] } },
    });
    const fresh = await refreshRoomRatios(trx, ratioEnvOf(ctx), [room.id]);
    // The tick re-checks ratios every 5 minutes (warnings as expected arrivals approach).
    await ratioEffects.use.scheduleTick(trx, ctx.tenant.id, ctx.tenant.name);
    return { ratio: fresh.get(room.id)!, before: prev };
  });
  ratioEffects.use.publishRatios(ctx, room.location_id, [ratio]);
  return { ...notice(before ? 'Room ratio saved.' : 'Room ratio set.'), room_ratio: ratio };
}

/** Removes a room's required ratio. */
export async function removeRoomRatio(ctx: RequestContext, raw: unknown) {
  const scope = await ratioManageScope(ctx);
  const args = parseArgs(z.object({ program_id: id }), raw);
  const room = await repo.findProgram(ctx.db, args.program_id);
  if (!room) throw ratioRoomNotFound();
  await assertLocations(ctx, scope, [room.location_id]).catch(() => {
    throw ratioRoomNotFound();
  });
  const ratio = await inTransaction(ctx, async (trx) => {
    const prev = await repo.findRatio(trx, room.id);
    await repo.deleteRatio(trx, room.id);
    if (prev)
      await audit(ctx, trx, {
        action: 'room.ratio',
        entity: 'room',
        entity_id: room.id,
        location_id: room.location_id,
        data: { name: room.name, changes: { ratio: [`${prev.children}:${prev.staff}`, null] } },
      });
    return (await refreshRoomRatios(trx, ratioEnvOf(ctx), [room.id])).get(room.id)!;
  });
  ratioEffects.use.publishRatios(ctx, room.location_id, [ratio]);
  return { ...notice('Room ratio removed.'), room_ratio: ratio };
}
