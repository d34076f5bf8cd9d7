import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseArgs } from '@kv/server';
import { notice } from '../../../core/result.ts';
import type { RequestContext } from '../../../types.ts';
import { assertLocations, isStaff, requireViewer, scopeFilter, type LocationScope } from '../../../core/access.ts';
import { insertAudit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import * as repo from '../repo.ts';
import { type CameraSelection } from '../facts-repo.ts';
import { localDate, liveUntil } from '../rules.ts';
import { watchAccess } from '../policy.ts';
import { cameraNotFound, refusal } from '../errors.ts';
import { signPlaybackToken } from '../media-tokens.ts';
import { type MediaEnv, DEV_MEDIA_BASE, decisions, playerSettings, tileOut } from './tiles.ts';

/** Starting to watch: one camera (`playCamera`, a token and a watch session), the grid, a child's cameras, the cameras online. */

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
