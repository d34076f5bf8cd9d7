import { z } from 'zod';
import type { Knex } from 'knex';
import { parseArgs } from '@kv/server';
import { notice } from '../../../core/result.ts';
import type { RequestContext } from '../../../types.ts';
import { isStaff, requireViewer } from '../../../core/access.ts';
import { insertAudit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import * as repo from '../repo.ts';
import { loadFacts } from '../facts-repo.ts';
import { endReason, remainingLogins, dailyLimit, REFUSALS, type RefusalCode } from '../rules.ts';
import { watchAccess } from '../policy.ts';
import { cameraNotFound, sessionNotFound, refusal } from '../errors.ts';
import { kickMedia } from '../media-server.ts';
import { type MediaEnv, factsFor, decisions } from './tiles.ts';

/** A watch session while it lasts: heartbeat (and extra login time), stop, and the watch time it reports. */

async function ownSession(ctx: RequestContext, sessionId: string) {
  const s = await repo.findSession(ctx.db, sessionId);
  if (!s || String(s.user_id) !== requireViewer(ctx).id) throw sessionNotFound();
  return s;
}

export async function endWithAudit(ctx: RequestContext | null, db: Knex, ids: string[], reason: string, at: Date, actor: string | null) {
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
