import type { RequestContext } from '../../types.ts';
import { visiblePhotoIds } from '../photos/index.ts';
import { studentsOfEntries, type ShownActivity } from './service/common.ts';

type Query<T> = { obj: T; params: unknown }[];

/** An entry's media: only what the viewer may see now (photo consent, one query per request). */
function media(field: 'photo' | 'video') {
  return async (queries: Query<ShownActivity>, ctx: RequestContext) => {
    const ids = queries.map((q) => q.obj[field]).filter((v): v is string => Boolean(v));
    const seen = ids.length ? await visiblePhotoIds(ctx, ids) : new Set<string>();
    return queries.map((q) => (q.obj[field] && seen.has(String(q.obj[field])) ? String(q.obj[field]) : null));
  };
}

/**
 * An entry's children: every Activity of a request in one batch (the entries' links and the
 * children's names, two statements), so a room feed costs the same whatever its length. The
 * services checked the viewer's scope on the entries; a child's feed shows only that child.
 */
export const activityLoaders = {
  Activity: {
    photo: media('photo'),
    video: media('video'),
    students: (queries: Query<ShownActivity>, ctx: RequestContext) =>
      studentsOfEntries(
        ctx.db,
        queries.map((q) => q.obj),
      ),
  },
};
