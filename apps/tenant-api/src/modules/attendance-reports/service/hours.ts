import { addDays, daysBetween } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { absencesPerDay, dailyHours, type DayRow, type RangeFilter } from '../repo.ts';
import { localStamp, pageOf, reportFilter, round2 } from './common.ts';
import { classReportScope } from '../policy.ts';

/** A day row as the API shows it (ISO instants plus the location's local times). */
export const dayOut = (r: DayRow, tz: string) => ({
  date: r.day,
  hours: r.hours,
  break_minutes: r.break_minutes,
  first_in: r.first_in.toISOString(),
  last_out: r.open ? null : r.last_out.toISOString(),
  first_in_local: localStamp(r.first_in, tz),
  last_out_local: r.open ? null : localStamp(r.last_out, tz),
  open: r.open,
});

interface PersonTotals {
  id: string;
  fname: string;
  lname: string;
  days: DayRow[];
  total: number;
  breaks: number;
}

/** Groups day rows by person, in name order. */
export function byPerson(rows: DayRow[]): PersonTotals[] {
  const map = new Map<string, PersonTotals>();
  for (const r of rows) {
    const p = map.get(r.who) ?? { id: r.who, fname: r.fname, lname: r.lname, days: [], total: 0, breaks: 0 };
    p.days.push(r);
    p.total += r.hours;
    p.breaks += r.break_minutes;
    map.set(r.who, p);
  }
  return [...map.values()]
    .map((p) => ({ ...p, total: round2(p.total) }))
    .sort((a, b) => a.fname.localeCompare(b.fname) || a.lname.localeCompare(b.lname) || Number(a.id) - Number(b.id));
}

export const staffDays = (ctx: RequestContext, f: RangeFilter) => dailyHours(ctx.db, 'staff', f);
export const studentDays = (ctx: RequestContext, f: RangeFilter) => dailyHours(ctx.db, 'student', f);

/** Staff hours (route /staff-hours): per staff member, hours worked, days, breaks. */
export async function getStaffHoursReport(ctx: RequestContext, raw: unknown) {
  const { args, filter } = await reportFilter(ctx, raw);
  const people = byPerson(await staffDays(ctx, filter));
  const rows = people.map((p) => ({
    user_id: p.id,
    user: { id: p.id, fname: p.fname, lname: p.lname },
    days_worked: p.days.filter((d) => d.hours > 0).length,
    total_hours: p.total,
    break_minutes: p.breaks,
    average_hours: p.days.length ? round2(p.total / p.days.length) : 0,
  }));
  return {
    ...pageOf(rows, args.page, args.first),
    total_hours: round2(rows.reduce((s, r) => s + r.total_hours, 0)),
    from: args.from,
    to: args.to,
  };
}

/**
 * Staff time tracking (spec "time report": result, total_overall_hours, total_employees; route
 * /staff-time-tracking): each staff member's hours per local day of the range and in total.
 */
export async function getStaffTimeTrackingReport(ctx: RequestContext, raw: unknown) {
  const { args, filter } = await reportFilter(ctx, raw);
  const people = byPerson(await staffDays(ctx, filter));
  const result = people.map((p) => ({
    user_id: p.id,
    user: { id: p.id, fname: p.fname, lname: p.lname },
    total_hours: p.total,
    break_minutes: p.breaks,
    days: p.days.map((d) => dayOut(d, filter.tz)),
  }));
  const page = pageOf(result, args.page, args.first);
  return {
    result: page.data,
    paginatorInfo: page.paginatorInfo,
    total_overall_hours: round2(people.reduce((s, p) => s + p.total, 0)),
    total_employees: people.filter((p) => p.total > 0 || p.days.some((d) => d.open)).length,
    from: args.from,
    to: args.to,
  };
}

/** Student daily hours (route /student-daily-hours): each child's hours per local day. */
export async function getStudentDailyHoursReport(ctx: RequestContext, raw: unknown) {
  const { args, filter } = await reportFilter(ctx, raw);
  const rows = (await studentDays(ctx, filter)).map((r) => ({
    student_id: r.who,
    fname: r.fname,
    lname: r.lname,
    ...dayOut(r, filter.tz),
  }));
  return {
    ...pageOf(rows, args.page, args.first),
    total_hours: round2(rows.reduce((s, r) => s + r.hours, 0)),
    from: args.from,
    to: args.to,
  };
}

/** Student hours (route /student-hours): per child, days attended and hours over the range. */
export async function getStudentHoursReport(ctx: RequestContext, raw: unknown) {
  const { args, filter } = await reportFilter(ctx, raw);
  const rows = byPerson(await studentDays(ctx, filter)).map((p) => ({
    student_id: p.id,
    fname: p.fname,
    lname: p.lname,
    days_attended: p.days.length,
    total_hours: p.total,
    average_hours: p.days.length ? round2(p.total / p.days.length) : 0,
  }));
  return {
    ...pageOf(rows, args.page, args.first),
    total_hours: round2(rows.reduce((s, r) => s + r.total_hours, 0)),
    from: args.from,
    to: args.to,
  };
}

/** Attendance summary (route /attendance-summary): per local day, children and staff present and their hours, absences. */
export async function getAttendanceSummary(ctx: RequestContext, raw: unknown) {
  const { args, filter } = await reportFilter(ctx, raw, classReportScope);
  const [children, staff, absences] = await Promise.all([studentDays(ctx, filter), staffDays(ctx, filter), absencesPerDay(ctx.db, filter)]);
  const days = Array.from({ length: daysBetween(args.from, args.to) + 1 }, (_, i) => addDays(args.from, i)).map((date) => {
    const c = children.filter((r) => r.day === date);
    const s = staff.filter((r) => r.day === date);
    return {
      date,
      children_present: c.length,
      child_hours: round2(c.reduce((x, r) => x + r.hours, 0)),
      absences: absences.get(date) ?? 0,
      staff_present: s.length,
      staff_hours: round2(s.reduce((x, r) => x + r.hours, 0)),
    };
  });
  return {
    from: args.from,
    to: args.to,
    days,
    totals: {
      date: `${args.from}..${args.to}`,
      children_present: new Set(children.map((r) => r.who)).size,
      child_hours: round2(days.reduce((x, d) => x + d.child_hours, 0)),
      absences: days.reduce((x, d) => x + d.absences, 0),
      staff_present: new Set(staff.map((r) => r.who)).size,
      staff_hours: round2(days.reduce((x, d) => x + d.staff_hours, 0)),
    },
  };
}
