import { z } from 'zod';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { cameraManageScope, cameraReadScope } from '../policy.ts';
import { assertLocations } from '../../../core/access.ts';
import { audit, diff } from '../../../core/audit.ts';
import { hexColour, id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';

/** Distinct, readable camera colours, offered in this order. */
export const CAMERA_PALETTE = [
  '#7367F0',
  '#28C76F',
  '#EA5455',
  '#FF9F43',
  '#00CFE8',
  '#1E88E5',
  '#8E24AA',
  '#F06292',
  '#43A047',
  '#FDD835',
  '#6D4C41',
  '#546E7A',
  '#D81B60',
  '#3949AB',
  '#00897B',
  '#C0CA33',
  '#FB8C00',
  '#5E35B1',
  '#039BE5',
  '#E53935',
  '#7CB342',
  '#FFB300',
  '#00ACC1',
  '#8D6E63',
];

export async function suggestcolors(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(
    z.object({
      location_id: id,
      count: z.number().int().min(1, 'Ask for at least one colour.').max(24, 'Ask for at most 24 colours.').nullish(),
    }),
    raw,
  );
  await assertLocations(ctx, scope, [args.location_id]);
  const used = new Set(await repo.colorsInLocation(ctx.db, args.location_id));
  return CAMERA_PALETTE.filter((c) => !used.has(c.toLowerCase())).slice(0, args.count ?? 5);
}

export async function checkCameraColor(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(z.object({ location_id: id, color_code: hexColour, id: id.nullish() }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const taken = await repo.colorTaken(ctx.db, args.location_id, args.color_code, args.id);
  return {
    ...notice(taken ? 'Another camera of this location uses this colour.' : 'This colour is available.', !taken),
    available: !taken,
  };
}

// ── camera settings of a location (spec: width, height, server, fullscreen) ──

const CAMERA_SETTING = 'camera_setting';
export const CAMERA_SETTING_DEFAULTS = { width: 640, height: 360, server: null as string | null, fullscreen: false };

export async function getCameraSettings(ctx: RequestContext, raw: unknown) {
  const scope = await cameraReadScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const row = await repo.readLocationSetting<Partial<typeof CAMERA_SETTING_DEFAULTS>>(ctx.db, CAMERA_SETTING, args.location_id);
  return { location_id: args.location_id, ...CAMERA_SETTING_DEFAULTS, ...(row?.value ?? {}) };
}

export async function saveCameraSettings(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const size = (label: string) =>
    z
      .number()
      .int(`${label} must be a whole number of pixels.`)
      .min(100, `${label} is at least 100 pixels.`)
      .max(4096, `${label} is at most 4096 pixels.`)
      .nullish();
  const args = parseArgs(
    z.object({
      location_id: id,
      width: size('Width'),
      height: size('Height'),
      server: z
        .string()
        .trim()
        .max(300, 'The server address is too long.')
        .refine(
          (v) => v === '' || /^(https?|rtmps?|rtsp|wss?):\/\/[^\s]+$/i.test(v),
          'Use a server address such as https://stream.example.com.',
        )
        .nullish(),
      fullscreen: z.boolean().nullish(),
    }),
    raw,
  );
  await assertLocations(ctx, scope, [args.location_id]);
  const { location_id: locationId, ...input } = args;
  const setting = await ctx.db.transaction(async (trx) => {
    const before = {
      ...CAMERA_SETTING_DEFAULTS,
      ...((await repo.readLocationSetting<object>(trx, CAMERA_SETTING, locationId))?.value ?? {}),
    };
    const next = {
      ...before,
      ...Object.fromEntries(
        Object.entries(input)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, v === '' ? null : v]),
      ),
    };
    await repo.writeLocationSetting(trx, CAMERA_SETTING, locationId, next);
    const changes = diff(before, next, Object.keys(CAMERA_SETTING_DEFAULTS));
    if (Object.keys(changes).length)
      await audit(ctx, trx, {
        action: 'camera.settings',
        entity: 'location',
        entity_id: locationId,
        location_id: locationId,
        data: { changes },
      });
    return next;
  });
  return { ...notice('Camera settings saved.'), setting: { location_id: locationId, ...setting } };
}

// ── stream-mode setting of a location (spec: id, key, value, object_id, enable_test_mode) ──

const STREAM_MODE = 'stream_mode';

function streamMode(locationId: string, row: { id: string; value: { value?: string; enable_test_mode?: boolean } } | undefined) {
  return {
    id: row ? String(row.id) : null,
    key: STREAM_MODE,
    value: row?.value?.value ?? 'hls',
    object_id: locationId,
    enable_test_mode: Boolean(row?.value?.enable_test_mode),
  };
}

export async function getStreamModeSettings(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return streamMode(args.location_id, await repo.readLocationSetting(ctx.db, STREAM_MODE, args.location_id));
}

export async function saveStreamModeSettings(ctx: RequestContext, raw: unknown) {
  const scope = await cameraManageScope(ctx);
  const args = parseArgs(
    z.object({
      location_id: id,
      value: z
        .string()
        .trim()
        .min(1, 'Choose a stream mode.')
        .max(40, 'The stream mode is at most 40 characters.')
        .regex(/^[a-z0-9_-]+$/i, 'Use letters, digits, - or _.'),
      enable_test_mode: z.boolean().nullish(),
    }),
    raw,
  );
  await assertLocations(ctx, scope, [args.location_id]);
  const row = await ctx.db.transaction(async (trx) => {
    const before = streamMode(args.location_id, await repo.readLocationSetting(trx, STREAM_MODE, args.location_id));
    const next = { value: args.value, enable_test_mode: args.enable_test_mode ?? before.enable_test_mode };
    await repo.writeLocationSetting(trx, STREAM_MODE, args.location_id, next);
    const changes = diff(before, next, ['value', 'enable_test_mode']);
    if (Object.keys(changes).length)
      await audit(ctx, trx, {
        action: 'camera.stream_mode',
        entity: 'location',
        entity_id: args.location_id,
        location_id: args.location_id,
        data: { changes },
      });
    return repo.readLocationSetting(trx, STREAM_MODE, args.location_id);
  });
  return { ...notice('Stream mode saved.'), setting: streamMode(args.location_id, row as never) };
}

/** Location.camera_setting as key/value pairs, for a batch of locations. */
export async function cameraSettingsOf(ctx: RequestContext, ids: readonly string[]) {
  const map = await repo.settingsByLocationIds(ctx.db, CAMERA_SETTING, ids);
  return new Map(
    ids.map((i) => {
      const s = { ...CAMERA_SETTING_DEFAULTS, ...((map.get(i) as object | undefined) ?? {}) } as Record<string, unknown>;
      return [i, Object.entries(s).map(([key, value]) => ({ key, value: value === null ? null : String(value) }))];
    }),
  );
}
