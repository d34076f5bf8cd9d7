import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as hours from './service/hours.ts';
import * as records from './service/records.ts';
import { exportAttendanceReport } from './service/export.ts';

type Args = Record<string, unknown>;

export const attendanceReportResolvers: Resolvers = {
  Query: {
    getStaffHoursReport: (_: unknown, args: Args, ctx: RequestContext) => hours.getStaffHoursReport(ctx, args),
    getStaffTimeTrackingReport: (_: unknown, args: Args, ctx: RequestContext) => hours.getStaffTimeTrackingReport(ctx, args),
    getStudentDailyHoursReport: (_: unknown, args: Args, ctx: RequestContext) => hours.getStudentDailyHoursReport(ctx, args),
    getStudentHoursReport: (_: unknown, args: Args, ctx: RequestContext) => hours.getStudentHoursReport(ctx, args),
    getStaffActivityReport: (_: unknown, args: Args, ctx: RequestContext) => records.getStaffActivityReport(ctx, args),
    getAttendanceSummary: (_: unknown, args: Args, ctx: RequestContext) => hours.getAttendanceSummary(ctx, args),
    getStudentAttendanceReport: (_: unknown, args: Args, ctx: RequestContext) => records.getStudentAttendanceReport(ctx, args),
    exportAttendanceReport: (_: unknown, args: Args, ctx: RequestContext) => exportAttendanceReport(ctx, args),
  },
};
