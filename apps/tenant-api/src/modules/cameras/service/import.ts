import { z } from 'zod';
import { badInput, notFound, parseArgs } from '@kv/server';
import { isHexColour } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { cameraManageScope } from '../policy.ts';
import { parseCsv } from '../csv.ts';
import { cameraCode, cameraName, externalId, mapColorViolation } from './cameras.ts';
import { assertLocations } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { hexColour, id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { findPrograms, programsByLocationIds } from '../../rooms/index.ts';

const MAX_ROWS = 500;

interface NewCamera {
  name: string;
  code: string;
  color_code: string;
  camera_id?: string | null;
  status?: boolean | null;
  program_id?: string | null;
}

/** Inserts cameras after the location's last one, with one audit row each. */
async function insertAll(ctx: RequestContext, locationId: string, cams: NewCamera[], action: string) {
  return ctx.db
    .transaction(async (trx) => {
      const start = await repo.nextOrder(trx, locationId);
      const rows = await repo.insertCameras(
        trx,
        cams.map((c, i) => ({
          location_id: locationId,
          name: c.name,
          code: c.code,
          color_code: c.color_code,
          camera_id: c.camera_id ?? null,
          status: c.status ?? true,
          program_id: c.program_id ?? null,
          order: start + i,
        })),
      );
      for (const r of rows)
        await audit(ctx, trx, { action, entity: 'camera', entity_id: r.id, location_id: locationId, data: { name: r.name } });
      return rows;
    })
    .catch(mapColorViolation);
}

/** Bulk create from a form: every row valid (colours unique in the location) or nothing is saved. */
export async function createMultipleCameras(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const row = z.object({
    name: cameraName,
    code: cameraCode,
    color_code: hexColour,
    camera_id: externalId,
    status: z.boolean().nullish(),
    program_id: id.nullish(),
  });
  const args = parseArgs(
    z.object({
      location_id: id,
      cameras: z.array(row).min(1, 'Add at least one camera.').max(MAX_ROWS, `At most ${MAX_ROWS} cameras at once.`),
    }),
    raw,
  );
  await assertLocations(ctx, scope, [args.location_id]);
  const taken = new Set(await repo.colorsInLocation(ctx.db, args.location_id));
  args.cameras.forEach((c, i) => {
    const colour = c.color_code.toLowerCase();
    if (taken.has(colour)) throw badInput(`cameras.${i}.color_code`, 'Another camera of this location uses this colour.');
    taken.add(colour);
  });
  const roomIds = [...new Set(args.cameras.map((c) => c.program_id).filter((x): x is string => Boolean(x)))];
  if (roomIds.length) {
    const rooms = await findPrograms(ctx.db, roomIds);
    if (rooms.length !== roomIds.length || rooms.some((r) => String(r.location_id) !== args.location_id)) throw notFound('Room not found.');
  }
  const cameras = await insertAll(ctx, args.location_id, args.cameras, 'camera.create');
  return { ...notice(`${cameras.length} camera${cameras.length === 1 ? '' : 's'} created.`), cameras };
}

// ── CSV import ───────────────────────────────────────────────────────────────

const HEADERS: Record<string, string> = {
  name: 'name',
  code: 'code',
  color_code: 'color_code',
  color: 'color_code',
  colour: 'color_code',
  camera_id: 'camera_id',
  status: 'status',
  room: 'room',
  program: 'room',
};
const ON = new Set(['', 'on', 'true', '1', 'yes', 'active']);
const OFF = new Set(['off', 'false', '0', 'no', 'inactive']);

interface UploadRow {
  line: number;
  name: string;
  code: string;
  color_code: string;
  camera_id: string | null;
  status: boolean | null;
  room: string | null;
  program_id: string | null;
  errors: { field: string; message: string }[];
}

/** Reads and checks every row of a cameras CSV against the location; saves nothing. */
async function checkCsv(ctx: RequestContext, locationId: string, csv: string): Promise<UploadRow[]> {
  const table = parseCsv(csv);
  const header = (table[0] ?? []).map(
    (h) =>
      HEADERS[
        h
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
      ] ?? '',
  );
  for (const required of ['name', 'code', 'color_code']) {
    if (!header.includes(required))
      throw badInput('csv', 'The first line must name the columns: name, code, color_code (and optionally camera_id, status, room).');
  }
  const body = table.slice(1);
  if (!body.length) throw badInput('csv', 'The file has no cameras.');
  if (body.length > MAX_ROWS) throw badInput('csv', `At most ${MAX_ROWS} cameras per file.`);
  const rooms = new Map(
    ((await programsByLocationIds(ctx.db, [locationId])).get(locationId) ?? []).map((p) => [p.name.toLowerCase(), String(p.id)]),
  );
  const taken = new Set(await repo.colorsInLocation(ctx.db, locationId));
  const seen = new Map<string, number>();
  return body.map((cells, i) => {
    const get = (col: string) => (cells[header.indexOf(col)] ?? '').trim();
    const errors: UploadRow['errors'] = [];
    const name = get('name');
    const code = get('code');
    const color = get('color_code');
    const status = get('status').toLowerCase();
    const room = get('room');
    const cameraId = get('camera_id');
    if (!name) errors.push({ field: 'name', message: 'Camera name is required.' });
    else if (name.length > 100) errors.push({ field: 'name', message: 'Camera name must be at most 100 characters.' });
    if (!code) errors.push({ field: 'code', message: 'Camera code is required.' });
    else if (code.length > 200) errors.push({ field: 'code', message: 'Camera code must be at most 200 characters.' });
    if (!color) errors.push({ field: 'color_code', message: 'Colour is required.' });
    else if (!isHexColour(color)) errors.push({ field: 'color_code', message: 'Use a 3- or 6-digit hex colour such as #7367F0.' });
    else if (taken.has(color.toLowerCase()))
      errors.push({ field: 'color_code', message: 'Another camera of this location uses this colour.' });
    else if (seen.has(color.toLowerCase()))
      errors.push({ field: 'color_code', message: `Line ${seen.get(color.toLowerCase())} uses this colour too.` });
    if (color) seen.set(color.toLowerCase(), seen.get(color.toLowerCase()) ?? i + 2);
    if (cameraId.length > 100) errors.push({ field: 'camera_id', message: 'Camera id must be at most 100 characters.' });
    if (!ON.has(status) && !OFF.has(status)) errors.push({ field: 'status', message: 'Use on or off.' });
    const programId = room ? (rooms.get(room.toLowerCase()) ?? null) : null;
    if (room && !programId) errors.push({ field: 'room', message: 'No room of this location has this name.' });
    return {
      line: i + 2,
      name,
      code,
      color_code: color,
      camera_id: cameraId || null,
      status: OFF.has(status) ? false : ON.has(status) ? true : null,
      room: room || null,
      program_id: programId,
      errors,
    };
  });
}

const csvArgs = z.object({
  location_id: id,
  csv: z
    .string()
    .min(1, 'Choose a CSV file.')
    .max(512 * 1024, 'The file is too large (at most 512 KB).'),
});

/** Step 1 of an import: every row with its errors; nothing is saved. */
export async function uploadCamerasList(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(csvArgs, raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const rows = await checkCsv(ctx, args.location_id, args.csv);
  const bad = rows.filter((r) => r.errors.length).length;
  const valid = bad === 0;
  return {
    ...notice(
      valid ? `${rows.length} camera${rows.length === 1 ? '' : 's'} ready to import.` : `${bad} of ${rows.length} rows have errors.`,
      valid,
      valid ? 'success' : 'warning',
    ),
    valid,
    rows,
    cameras: [],
  };
}

/** Step 2: the same checks again; all rows are saved, or none when any row has an error. */
export async function saveUploadCameraList(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(csvArgs, raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const rows = await checkCsv(ctx, args.location_id, args.csv);
  const bad = rows.filter((r) => r.errors.length).length;
  if (bad) return { ...notice(`${bad} of ${rows.length} rows have errors. Nothing was imported.`, false), valid: false, rows, cameras: [] };
  const cameras = await insertAll(
    ctx,
    args.location_id,
    rows.map((r) => ({ ...r, status: r.status ?? true })),
    'camera.import',
  );
  return { ...notice(`${cameras.length} camera${cameras.length === 1 ? '' : 's'} imported.`), valid: true, rows, cameras };
}
