import { z } from 'zod';
import { notice, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { requireViewer } from '../../../core/access.ts';
import { id, pageArgs, paginated } from '../../../core/args.ts';
import { inTransaction } from '../../../core/tx.ts';
import { DEFAULT_SETTINGS, SETTING_FIELDS, type NotificationSettings } from '../kinds.ts';
import { notificationNotFound } from '../errors.ts';
import * as repo from '../repo.ts';
import { shown } from './shown.ts';

/**
 * The viewer's own notification centre. Every operation reads and writes only the viewer's rows
 * (user_id = the viewer): another family's or another centre's notice is "not found".
 */
export async function getNotifications(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const a = parseArgs(z.object(pageArgs), raw);
  const [{ rows, total }, unseen] = await Promise.all([repo.pageOf(ctx.db, v.id, a.page, a.first), repo.unseenCount(ctx.db, v.id)]);
  return { ...paginated(rows.map(shown), total, a.page, a.first), unseen };
}

export async function markNotificationSeen(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const a = parseArgs(z.object({ id }), raw);
  return inTransaction(ctx, async (trx) => {
    const row = await repo.markSeen(trx, v.id, a.id);
    if (!row) throw notificationNotFound();
    return { ...notice('Notification marked as seen.'), notification: shown(row), unseen: await repo.unseenCount(trx, v.id) };
  });
}

export async function markAllNotificationsSeen(ctx: RequestContext) {
  const v = requireViewer(ctx);
  return inTransaction(ctx, async (trx) => {
    const count = await repo.markAllSeen(trx, v.id);
    return { ...notice('All notifications marked as seen.'), count, unseen: 0 };
  });
}

export async function getUserNotificationSettings(ctx: RequestContext) {
  const v = requireViewer(ctx);
  return (await repo.settingsOf(ctx.db, [v.id])).get(v.id) ?? { ...DEFAULT_SETTINGS };
}

const flags = z.object(
  Object.fromEntries([...SETTING_FIELDS, 'digest'].map((f) => [f, z.boolean({ message: 'Choose on or off.' }).nullish()])) as Record<
    keyof NotificationSettings,
    z.ZodOptional<z.ZodNullable<z.ZodBoolean>>
  >,
);

export async function saveUserNotificationSettings(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const a = parseArgs(flags, raw);
  return inTransaction(ctx, async (trx) => {
    const current = (await repo.settingsOf(trx, [v.id])).get(v.id)!;
    const next = { ...current };
    for (const k of Object.keys(next) as (keyof NotificationSettings)[]) {
      const val = a[k];
      if (typeof val === 'boolean') next[k] = val;
    }
    await repo.saveSettings(trx, v.id, next);
    return { ...notice('Notification settings saved.'), settings: next };
  });
}
