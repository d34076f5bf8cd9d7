import { z } from 'zod';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { reportScope } from './policy.ts';
import { range, reportArgs, reportLocations } from './service.ts';
import * as reports from './report-repo.ts';
import { id, paginated } from '../../core/args.ts';

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
