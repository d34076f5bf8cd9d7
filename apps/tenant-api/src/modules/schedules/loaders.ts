import type { RequestContext } from '../../types.ts';
import { datesBySchedule, schedulesByIds } from './service.ts';

type Query<T> = { obj: T; params: unknown }[];

/** One query per field per request, whatever the number of parents. */
export const scheduleLoaders = {
  Schedule: {
    async scheduledates(queries: Query<{ id: string }>, ctx: RequestContext) {
      const map = await datesBySchedule(
        ctx,
        queries.map((q) => String(q.obj.id)),
      );
      return queries.map((q) => map.get(String(q.obj.id)) ?? []);
    },
  },
  Location: {
    // schedule_id is already blank where the viewer may not see it (blog: names only).
    async schedule(queries: Query<{ schedule_id: string | null }>, ctx: RequestContext) {
      const ids = [
        ...new Set(
          queries
            .map((q) => q.obj.schedule_id)
            .filter((x): x is string => Boolean(x))
            .map(String),
        ),
      ];
      const map = await schedulesByIds(ctx, ids);
      return queries.map((q) => (q.obj.schedule_id ? (map.get(String(q.obj.schedule_id)) ?? null) : null));
    },
  },
};
