import type { RequestContext } from '../../types.ts';
import { studentsOfEntries, type ShownActivity } from './service/common.ts';

type Query<T> = { obj: T; params: unknown }[];

/**
 * An entry's children: every Activity of a request in one batch (the entries' links and the
 * children's names, two statements), so a room feed costs the same whatever its length. The
 * services checked the viewer's scope on the entries; a child's feed shows only that child.
 */
export const activityLoaders = {
  Activity: {
    students: (queries: Query<ShownActivity>, ctx: RequestContext) =>
      studentsOfEntries(
        ctx.db,
        queries.map((q) => q.obj),
      ),
  },
};
