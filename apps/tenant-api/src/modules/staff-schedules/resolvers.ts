import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { iso } from '../../core/result.ts';
import * as s from './service/schedules.ts';

type Args = Record<string, unknown>;
type Row = Record<string, any>;
const userName = (r: Row) => `${r.fname ?? ''} ${r.lname ?? ''}`.trim();

export const staffScheduleResolvers: Resolvers = {
  Query: {
    filterStaffSchedules: (_: unknown, args: Args, ctx: RequestContext) => s.filterStaffSchedules(ctx, args),
  },
  Mutation: {
    createStaffSchedule: (_: unknown, args: Args, ctx: RequestContext) => s.createStaffSchedule(ctx, args),
    updateStaffSchedule: (_: unknown, args: Args, ctx: RequestContext) => s.updateStaffSchedule(ctx, args),
    removeStaffSchedule: (_: unknown, args: Args, ctx: RequestContext) => s.removeStaffSchedule(ctx, args),
    createStaffPto: (_: unknown, args: Args, ctx: RequestContext) => s.createStaffPto(ctx, args),
    approveStaffPto: (_: unknown, args: Args, ctx: RequestContext) => s.approveStaffPto(ctx, args),
    removeStaffPto: (_: unknown, args: Args, ctx: RequestContext) => s.removeStaffPto(ctx, args),
    createStaffAbsence: (_: unknown, args: Args, ctx: RequestContext) => s.createStaffAbsence(ctx, args),
    removeStaffAbsence: (_: unknown, args: Args, ctx: RequestContext) => s.removeStaffAbsence(ctx, args),
  },
  StaffSchedule: { user_name: userName },
  StaffPto: {
    user_name: userName,
    hours: (r: Row) => Number(r.minutes) / 60,
    status: (r: Row) => (r.approved_by ? 'approved' : 'pending'),
    approved_at: (r: Row) => iso(r.approved_at),
  },
  StaffAbsence: { user_name: userName },
};
