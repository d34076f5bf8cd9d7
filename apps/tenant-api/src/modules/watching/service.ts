import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Knex } from 'knex';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import * as repo from './repo.ts';
import { loadFacts, type CameraSelection, type FactsBatch, type FactsOptions, type PlayerFacts } from './facts-repo.ts';
import {
  decide,
  endReason,
  localDate,
  remainingLogins,
  dailyLimit,
  liveUntil,
  REFUSALS,
  type Decision,
  type RefusalCode,
  type WatchFacts,
} from './rules.ts';
import { reportScope, watchAccess } from './policy.ts';
import { badRange, cameraNotFound, refusal, sessionNotFound } from './errors.ts';
import { signPlaybackToken, type MediaKeys } from './media-tokens.ts';
import { kickEndedMediaSessions, kickMedia } from './media-server.ts';
import { assertLocations, isStaff, requireViewer, scopeFilter, type LocationScope } from '../../core/access.ts';
import { audit, insertAudit } from '../../core/audit.ts';
import { id, pageArgs, paginated } from '../../core/args.ts';
import { notice } from '../../core/result.ts';
import { type CameraRow, CAMERA_SETTING_DEFAULTS } from '../cameras/index.ts';
import type { StreamSettings } from '../streaming/index.ts';

/** What the watching services need besides the request: the media keys, the secret key, whether the dev origin serves. */
export interface MediaEnv {
  keys: MediaKeys;
  secretKey: string;
  /** The built-in dev origin is mounted (never in production): locations without a server play from it. */
  devOrigin: boolean;
}

/** The dev origin's mount point on the tenant API. */
export const DEV_MEDIA_BASE = '/media';

type Tile = { camera: NonNullable<ReturnType<FactsBatch['cameras']['get']>>; row: CameraRow; decision: Decision };

/** `staffScope`: the locations of a staff viewer; null for parents (they reach cameras through their children). */
function factsFor(
  batch: FactsBatch,
  cameraId: string,
  viewer: { id: string; staff: boolean },
  staffScope: LocationScope | null,
): WatchFacts {
  const camera = batch.cameras.get(cameraId) ?? null;
  const loc = camera ? batch.locations.get(camera.location_id) : undefined;
  return {
    viewer: {
      id: viewer.id,
      staff: viewer.staff,
      active: batch.viewerActive,
      inStaffScope: Boolean(camera && staffScope && (staffScope.all || staffScope.ids.has(camera.location_id))),
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

/** The decision for each selected camera, for the signed-in viewer, from one statement. */
async function decisions(
  ctx: RequestContext,
  staffScope: LocationScope | null,
  select: CameraSelection,
  at: Date,
  opts: FactsOptions = {},
): Promise<{ batch: FactsBatch; tiles: Tile[] }> {
  const v = requireViewer(ctx);
  const staff = isStaff(requireViewer(ctx));
  const batch = await loadFacts(ctx.db, v.id, select, at, opts);
  const tiles = batch.rows.map((row) => {
    const cid = String(row.id);
    return { camera: batch.cameras.get(cid)!, row, decision: decide(factsFor(batch, cid, { id: v.id, staff }, staffScope), at) };
  });
  return { batch, tiles };
}

function playerSettings(player: PlayerFacts) {
  const { camera_setting: cam, stream_settings: stream, stream_mode: mode } = player.settings;
  return {
    camera: { ...CAMERA_SETTING_DEFAULTS, ...((cam ?? {}) as Partial<typeof CAMERA_SETTING_DEFAULTS>) },
    stream: { streaming_server_id: null, watermark: true, heartbeat_seconds: 15, ...(stream ?? {}) } as StreamSettings,
    testMode: Boolean((mode as { enable_test_mode?: boolean } | null | undefined)?.enable_test_mode),
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
  const staffScope = await watchAccess(ctx);
  const a = parseArgs(z.object({ id, code: z.string().max(200).nullish(), location: id.nullish() }), raw);
  const v = requireViewer(ctx);
  const at = new Date();
  const { batch, tiles } = await decisions(ctx, staffScope, { ids: [a.id] }, at, { player: true });
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
  const loc = batch.locations.get(cam.location_id);
  const tz = loc?.timezone ?? 'UTC';
  const player = batch.player.get(cam.id)!;
  const settings = playerSettings(player);
  const server = settings.testMode ? null : player.server;
  // Without a server (or in test mode) the dev origin plays; where it is not mounted nothing would.
  if (!server && !env.devOrigin) {
    await insertAudit(ctx.db, {
      actor_user_id: v.id,
      action: 'camera.refused',
      entity: 'camera',
      entity_id: cam.id,
      location_id: cam.location_id,
      data: { reason: 'NO_STREAMING_SERVER' },
      ip: ctx.ip,
    });
    return { ...refusal('NO_STREAMING_SERVER'), embed_code: null, session_id: null, remaining_logins: null };
  }
  // Each play issues a new token id: the session's older tokens stop opening it.
  const jti = randomBytes(12).toString('base64url');
  const session = await repo.startSession(ctx.db, {
    user_id: v.id,
    student_id: decision.student_id,
    camera_id: cam.id,
    location_id: cam.location_id,
    streaming_server_id: server?.id ?? null,
    date: localDate(at, tz),
    at,
    counted: decision.counts && !isStaff(requireViewer(ctx)),
    ip: ctx.ip,
    user_agent: ctx.userAgent?.slice(0, 500) ?? null,
    token_jti: jti,
    audit: { actor_label: v.support?.operator ?? null, support_session_id: v.support?.sessionId ?? null },
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
  const base = !server ? DEV_MEDIA_BASE : settings.camera.server || server.base_url;
  const url = `${base.replace(/\/+$/, '')}/${encodeURIComponent(cam.code)}/index.m3u8?token=${encodeURIComponent(token)}`;
  return {
    ...notice('Live.'),
    reason: null,
    session_id: String(session.id),
    remaining_logins: decision.remaining,
    live_until: isStaff(requireViewer(ctx)) ? null : (liveUntil(cam, at, tz)?.toISOString() ?? null),
    idle_minutes: isStaff(requireViewer(ctx)) ? null : (loc?.user_time_out ?? null),
    embed_code: {
      url,
      type: !server ? 'dev' : server.type,
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

/** Staff: the cameras of their locations (or of one of them); parents: the cameras linked to their children. */
async function visibleCameras(ctx: RequestContext, staffScope: LocationScope | null, locationId: string | null): Promise<CameraSelection> {
  if (!staffScope) return { linked: true };
  if (locationId) await assertLocations(ctx, staffScope, [locationId]);
  return { locations: locationId ? [locationId] : scopeFilter(staffScope) };
}

/** Every camera the viewer may be shown, each saying whether it plays now and, if not, why. */
export async function playCameraGridView(ctx: RequestContext, raw: unknown) {
  const staffScope = await watchAccess(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish() }), raw);
  const { tiles } = await decisions(ctx, staffScope, await visibleCameras(ctx, staffScope, a.location_id ?? null), new Date());
  const out = tiles.filter((t) => !a.location_id || t.camera.location_id === a.location_id).map(tileOut);
  return { ...notice(out.some((t) => t.can_play) ? 'Cameras are live.' : 'No camera is live for you now.'), tiles: out };
}

/** A child's cameras (parents: their own children only; staff: children of their locations). */
export async function getStudentCameras(ctx: RequestContext, raw: unknown) {
  const staffScope = await watchAccess(ctx);
  const a = parseArgs(z.object({ student_id: id }), raw);
  // The child and the viewer's link to it come with the decisions; nothing is answered before the check.
  const { batch, tiles } = await decisions(ctx, staffScope, { student: a.student_id }, new Date());
  const student = batch.student;
  if (!student) throw cameraNotFound();
  if (staffScope) {
    await assertLocations(ctx, staffScope, [student.location_id]).catch(() => {
      throw cameraNotFound();
    });
  } else if (!student.guardian) throw cameraNotFound();
  return tiles.map(tileOut);
}

/** Cameras that are on and inside their schedule now, with how many people watch each. */
export async function getOnlineCameras(ctx: RequestContext, raw: unknown) {
  const staffScope = await watchAccess(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish() }), raw);
  const select = await visibleCameras(ctx, staffScope, a.location_id ?? null);
  const { batch, tiles } = await decisions(ctx, staffScope, select, new Date(), { viewers: Boolean(staffScope) });
  const live = tiles.filter(
    (t) => t.decision.ok || !['CAMERA_OFF', 'OUTSIDE_SCHEDULE', 'CAMERA_NOT_FOUND', 'OUT_OF_SCOPE', 'NOT_LINKED'].includes(t.decision.code),
  );
  return live.map((t) => ({ ...tileOut(t), viewers: staffScope ? (batch.viewers.get(t.camera.id) ?? 0) : null }));
}

// ── sessions: heartbeat, stop, login time ──────────────────────────────────

async function ownSession(ctx: RequestContext, sessionId: string) {
  const s = await repo.findSession(ctx.db, sessionId);
  if (!s || String(s.user_id) !== requireViewer(ctx).id) throw sessionNotFound();
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
  const staffScope = await watchAccess(ctx);
  const a = parseArgs(z.object({ session_id: id, active: z.boolean().nullish() }), raw);
  const s = await ownSession(ctx, a.session_id);
  if (s.ended_at)
    return {
      ...refusal((s.ended_reason as RefusalCode) in REFUSALS ? (s.ended_reason as RefusalCode) : 'SESSION_ENDED'),
      session_id: a.session_id,
      seconds: s.seconds,
      remaining_logins: null,
    };
  const at = new Date();
  const batch = await loadFacts(ctx.db, s.user_id, { ids: [String(s.camera_id)] }, at);
  const f = factsFor(batch, String(s.camera_id), { id: s.user_id, staff: isStaff(requireViewer(ctx)) }, staffScope);
  const lastActivity = a.active ? at : s.last_activity_at;
  const reason = endReason(f, { started_at: s.started_at, last_heartbeat_at: at, last_activity_at: lastActivity }, at);
  if (reason) {
    const [ended] = await endWithAudit(ctx, ctx.db, [a.session_id], reason, at, requireViewer(ctx).id);
    await kickMedia(ctx.db, ended ? [ended] : [], env.secretKey);
    return {
      ...refusal(reason),
      session_id: a.session_id,
      seconds: ended?.seconds ?? s.seconds,
      remaining_logins: remainingLogins(f.location, f.limit),
    };
  }
  const t = await repo.touchSession(ctx.db, a.session_id, at, Boolean(a.active));
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
  const ended = s.ended_at ? [] : await endWithAudit(ctx, ctx.db, [a.session_id], 'CLOSED', new Date(), requireViewer(ctx).id);
  await kickMedia(ctx.db, ended, env.secretKey);
  return { ...notice('Stopped.'), session_id: a.session_id, seconds: ended[0]?.seconds ?? s.seconds };
}

/**
 * createCameraWatchTimeReport(camera_id): before the player opens, is the viewer over the daily
 * limit (`limit_over`), and does the live session on this camera count as a login (`is_counter`)?
 */
export async function createCameraWatchTimeReport(ctx: RequestContext, raw: unknown) {
  const staffScope = await watchAccess(ctx);
  const a = parseArgs(z.object({ camera_id: id }), raw);
  const v = requireViewer(ctx);
  const at = new Date();
  const { batch, tiles } = await decisions(ctx, staffScope, { ids: [a.camera_id] }, at, { player: true });
  if (!tiles[0]) throw cameraNotFound();
  const f = factsFor(batch, a.camera_id, { id: v.id, staff: isStaff(requireViewer(ctx)) }, staffScope);
  const open = batch.player.get(a.camera_id)?.openSession;
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
  const v = requireViewer(ctx);
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

export interface SweepOptions {
  secretKey: string;
  /** The centre (playback tokens carry it as `tid`) and the keys that sign them: MediaMTX sessions are matched by token. */
  tenantId: string;
  keys: MediaKeys;
  now?: Date;
  fetchFn?: typeof fetch;
}

/**
 * Ends every live session whose rules no longer hold (over the login limit, schedule end, checked
 * out, black list, room change, closed player, idle viewer), then kicks the MediaMTX sessions of
 * ended watch sessions. Run every 30 s per centre so a session ends within 60 s.
 */
export async function sweepSessions(db: Knex, opts: SweepOptions): Promise<{ checked: number; ended: number; kicked: number }> {
  const { checked, ended } = await endBrokenSessions(db, opts);
  const kicked = await kickEndedMediaSessions(db, opts);
  return { checked, ended, kicked };
}

async function endBrokenSessions(db: Knex, opts: SweepOptions): Promise<{ checked: number; ended: number }> {
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
    const batch = await loadFacts(db, userId, { ids: sessions.map((s) => String(s.camera_id)) }, at);
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
