import type { RequestContext } from '../../types.ts';
import { managersByLocationIds } from './repo/locations.ts';

type Query<T> = { obj: T; params: unknown }[];

/** Location.managers: one query per request. Rows shaped for parents or blog editors (__view) get none. */
export const locationLoaders = {
  Location: {
    async managers(queries: Query<{ id: string; __view?: string }>, ctx: RequestContext) {
      const ids = queries.filter((q) => !q.obj.__view).map((q) => String(q.obj.id));
      const map = ids.length ? await managersByLocationIds(ctx.db, ids) : new Map();
      return queries.map((q) => (q.obj.__view ? [] : (map.get(String(q.obj.id)) ?? [])));
    },
  },
};
