import { z } from 'zod';
import { parseArgs } from '@kv/server';
import { daysBetween, localParts } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import type { RangeFilter } from '../repo.ts';
import { reportScope } from '../policy.ts';
import { badRange, reportRoomNotFound } from '../errors.ts';
import { assertLocations, type LocationScope } from '../../../core/access.ts';
import { id, idList, pageArgs } from '../../../core/args.ts';
import { localDate } from '../../../core/time.ts';
import { programsOfLocation } from '../../attendance/index.ts';
import { locationInfo } from '../../locations/index.ts';

export const MAX_DAYS = 366;

export const reportArgs = z.object({
  location_id: id,
  from: localDate,
  to: localDate,
  program_id: id.nullish(),
  user_ids: idList.nullish(),
  student_ids: idList.nullish(),
  ...pageArgs,
});

export type ReportArgs = z.infer<typeof reportArgs>;

/**
 * The checks every report makes: the viewer's scope (by default managers of the location, `reports.view`),
 * a range of at most a year, a room of the location. Returns the filter with the location's zone.
 */
export async function reportFilter(
  ctx: RequestContext,
  raw: unknown,
  scopeOf: (ctx: RequestContext) => Promise<LocationScope> = reportScope,
): Promise<{ args: ReportArgs; filter: RangeFilter }> {
  return rangeFilter(ctx, await scopeOf(ctx), raw);
}

/** The range checks of a report, for a scope the caller already obtained. */
export async function rangeFilter(
  ctx: RequestContext,
  scope: LocationScope,
  raw: unknown,
): Promise<{ args: ReportArgs; filter: RangeFilter }> {
  const args = parseArgs(reportArgs, raw);
  if (args.to < args.from) throw badRange('to', 'The end date must be on or after the start date.');
  if (daysBetween(args.from, args.to) >= MAX_DAYS) throw badRange('to', `Choose at most ${MAX_DAYS} days.`);
  await assertLocations(ctx, scope, [args.location_id]);
  if (args.program_id && !(await programsOfLocation(ctx.db, [args.program_id], args.location_id)).length) throw reportRoomNotFound();
  const loc = await locationInfo(ctx.db, args.location_id);
  return {
    args,
    filter: {
      location_id: args.location_id,
      tz: loc!.timezone,
      from: args.from,
      to: args.to,
      program_id: args.program_id ?? null,
      user_ids: args.user_ids ?? null,
      student_ids: args.student_ids ?? null,
    },
  };
}

/** `2026-03-01 07:30` in the location's time zone. */
export function localStamp(instant: Date | null | undefined, tz: string): string | null {
  if (!instant) return null;
  const p = localParts(instant, tz);
  return `${p.date} ${p.time}`;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** A page of an in-memory list. */
export function pageOf<T>(items: T[], page: number, first: number) {
  return {
    data: items.slice((page - 1) * first, page * first),
    paginatorInfo: { currentPage: page, lastPage: Math.max(1, Math.ceil(items.length / first)), perPage: first, total: items.length },
  };
}
