import type { RequestContext } from '../../types.ts';
import { isStaff } from '../../core/access.ts';
import * as repo from './repo.ts';
import { ANNOUNCEMENT_SOURCE } from './service/announcements.ts';

type Query<T> = { obj: T; params: unknown }[];
type Obj = Pick<repo.AnnouncementRow, 'id' | 'action_needed'>;

const place = ({ id, name, role, location_id }: repo.PlaceRow) => ({ id, name, role, location_id });

/**
 * An announcement's audience and action summary, one statement per field for a whole page. The
 * services handed out only announcements the viewer may see.
 */
export const announcementLoaders = {
  Announcement: {
    locations: async (queries: Query<Obj>, ctx: RequestContext) => {
      const rows = await repo.locationsOf(ctx.db, [...new Set(queries.map((q) => String(q.obj.id)))]);
      return queries.map((q) => rows.filter((r) => String(r.announcement_id) === String(q.obj.id)).map(place));
    },
    programs: async (queries: Query<Obj>, ctx: RequestContext) => {
      const rows = await repo.programsOf(ctx.db, [...new Set(queries.map((q) => String(q.obj.id)))]);
      return queries.map((q) => rows.filter((r) => String(r.announcement_id) === String(q.obj.id)).map(place));
    },
    roles: async (queries: Query<Obj>, ctx: RequestContext) => {
      const rows = await repo.locationsOf(ctx.db, [...new Set(queries.map((q) => String(q.obj.id)))]);
      return queries.map((q) => [
        ...new Set(rows.filter((r) => String(r.announcement_id) === String(q.obj.id)).map((r) => r.role)),
      ].sort((x, y) => repo.AUDIENCE_ROLES.indexOf(x as repo.AudienceRole) - repo.AUDIENCE_ROLES.indexOf(y as repo.AudienceRole)));
    },
    action_summary: async (queries: Query<Obj>, ctx: RequestContext) => {
      if (!ctx.viewer || !isStaff(ctx.viewer)) return queries.map(() => null);
      const ids = queries.filter((q) => q.obj.action_needed).map((q) => String(q.obj.id));
      const sums = await repo.itemSummaries(ctx.db, ANNOUNCEMENT_SOURCE, ids);
      return queries.map((q) => (q.obj.action_needed ? (sums.get(String(q.obj.id)) ?? { total: 0, acknowledged: 0 }) : null));
    },
  },
  ActionItem: {
    color_code: async (queries: Query<repo.ActionItemRow>, ctx: RequestContext) => {
      const ids = queries.filter((q) => q.obj.source_kind === ANNOUNCEMENT_SOURCE).map((q) => String(q.obj.source_id));
      const colours = await repo.colourOf(ctx.db, [...new Set(ids)]);
      return queries.map((q) => (q.obj.source_kind === ANNOUNCEMENT_SOURCE ? (colours.get(String(q.obj.source_id)) ?? null) : null));
    },
  },
};
