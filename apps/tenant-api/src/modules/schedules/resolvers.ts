import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as service from './service.ts';
import { iso } from '../../core/result.ts';

type Args = Record<string, unknown>;
const hhmm = (v: unknown) => String(v).slice(0, 5);

export const scheduleResolvers: Resolvers = {
  Query: {
    schedules: (_: unknown, args: Args, ctx: RequestContext) => service.schedules(ctx, args),
  },
  Mutation: {
    createSchedule: (_: unknown, args: Args, ctx: RequestContext) => service.createSchedule(ctx, args),
    updateSchedule: (_: unknown, args: Args, ctx: RequestContext) => service.updateSchedule(ctx, args),
    deleteSchedule: (_: unknown, args: Args, ctx: RequestContext) => service.deleteSchedule(ctx, args),
  },
  Schedule: {
    created_at: (s: Args) => iso(s.created_at),
    updated_at: (s: Args) => iso(s.updated_at),
  },
  ScheduleDate: {
    start_time: (d: Args) => hhmm(d.start_time),
    end_time: (d: Args) => hhmm(d.end_time),
  },
};
