import type { RequestContext } from '../../types.ts';
import { seesCameraSetup } from '../../core/access.ts';
import { groupsById, groupsOfLocations, programsByLocation, studentCounts } from './service.ts';

type Query<T> = { obj: T; params: unknown }[];

/** A room's camera group is camera setup: staff only (parents see the room, not its cameras). */
async function groupOf(queries: Query<{ camera_group_id: string | null }>, ctx: RequestContext) {
  if (!seesCameraSetup(ctx)) return queries.map(() => null);
  const map = await groupsById(ctx, [
    ...new Set(
      queries
        .map((q) => q.obj.camera_group_id)
        .filter((x): x is string => Boolean(x))
        .map(String),
    ),
  ]);
  return queries.map((q) => (q.obj.camera_group_id ? (map.get(String(q.obj.camera_group_id)) ?? null) : null));
}

/** Staff rows only: location rows shaped for parents or blog editors carry __view and get no relations. */
const staffIds = (queries: Query<{ id: string; __view?: string }>) => queries.filter((q) => !q.obj.__view).map((q) => String(q.obj.id));

/** One query per field per request, whatever the number of parents. */
export const roomLoaders = {
  Location: {
    async rooms(queries: Query<{ id: string; __view?: string }>, ctx: RequestContext) {
      const ids = staffIds(queries);
      const map = ids.length ? await programsByLocation(ctx, ids) : new Map();
      return queries.map((q) => (q.obj.__view ? [] : (map.get(String(q.obj.id)) ?? [])));
    },
    async groups(queries: Query<{ id: string; __view?: string }>, ctx: RequestContext) {
      const ids = staffIds(queries);
      const map = ids.length ? await groupsOfLocations(ctx, ids) : new Map();
      return queries.map((q) => (q.obj.__view ? [] : (map.get(String(q.obj.id)) ?? [])));
    },
  },
  Program: {
    group: groupOf,
    camera_group: groupOf,
    async student_count(queries: Query<{ id: string }>, ctx: RequestContext) {
      const map = await studentCounts(
        ctx,
        queries.map((q) => String(q.obj.id)),
      );
      return queries.map((q) => map.get(String(q.obj.id)) ?? 0);
    },
  },
};
