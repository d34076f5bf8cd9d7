import { z } from 'zod';
import { forbidden, parseArgs } from '@kv/server';
import { addDays, daysBetween } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { reaches, readScope, requireViewer, scopeFilter, studentReadScope } from '../../../core/access.ts';
import { id, idList } from '../../../core/args.ts';
import { localDate } from '../../../core/time.ts';
import { birthdayStudents } from '../../students/index.ts';
import { staffRecordsBetween } from '../../timeclock/index.ts';
import { staffCalendarBetween } from '../../staff-schedules/index.ts';
import * as repo from '../repo.ts';
import { eventVisibility, teamVisibility } from '../policy.ts';
import { birthdayIn } from '../recurrence.ts';
import { locationNotFound, rangeBackwards, rangeTooLong } from '../errors.ts';

/** A time-clock shift of the team calendar. */
export interface TeamShiftRow {
  id: string;
  user: { id: string; fname: string; lname: string };
  location_id: string;
  date: string;
  start: Date;
  end: Date | null;
  break_time: number;
}

/** The longest visible range a calendar view asks for (a month grid is 42 days). */
const MAX_RANGE_DAYS = 62;

function range(from: string, to: string | null | undefined, fallback = 41): { from: string; to: string } {
  const end = to ?? addDays(from, fallback);
  if (end < from) throw rangeBackwards();
  if (daysBetween(from, end) >= MAX_RANGE_DAYS) throw rangeTooLong();
  return { from, to: end };
}

/**
 * Spec filterEvents(location, program_ids, date): every occurrence from `date` to `to` (the visible
 * range; default six weeks) that the viewer sees: staff every calendar of their locations; parents
 * the public calendars of their children's locations and rooms.
 */
export async function filterEvents(ctx: RequestContext, raw: unknown) {
  const vis = await eventVisibility(ctx);
  const a = parseArgs(
    z.object({
      location: id.nullish(),
      program_ids: idList.max(50, 'Choose at most 50 rooms.').nullish(),
      date: localDate,
      to: localDate.nullish(),
    }),
    raw,
  );
  const r = range(a.date, a.to);
  if (a.location && !reaches(await readScope(ctx), a.location)) throw locationNotFound();
  return repo.eventsBetween(ctx.db, vis, { locationId: a.location ?? null, programIds: a.program_ids ?? null, ...r });
}

/**
 * Spec getTeamCalendar: the staff-only calendars' events of the viewer's locations and the time
 * clock's shifts in the range, and the staff schedules' working days, time off and absences
 * (everyone's with `team.view`, else one's own).
 */
export async function getTeamCalendar(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const { scope, everyone } = await teamVisibility(ctx);
  const a = parseArgs(z.object({ location: id.nullish(), from: localDate, to: localDate.nullish() }), raw);
  const r = range(a.from, a.to);
  if (a.location && !reaches(scope, a.location)) throw locationNotFound();
  const locationIds = a.location ? [a.location] : scopeFilter(scope);
  const [events, shifts, planned] = await Promise.all([
    repo.eventsBetween(
      ctx.db,
      { kind: 'staff', locationIds, privateToo: true, onlyPrivate: true },
      { locationId: null, programIds: null, ...r },
    ),
    staffRecordsBetween(ctx.db, { locationIds, userId: everyone ? null : v.id, ...r }),
    staffCalendarBetween(ctx.db, { locationIds, userId: everyone ? null : v.id, ...r }),
  ]);
  return {
    events,
    shifts: shifts.map((s): TeamShiftRow => ({
      id: String(s.id),
      user: { id: String(s.user_id), fname: s.fname, lname: s.lname },
      location_id: String(s.location_id),
      date: s.date,
      start: s.start_time,
      end: s.end_time,
      break_time: s.break_time,
    })),
    schedules: planned.shifts,
    ptos: planned.ptos,
    absences: planned.absences,
  };
}

/**
 * Spec getBirthdayEvents: the active children of the viewer's student scope (parents: their own;
 * staff: their locations and rooms) with a birthday in the range, as all-day events on the day it
 * falls that year (29 February on 28 February in a common year). The query is the students area's
 * `getBirthdays` one.
 */
export async function getBirthdayEvents(ctx: RequestContext, raw: unknown) {
  if (requireViewer(ctx).role === 'blog') throw forbidden();
  const scope = await studentReadScope(ctx);
  const a = parseArgs(z.object({ location: id.nullish(), from: localDate, to: localDate.nullish() }), raw);
  const r = range(a.from, a.to);
  const months = new Set<number>();
  for (let d = r.from; d <= r.to; d = addDays(d, 1)) months.add(Number(d.slice(5, 7)));
  // A 28 February in range also shows the 29 February birthdays of a common year.
  const rows = await birthdayStudents(ctx.db, scope, { location_ids: a.location ? [a.location] : null, months: [...months] });
  const years = [...new Set([Number(r.from.slice(0, 4)), Number(r.to.slice(0, 4))])];
  const out = [];
  for (const s of rows) {
    const dob = s.dob as string | null;
    if (!dob) continue;
    for (const y of years) {
      const date = birthdayIn(dob, y);
      if (date < r.from || date > r.to || date.slice(0, 4) <= dob.slice(0, 4)) continue;
      out.push({
        id: `${s.id}-${y}`,
        student_id: String(s.id),
        name: `${s.fname} ${s.lname}`,
        date,
        age: y - Number(dob.slice(0, 4)),
        full_day: true,
        location_id: String(s.location_id),
      });
    }
  }
  return out.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.name.localeCompare(y.name)));
}
