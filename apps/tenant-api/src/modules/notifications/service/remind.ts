import type { Knex } from 'knex';
import { openItemsToRemind } from '../../announcements/index.ts';
import * as repo from '../repo.ts';
import { dueBy, noticeTitle } from '../wording.ts';
import { notifyUsers } from './notify.ts';

/**
 * Re-notifies every open action item (not acknowledged, not withdrawn, raised before today) once
 * per item, person and day: the notice's event key carries the item and the local date, so the
 * ticks of one day (and a redelivered tick) add nothing after the first. Runs in one transaction;
 * returns how many notices were written.
 */
export async function remindOpenActionItems(db: Knex, centreId: string, now = new Date()): Promise<number> {
  return db.transaction(async (trx) => {
    const items = await openItemsToRemind(trx, now);
    if (!items.length) return 0;
    const locale = new Map((await repo.recipients(trx, [...new Set(items.map((i) => i.user_id))])).map((p) => [p.id, p.locale]));
    let n = 0;
    for (const i of items) {
      const l = locale.get(i.user_id);
      if (!l) continue;
      const rows = await notifyUsers(trx, {
        centre_id: centreId,
        event_key: `action_item:${i.id}:${i.today}`,
        user_ids: [i.user_id],
        kind: 'announcement',
        title: noticeTitle('reminder', l, i.title),
        body: dueBy(l, i.due_date),
        link: '/home',
        location_id: i.location_id,
        instant: true,
      });
      n += rows.length;
    }
    return n;
  });
}
