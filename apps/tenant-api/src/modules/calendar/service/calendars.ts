import { z } from 'zod';
import { fields, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { isStaff, reaches, readScope, requireViewer, scopeFilter } from '../../../core/access.ts';
import { id, optionalText } from '../../../core/args.ts';
import { audit, diff } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import { locationInfo } from '../../locations/index.ts';
import * as repo from '../repo.ts';
import { calendarManageScope } from '../policy.ts';
import { calendarHasEvents, calendarNotFound, locationNotFound } from '../errors.ts';
import { forbidden } from '@kv/server';

const name = fields.text('Name', { max: 150 });
const googleId = optionalText(255, 'The Google calendar id');

/**
 * Spec getCalendars(location): staff every calendar of their locations; parents the public
 * calendars of their children's locations; blog editors nothing.
 */
export async function getCalendars(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  const a = parseArgs(z.object({ location: id.nullish() }), raw);
  const scope = await readScope(ctx);
  if (a.location && !reaches(scope, a.location)) throw locationNotFound();
  const ids = a.location ? [a.location] : scopeFilter(scope);
  return repo.listCalendars(ctx.db, { locationIds: ids, withPrivate: isStaff(v) });
}

/** Spec createCalendar: a manager's calendar at one of their locations. */
export async function createCalendar(ctx: RequestContext, raw: unknown) {
  const scope = await calendarManageScope(ctx);
  const a = parseArgs(
    z.object({ name, location: id, google_calendar_id: googleId, is_public: z.boolean('Say whether parents see it.').nullish() }),
    raw,
  );
  if (!reaches(scope, a.location) || !(await locationInfo(ctx.db, a.location))) throw locationNotFound();
  const calendar = await inTransaction(ctx, async (trx) => {
    const row = await repo.insertCalendar(trx, {
      name: a.name,
      location_id: a.location,
      google_calendar_id: a.google_calendar_id ?? null,
      is_public: a.is_public ?? true,
      created_by: ctx.viewer!.id,
    });
    await audit(ctx, trx, {
      action: 'calendar.create',
      entity: 'calendar',
      entity_id: row.id,
      location_id: row.location_id,
      data: { name: row.name, is_public: row.is_public },
    });
    return row;
  });
  return { ...notice('Calendar created.'), calendar };
}

/** A calendar of the viewer's managed locations, else NOT_FOUND. */
async function managedCalendar(ctx: RequestContext, trx: Parameters<typeof repo.findCalendar>[0], calendarId: string) {
  const scope = await calendarManageScope(ctx);
  const row = await repo.findCalendar(trx, calendarId, true);
  if (!row || !reaches(scope, row.location_id)) throw calendarNotFound('id');
  return row;
}

/** Spec updateCalendar: name, Google calendar id, public or staff only (the location stays). */
export async function updateCalendar(ctx: RequestContext, raw: unknown) {
  await calendarManageScope(ctx);
  const a = parseArgs(
    z.object({ id, name: name.optional(), google_calendar_id: googleId, is_public: z.boolean('Say whether parents see it.').nullish() }),
    raw,
  );
  const calendar = await inTransaction(ctx, async (trx) => {
    const before = await managedCalendar(ctx, trx, a.id);
    const patch: Record<string, unknown> = {};
    if (a.name !== undefined) patch.name = a.name;
    if (a.google_calendar_id !== undefined) patch.google_calendar_id = a.google_calendar_id;
    if (a.is_public !== undefined && a.is_public !== null) patch.is_public = a.is_public;
    const row = await repo.updateCalendar(trx, before.id, patch);
    await audit(ctx, trx, {
      action: 'calendar.update',
      entity: 'calendar',
      entity_id: row.id,
      location_id: row.location_id,
      data: diff(before as unknown as Record<string, unknown>, row as unknown as Record<string, unknown>, [
        'name',
        'google_calendar_id',
        'is_public',
      ]),
    });
    return row;
  });
  return { ...notice('Calendar saved.'), calendar };
}

/** Spec deleteCalendar: only an empty calendar (one with events → CALENDAR_HAS_EVENTS). */
export async function deleteCalendar(ctx: RequestContext, raw: unknown) {
  await calendarManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  await inTransaction(ctx, async (trx) => {
    const row = await managedCalendar(ctx, trx, a.id);
    if (await repo.calendarHasEvents(trx, row.id)) throw calendarHasEvents();
    await repo.deleteCalendar(trx, row.id);
    await audit(ctx, trx, {
      action: 'calendar.delete',
      entity: 'calendar',
      entity_id: row.id,
      location_id: row.location_id,
      data: { name: row.name },
    });
  });
  return notice('Calendar deleted.');
}
