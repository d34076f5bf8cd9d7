import type { RequestContext } from '../../types.ts';
import { allergensOf } from './repo.ts';

type Query<T> = { obj: T; params: unknown }[];

/** An item's allergens: one query per request for every item of the answer (rows that carry them already skip it). */
export const foodMenuLoaders = {
  FoodMenuItem: {
    allergens: async (queries: Query<{ id: string; allergens?: unknown[] }>, ctx: RequestContext) => {
      const ids = [...new Set(queries.filter((q) => !q.obj.allergens).map((q) => String(q.obj.id)))];
      const map = ids.length ? await allergensOf(ctx.db, ids) : new Map();
      return queries.map((q) => q.obj.allergens ?? map.get(String(q.obj.id)) ?? []);
    },
  },
};
