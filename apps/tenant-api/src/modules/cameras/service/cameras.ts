import { z } from 'zod';
import type { Knex } from 'knex';
import { fields, notFound, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { cameraManageScope } from '../policy.ts';
import { cameraNotFound, colorTaken } from '../errors.ts';
import { assertLocations, type LocationScope } from '../../../core/access.ts';
import { audit, diff } from '../../../core/audit.ts';
import { hexColour, id, idList } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { applyNamedSchedule, scheduleDatesInput, schedulesInScope, findSchedules } from '../../schedules/index.ts';
import { findGroups, findPrograms } from '../../rooms/index.ts';

export const cameraName = fields.name('Camera name');
export const cameraCode = z.string().trim().min(1, 'Camera code is required.').max(200, 'Camera code must be at most 200 characters.');
export const externalId = z.string().trim().max(100, 'Camera id must be at most 100 characters.').nullish();

/** Cameras in scope by id (one query plus the scope check), or NOT_FOUND. */
export async function camerasInScope(ctx: RequestContext, scope: LocationScope, ids: readonly string[]): Promise<repo.CameraRow[]> {
  const wanted = [...new Set(ids)];
  const rows = wanted.length ? await repo.findCameras(ctx.db, wanted) : [];
  if (rows.length !== wanted.length) throw cameraNotFound();
  await assertLocations(
    ctx,
    scope,
    rows.map((r) => r.location_id),
  ).catch(() => {
    throw cameraNotFound();
  });
  return rows;
}

/** A room, groups and a schedule given for a camera must belong to its location. */
export async function assertLinks(
  ctx: RequestContext,
  locationId: string,
  links: { program_id?: string | null; groups?: readonly string[] | null; schedule_id?: string | null },
) {
  const same = (r: { location_id: string }) => String(r.location_id) === String(locationId);
  if (links.program_id) {
    const [p] = await findPrograms(ctx.db, [links.program_id]);
    if (!p || !same(p)) throw notFound('Room not found.');
  }
  if (links.groups?.length) {
    const wanted = [...new Set(links.groups)];
    const gs = await findGroups(ctx.db, wanted);
    if (gs.length !== wanted.length || !gs.every(same)) throw notFound('Camera group not found.');
  }
  if (links.schedule_id) {
    const [s] = await findSchedules(ctx.db, [links.schedule_id]);
    if (!s || !same(s)) throw notFound('Schedule not found.');
  }
}

export function mapColorViolation(e: unknown): never {
  if ((e as { constraint?: string })?.constraint === 'cameras_location_color_unique') throw colorTaken();
  throw e;
}

// ── writes ───────────────────────────────────────────────────────────────────

const links = {
  camera_id: externalId,
  status: z.boolean().nullish(),
  program_id: id.nullish(),
  groups: idList.nullish(),
  schedule_id: id.nullish(),
  scheduledates: scheduleDatesInput.nullish(),
};

const createInput = z.object({
  name: cameraName,
  code: cameraCode,
  color_code: hexColour,
  location_id: id,
  schedule_name: z.string().trim().max(100, 'The schedule name must be at most 100 characters.').nullish(),
  ...links,
});

const updateInput = z.object({
  id,
  name: cameraName,
  code: cameraCode,
  color_code: hexColour,
  location_id: id,
  schedule_name: z.string().trim().min(1, 'Schedule name is required.').max(100, 'The schedule name must be at most 100 characters.'),
  ...links,
});

async function scheduleFor(
  ctx: RequestContext,
  trx: Knex.Transaction,
  locationId: string,
  args: {
    schedule_id?: string | null;
    schedule_name?: string | null;
    scheduledates?: { day: string; start_time: string; end_time: string }[] | null;
  },
) {
  if (args.schedule_id) return args.schedule_id;
  if (args.schedule_name) return applyNamedSchedule(ctx, trx, locationId, args.schedule_name, args.scheduledates ?? undefined);
  return null;
}

const CHANGE_KEYS = ['name', 'code', 'color_code', 'camera_id', 'status', 'order', 'location_id', 'program_id', 'schedule_id'];

/** Creates a camera with its room, groups and schedule (spec §5: name, code, color_code, location_id). */
export async function createCamera(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(createInput, raw);
  await assertLocations(ctx, scope, [args.location_id]);
  await assertLinks(ctx, args.location_id, args);
  if (await repo.colorTaken(ctx.db, args.location_id, args.color_code)) throw colorTaken();
  const camera = await ctx.db
    .transaction(async (trx) => {
      const scheduleId = await scheduleFor(ctx, trx, args.location_id, args);
      const [row] = await repo.insertCameras(trx, [
        {
          location_id: args.location_id,
          name: args.name,
          code: args.code,
          color_code: args.color_code,
          camera_id: args.camera_id ?? null,
          status: args.status ?? true,
          program_id: args.program_id ?? null,
          schedule_id: scheduleId,
          order: await repo.nextOrder(trx, args.location_id),
        },
      ]);
      if (args.groups?.length) await repo.setGroupsOfCamera(trx, row!.id, args.groups);
      await audit(ctx, trx, {
        action: 'camera.create',
        entity: 'camera',
        entity_id: row!.id,
        location_id: args.location_id,
        data: { name: row!.name },
      });
      return row!;
    })
    .catch(mapColorViolation);
  return { ...notice('Camera created.'), camera };
}

/** Saves a camera; moving it to another location needs both locations in scope. */
export async function updateCamera(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(updateInput, raw);
  const [before] = await camerasInScope(ctx, scope, [args.id]);
  const moved = String(before!.location_id) !== String(args.location_id);
  await assertLocations(ctx, scope, [args.location_id]);
  await assertLinks(ctx, args.location_id, args);
  if (await repo.colorTaken(ctx.db, args.location_id, args.color_code, args.id)) throw colorTaken();
  const camera = await ctx.db
    .transaction(async (trx) => {
      const patch: Record<string, unknown> = {
        name: args.name,
        code: args.code,
        color_code: args.color_code,
        location_id: args.location_id,
      };
      if (args.camera_id !== undefined) patch.camera_id = args.camera_id;
      if (args.status !== undefined && args.status !== null) patch.status = args.status;
      if (args.program_id !== undefined) patch.program_id = args.program_id;
      else if (moved) patch.program_id = null;
      if (moved) patch.order = await repo.nextOrder(trx, args.location_id);
      patch.schedule_id = await scheduleFor(ctx, trx, args.location_id, args);
      const row = await repo.updateCamera(trx, args.id, patch);
      if (args.groups) await repo.setGroupsOfCamera(trx, args.id, args.groups);
      else if (moved) await repo.setGroupsOfCamera(trx, args.id, []);
      const changes = diff(before!, row, CHANGE_KEYS);
      if (Object.keys(changes).length || args.groups) {
        await audit(ctx, trx, {
          action: 'camera.update',
          entity: 'camera',
          entity_id: args.id,
          location_id: args.location_id,
          data: { name: row.name, changes, ...(args.groups ? { groups: args.groups } : {}) },
        });
        if (moved)
          await audit(ctx, trx, {
            action: 'camera.update',
            entity: 'camera',
            entity_id: args.id,
            location_id: before!.location_id,
            data: { name: row.name, changes: { location_id: changes.location_id } },
          });
      }
      return row;
    })
    .catch(mapColorViolation);
  return { ...notice('Camera saved.'), camera };
}

export async function deleteCamera(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const [cam] = await camerasInScope(ctx, scope, [args.id]);
  await ctx.db.transaction(async (trx) => {
    await repo.softDeleteCamera(trx, args.id);
    await audit(ctx, trx, {
      action: 'camera.delete',
      entity: 'camera',
      entity_id: args.id,
      location_id: cam!.location_id,
      data: { name: cam!.name },
    });
  });
  return { ...notice('Camera deleted.'), id: args.id };
}

/** Camera status on/off (spec §4: camera status is boolean). */
export async function updateCameraStatus(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(z.object({ id, status: z.boolean() }), raw);
  const [cam] = await camerasInScope(ctx, scope, [args.id]);
  const camera = await ctx.db.transaction(async (trx) => {
    const row = await repo.updateCamera(trx, args.id, { status: args.status });
    if (cam!.status !== args.status)
      await audit(ctx, trx, {
        action: 'camera.status',
        entity: 'camera',
        entity_id: args.id,
        location_id: cam!.location_id,
        data: { name: cam!.name, changes: { status: [cam!.status, args.status] } },
      });
    return row;
  });
  return { ...notice(args.status ? 'Camera turned on.' : 'Camera turned off.'), camera };
}

/** Drag-and-drop order: the listed cameras first, in that order, then the rest as they were. */
export async function saveCameraOrder(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(z.object({ location_id: id, cameras: idList.min(1, 'List the cameras in their new order.') }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const all = await repo.camerasOfLocation(ctx.db, args.location_id);
  const ofLocation = new Set(all.map((c) => String(c.id)));
  if (args.cameras.some((c) => !ofLocation.has(c))) throw cameraNotFound();
  const listed = [...new Set(args.cameras)];
  const order = [...listed, ...all.map((c) => String(c.id)).filter((c) => !listed.includes(c))];
  await ctx.db.transaction(async (trx) => {
    await repo.setOrder(trx, order);
    await audit(ctx, trx, {
      action: 'camera.order',
      entity: 'location',
      entity_id: args.location_id,
      location_id: args.location_id,
      data: { changes: { order: [all.map((c) => String(c.id)), order] } },
    });
  });
  return { ...notice('Camera order saved.'), cameras: await repo.camerasOfLocation(ctx.db, args.location_id) };
}

/** Gives many cameras one schedule (or none): all of them in the schedule's location. */
export async function applyScheduleToCameras(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(z.object({ schedule_id: id.nullish(), cameras: idList.min(1, 'Choose at least one camera.') }), raw);
  const cams = await camerasInScope(ctx, scope, args.cameras);
  const schedule = args.schedule_id ? (await schedulesInScope(ctx, scope, [args.schedule_id]))[0] : null;
  if (schedule && cams.some((c) => String(c.location_id) !== String(schedule.location_id))) throw cameraNotFound();
  await ctx.db.transaction(async (trx) => {
    await repo.setSchedule(
      trx,
      cams.map((c) => c.id),
      schedule?.id ?? null,
    );
    for (const c of cams) {
      if (String(c.schedule_id ?? '') === String(schedule?.id ?? '')) continue;
      await audit(ctx, trx, {
        action: 'schedule.apply',
        entity: 'camera',
        entity_id: c.id,
        location_id: c.location_id,
        data: { name: c.name, changes: { schedule_id: [c.schedule_id, schedule?.id ?? null] } },
      });
    }
  });
  return {
    ...notice(schedule ? `Schedule applied to ${cams.length} camera${cams.length === 1 ? '' : 's'}.` : 'Schedule removed.'),
    cameras: await repo.findCameras(
      ctx.db,
      cams.map((c) => c.id),
    ),
  };
}
