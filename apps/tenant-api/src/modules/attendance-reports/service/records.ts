import type { RequestContext } from '../../../types.ts';
import { staffEvents, studentRecords, type EventRow, type RecordRow } from '../repo.ts';
import { localStamp, reportFilter, round2 } from './common.ts';
import { classReportScope } from '../policy.ts';
import { paginated } from '../../../core/args.ts';

export const recordOut = (r: RecordRow, tz: string) => {
  const end = r.end_time ?? new Date();
  return {
    id: r.id,
    student_id: r.student_id,
    fname: r.fname,
    lname: r.lname,
    program_id: r.program_id,
    room: r.program_name,
    date: r.date,
    check_in: r.start_time.toISOString(),
    check_out: r.end_time ? r.end_time.toISOString() : null,
    check_in_local: localStamp(r.start_time, tz),
    check_out_local: localStamp(r.end_time, tz),
    hours: round2(Math.max(0, (end.getTime() - r.start_time.getTime()) / 3_600_000)),
    checked_in_by: r.checkedin_by_name,
    checked_out_by: r.checkedout_by_name,
    check_in_method: r.check_in_method,
    check_out_method: r.check_out_method,
    signed_in: r.signed_in,
    signed_out: r.signed_out,
  };
};

export const eventOut = (e: EventRow, tz: string) => ({
  at: e.at.toISOString(),
  at_local: localStamp(e.at, tz),
  user_id: e.user_id,
  user: { id: e.user_id, fname: e.fname, lname: e.lname },
  kind: e.kind,
  detail: e.detail,
  room: e.program_name,
});

/** Student attendance report (route /student-attendance-report): every record of the range with who and how. */
export async function getStudentAttendanceReport(ctx: RequestContext, raw: unknown) {
  const { args, filter } = await reportFilter(ctx, raw, classReportScope);
  const { rows, total } = await studentRecords(ctx.db, filter, args.page, args.first);
  return {
    ...paginated(
      rows.map((r) => recordOut(r, filter.tz)),
      total,
      args.page,
      args.first,
    ),
    from: args.from,
    to: args.to,
  };
}

/** Staff activity (route /staff-activity): clock punches, breaks, room moves and the check-ins staff recorded. */
export async function getStaffActivityReport(ctx: RequestContext, raw: unknown) {
  const { args, filter } = await reportFilter(ctx, raw);
  const { rows, total } = await staffEvents(ctx.db, filter, args.page, args.first);
  return {
    ...paginated(
      rows.map((e) => eventOut(e, filter.tz)),
      total,
      args.page,
      args.first,
    ),
    from: args.from,
    to: args.to,
  };
}
