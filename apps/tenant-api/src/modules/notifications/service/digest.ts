import type { Knex } from 'knex';
import { queueMessage } from '@kv/messaging';
import { localParts, zonedInstant } from '@kv/shared';
import * as repo from '../repo.ts';
import { digestSummary } from '../wording.ts';

/**
 * The daily digest: at each location's `send_parent_activity_report_time` (17:00 when unset), in
 * its zone, every user with notices held there (routine notices of users with `digest` on) gets
 * one push per device summing them ("2 meals, 1 nap, 3 photos"). Its email is the activities
 * area's daily report, never a second mail. Notices are claimed (`digested_at`) in the
 * transaction that queues the push, so a rerun or a concurrent tick sends nothing twice; notices
 * held after today's time wait for tomorrow's. Returns how many users got a summary.
 */
export async function sendDueDigests(db: Knex, centreId: string, now: Date): Promise<number> {
  let users = 0;
  for (const loc of await repo.heldLocations(db)) {
    const local = localParts(now, loc.timezone);
    if (local.time.slice(0, 5) < loc.time.slice(0, 5)) continue;
    const cutoff = zonedInstant(local.date, loc.time.slice(0, 5), loc.timezone);
    users += await db.transaction(async (trx) => {
      const held = await repo.claimHeld(trx, loc.id, cutoff);
      if (!held.length) return 0;
      const byUser = new Map<string, repo.NotificationRow[]>();
      for (const n of held) byUser.set(n.user_id, [...(byUser.get(n.user_id) ?? []), n]);
      const ids = [...byUser.keys()];
      const people = await repo.recipients(trx, ids);
      const settings = await repo.settingsOf(trx, ids);
      const tokens = await repo.pushTokensOf(trx, ids);
      let n = 0;
      for (const who of people) {
        const rows = byUser.get(who.id) ?? [];
        if (!settings.get(who.id)?.push) continue;
        const counts = new Map<string, number>();
        for (const r of rows) counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
        const data = { fname: who.fname, count: rows.length, summary: digestSummary(who.locale, counts) };
        for (const token of tokens.get(who.id) ?? [])
          await queueMessage(trx, {
            channel: 'push',
            to: token,
            userId: who.id,
            template: 'notification-digest',
            locale: who.locale,
            data,
            centreId,
          });
        n++;
      }
      return n;
    });
  }
  return users;
}
