import { z } from 'zod';
import { encryptSecret } from '@kv/directory';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import * as repo from './repo.ts';
import { requireCentreWide, streamManageScope } from './policy.ts';
import { secretNeeded, streamNotFound } from './errors.ts';
import { assertLocations, scopeFilter, type LocationScope } from '../../core/access.ts';
import { audit } from '../../core/audit.ts';
import { httpUrl, id, pageArgs, paginated } from '../../core/args.ts';
import { notice } from '../../core/result.ts';
import { readLocationSetting, writeLocationSetting } from '../cameras/index.ts';

/**
 * Streaming servers ("streams", spec §7: create, list, update, delete, set default) and a
 * location's stream settings. `secretKey` encrypts a server's secret at rest (from config, see
 * ./config.ts); the secret is never returned, only whether one is set.
 */

const TYPES = ['dev', 'mediamtx', 'hls_token'] as const;
const serverUrl = z
  .string()
  .trim()
  .max(500, 'The address is too long.')
  .refine(
    (v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s]*$/.test(v),
    'Use an http(s) address, or a path on this server for the dev origin.',
  );
const name = z.string().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.');

export function shapeStream(r: repo.StreamRow) {
  const { secret_enc, ...rest } = r;
  return { ...rest, id: String(r.id), location_id: r.location_id ? String(r.location_id) : null, has_secret: Boolean(secret_enc) };
}

async function streamInScope(ctx: RequestContext, scope: LocationScope, streamId: string): Promise<repo.StreamRow> {
  const row = await repo.findStream(ctx.db, streamId);
  if (!row) throw streamNotFound();
  if (row.location_id)
    await assertLocations(ctx, scope, [row.location_id]).catch(() => {
      throw streamNotFound();
    });
  else if (!scope.all) throw streamNotFound();
  return row;
}

export async function createStream(ctx: RequestContext, raw: unknown, secretKey: string) {
  const scope = await streamManageScope(ctx);
  const a = parseArgs(
    z.object({
      name,
      type: z.enum(TYPES),
      base_url: serverUrl,
      api_url: httpUrl,
      secret: z.string().max(500).nullish(),
      location_id: id.nullish(),
      is_default: z.boolean().nullish(),
      status: z.boolean().nullish(),
    }),
    raw,
  );
  if (a.location_id) await assertLocations(ctx, scope, [a.location_id]);
  else requireCentreWide(ctx);
  if (a.type === 'mediamtx' && a.api_url && !a.secret) throw secretNeeded();
  const row = await ctx.db.transaction(async (trx) => {
    let r = await repo.insertStream(trx, {
      name: a.name,
      type: a.type,
      base_url: a.base_url.replace(/\/+$/, ''),
      api_url: a.api_url ? a.api_url.replace(/\/+$/, '') : null,
      secret_enc: a.secret ? encryptSecret(a.secret, secretKey) : null,
      location_id: a.location_id ?? null,
      status: a.status ?? true,
    });
    if (a.is_default) r = await repo.setDefault(trx, r);
    await audit(ctx, trx, {
      action: 'stream.create',
      entity: 'streaming_server',
      entity_id: String(r.id),
      location_id: r.location_id,
      data: { name: r.name, type: r.type, base_url: r.base_url },
    });
    return r;
  });
  return { ...notice('Streaming server added.'), stream: shapeStream(row) };
}

export async function getStreams(ctx: RequestContext, raw: unknown) {
  const scope = await streamManageScope(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish(), ...pageArgs }), raw);
  if (a.location_id) await assertLocations(ctx, scope, [a.location_id]);
  const { rows, total } = await repo.pageStreams(ctx.db, scopeFilter(scope), a.location_id ?? null, a.page, a.first);
  return paginated(rows.map(shapeStream), total, a.page, a.first);
}

export async function updateStream(ctx: RequestContext, raw: unknown, secretKey: string) {
  const scope = await streamManageScope(ctx);
  const a = parseArgs(
    z.object({
      id,
      name: name.nullish(),
      type: z.enum(TYPES).nullish(),
      base_url: serverUrl.nullish(),
      api_url: httpUrl,
      secret: z.string().max(500).nullish(),
      status: z.boolean().nullish(),
    }),
    raw,
  );
  const before = await streamInScope(ctx, scope, a.id);
  const patch: Record<string, unknown> = {};
  if (a.name) patch.name = a.name;
  if (a.type) patch.type = a.type;
  if (a.base_url) patch.base_url = a.base_url.replace(/\/+$/, '');
  if (a.api_url !== undefined) patch.api_url = a.api_url ? a.api_url.replace(/\/+$/, '') : null;
  if (a.secret !== undefined) patch.secret_enc = a.secret ? encryptSecret(a.secret, secretKey) : null;
  if (a.status !== undefined && a.status !== null) patch.status = a.status;
  const row = await ctx.db.transaction(async (trx) => {
    const r = await repo.updateStream(trx, a.id, patch);
    const changed = Object.keys(patch).filter((k) => k !== 'secret_enc');
    await audit(ctx, trx, {
      action: 'stream.update',
      entity: 'streaming_server',
      entity_id: a.id,
      location_id: before.location_id,
      data: { fields: changed, secret_changed: 'secret_enc' in patch },
    });
    return r;
  });
  return { ...notice('Streaming server saved.'), stream: shapeStream(row) };
}

export async function deleteStream(ctx: RequestContext, raw: unknown) {
  const scope = await streamManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const before = await streamInScope(ctx, scope, a.id);
  await ctx.db.transaction(async (trx) => {
    await repo.softDelete(trx, a.id);
    await audit(ctx, trx, {
      action: 'stream.delete',
      entity: 'streaming_server',
      entity_id: a.id,
      location_id: before.location_id,
      data: { name: before.name },
    });
  });
  return { ...notice('Streaming server deleted.'), id: a.id };
}

export async function setDefaultStream(ctx: RequestContext, raw: unknown) {
  const scope = await streamManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const before = await streamInScope(ctx, scope, a.id);
  const row = await ctx.db.transaction(async (trx) => {
    const r = await repo.setDefault(trx, before);
    await audit(ctx, trx, {
      action: 'stream.default',
      entity: 'streaming_server',
      entity_id: a.id,
      location_id: before.location_id,
      data: {},
    });
    return r;
  });
  return { ...notice('Default streaming server set.'), stream: shapeStream(row) };
}

// ── stream settings of a location ───────────────────────────────────────────

export interface StreamSettings {
  streaming_server_id: string | null;
  watermark: boolean;
  /** Seconds between player heartbeats. */
  heartbeat_seconds: number;
}
export const STREAM_SETTINGS_KEY = 'stream_settings';
const DEFAULTS: StreamSettings = { streaming_server_id: null, watermark: true, heartbeat_seconds: 15 };

export async function readStreamSettings(ctx: RequestContext, locationId: string) {
  const [s, ls] = await Promise.all([
    readLocationSetting<Partial<StreamSettings>>(ctx.db, STREAM_SETTINGS_KEY, locationId),
    ctx.db('location_settings').where({ location_id: locationId }).first('camera_only_checked_in'),
  ]);
  return { location_id: locationId, ...DEFAULTS, ...(s?.value ?? {}), only_checked_in: ls?.camera_only_checked_in ?? true };
}

export async function getStreamSettings(ctx: RequestContext, raw: unknown) {
  const scope = await streamManageScope(ctx);
  const a = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [a.location_id]);
  return readStreamSettings(ctx, a.location_id);
}

export async function saveStreamSettings(ctx: RequestContext, raw: unknown) {
  const scope = await streamManageScope(ctx);
  const a = parseArgs(
    z.object({
      location_id: id,
      streaming_server_id: id.nullish(),
      watermark: z.boolean().nullish(),
      heartbeat_seconds: z.number().int().min(5, 'At least 5 seconds.').max(60, 'At most 60 seconds.').nullish(),
      only_checked_in: z.boolean().nullish(),
    }),
    raw,
  );
  await assertLocations(ctx, scope, [a.location_id]);
  if (a.streaming_server_id) {
    const s = await repo.findStream(ctx.db, a.streaming_server_id);
    if (!s || (s.location_id && String(s.location_id) !== a.location_id)) throw streamNotFound();
  }
  const current = await readStreamSettings(ctx, a.location_id);
  const next: StreamSettings = {
    streaming_server_id: a.streaming_server_id !== undefined ? (a.streaming_server_id ?? null) : current.streaming_server_id,
    watermark: a.watermark ?? current.watermark,
    heartbeat_seconds: a.heartbeat_seconds ?? current.heartbeat_seconds,
  };
  await ctx.db.transaction(async (trx) => {
    await writeLocationSetting(trx, STREAM_SETTINGS_KEY, a.location_id, next);
    if (a.only_checked_in !== undefined && a.only_checked_in !== null) {
      await trx.raw(
        `insert into location_settings (location_id, camera_only_checked_in) values (?, ?)
         on conflict (location_id) do update set camera_only_checked_in = excluded.camera_only_checked_in, updated_at = now()`,
        [a.location_id, a.only_checked_in],
      );
    }
    await audit(ctx, trx, {
      action: 'stream.settings',
      entity: 'location',
      entity_id: a.location_id,
      location_id: a.location_id,
      data: { ...next, only_checked_in: a.only_checked_in },
    });
  });
  return { ...notice('Stream settings saved.'), setting: await readStreamSettings(ctx, a.location_id) };
}
