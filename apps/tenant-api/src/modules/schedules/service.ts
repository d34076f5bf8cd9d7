import { z } from 'zod';
import type { Knex } from 'knex';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import * as repo from './repo.ts';
import { scheduleManageScope, scheduleReadScope } from './policy.ts';
import { scheduleNameTaken, scheduleNotFound } from './errors.ts';
import { assertLocations, scopeFilter } from '../../core/access.ts';
import { audit, diff } from '../../core/audit.ts';
import { localTime } from '../../core/time.ts';
import { id, pageArgs, paginated } from '../../core/args.ts';
import { notice } from '../../core/result.ts';

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const scheduleDate = z.object({
  day: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(DAYS, { message: 'Use a day of the week such as monday.' })),
  start_time: localTime,
  end_time: localTime,
});

/** Opening hours: each range ends after it starts, and ranges of one day do not overlap. */
export const scheduleDatesInput = z
  .array(scheduleDate)
  .max(50, 'At most 50 time ranges.')
  .superRefine((dates, ctx) => {
    dates.forEach((d, i) => {
      if (d.end_time <= d.start_time)
        ctx.addIssue({ code: 'custom', path: [i, 'end_time'], message: 'The end time must be after the start time.' });
    });
    for (const day of DAYS) {
      const ranges = dates
        .map((d, i) => ({ ...d, i }))
        .filter((d) => d.day === day)
        .sort((a, b) => a.start_time.localeCompare(b.start_time));
      for (let k = 1; k < ranges.length; k++) {
        if (ranges[k]!.start_time < ranges[k - 1]!.end_time)
          ctx.addIssue({ code: 'custom', path: [ranges[k]!.i, 'start_time'], message: `This range overlaps another one on ${day}.` });
      }
    }
  });

const scheduleName = z.string().trim().min(1, 'Schedule name is required.').max(100, 'Schedule name must be at most 100 characters.');

const summary = (dates: readonly repo.ScheduleDate[]) =>
  dates.map((d) => `${d.day} ${String(d.start_time).slice(0, 5)}-${String(d.end_time).slice(0, 5)}`);

/**
 * The schedule of a location with this name: created when new; when it exists and dates are
 * given, its dates are replaced (every camera that uses it follows). Returns its id.
 */
export async function applyNamedSchedule(
  ctx: RequestContext,
  trx: Knex.Transaction,
  locationId: string,
  name: string,
  dates?: readonly repo.ScheduleDate[],
): Promise<string> {
  const existing = await repo.findScheduleByName(trx, locationId, name);
  if (!existing) {
    const row = await repo.insertSchedule(trx, { location_id: locationId, name, status: true });
    await repo.replaceScheduleDates(trx, row.id, dates ?? []);
    await audit(ctx, trx, {
      action: 'schedule.create',
      entity: 'schedule',
      entity_id: row.id,
      location_id: locationId,
      data: { name, scheduledates: summary(dates ?? []) },
    });
    return row.id;
  }
  if (dates) {
    const old = await repo.datesOf(trx, existing.id);
    await repo.replaceScheduleDates(trx, existing.id, dates);
    const changes = diff({ scheduledates: summary(old) }, { scheduledates: summary(dates) }, ['scheduledates']);
    if (Object.keys(changes).length)
      await audit(ctx, trx, {
        action: 'schedule.update',
        entity: 'schedule',
        entity_id: existing.id,
        location_id: locationId,
        data: { name: existing.name, changes },
      });
  }
  return existing.id;
}

/** Schedules in scope by id, or NOT_FOUND. */
export async function schedulesInScope(
  ctx: RequestContext,
  scope: Awaited<ReturnType<typeof scheduleManageScope>>,
  ids: readonly string[],
): Promise<repo.ScheduleRow[]> {
  const wanted = [...new Set(ids)];
  const rows = await repo.findSchedules(ctx.db, wanted);
  if (rows.length !== wanted.length) throw scheduleNotFound();
  await assertLocations(
    ctx,
    scope,
    rows.map((r) => r.location_id),
  ).catch(() => {
    throw scheduleNotFound();
  });
  return rows;
}

function mapUniqueViolation(e: unknown): never {
  if ((e as { code?: string; constraint?: string })?.constraint === 'schedules_location_name_unique') throw scheduleNameTaken();
  throw e;
}

/** Staff read the schedules of their own locations (as they read its rooms and cameras). */
export async function schedules(ctx: RequestContext, raw: unknown) {
  const scope = await scheduleReadScope(ctx);
  const args = parseArgs(z.object({ status: z.boolean().nullish(), location_id: id.nullish(), ...pageArgs }), raw);
  if (args.location_id) await assertLocations(ctx, scope, [args.location_id]);
  const { rows, total } = await repo.pageSchedules(ctx.db, scopeFilter(scope), {
    status: args.status,
    location_id: args.location_id,
    page: args.page,
    first: args.first,
  });
  return paginated(rows, total, args.page, args.first);
}

export async function createSchedule(ctx: RequestContext, raw: unknown) {
  const scope = await scheduleManageScope(ctx);
  const args = parseArgs(
    z.object({ location_id: id, name: scheduleName, status: z.boolean().nullish(), scheduledates: scheduleDatesInput }),
    raw,
  );
  await assertLocations(ctx, scope, [args.location_id]);
  if (await repo.findScheduleByName(ctx.db, args.location_id, args.name)) throw scheduleNameTaken();
  const row = await ctx.db
    .transaction(async (trx) => {
      const created = await repo.insertSchedule(trx, { location_id: args.location_id, name: args.name, status: args.status ?? true });
      await repo.replaceScheduleDates(trx, created.id, args.scheduledates);
      await audit(ctx, trx, {
        action: 'schedule.create',
        entity: 'schedule',
        entity_id: created.id,
        location_id: args.location_id,
        data: { name: args.name, scheduledates: summary(args.scheduledates) },
      });
      return created;
    })
    .catch(mapUniqueViolation);
  return { ...notice('Schedule created.'), schedule: row };
}

export async function updateSchedule(ctx: RequestContext, raw: unknown) {
  const scope = await scheduleManageScope(ctx);
  const args = parseArgs(
    z.object({ id, name: scheduleName.nullish(), status: z.boolean().nullish(), scheduledates: scheduleDatesInput.nullish() }),
    raw,
  );
  const [before] = await schedulesInScope(ctx, scope, [args.id]);
  if (args.name) {
    const clash = await repo.findScheduleByName(ctx.db, before!.location_id, args.name);
    if (clash && clash.id !== args.id) throw scheduleNameTaken();
  }
  const row = await ctx.db
    .transaction(async (trx) => {
      const patch: Record<string, unknown> = {};
      if (args.name) patch.name = args.name;
      if (args.status !== undefined && args.status !== null) patch.status = args.status;
      const updated = await repo.updateSchedule(trx, args.id, patch);
      const changes = diff(before!, updated, ['name', 'status']);
      if (args.scheduledates) {
        const old = await repo.datesOf(trx, args.id);
        await repo.replaceScheduleDates(trx, args.id, args.scheduledates);
        Object.assign(changes, diff({ scheduledates: summary(old) }, { scheduledates: summary(args.scheduledates) }, ['scheduledates']));
      }
      if (Object.keys(changes).length)
        await audit(ctx, trx, {
          action: 'schedule.update',
          entity: 'schedule',
          entity_id: args.id,
          location_id: before!.location_id,
          data: { name: updated.name, changes },
        });
      return updated;
    })
    .catch(mapUniqueViolation);
  return { ...notice('Schedule saved.'), schedule: row };
}

export async function deleteSchedule(ctx: RequestContext, raw: unknown) {
  const scope = await scheduleManageScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const [row] = await schedulesInScope(ctx, scope, [args.id]);
  const cameras = await ctx.db.transaction(async (trx) => {
    const n = await repo.detachSchedule(trx, args.id);
    await repo.softDeleteSchedule(trx, args.id);
    await audit(ctx, trx, {
      action: 'schedule.delete',
      entity: 'schedule',
      entity_id: args.id,
      location_id: row!.location_id,
      data: { name: row!.name, cameras: n },
    });
    return n;
  });
  return {
    ...notice(
      cameras
        ? `Schedule deleted. ${cameras === 1 ? '1 camera now has' : `${cameras} cameras now have`} no schedule.`
        : 'Schedule deleted.',
    ),
    id: args.id,
  };
}

// ── relation fields (loaders); the parent objects were authorised by their own query ──

export async function schedulesByIds(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, repo.ScheduleRow>> {
  const rows = ids.length ? await repo.findSchedules(ctx.db, ids) : [];
  return new Map(rows.map((r) => [String(r.id), r]));
}

export async function datesBySchedule(ctx: RequestContext, ids: readonly string[]) {
  return repo.datesByScheduleIds(ctx.db, ids);
}
