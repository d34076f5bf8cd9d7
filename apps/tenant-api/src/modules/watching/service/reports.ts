import { z } from 'zod';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { assertLocations, scopeFilter, type LocationScope } from '../../../core/access.ts';
import { id, paginated, pageArgs } from '../../../core/args.ts';
import * as repo from '../repo.ts';
import { localDate } from '../rules.ts';
import { reportScope } from '../policy.ts';
import { badRange } from '../errors.ts';
import * as reports from '../report-repo.ts';

/** Managers' reports of who watched: daily logins, watch time, the cameras being watched now. */

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

/**
 * /dailylogins (spec "login report", date, range or week): camera logins per contact and location
 * with the sessions and seconds watched, and today's limit so a manager can raise it.
 */
export async function getLoginReport(ctx: RequestContext, raw: unknown) {
  const scope = await reportScope(ctx);
  const a = parseArgs(z.object(reportArgs), raw);
  const { ids, tz } = await reportLocations(ctx, scope, a.location_id);
  const [from, to] = range(a, tz);
  const { rows, total, logins, seconds } = await reports.pageLoginReport(ctx.db, ids, from, to, a.page, a.first);
  const pairs = rows.map((r) => ({ user_id: String(r.user_id), location_id: String(r.location_id) }));
  const today = await reports.todayLogins(ctx.db, pairs, new Date());
  const data = rows.map((r, i) => ({
    ...r,
    user_id: pairs[i]!.user_id,
    location_id: pairs[i]!.location_id,
    today: {
      user_id: pairs[i]!.user_id,
      location_id: pairs[i]!.location_id,
      ...today.get(`${pairs[i]!.user_id}:${pairs[i]!.location_id}`)!,
    },
  }));
  return { ...paginated(data, total, a.page, a.first), from, to, total_logins: logins, total_seconds: seconds };
}

/** /dailywatchtime (spec "watch-time report", date, range or week): seconds watched per contact and day. */
export async function getWatchTimeReport(ctx: RequestContext, raw: unknown) {
  const scope = await reportScope(ctx);
  const a = parseArgs(z.object({ ...reportArgs, user_id: id.nullish() }), raw);
  const { ids, tz } = await reportLocations(ctx, scope, a.location_id);
  const [from, to] = range(a, tz);
  const { rows, total, seconds } = await reports.pageWatchTimeReport(ctx.db, ids, from, to, a.user_id ?? null, a.page, a.first);
  return { ...paginated(rows, total, a.page, a.first), from, to, total_seconds: seconds };
}
