import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Knex } from 'knex';
import { fields, parseArgs } from '@kv/server';
import { addDays, daysBetween } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { reaches, type LocationScope } from '../../../core/access.ts';
import { id, idList, optionalText } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { localDate, localTime } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import { locationInfo } from '../../locations/index.ts';
import * as repo from '../repo.ts';
import { eventWriteScope } from '../policy.ts';
import { linkedAmong } from '../google/link.ts';
import { queueGooglePush } from '../google/push.ts';
import { instants, MAX_SERIES_DAYS, occurrences, WEEKDAY_NAMES } from '../recurrence.ts';
import {
  calendarNotFound,
  daysRequired,
  endBeforeStart,
  eventNotFound,
  noOccurrence,
  roomsNotAtLocation,
  seriesTooLong,
  timesRequired,
  untilBeforeDate,
  untilRequired,
} from '../errors.ts';

export const SERIES_SCOPES = ['this', 'following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

const days = z.array(fields.oneOf('A day', WEEKDAY_NAMES)).max(7, 'Choose at most 7 days.');
const eventFields = {
  details: optionalText(5000, 'The details'),
  date: localDate,
  start_time: localTime.nullish(),
  end_time: localTime.nullish(),
  full_day: z.boolean('Say whether it lasts all day.').nullish(),
  recursing: z.boolean('Say whether it repeats.').nullish(),
  days: days.nullish(),
  until: localDate.nullish(),
  programs: idList.max(50, 'Choose at most 50 rooms.').nullish(),
};

const createArgs = z.object({
  name: fields.text('Name', { max: 200 }),
  calendar: fields.id('The calendar'),
  ...eventFields,
});

const updateArgs = z.object({
  id,
  scope: fields.oneOf('The scope', SERIES_SCOPES).nullish(),
  name: fields.text('Name', { max: 200 }).optional(),
  calendar: fields.id('The calendar').nullish(),
  ...eventFields,
  date: localDate.nullish(),
});

interface Shape {
  name: string;
  details: string | null;
  calendar_id: string;
  location_id: string;
  full_day: boolean;
  start_time: string | null;
  end_time: string | null;
  programs: string[];
}

/** Times of a timed event must both be there, the end after the start; an all-day event has none. */
function checkTimes(s: { full_day: boolean; start_time: string | null; end_time: string | null }) {
  if (s.full_day) return { start_time: null, end_time: null };
  if (!s.start_time) throw timesRequired('start_time');
  if (!s.end_time) throw timesRequired('end_time');
  if (s.end_time <= s.start_time) throw endBeforeStart();
  return { start_time: s.start_time, end_time: s.end_time };
}

/** The dates of a series from `from`, checked: days chosen, until on or after, at most a year. */
function seriesDates(from: string, until: string | null | undefined, weekdays: readonly string[] | null | undefined): string[] {
  if (!weekdays?.length) throw daysRequired();
  if (!until) throw untilRequired();
  if (until < from) throw untilBeforeDate();
  if (daysBetween(from, until) >= MAX_SERIES_DAYS) throw seriesTooLong();
  const dates = occurrences(from, until, weekdays);
  if (!dates.length) throw noOccurrence();
  return dates;
}

/** A calendar the viewer writes events to (their locations), locked against a concurrent delete. */
async function writableCalendar(trx: Knex.Transaction, scope: LocationScope, calendarId: string) {
  const cal = await repo.findCalendar(trx, calendarId, true);
  if (!cal || !reaches(scope, cal.location_id)) throw calendarNotFound();
  return cal;
}

async function checkRooms(trx: Knex.Transaction, locationId: string, programs: readonly string[]) {
  const ids = [...new Set(programs)];
  const found = await repo.programsAt(trx, locationId, ids);
  if (ids.some((p) => !found.has(p))) throw roomsNotAtLocation();
  return ids;
}

async function zoneOf(trx: Knex.Transaction, locationId: string): Promise<string> {
  return (await locationInfo(trx, locationId))?.timezone ?? 'UTC';
}

/** Rows for the dates of one event or series, each with its instants in the location's zone. */
function rowsFor(
  ctx: RequestContext,
  s: Shape,
  dates: readonly string[],
  tz: string,
  series: { id: string; days: string[]; until: string } | null,
) {
  return dates.map((date) => ({
    calendar_id: s.calendar_id,
    location_id: s.location_id,
    name: s.name,
    details: s.details,
    date,
    start_time: s.start_time,
    end_time: s.end_time,
    full_day: s.full_day,
    ...instants(date, s, tz),
    recursive_id: series?.id ?? null,
    recursing: Boolean(series),
    days: series?.days ?? [],
    recurs_until: series?.until ?? null,
    created_by: ctx.viewer!.id,
  }));
}

const auditEvent = (ctx: RequestContext, trx: Knex.Transaction, action: string, ev: { id: string; location_id: string }, data: object) =>
  audit(ctx, trx, { action: `calendar_event.${action}`, entity: 'calendar_event', entity_id: ev.id, location_id: ev.location_id, data });

/**
 * Spec createEvent: name and calendar required; a timed event's end after its start; a weekly
 * series (`recursing`, `days`, `until`, at most one year) is one row per occurrence sharing
 * `recursive_id`, each at its wall-clock time on its own local date.
 */
export async function createEvent(ctx: RequestContext, raw: unknown) {
  const scope = await eventWriteScope(ctx);
  const a = parseArgs(createArgs, raw);
  const full_day = a.full_day ?? false;
  const times = checkTimes({ full_day, start_time: a.start_time ?? null, end_time: a.end_time ?? null });
  const dates = a.recursing ? seriesDates(a.date, a.until, a.days) : [a.date];
  const result = await inTransaction(ctx, async (trx) => {
    const cal = await writableCalendar(trx, scope, a.calendar);
    const programs = await checkRooms(trx, cal.location_id, a.programs ?? []);
    const shape: Shape = {
      name: a.name,
      details: a.details ?? null,
      calendar_id: cal.id,
      location_id: cal.location_id,
      full_day,
      ...times,
      programs,
    };
    const series = a.recursing ? { id: randomUUID(), days: [...new Set(a.days!)], until: a.until! } : null;
    const ids = await repo.insertEvents(trx, rowsFor(ctx, shape, dates, await zoneOf(trx, cal.location_id), series), programs);
    await auditEvent(
      ctx,
      trx,
      'create',
      { id: ids[0]!, location_id: cal.location_id },
      {
        name: a.name,
        calendar: cal.id,
        occurrences: ids.length,
        recursive_id: series?.id ?? null,
      },
    );
    await pushToGoogle(ctx, trx, [cal.id]);
    return { event: await repo.findEvent(trx, ids[0]!), count: ids.length };
  });
  return {
    ...notice(result.count > 1 ? `Event created (${result.count} occurrences).` : 'Event created.'),
    event: result.event,
    count: result.count,
  };
}

/** Calendars linked to Google get a push job in the change's transaction (google/push.ts). */
async function pushToGoogle(ctx: RequestContext, trx: Knex.Transaction, calendarIds: readonly string[]): Promise<void> {
  const linked = await linkedAmong(trx, [...new Set(calendarIds)]);
  if (linked.length) await queueGooglePush(trx, ctx.tenant.id, linked);
}

/** An event at one of the viewer's locations (write scope), else NOT_FOUND. */
async function writableEvent(trx: Knex.Transaction, scope: LocationScope, eventId: string) {
  const ev = await repo.findEvent(trx, eventId);
  if (!ev || !reaches(scope, ev.location_id)) throw eventNotFound();
  return ev;
}

/**
 * Spec updateEvent, for `this` occurrence, `following` ones or `all` of its series. Names, details,
 * times, rooms and calendar follow the scope; a new date moves only this occurrence; new days or a
 * new last day re-create the series' occurrences in the scope (from this one, or from the first).
 */
export async function updateEvent(ctx: RequestContext, raw: unknown) {
  const scope = await eventWriteScope(ctx);
  const a = parseArgs(updateArgs, raw);
  const which: SeriesScope = a.scope ?? 'this';
  const result = await inTransaction(ctx, async (trx) => {
    const ev = await writableEvent(trx, scope, a.id);
    const rows = await repo.seriesRows(trx, ev, which);
    const cal = a.calendar && a.calendar !== ev.calendar_id ? await writableCalendar(trx, scope, a.calendar) : null;
    const locationId = cal?.location_id ?? ev.location_id;
    const full_day = a.full_day ?? ev.full_day;
    const times = checkTimes({
      full_day,
      start_time: a.start_time !== undefined ? a.start_time : ev.start_time,
      end_time: a.end_time !== undefined ? a.end_time : ev.end_time,
    });
    const currentPrograms = (await repo.programsOf(trx, [ev.id])).get(ev.id)?.map((p) => p.id) ?? [];
    // Rooms stay unless changed; a move to another location's calendar leaves them behind.
    const programs =
      a.programs !== undefined && a.programs !== null
        ? await checkRooms(trx, locationId, a.programs)
        : cal && cal.location_id !== ev.location_id
          ? []
          : currentPrograms;
    const shape: Shape = {
      name: a.name ?? ev.name,
      details: a.details !== undefined ? a.details : ev.details,
      calendar_id: cal?.id ?? ev.calendar_id,
      location_id: locationId,
      full_day,
      ...times,
      programs,
    };
    const tz = await zoneOf(trx, locationId);
    const newDays = a.days ? [...new Set(a.days)] : null;
    const reshape =
      (a.recursing === true && !ev.recursive_id) ||
      (which !== 'this' &&
        ev.recursive_id &&
        ((newDays && newDays.sort().join() !== [...ev.days].sort().join()) || (a.until && a.until !== ev.recurs_until)));
    let firstId = ev.id;
    let count = rows.length;
    if (reshape) {
      // Re-create the occurrences in scope from the anchor day with the new recurrence.
      const anchor = which === 'all' ? rows[0]!.date : (a.date ?? ev.date);
      const seriesDays = newDays ?? ev.days;
      const until = a.until ?? ev.recurs_until;
      const dates = seriesDates(anchor, until, seriesDays);
      await repo.deleteEvents(
        trx,
        rows.map((r) => r.id),
      );
      const ids = await repo.insertEvents(
        trx,
        rowsFor(ctx, shape, dates, tz, { id: ev.recursive_id ?? randomUUID(), days: seriesDays, until: until! }),
        programs,
      );
      firstId = ids[0]!;
      count = ids.length;
      if (ev.recursive_id && which === 'following')
        await trx('calendar_events')
          .where({ recursive_id: ev.recursive_id })
          .where('date', '<', anchor)
          .update({ recurs_until: addDays(anchor, -1) });
    } else {
      const ids = rows.map((r) => r.id);
      const patch: Record<string, unknown> = {
        name: shape.name,
        details: shape.details,
        calendar_id: shape.calendar_id,
        location_id: shape.location_id,
        full_day: shape.full_day,
        start_time: shape.start_time,
        end_time: shape.end_time,
      };
      if (which === 'this' && a.date) patch.date = a.date;
      await repo.updateEvents(trx, ids, patch);
      await repo.updateEventInstants(
        trx,
        rows.map((r) => ({ id: r.id, ...instants(which === 'this' && a.date ? a.date : r.date, shape, tz) })),
      );
      await repo.setPrograms(trx, ids, programs);
    }
    await auditEvent(
      ctx,
      trx,
      'update',
      { id: firstId, location_id: locationId },
      {
        scope: which,
        occurrences: count,
        recursive_id: ev.recursive_id,
        name: shape.name,
      },
    );
    await pushToGoogle(ctx, trx, [ev.calendar_id, shape.calendar_id]);
    return { event: await repo.findEvent(trx, firstId), count };
  });
  return { ...notice('Event saved.'), event: result.event, count: result.count };
}

/** Spec deleteEvent: this occurrence, this and the following ones, or the whole series. */
export async function deleteEvent(ctx: RequestContext, raw: unknown) {
  const scope = await eventWriteScope(ctx);
  const a = parseArgs(z.object({ id, scope: fields.oneOf('The scope', SERIES_SCOPES).nullish() }), raw);
  const which: SeriesScope = a.scope ?? 'this';
  const count = await inTransaction(ctx, async (trx) => {
    const ev = await writableEvent(trx, scope, a.id);
    const rows = await repo.seriesRows(trx, ev, which);
    await repo.deleteEvents(
      trx,
      rows.map((r) => r.id),
    );
    await auditEvent(ctx, trx, 'delete', ev, { scope: which, occurrences: rows.length, recursive_id: ev.recursive_id, name: ev.name });
    await pushToGoogle(ctx, trx, [ev.calendar_id]);
    return rows.length;
  });
  return { ...notice(count > 1 ? `${count} occurrences deleted.` : 'Event deleted.'), count };
}
