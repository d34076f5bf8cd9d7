import { z } from 'zod';
import { fields, notFound, parseArgs } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { roomCameras, type GroupCamera } from './cameras-port.ts';
import * as repo from './repo.ts';
import { groupManageScope, roomManageScope, roomReadScope } from './policy.ts';
import { mapUniqueViolations } from '../../core/tx.ts';
import { groupNameTaken, groupNotFound, roomHasStudents, roomNameTaken, roomNotFound } from './errors.ts';
import { assertLocations, type LocationScope } from '../../core/access.ts';
import { audit, diff } from '../../core/audit.ts';
import { hexColour, id, idList } from '../../core/args.ts';
import { notice } from '../../core/result.ts';

const roomName = fields.name('Room name').pipe(z.string().max(150, 'Room name must be at most 150 characters.'));
const groupName = fields.name('Group name');

/** Rows of one kind, all inside the scope; otherwise NOT_FOUND (never confirming they exist). */
async function inScope<T extends { location_id: string }>(
  ctx: RequestContext,
  scope: LocationScope,
  rows: T[],
  wanted: number,
  missing: () => Error,
): Promise<T[]> {
  if (rows.length !== wanted) throw missing();
  await assertLocations(
    ctx,
    scope,
    rows.map((r) => r.location_id),
  ).catch(() => {
    throw missing();
  });
  return rows;
}

const programsInScope = async (ctx: RequestContext, scope: LocationScope, ids: string[]) =>
  inScope(ctx, scope, await repo.findPrograms(ctx.db, ids), new Set(ids).size, roomNotFound);
const groupsInScope = async (ctx: RequestContext, scope: LocationScope, ids: string[]) =>
  inScope(ctx, scope, await repo.findGroups(ctx.db, ids), new Set(ids).size, groupNotFound);

/** Cameras that must all belong to one location (a group's cameras); otherwise NOT_FOUND. */
async function camerasOf(ctx: RequestContext, locationId: string, ids: readonly string[]): Promise<GroupCamera[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const rows = await roomCameras.use.findCameras(ctx.db, wanted);
  if (rows.length !== wanted.length || rows.some((c) => String(c.location_id) !== String(locationId))) throw notFound('Camera not found.');
  return rows;
}

// ── rooms (programs) ─────────────────────────────────────────────────────────

const roomFields = { color_code: hexColour.nullish(), camera_group_id: id.nullish() };

async function assertGroupOf(ctx: RequestContext, locationId: string, groupId: string | null | undefined) {
  if (!groupId) return;
  const [g] = await repo.findGroups(ctx.db, [groupId]);
  if (!g || String(g.location_id) !== String(locationId)) throw groupNotFound();
}

export async function roomsByLocation(ctx: RequestContext, raw: unknown) {
  const scope = await roomReadScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return (await repo.programsByLocationIds(ctx.db, [args.location_id])).get(args.location_id) ?? [];
}

/** Unique names can still race the checks before them: the violation is the same field error. */
const ROOM_NAME = { programs_location_name_unique: roomNameTaken };
const GROUP_NAME = { camera_groups_location_name_unique: groupNameTaken };

export async function createRoom(ctx: RequestContext, raw: unknown) {
  const scope = await roomManageScope(ctx);
  const args = parseArgs(z.object({ location_id: id, name: roomName, ...roomFields }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  await assertGroupOf(ctx, args.location_id, args.camera_group_id);
  if (await repo.programNameTaken(ctx.db, args.location_id, args.name)) throw roomNameTaken();
  const room = await mapUniqueViolations(
    ctx.db.transaction(async (trx) => {
      const row = await repo.insertProgram(trx, {
        location_id: args.location_id,
        name: args.name,
        color_code: args.color_code ?? null,
        camera_group_id: args.camera_group_id ?? null,
      });
      await audit(ctx, trx, {
        action: 'room.create',
        entity: 'room',
        entity_id: row.id,
        location_id: args.location_id,
        data: { name: row.name },
      });
      return row;
    }),
    ROOM_NAME,
  );
  return { ...notice('Room created.'), room };
}

export async function updateRoom(ctx: RequestContext, raw: unknown) {
  const scope = await roomManageScope(ctx);
  const args = parseArgs(z.object({ id, name: roomName.optional(), ...roomFields }), raw);
  const [before] = await programsInScope(ctx, scope, [args.id]);
  await assertGroupOf(ctx, before!.location_id, args.camera_group_id);
  if (args.name && (await repo.programNameTaken(ctx.db, before!.location_id, args.name, args.id))) throw roomNameTaken();
  const patch: Record<string, unknown> = {};
  for (const k of ['name', 'color_code', 'camera_group_id'] as const) if (args[k] !== undefined) patch[k] = args[k];
  const room = await mapUniqueViolations(
    ctx.db.transaction(async (trx) => {
      const row = await repo.updateProgram(trx, args.id, patch);
      const changes = diff(before!, row, ['name', 'color_code', 'camera_group_id']);
      if (Object.keys(changes).length)
        await audit(ctx, trx, {
          action: 'room.update',
          entity: 'room',
          entity_id: args.id,
          location_id: row.location_id,
          data: { name: row.name, changes },
        });
      return row;
    }),
    ROOM_NAME,
  );
  return { ...notice('Room saved.'), room };
}

export async function deleteRoom(ctx: RequestContext, raw: unknown) {
  const scope = await roomManageScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const [room] = await programsInScope(ctx, scope, [args.id]);
  const students = await repo.activeStudentsInProgram(ctx.db, args.id);
  if (students > 0) throw roomHasStudents(students);
  await ctx.db.transaction(async (trx) => {
    await roomCameras.use.clearRoom(trx, args.id);
    await repo.softDeleteProgram(trx, args.id);
    await audit(ctx, trx, {
      action: 'room.delete',
      entity: 'room',
      entity_id: args.id,
      location_id: room!.location_id,
      data: { name: room!.name },
    });
  });
  return { ...notice('Room deleted.'), id: args.id };
}

// ── camera groups ────────────────────────────────────────────────────────────

export async function groupsByLocation(ctx: RequestContext, raw: unknown) {
  const scope = await roomReadScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return (await repo.groupsByLocationIds(ctx.db, [args.location_id])).get(args.location_id) ?? [];
}

export async function getGroupCameras(ctx: RequestContext, raw: unknown) {
  const scope = await roomReadScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const [group] = await groupsInScope(ctx, scope, [args.id]);
  const ids = await repo.groupCameraIds(ctx.db, group!.id);
  const cams = ids.length ? await roomCameras.use.findCameras(ctx.db, ids) : [];
  return cams.sort((a, b) => a.order - b.order || Number(a.id) - Number(b.id));
}

export async function createLocationGroup(ctx: RequestContext, raw: unknown) {
  const scope = await groupManageScope(ctx);
  const args = parseArgs(z.object({ location_id: id, name: groupName, cameras: idList.nullish() }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const cameras = await camerasOf(ctx, args.location_id, args.cameras ?? []);
  if (await repo.groupNameTaken(ctx.db, args.location_id, args.name)) throw groupNameTaken();
  const group = await mapUniqueViolations(
    ctx.db.transaction(async (trx) => {
      const row = await repo.insertGroup(trx, { location_id: args.location_id, name: args.name });
      await repo.setGroupCameras(
        trx,
        row.id,
        cameras.map((c) => c.id),
      );
      await audit(ctx, trx, {
        action: 'group.create',
        entity: 'group',
        entity_id: row.id,
        location_id: args.location_id,
        data: { name: row.name, cameras: cameras.map((c) => c.id) },
      });
      return row;
    }),
    GROUP_NAME,
  );
  return { ...notice('Camera group created.'), group };
}

export async function updateGroupCamera(ctx: RequestContext, raw: unknown) {
  const scope = await groupManageScope(ctx);
  const args = parseArgs(z.object({ id, cameras: idList }), raw);
  const [group] = await groupsInScope(ctx, scope, [args.id]);
  const cameras = await camerasOf(ctx, group!.location_id, args.cameras);
  const row = await ctx.db.transaction(async (trx) => {
    const old = await repo.groupCameraIds(trx, args.id);
    const next = cameras.map((c) => String(c.id)).sort((a, b) => Number(a) - Number(b));
    await repo.setGroupCameras(trx, args.id, next);
    if (old.join(',') !== next.join(','))
      await audit(ctx, trx, {
        action: 'group.update',
        entity: 'group',
        entity_id: args.id,
        location_id: group!.location_id,
        data: { name: group!.name, changes: { cameras: [old, next] } },
      });
    return repo.touchGroup(trx, args.id);
  });
  return { ...notice('Group cameras saved.'), group: row };
}

export async function updateLocationGroupName(ctx: RequestContext, raw: unknown) {
  const scope = await groupManageScope(ctx);
  const args = parseArgs(z.object({ id, name: groupName }), raw);
  const [group] = await groupsInScope(ctx, scope, [args.id]);
  if (await repo.groupNameTaken(ctx.db, group!.location_id, args.name, args.id)) throw groupNameTaken();
  const row = await mapUniqueViolations(
    ctx.db.transaction(async (trx) => {
      const updated = await repo.renameGroup(trx, args.id, args.name);
      await audit(ctx, trx, {
        action: 'group.update',
        entity: 'group',
        entity_id: args.id,
        location_id: group!.location_id,
        data: { name: updated.name, changes: { name: [group!.name, updated.name] } },
      });
      return updated;
    }),
    GROUP_NAME,
  );
  return { ...notice('Group renamed.'), group: row };
}

export async function deleteLocationGroup(ctx: RequestContext, raw: unknown) {
  const scope = await groupManageScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const [group] = await groupsInScope(ctx, scope, [args.id]);
  await ctx.db.transaction(async (trx) => {
    await repo.deleteGroup(trx, args.id);
    await audit(ctx, trx, {
      action: 'group.delete',
      entity: 'group',
      entity_id: args.id,
      location_id: group!.location_id,
      data: { name: group!.name },
    });
  });
  return { ...notice('Camera group deleted.'), id: args.id };
}

// ── relation fields (loaders); the parent objects were authorised by their own query ──

export const programsByLocation = (ctx: RequestContext, ids: readonly string[]) => repo.programsByLocationIds(ctx.db, ids);
export const groupsOfLocations = (ctx: RequestContext, ids: readonly string[]) => repo.groupsByLocationIds(ctx.db, ids);
export const studentCounts = (ctx: RequestContext, ids: readonly string[]) => repo.studentCounts(ctx.db, ids);
export async function groupsById(ctx: RequestContext, ids: readonly string[]) {
  return new Map((ids.length ? await repo.findGroups(ctx.db, ids) : []).map((g) => [String(g.id), g]));
}
export async function programsById(ctx: RequestContext, ids: readonly string[]) {
  return new Map((ids.length ? await repo.findPrograms(ctx.db, ids) : []).map((p) => [String(p.id), p]));
}
