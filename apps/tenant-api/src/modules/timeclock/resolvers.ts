import type { RequestContext } from '../../types.ts';
import * as team from './service/team.ts';
import * as links from './service/link.ts';
import * as reports from './service/reports.ts';
import * as corrections from './service/corrections.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? String(v) : null);
const instant = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

export const timeclockResolvers = {
  Query: {
    getTeamAttendance: (_: unknown, args: Args, ctx: RequestContext) => team.getTeamAttendance(ctx, args),
    getTimeclockLink: (_: unknown, args: Args, ctx: RequestContext) => links.getTimeclockLink(ctx, args),
    getTimeclockLocation: (_: unknown, args: Args, ctx: RequestContext) => links.getTimeclockLocation(ctx, args),
    getTimeclockReport: (_: unknown, args: Args, ctx: RequestContext) => reports.getTimeclockReport(ctx, args),
    getTimeclockHistory: (_: unknown, args: Args, ctx: RequestContext) => reports.getTimeclockHistory(ctx, args),
  },
  Mutation: {
    saveTeamAttendance: (_: unknown, args: Args, ctx: RequestContext) => team.saveTeamAttendance(ctx, args),
    generateTimeclockLink: (_: unknown, args: Args, ctx: RequestContext) => links.generateTimeclockLink(ctx, args),
    activateTimeclockLink: (_: unknown, args: Args, ctx: RequestContext) => links.activateTimeclockLink(ctx, args),
    signTimeclock: (_: unknown, args: Args, ctx: RequestContext) => links.signTimeclock(ctx, args),
    updateTeamAttendance: (_: unknown, args: Args, ctx: RequestContext) => corrections.updateTeamAttendance(ctx, args),
    deleteTeamAttendance: (_: unknown, args: Args, ctx: RequestContext) => corrections.deleteTeamAttendance(ctx, args),
  },
  StaffAttendance: {
    start_time: (r: Row) => iso(r.start_time),
    end_time: (r: Row) => iso(r.end_time),
    hours: (r: Row) => {
      const end = r.end_time ? instant(r.end_time) : new Date();
      const h = (end.getTime() - instant(r.start_time).getTime()) / 3_600_000 - Number(r.break_time ?? 0) / 60;
      return Math.max(0, Math.round(h * 100) / 100);
    },
    created_at: (r: Row) => iso(r.created_at),
    updated_at: (r: Row) => iso(r.updated_at),
  },
  StaffBreak: {
    start_time: (r: Row) => iso(r.start_time),
    end_time: (r: Row) => iso(r.end_time),
    minutes: (r: Row) => Math.round(((r.end_time ? instant(r.end_time) : new Date()).getTime() - instant(r.start_time).getTime()) / 60_000),
  },
  TeamPunch: {
    user: (r: Row) => r.member,
  },
};
