import type { RequestContext } from '../../types.ts';
import { datesOf, schedulesToday } from './repo.ts';

type Query<T> = { obj: T; params: unknown }[];

const ALL_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri'];

/**
 * Student.week_schedule: the weekdays of each child's schedule covering today in the child's
 * location's zone (one statement per request). Schedules' extra days likewise.
 */
export const studentScheduleLoaders = {
  Student: {
    week_schedule: async (queries: Query<{ id: string }>, ctx: RequestContext) => {
      const ids = [...new Set(queries.map((q) => String(q.obj.id)))];
      const [on, any] = await Promise.all([
        schedulesToday(ctx.db, ids),
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
