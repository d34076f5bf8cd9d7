import { roleAtLeast } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { findStaffRecords, type StaffRecordRow } from '../repo/records.ts';
import { selfClockScope } from '../policy.ts';
import { requireViewer } from '../../../core/access.ts';
import { rangeFilter, reportFilter, pageOf, round2, byPerson, dayOut, staffDays, staffSegments } from '../../attendance-reports/index.ts';

/** Managers see their locations' team (`reports.view`); other staff only their own punches. */
async function clockFilter(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  if (roleAtLeast(v.role, 'manager')) return reportFilter(ctx, raw);
  const r = await rangeFilter(ctx, await selfClockScope(ctx), raw);
  r.filter.user_ids = [v.id];
  return r;
}

/** Timeclock report: hours per staff member and local day (split at midnight), with breaks and first/last punch. */
export async function getTimeclockReport(ctx: RequestContext, raw: unknown) {
  const { args, filter } = await clockFilter(ctx, raw);
  const rows = byPerson(await staffDays(ctx, filter)).flatMap((p) =>
    p.days.map((d) => ({ user_id: p.id, user: { id: p.id, fname: p.fname, lname: p.lname }, ...dayOut(d, filter.tz) })),
  );
  return {
    ...pageOf(rows, args.page, args.first),
    total_hours: round2(rows.reduce((s, r) => s + r.hours, 0)),
    from: args.from,
    to: args.to,
  };
}

/** Timeclock history: the punches themselves (segments with their breaks), newest first. */
export async function getTimeclockHistory(ctx: RequestContext, raw: unknown) {
  const { args, filter } = await clockFilter(ctx, raw);
  const { ids, total } = await staffSegments(ctx.db, filter, args.page, args.first);
  const records = await findStaffRecords(ctx.db, ids);
  const byId = new Map(records.map((r) => [String(r.id), r]));
  const data = ids.map((i) => byId.get(i)).filter((r): r is StaffRecordRow => r !== undefined);
  return {
    data,
    paginatorInfo: { currentPage: args.page, lastPage: Math.max(1, Math.ceil(total / args.first)), perPage: args.first, total },
    from: args.from,
    to: args.to,
  };
}
