import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as schedules from './service/schedules.ts';
import * as vacations from './service/vacations.ts';
import * as views from './service/views.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;

export const studentScheduleResolvers: Resolvers = {
  Query: {
    getMonthlyScheduleList: (_: unknown, args: Args, ctx: RequestContext) => views.getMonthlyScheduleList(ctx, args),
    filterUpdatedSchedules: (_: unknown, args: Args, ctx: RequestContext) => views.filterUpdatedSchedules(ctx, args),
    getStudentSchedules: (_: unknown, args: Args, ctx: RequestContext) => views.getStudentSchedules(ctx, args),
  },
  Mutation: {
    createStudentSchedule: (_: unknown, args: Args, ctx: RequestContext) => schedules.createStudentSchedule(ctx, args),
    updateStudentSchedule: (_: unknown, args: Args, ctx: RequestContext) => schedules.updateStudentSchedule(ctx, args),
    removeStudentSchedule: (_: unknown, args: Args, ctx: RequestContext) => schedules.removeStudentSchedule(ctx, args),
    addScheduleDate: (_: unknown, args: Args, ctx: RequestContext) => schedules.addScheduleDate(ctx, args),
    removeScheduleDate: (_: unknown, args: Args, ctx: RequestContext) => schedules.removeScheduleDate(ctx, args),
    createVacation: (_: unknown, args: Args, ctx: RequestContext) => vacations.createVacation(ctx, args),
    editVacation: (_: unknown, args: Args, ctx: RequestContext) => vacations.editVacation(ctx, args),
    removeVacation: (_: unknown, args: Args, ctx: RequestContext) => vacations.removeVacation(ctx, args),
    deleteVacation: (_: unknown, args: Args, ctx: RequestContext) => vacations.deleteVacation(ctx, args),
  },
  StudentSchedule: {
    program: (r: Row) => (r.program_id ? String(r.program_id) : null),
  },
};
