import { z } from 'zod';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { staffEvents, studentRecords } from '../repo.ts';
import { tooManyRows } from '../errors.ts';
import { byPerson, dayOut, getAttendanceSummary, staffDays, studentDays } from './hours.ts';
import { eventOut, recordOut } from './records.ts';
import { reportFilter } from './common.ts';
import { classReportScope, reportScope } from '../policy.ts';
import { notice } from '../../../core/result.ts';

export const REPORTS = [
  'staff_hours',
  'staff_time_tracking',
  'timeclock',
  'student_daily_hours',
  'student_hours',
  'staff_activity',
  'attendance_summary',
  'student_attendance',
] as const;
export type ReportKind = (typeof REPORTS)[number];

const MAX_ROWS = 50_000;

/** The children's attendance reports are teachers' pages too; the others are managers'. */
const CLASS_REPORTS: readonly ReportKind[] = ['attendance_summary', 'student_attendance'];
const scopeFor = (kind: ReportKind) => (CLASS_REPORTS.includes(kind) ? classReportScope : reportScope);

/** One CSV cell: quoted when needed; a leading = + - @ is neutralised (spreadsheet formula injection). */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'number' ? String(v) : String(v);
  if (typeof v !== 'number' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const toCsv = (header: string[], rows: unknown[][]) => [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';

const name = (r: { fname: string; lname: string }) => `${r.fname} ${r.lname}`.trim();

async function table(
  ctx: RequestContext,
  kind: ReportKind,
  raw: Record<string, unknown>,
): Promise<{ header: string[]; rows: unknown[][] }> {
  const { filter } = await reportFilter(ctx, { ...raw, page: 1, first: 1 }, scopeFor(kind));
  switch (kind) {
    case 'staff_hours':
      return {
        header: ['Staff', 'Days worked', 'Hours', 'Break minutes', 'Average hours per day'],
        rows: byPerson(await staffDays(ctx, filter)).map((p) => [
          name(p),
          p.days.filter((d) => d.hours > 0).length,
          p.total,
          p.breaks,
          p.days.length ? Math.round((p.total / p.days.length) * 100) / 100 : 0,
        ]),
      };
    case 'staff_time_tracking':
    case 'timeclock':
      return {
        header: ['Staff', 'Date', 'First in', 'Last out', 'Break minutes', 'Hours'],
        rows: byPerson(await staffDays(ctx, filter)).flatMap((p) =>
          p.days.map((d) => {
            const o = dayOut(d, filter.tz);
            return [name(p), o.date, o.first_in_local, o.last_out_local ?? 'still in', o.break_minutes, o.hours];
          }),
        ),
      };
    case 'student_daily_hours':
      return {
        header: ['Student', 'Date', 'First in', 'Last out', 'Hours'],
        rows: (await studentDays(ctx, filter)).map((r) => {
          const o = dayOut(r, filter.tz);
          return [name(r), o.date, o.first_in_local, o.last_out_local ?? 'still in', o.hours];
        }),
      };
    case 'student_hours':
      return {
        header: ['Student', 'Days attended', 'Hours', 'Average hours per day'],
        rows: byPerson(await studentDays(ctx, filter)).map((p) => [
          name(p),
          p.days.length,
          p.total,
          p.days.length ? Math.round((p.total / p.days.length) * 100) / 100 : 0,
        ]),
      };
    case 'staff_activity': {
      const { rows, total } = await staffEvents(ctx.db, filter, 1, MAX_ROWS);
      if (total > MAX_ROWS) throw tooManyRows(MAX_ROWS);
      return {
        header: ['Time', 'Staff', 'Activity', 'Detail', 'Room'],
        rows: rows.map((e) => eventOut(e, filter.tz)).map((e) => [e.at_local, name(e.user), e.kind, e.detail, e.room]),
      };
    }
    case 'attendance_summary': {
      const s = await getAttendanceSummary(ctx, { ...raw, page: 1, first: 1 });
      return {
        header: ['Date', 'Children present', 'Child hours', 'Absences', 'Staff present', 'Staff hours'],
        rows: [...s.days, s.totals].map((d) => [d.date, d.children_present, d.child_hours, d.absences, d.staff_present, d.staff_hours]),
      };
    }
    case 'student_attendance': {
      const { rows, total } = await studentRecords(ctx.db, filter, 1, MAX_ROWS);
      if (total > MAX_ROWS) throw tooManyRows(MAX_ROWS);
      return {
        header: [
          'Student',
          'Date',
          'Room',
          'Check-in',
          'Check-out',
          'Hours',
          'Checked in by',
          'Checked out by',
          'Method in',
          'Method out',
          'Signed in',
          'Signed out',
        ],
        rows: rows
          .map((r) => recordOut(r, filter.tz))
          .map((r) => [
            name(r),
            r.date,
            r.room,
            r.check_in_local,
            r.check_out_local ?? 'still in',
            r.hours,
            r.checked_in_by,
            r.checked_out_by,
            r.check_in_method,
            r.check_out_method,
            r.signed_in ? 'yes' : 'no',
            r.signed_out ? 'yes' : 'no',
          ]),
      };
    }
  }
}

/** Any attendance report as CSV (the export button of every report page), same filters as on screen. */
export async function exportAttendanceReport(ctx: RequestContext, raw: unknown) {
  await classReportScope(ctx);
  const { report, ...rest } = parseArgs(z.object({ report: z.enum(REPORTS, { message: 'Choose a report.' }) }).passthrough(), raw) as {
    report: ReportKind;
  } & Record<string, unknown>;
  await scopeFor(report)(ctx);
  const t = await table(ctx, report, rest);
  if (t.rows.length > MAX_ROWS) throw tooManyRows(MAX_ROWS);
  const from = String(rest.from);
  const to = String(rest.to);
  return {
    ...notice(`${t.rows.length} row${t.rows.length === 1 ? '' : 's'} exported.`),
    filename: `${report.replace(/_/g, '-')}_${from}_${to}.csv`,
    content_type: 'text/csv; charset=utf-8',
    content: toCsv(t.header, t.rows),
    rows: t.rows.length,
  };
}
