import type { RequestContext } from '../../types.ts';
import { datesOf, schedulesOn } from './repo.ts';

type Query<T> = { obj: T; params: unknown }[];

const ALL_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri'];

/**
 * Student.week_schedule: the weekdays of each child's schedule covering today (one statement per
 * request; the UTC day, as the field has no location context). Schedules' extra days likewise.
 */
export const studentScheduleLoaders = {
  Student: {
    week_schedule: async (queries: Query<{ id: string }>, ctx: RequestContext) => {
      const ids = [...new Set(queries.map((q) => String(q.obj.id)))];
      const today = new Date().toISOString().slice(0, 10);
      const [on, any] = await Promise.all([
        schedulesOn(ctx.db, ids, today),
        ctx.db('student_schedules').whereIn('student_id', ids).distinct('student_id'),
      ]);
      const has = new Set(any.map((r: { student_id: string }) => String(r.student_id)));
      return queries.map((q) => on.get(String(q.obj.id))?.days ?? (has.has(String(q.obj.id)) ? [] : ALL_WEEK));
    },
  },
  StudentSchedule: {
    dates: async (queries: Query<{ id: string }>, ctx: RequestContext) => {
      const rows = await datesOf(
        ctx.db,
        queries.map((q) => String(q.obj.id)),
      );
      return queries.map((q) => rows.filter((r) => r.schedule_id === String(q.obj.id)));
    },
  },
};
