import type { Knex } from 'knex';
import * as repo from '../repo.ts';
import { loadFacts } from '../facts-repo.ts';
import { endReason } from '../rules.ts';
import { type MediaKeys } from '../media-tokens.ts';
import { kickEndedMediaSessions, kickMedia } from '../media-server.ts';
import { factsFor } from './tiles.ts';
import { endWithAudit } from './sessions.ts';

/** The sweep (a job, every 30 s per centre): ends sessions whose heartbeat stopped or whose rules ended, and kicks their players off the streaming server. */

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
