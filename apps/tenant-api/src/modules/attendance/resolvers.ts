import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as checkin from './service/checkin.ts';
import * as kiosk from './service/kiosk.ts';
import * as settings from './service/settings.ts';
import * as lists from './service/lists.ts';
import * as corrections from './service/corrections.ts';
import { generateCheckInPin } from './service/pins.ts';
import type { AttendanceRow } from './repo/checkin.ts';
import { iso, isoTime } from '../../core/result.ts';

type Args = Record<string, unknown>;

const fullName = (r: { fname?: string | null; lname?: string | null }) => [r.fname, r.lname].filter(Boolean).join(' ');

/** Hours of a record: to its check-out, or to now while open, less its break. */
function hours(r: AttendanceRow): number {
  const h = ((r.end_time ?? new Date()).getTime() - r.start_time.getTime()) / 3_600_000 - r.break_time / 60;
  return Math.max(0, Math.round(h * 100) / 100);
}

export const attendanceResolvers: Resolvers = {
  Query: {
    getCheckInByPin: (_: unknown, args: Args, ctx: RequestContext) => kiosk.getCheckInByPin(ctx, args),
    getCheckInByPinAndPhone: (_: unknown, args: Args, ctx: RequestContext) => kiosk.getCheckInByPinAndPhone(ctx, args),
    verifyCheckInPin: (_: unknown, args: Args, ctx: RequestContext) => kiosk.verifyCheckInPin(ctx, args),
    verifyCheckInPinApp: (_: unknown, args: Args, ctx: RequestContext) => kiosk.verifyCheckInPinApp(ctx, args),
    getMyCheckIn: (_: unknown, _args: Args, ctx: RequestContext) => kiosk.getMyCheckIn(ctx),
    validateCheckInCode: (_: unknown, args: Args, ctx: RequestContext) => kiosk.validateCheckInCode(ctx, args),
    getCheckInQrCode: (_: unknown, args: Args, ctx: RequestContext) => kiosk.getCheckInQrCode(ctx, args),
    getCheckInSettings: (_: unknown, args: Args, ctx: RequestContext) => settings.getCheckInSettings(ctx, args),
    getStudentsAfterCheckInLocation: (_: unknown, args: Args, ctx: RequestContext) => lists.getStudentsAfterCheckInLocation(ctx, args),
    getStudentAbsences: (_: unknown, args: Args, ctx: RequestContext) => lists.getStudentAbsences(ctx, args),
    getAttendanceHistory: (_: unknown, args: Args, ctx: RequestContext) => corrections.getAttendanceHistory(ctx, args),
  },
  Mutation: {
    saveStudentCheckInOut: (_: unknown, args: Args, ctx: RequestContext) => checkin.saveStudentCheckInOut(ctx, args),
    saveCheckInSettings: (_: unknown, args: Args, ctx: RequestContext) => settings.saveCheckInSettings(ctx, args),
    resetCheckInQrCode: (_: unknown, args: Args, ctx: RequestContext) => settings.resetCheckInQrCode(ctx, args),
    generateCheckInPin: (_: unknown, args: Args, ctx: RequestContext) => generateCheckInPin(ctx, args),
    markStudentsAbsent: (_: unknown, args: Args, ctx: RequestContext) => lists.markStudentsAbsent(ctx, args),
    removeStudentAbsence: (_: unknown, args: Args, ctx: RequestContext) => lists.removeStudentAbsence(ctx, args),
    updateStudentAttendance: (_: unknown, args: Args, ctx: RequestContext) => corrections.updateStudentAttendance(ctx, args),
    createStudentAttendance: (_: unknown, args: Args, ctx: RequestContext) => corrections.createStudentAttendance(ctx, args),
    deleteStudentAttendance: (_: unknown, args: Args, ctx: RequestContext) => corrections.deleteStudentAttendance(ctx, args),
  },
  Attendance: {
    start_time: (r) => isoTime(r.start_time),
    end_time: (r) => iso(r.end_time),
    hours,
    created_at: (r) => iso(r.created_at),
    updated_at: (r) => iso(r.updated_at),
  },
  AttendanceStudent: { full_name: fullName },
  CheckInChild: { full_name: fullName },
  CheckInPerson: { full_name: fullName },
  StudentAbsence: {
    marked_by: (r) => (r.marked_by ? { id: r.marked_by, fname: r.marked_by_fname ?? '', lname: r.marked_by_lname ?? '' } : null),
    created_at: (r) => iso(r.created_at),
  },
};
