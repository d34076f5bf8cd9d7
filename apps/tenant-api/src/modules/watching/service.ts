import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Knex } from 'knex';
import { decryptSecret } from '@kv/directory';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { assertLocations, scopeFilter, type LocationScope } from '../locations/policy.ts';
import { audit, id, notice, pageArgs, paginated } from '../locations/service/common.ts';
import { insertAudit } from '../locations/repo/history.ts';
import { findCameras, readLocationSetting, type CameraRow } from '../cameras/repo.ts';
import { CAMERA_SETTING_DEFAULTS } from '../cameras/service/settings.ts';
import * as streams from '../streaming/repo.ts';
import { STREAM_SETTINGS_KEY, type StreamSettings } from '../streaming/service.ts';
import * as repo from './repo.ts';
import {
  decide,
  endReason,
  localDate,
  remainingLogins,
  dailyLimit,
  REFUSALS,
  type Decision,
  type RefusalCode,
  type WatchFacts,
} from './rules.ts';
import { isStaff, reportScope, viewerOf, watchAccess } from './policy.ts';
import { badRange, cameraNotFound, refusal, sessionNotFound } from './errors.ts';
import { signPlaybackToken, type MediaKeys } from './media-tokens.ts';

/** What the watching services need besides the request: the media keys and the secret key. */
export interface MediaEnv {
  keys: MediaKeys;
  secretKey: string;
}

/** The dev origin's mount point on the tenant API. */
export const DEV_MEDIA_BASE = '/media';

type Tile = { camera: NonNullable<ReturnType<repo.FactsBatch['cameras']['get']>>; row: CameraRow; decision: Decision };

function factsFor(
  batch: repo.FactsBatch,
  cameraId: string,
  viewer: { id: string; staff: boolean },
  scope: LocationScope | null,
): WatchFacts {
  const camera = batch.cameras.get(cameraId) ?? null;
  const loc = camera ? batch.locations.get(camera.location_id) : undefined;
  return {
    viewer: {
      id: viewer.id,
      staff: viewer.staff,
      active: batch.viewerActive,
      inStaffScope: Boolean(camera && scope && (scope.all || scope.ids.has(camera.location_id))),
    },
    camera,
    children: batch.children.get(cameraId) ?? [],
    location: loc ?? {
      timezone: 'UTC',
      enable_max_login_feature: false,
      max_daily_logins: null,
      only_checked_in: true,
      user_time_out: null,
    },
    limit: (camera && batch.limits.get(camera.location_id)) || { own: null, extra: 0, used: 0 },
    hasOpenSession: Boolean(camera && batch.openLocations.has(camera.location_id)),
  };
}

/** The decision for each camera, for the signed-in viewer, in one batched load. */
async function decisions(
  ctx: RequestContext,
  scope: LocationScope,
  cameraIds: readonly string[],
  at: Date,
): Promise<{ batch: repo.FactsBatch; tiles: Tile[] }> {
  const v = viewerOf(ctx);
  const staff = isStaff(ctx);
  const [batch, rows] = await Promise.all([
    repo.loadFacts(ctx.db, v.id, cameraIds, at),
    cameraIds.length ? findCameras(ctx.db, cameraIds) : [],
  ]);
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const tiles: Tile[] = [];
  for (const cid of cameraIds) {
    const camera = batch.cameras.get(cid);
    const row = byId.get(cid);
    if (!camera || !row) continue;
    tiles.push({ camera, row, decision: decide(factsFor(batch, cid, { id: v.id, staff }, staff ? scope : null), at) });
  }
  return { batch, tiles };
}

async function playerSettings(db: Knex | Knex.Transaction, locationId: string) {
  const [cam, stream, mode] = await Promise.all([
    readLocationSetting<Partial<typeof CAMERA_SETTING_DEFAULTS>>(db, 'camera_setting', locationId),
    readLocationSetting<Partial<StreamSettings>>(db, STREAM_SETTINGS_KEY, locationId),
    readLocationSetting<{ enable_test_mode?: boolean }>(db, 'stream_mode', locationId),
  ]);
  return {
    camera: { ...CAMERA_SETTING_DEFAULTS, ...(cam?.value ?? {}) },
    stream: { streaming_server_id: null, watermark: true, heartbeat_seconds: 15, ...(stream?.value ?? {}) } as StreamSettings,
    testMode: Boolean(mode?.value?.enable_test_mode),
  };
}

const tileOut = (t: Tile) => ({
  camera: t.row,
  can_play: t.decision.ok,
  reason: t.decision.ok ? null : t.decision.code,
  message: t.decision.ok ? 'Live.' : t.decision.message,
});

// ── playCamera ──────────────────────────────────────────────────────────────

/**
 * playCamera(id, code, location): checks every rule on the server, opens (or continues) a watch
 * session, counts a login when it starts a visit, and answers the playlist URL with a ≤ 60 s
 * token bound to viewer + camera + centre + session, plus the player settings.
 */
export async function playCamera(ctx: RequestContext, raw: unknown, env: MediaEnv) {
  const scope = await watchAccess(ctx);
  const a = parseArgs(z.object({ id, code: z.string().max(200).nullish(), location: id.nullish() }), raw);
  const v = viewerOf(ctx);
  const at = new Date();
  const { batch, tiles } = await decisions(ctx, scope, [a.id], at);
  const tile = tiles[0];
  // A code or location that does not match is the same answer as an unknown camera.
  if (!tile || (a.code && a.code !== tile.camera.code) || (a.location && a.location !== tile.camera.location_id)) {
    return { ...refusal('CAMERA_NOT_FOUND'), embed_code: null, session_id: null, remaining_logins: null };
  }
  const cam = tile.camera;
  if (!tile.decision.ok && tile.decision.code === 'OUT_OF_SCOPE')
    return { ...refusal('CAMERA_NOT_FOUND'), embed_code: null, session_id: null, remaining_logins: null };
  if (!tile.decision.ok) {
    await insertAudit(ctx.db, {
      actor_user_id: v.id,
      action: 'camera.refused',
      entity: 'camera',
      entity_id: cam.id,
      location_id: cam.location_id,
      data: { reason: tile.decision.code },
      ip: ctx.ip,
    });
    return { ...refusal(tile.decision.code), embed_code: null, session_id: null, remaining_logins: null };
  }
  const decision = tile.decision;
  const tz = batch.locations.get(cam.location_id)?.timezone ?? 'UTC';
  const settings = await playerSettings(ctx.db, cam.location_id);
  const server = settings.testMode ? null : await streams.serverForLocation(ctx.db, cam.location_id, settings.stream.streaming_server_id);
  // Each play issues a new token id: the session's older tokens stop opening it.
  const jti = randomBytes(12).toString('base64url');
  const session = await ctx.db.transaction(async (trx) => {
    const open = await repo.findOpenSession(trx, v.id, cam.id);
    if (open) {
      await repo.setTokenJti(trx, String(open.id), jti);
      return open;
    }
    const s = await repo.insertSession(trx, {
      token_jti: jti,
      user_id: v.id,
      student_id: decision.student_id,
      camera_id: cam.id,
      location_id: cam.location_id,
      streaming_server_id: server?.id ?? null,
      date: localDate(at, tz),
      started_at: at,
      last_heartbeat_at: at,
      counted: decision.counts && !isStaff(ctx),
      ip: ctx.ip,
      user_agent: ctx.userAgent?.slice(0, 500) ?? null,
    });
    if (s.counted) await repo.countLogin(trx, v.id, cam.location_id, localDate(at, tz));
    await audit(ctx, trx, {
      action: 'camera.session.start',
      entity: 'camera',
      entity_id: cam.id,
      location_id: cam.location_id,
      data: { session_id: String(s.id), student_id: decision.student_id, counted: s.counted },
    });
    return s;
  });
  // A camera's code is its stream path on its location's server (and on the dev origin).
  const path = cam.code;
  const { token, expiresAt } = await signPlaybackToken(env.keys, {
    sub: v.id,
    tid: ctx.tenant.id,
    cam: cam.id,
    sid: String(session.id),
    path,
    jti,
  });
  const base = settings.testMode || !server ? DEV_MEDIA_BASE : settings.camera.server || server.base_url;
  const url = `${base.replace(/\/+$/, '')}/${encodeURIComponent(cam.code)}/index.m3u8?token=${encodeURIComponent(token)}`;
  return {
    ...notice('Live.'),
    reason: null,
    session_id: String(session.id),
    remaining_logins: decision.remaining,
    embed_code: {
      url,
      type: settings.testMode || !server ? 'dev' : server.type,
      token,
      token_expires_at: expiresAt.toISOString(),
      width: settings.camera.width,
      height: settings.camera.height,
      fullscreen: settings.camera.fullscreen,
      watermark: settings.stream.watermark,
      heartbeat_seconds: settings.stream.heartbeat_seconds,
      test_mode: settings.testMode,
    },
  };
}

// ── grid, student cameras, online cameras ───────────────────────────────────

async function visibleCameraIds(ctx: RequestContext, scope: LocationScope, locationId: string | null): Promise<string[]> {
  if (isStaff(ctx)) {
    if (locationId) await assertLocations(ctx, scope, [locationId]);
    return repo.cameraIdsOfLocations(ctx.db, locationId ? [locationId] : scopeFilter(scope));
  }
  const ids = await repo.candidateCameraIds(ctx.db, viewerOf(ctx).id);
  return ids;
}

/** Every camera the viewer may be shown, each saying whether it plays now and, if not, why. */
export async function playCameraGridView(ctx: RequestContext, raw: unknown) {
  const scope = await watchAccess(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish() }), raw);
  const ids = await visibleCameraIds(ctx, scope, a.location_id ?? null);
  const { tiles } = await decisions(ctx, scope, ids, new Date());
  const out = tiles.filter((t) => !a.location_id || t.camera.location_id === a.location_id).map(tileOut);
  return { ...notice(out.some((t) => t.can_play) ? 'Cameras are live.' : 'No camera is live for you now.'), tiles: out };
}

/** A child's cameras (parents: their own children only; staff: children of their locations). */
export async function getStudentCameras(ctx: RequestContext, raw: unknown) {
  const scope = await watchAccess(ctx);
  const a = parseArgs(z.object({ student_id: id }), raw);
  const v = viewerOf(ctx);
  const student = await ctx.db('students').where({ id: a.student_id }).whereNull('deleted_at').first('id', 'location_id', 'program_id');
  if (!student) throw cameraNotFound();
  if (isStaff(ctx)) {
    await assertLocations(ctx, scope, [String(student.location_id)]).catch(() => {
      throw cameraNotFound();
    });
  } else {
    const link = await ctx.db('student_users').where({ student_id: a.student_id, user_id: v.id }).first('student_id');
    if (!link) throw cameraNotFound();
  }
  const ids = await ctx.db.raw(
    `select c.id from cameras c where c.deleted_at is null and c.location_id = ? and (
       c.id in (select camera_id from student_cameras where student_id = ?)
       or c.program_id in (select ?::bigint union select program_id from student_programs where student_id = ?)
       or c.id in (select g.camera_id from programs p join camera_group_cameras g on g.camera_group_id = p.camera_group_id
                   where p.id in (select ?::bigint union select program_id from student_programs where student_id = ?)))
     order by c."order", c.id`,
    [student.location_id, a.student_id, student.program_id, a.student_id, student.program_id, a.student_id],
  );
  const { tiles } = await decisions(
    ctx,
    scope,
    ids.rows.map((r: { id: unknown }) => String(r.id)),
    new Date(),
  );
  return tiles.map(tileOut);
}

/** Cameras that are on and inside their schedule now, with how many people watch each. */
export async function getOnlineCameras(ctx: RequestContext, raw: unknown) {
  const scope = await watchAccess(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish() }), raw);
  const ids = await visibleCameraIds(ctx, scope, a.location_id ?? null);
  const at = new Date();
  const { tiles } = await decisions(ctx, scope, ids, at);
  const live = tiles.filter(
    (t) => t.decision.ok || !['CAMERA_OFF', 'OUTSIDE_SCHEDULE', 'CAMERA_NOT_FOUND', 'OUT_OF_SCOPE', 'NOT_LINKED'].includes(t.decision.code),
  );
  const counts = new Map<string, number>();
  if (isStaff(ctx) && live.length) {
    const rows = await ctx
      .db('camera_watch_sessions')
      .whereNull('ended_at')
      .whereIn(
        'camera_id',
        live.map((t) => t.camera.id),
      )
      .groupBy('camera_id')
      .select('camera_id')
      .count({ n: '*' });
    for (const r of rows as { camera_id: unknown; n: unknown }[]) counts.set(String(r.camera_id), Number(r.n));
  }
  return live.map((t) => ({ ...tileOut(t), viewers: isStaff(ctx) ? (counts.get(t.camera.id) ?? 0) : null }));
}

// ── sessions: heartbeat, stop, login time ──────────────────────────────────

async function ownSession(ctx: RequestContext, sessionId: string) {
  const s = await repo.findSession(ctx.db, sessionId);
  if (!s || String(s.user_id) !== viewerOf(ctx).id) throw sessionNotFound();
  return s;
}

async function endWithAudit(ctx: RequestContext | null, db: Knex, ids: string[], reason: string, at: Date, actor: string | null) {
  return db.transaction(async (trx) => {
    const ended = await repo.endSessions(trx, ids, reason, at);
    for (const s of ended)
      await insertAudit(trx, {
        actor_user_id: actor,
        action: 'camera.session.end',
        entity: 'camera',
        entity_id: String(s.camera_id),
        location_id: String(s.location_id),
        data: {
          session_id: String(s.id),
          user_id: String(s.user_id),
          student_id: s.student_id ? String(s.student_id) : null,
          reason,
          seconds: s.seconds,
        },
        ip: ctx?.ip,
      });
    return ended;
  });
}

/**
 * The player's heartbeat (every `heartbeat_seconds`): keeps the session alive, re-checks every
 * rule, and ends the session at once when one no longer holds (the answer says why).
 */
export async function cameraHeartbeat(ctx: RequestContext, raw: unknown, env: MediaEnv) {
  await watchAccess(ctx);
  const a = parseArgs(z.object({ session_id: id }), raw);
  const s = await ownSession(ctx, a.session_id);
  if (s.ended_at)
    return {
      ...refusal((s.ended_reason as RefusalCode) in REFUSALS ? (s.ended_reason as RefusalCode) : 'SESSION_ENDED'),
      session_id: a.session_id,
      seconds: s.seconds,
      remaining_logins: null,
    };
  const at = new Date();
  const batch = await repo.loadFacts(ctx.db, s.user_id, [String(s.camera_id)], at);
  const scope = await watchAccess(ctx);
  const f = factsFor(batch, String(s.camera_id), { id: s.user_id, staff: isStaff(ctx) }, isStaff(ctx) ? scope : null);
  const reason = endReason(f, { started_at: s.started_at, last_heartbeat_at: at }, at);
  if (reason) {
    const [ended] = await endWithAudit(ctx, ctx.db, [a.session_id], reason, at, viewerOf(ctx).id);
    await kickMedia(ctx.db, ended ? [ended] : [], env.secretKey);
    return {
      ...refusal(reason),
      session_id: a.session_id,
      seconds: ended?.seconds ?? s.seconds,
      remaining_logins: remainingLogins(f.location, f.limit),
    };
  }
  const t = await repo.touchSession(ctx.db, a.session_id, at);
  return {
    ...notice('Live.'),
    reason: null,
    session_id: a.session_id,
    seconds: t?.seconds ?? s.seconds,
    remaining_logins: remainingLogins(f.location, f.limit),
  };
}

/** addLoginTime: the legacy name of the heartbeat (adds the time watched since the last one). */
export const addLoginTime = cameraHeartbeat;

/** The viewer closes the player. */
export async function stopCameraSession(ctx: RequestContext, raw: unknown, env: MediaEnv) {
  await watchAccess(ctx);
  const a = parseArgs(z.object({ session_id: id }), raw);
  const s = await ownSession(ctx, a.session_id);
  const ended = s.ended_at ? [] : await endWithAudit(ctx, ctx.db, [a.session_id], 'CLOSED', new Date(), viewerOf(ctx).id);
  await kickMedia(ctx.db, ended, env.secretKey);
  return { ...notice('Stopped.'), session_id: a.session_id, seconds: ended[0]?.seconds ?? s.seconds };
}

/**
 * createCameraWatchTimeReport(camera_id): before the player opens, is the viewer over the daily
 * limit (`limit_over`), and does the live session on this camera count as a login (`is_counter`)?
 */
export async function createCameraWatchTimeReport(ctx: RequestContext, raw: unknown) {
  const scope = await watchAccess(ctx);
  const a = parseArgs(z.object({ camera_id: id }), raw);
  const v = viewerOf(ctx);
  const at = new Date();
  const { batch, tiles } = await decisions(ctx, scope, [a.camera_id], at);
  if (!tiles[0]) throw cameraNotFound();
  const f = factsFor(batch, a.camera_id, { id: v.id, staff: isStaff(ctx) }, isStaff(ctx) ? scope : null);
  const open = await repo.findOpenSession(ctx.db, v.id, a.camera_id);
  const remaining = remainingLogins(f.location, f.limit);
  const limitOver = !f.hasOpenSession && remaining !== null && remaining <= 0;
  return {
    ...notice(limitOver ? REFUSALS.LOGIN_LIMIT : 'Within the limit.', !limitOver),
    limit_over: limitOver,
    is_counter: Boolean(open?.counted ?? (!f.hasOpenSession && dailyLimit(f.location, f.limit) !== null)),
    remaining_logins: remaining,
    session_id: open ? String(open.id) : null,
  };
}

// ── logins: the viewer's own, and managers' reset / update ─────────────────

async function loginStatus(db: Knex, userId: string, locationId: string, at: Date) {
  const tz = (await repo.locationTimezone(db, locationId)) ?? 'UTC';
  const date = localDate(at, tz);
  const [ls, us, used] = await Promise.all([
    db('location_settings').where({ location_id: locationId }).first('enable_max_login_feature', 'max_daily_logins'),
    db('user_settings')
      .where({ user_id: userId })
      .first('max_daily_camera_logins', 'extra_camera_logins', db.raw("to_char(extra_camera_logins_on, 'YYYY-MM-DD') as extra_on")),
    db('camera_daily_logins').where({ user_id: userId, location_id: locationId, date }).first('logins'),
  ]);
  const location = {
    timezone: tz,
    enable_max_login_feature: Boolean(ls?.enable_max_login_feature),
    max_daily_logins: ls?.max_daily_logins ?? null,
    only_checked_in: true,
    user_time_out: null,
  };
  const extraOn = us?.extra_on as string | undefined;
  const limit = {
    own: us?.max_daily_camera_logins ?? null,
    extra: extraOn && (extraOn === date || extraOn === at.toISOString().slice(0, 10)) ? Number(us?.extra_camera_logins ?? 0) : 0,
    used: Number(used?.logins ?? 0),
  };
  return {
    user_id: userId,
    location_id: locationId,
    date,
    enabled: location.enable_max_login_feature,
    limit: dailyLimit(location, limit),
    used: limit.used,
    extra_today: limit.extra,
    remaining: remainingLogins(location, limit),
  };
}

/** The viewer's camera logins today at a location (default: each of their children's locations). */
export async function checkRemainingLogins(ctx: RequestContext, raw: unknown) {
  await watchAccess(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish() }), raw);
  const v = viewerOf(ctx);
  const mine = await repo.contactLocationIds(ctx.db, v.id);
  const ids = a.location_id ? mine.filter((l) => l === a.location_id) : mine;
  const at = new Date();
  return Promise.all(ids.map((l) => loginStatus(ctx.db, v.id, l, at)));
}

async function contactAt(ctx: RequestContext, scope: LocationScope, userId: string, locationId: string | null): Promise<string> {
  const locs = await repo.contactLocationIds(ctx.db, userId);
  const inScope = locs.filter((l) => scope.all || scope.ids.has(l));
  const loc = locationId ? inScope.find((l) => l === locationId) : inScope[0];
  if (!loc) throw sessionNotFound();
  return loc;
}

/** Managers: set a contact's logins used today back to 0 (the contact may log in again). */
export async function resetUserLogins(ctx: RequestContext, raw: unknown) {
  const scope = await reportScope(ctx);
  const a = parseArgs(z.object({ user_id: id, location_id: id.nullish() }), raw);
  return writeLogins(ctx, scope, a.user_id, a.location_id ?? null, 0, 'camera.logins.reset');
}

/** Managers: set how many logins a contact has used today. */
export async function updateUserLogins(ctx: RequestContext, raw: unknown) {
  const scope = await reportScope(ctx);
  const a = parseArgs(
    z.object({
      user_id: id,
      location_id: id.nullish(),
      logins: z.number().int().min(0, 'Logins cannot be negative.').max(1000, 'Too many logins.'),
    }),
    raw,
  );
  return writeLogins(ctx, scope, a.user_id, a.location_id ?? null, a.logins, 'camera.logins.update');
}

async function writeLogins(
  ctx: RequestContext,
  scope: LocationScope,
  userId: string,
  locationId: string | null,
  logins: number,
  action: string,
) {
  const loc = await contactAt(ctx, scope, userId, locationId);
  const at = new Date();
  const date = localDate(at, (await repo.locationTimezone(ctx.db, loc)) ?? 'UTC');
  await ctx.db.transaction(async (trx) => {
    await repo.setLogins(trx, userId, loc, date, logins);
    await audit(ctx, trx, { action, entity: 'user', entity_id: userId, location_id: loc, data: { date, logins } });
  });
  return { ...notice('Camera logins saved.'), logins: await loginStatus(ctx.db, userId, loc, at) };
}

// ── reports ────────────────────────────────────────────────────────────────

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-23.');

export function range(
  a: { date?: string | null; from?: string | null; to?: string | null; week?: string | null },
  tz: string,
): [string, string] {
  if (a.week) {
    const d = new Date(`${a.week}T00:00:00Z`);
    const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
    return [monday.toISOString().slice(0, 10), new Date(monday.getTime() + 6 * 86_400_000).toISOString().slice(0, 10)];
  }
  if (a.from || a.to) {
    const from = a.from ?? a.to!;
    const to = a.to ?? a.from!;
    if (to < from || (Date.parse(to) - Date.parse(from)) / 86_400_000 > 92) throw badRange();
    return [from, to];
  }
  const d = a.date ?? localDate(new Date(), tz);
  return [d, d];
}

export async function reportLocations(ctx: RequestContext, scope: LocationScope, locationId: string | null | undefined) {
  if (locationId) {
    await assertLocations(ctx, scope, [locationId]);
    return { ids: [locationId], tz: (await repo.locationTimezone(ctx.db, locationId)) ?? 'UTC' };
  }
  return { ids: scopeFilter(scope), tz: 'UTC' };
}

export const reportArgs = {
  location_id: id.nullish(),
  date: day.nullish(),
  from: day.nullish(),
  to: day.nullish(),
  week: day.nullish(),
  ...pageArgs,
};

/** /dailylogins: camera logins per contact and day. */
export async function getDailyCameraLogins(ctx: RequestContext, raw: unknown) {
  const scope = await reportScope(ctx);
  const a = parseArgs(z.object(reportArgs), raw);
  const { ids, tz } = await reportLocations(ctx, scope, a.location_id);
  const [from, to] = range(a, tz);
  const { rows, total } = await repo.pageDailyLogins(ctx.db, ids, from, to, a.page, a.first);
  return { ...paginated(rows, total, a.page, a.first), from, to };
}

/** /dailywatchtime: every session in a date, range or week, with the total seconds. */
export async function getCameraWatchTime(ctx: RequestContext, raw: unknown) {
  const scope = await reportScope(ctx);
  const a = parseArgs(z.object({ ...reportArgs, user_id: id.nullish() }), raw);
  const { ids, tz } = await reportLocations(ctx, scope, a.location_id);
  const [from, to] = range(a, tz);
  const { rows, total, seconds } = await repo.pageWatchTime(ctx.db, ids, from, to, a.user_id ?? null, a.page, a.first);
  return { ...paginated(rows, total, a.page, a.first), from, to, total_seconds: seconds };
}

/** /camera-being-watched: live sessions now. */
export async function getCamerasBeingWatched(ctx: RequestContext, raw: unknown) {
  const scope = await reportScope(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish(), ...pageArgs }), raw);
  const { ids } = await reportLocations(ctx, scope, a.location_id);
  const { rows, total } = await repo.liveSessions(ctx.db, ids, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

/** /online-contacts-report: contacts watching now (one row per live session). */
export const getOnlineContacts = getCamerasBeingWatched;

// ── the sweep (a job, every 30 s per centre) and the MediaMTX kick ──────────

/** Ends, with the MediaMTX kick API, the streaming-server sessions behind ended watch sessions. */
export async function kickMedia(db: Knex, ended: repo.SessionRow[], secretKey: string, fetchFn: typeof fetch = fetch): Promise<number> {
  const withMedia = ended.filter((s) => s.media_session_id && s.streaming_server_id);
  if (!withMedia.length) return 0;
  const servers = new Map(
    (await streams.findStreams(db, [...new Set(withMedia.map((s) => String(s.streaming_server_id)))])).map((s) => [String(s.id), s]),
  );
  let kicked = 0;
  for (const s of withMedia) {
    const server = servers.get(String(s.streaming_server_id));
    if (!server || server.type !== 'mediamtx' || !server.api_url) continue;
    const headers: Record<string, string> = {};
    if (server.secret_enc) headers.authorization = `Basic ${Buffer.from(decryptSecret(server.secret_enc, secretKey)).toString('base64')}`;
    try {
      const r = await fetchFn(`${server.api_url}/v3/hlssessions/kick/${encodeURIComponent(s.media_session_id!)}`, {
        method: 'POST',
        headers,
        signal: AbortSignal.timeout(5000),
      });
      if (r.ok) kicked++;
    } catch {
      // The media server's own 30 s session timeout is the backstop; the dev origin stops at once.
    }
  }
  return kicked;
}

/**
 * Ends every live session whose rules no longer hold (limit, schedule end, checked out, black
 * list, room change, idle, time out). Run every 30 s per centre so a session ends within 60 s.
 */
export async function sweepSessions(
  db: Knex,
  opts: { secretKey: string; now?: Date; fetchFn?: typeof fetch },
): Promise<{ checked: number; ended: number }> {
  const at = opts.now ?? new Date();
  const open = await repo.openSessions(db);
  if (!open.length) return { checked: 0, ended: 0 };
  const staffRows = await db('user_roles as ur')
    .join('roles as r', 'r.id', 'ur.role_id')
    .whereIn('ur.user_id', [...new Set(open.map((s) => String(s.user_id)))])
    .whereIn('r.name', ['teacher', 'manager', 'kvsupport', 'center', 'admin'])
    .distinct('ur.user_id');
  const staff = new Set(staffRows.map((r) => String(r.user_id)));
  const byUser = new Map<string, repo.SessionRow[]>();
  for (const s of open) byUser.set(String(s.user_id), [...(byUser.get(String(s.user_id)) ?? []), s]);
  const toEnd = new Map<string, string[]>();
  for (const [userId, sessions] of byUser) {
    const batch = await repo.loadFacts(
      db,
      userId,
      sessions.map((s) => String(s.camera_id)),
      at,
    );
    for (const s of sessions) {
      const f = factsFor(
        batch,
        String(s.camera_id),
        { id: userId, staff: staff.has(userId) },
        staff.has(userId) ? { all: true, ids: new Set(), view: 'full' } : null,
      );
      const reason = endReason(f, s, at);
      if (reason) toEnd.set(reason, [...(toEnd.get(reason) ?? []), String(s.id)]);
    }
  }
  let ended = 0;
  for (const [reason, ids] of toEnd) {
    const rows = await endWithAudit(null, db, ids, reason, at, null);
    ended += rows.length;
    await kickMedia(db, rows, opts.secretKey, opts.fetchFn);
  }
  return { checked: open.length, ended };
}
