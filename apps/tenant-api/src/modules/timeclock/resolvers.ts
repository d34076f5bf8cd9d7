import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as team from './service/team.ts';
import * as links from './service/link.ts';
import * as reports from './service/reports.ts';
import * as corrections from './service/corrections.ts';
import { iso, isoTime } from '../../core/result.ts';

type Args = Record<string, unknown>;

export const timeclockResolvers: Resolvers = {
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
    start_time: (r) => isoTime(r.start_time),
    end_time: (r) => iso(r.end_time),
    hours: (r) => {
      const h = ((r.end_time ?? new Date()).getTime() - r.start_time.getTime()) / 3_600_000 - r.break_time / 60;
      return Math.max(0, Math.round(h * 100) / 100);
    },
    created_at: (r) => iso(r.created_at),
    updated_at: (r) => iso(r.updated_at),
  },
  StaffBreak: {
    start_time: (b) => isoTime(b.start_time),
    end_time: (b) => iso(b.end_time),
    minutes: (b) => Math.round(((b.end_time ?? new Date()).getTime() - b.start_time.getTime()) / 60_000),
  },
  TeamPunch: {
    user: (p) => p.member,
  },
};
