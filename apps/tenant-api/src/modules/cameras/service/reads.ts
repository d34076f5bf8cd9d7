import { z } from 'zod';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { cameraManageScope, cameraReadScope } from '../policy.ts';
import { cameraNotFound } from '../errors.ts';
import { camerasInScope } from './cameras.ts';
import { assertLocations } from '../../../core/access.ts';
import { id, pageArgs, paginated } from '../../../core/args.ts';
import { pageEntityHistory } from '../../locations/index.ts';

export async function locationCameras(ctx: RequestContext, raw: unknown) {
  const scope = await cameraReadScope(ctx);
  const args = parseArgs(z.object({ location_id: id, status: z.boolean().nullish(), program_id: id.nullish(), ...pageArgs }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const { rows, total } = await repo.pageCameras(ctx.db, args.location_id, {
    status: args.status,
    program_id: args.program_id,
    page: args.page,
    first: args.first,
  });
  return paginated(rows, total, args.page, args.first);
}

export async function getCameraDetail(ctx: RequestContext, raw: unknown) {
  const scope = await cameraReadScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const [cam] = await camerasInScope(ctx, scope, [args.id]);
  if (!cam) throw cameraNotFound();
  return cam;
}

export async function getCameraHistory(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(z.object({ id, ...pageArgs }), raw);
  // A deleted camera keeps its history: the scope is checked through its location.
  const locationId = await repo.cameraLocationId(ctx.db, args.id);
  if (!locationId) throw cameraNotFound();
  await assertLocations(ctx, scope, [locationId]).catch(() => {
    throw cameraNotFound();
  });
  return pageEntityHistory(ctx, 'camera', args.id, args.page, args.first);
}

export async function getLocationDefaultCameras(ctx: RequestContext, raw: unknown) {
  const scope = await cameraReadScope(ctx);
  const args = parseArgs(z.object({ location_id: id, program_id: id.nullish() }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return repo.defaultCameras(ctx.db, args.location_id, args.program_id ?? null);
}
