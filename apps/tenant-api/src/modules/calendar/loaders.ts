import type { RequestContext } from '../../types.ts';
import * as repo from './repo.ts';
import { isStaff } from '../../core/access.ts';
import { linkStatuses } from './google/link.ts';

type Query<T> = { obj: T; params: unknown }[];
type EventObj = Pick<repo.EventRow, 'id' | 'calendar_id'>;

/**
 * An event's rooms and calendar, one statement each for every Event of a request. The services
 * checked the viewer's visibility of the events; their rooms and calendar come with them.
 */
export const calendarLoaders = {
  Calendar: {
    // The Google link's status, staff only (parents see the calendar, not how it is synced).
    google_status: async (queries: Query<{ id: string }>, ctx: RequestContext) => {
      if (!ctx.viewer || !isStaff(ctx.viewer)) return queries.map(() => null);
      const map = await linkStatuses(ctx.db, [...new Set(queries.map((q) => String(q.obj.id)))]);
      return queries.map((q) => map.get(String(q.obj.id)) ?? null);
    },
  },
  Event: {
    programs: async (queries: Query<EventObj>, ctx: RequestContext) => {
      const map = await repo.programsOf(ctx.db, [...new Set(queries.map((q) => String(q.obj.id)))]);
      return queries.map((q) => map.get(String(q.obj.id)) ?? []);
    },
    calendar: async (queries: Query<EventObj>, ctx: RequestContext) => {
      const rows = await repo.findCalendars(ctx.db, [...new Set(queries.map((q) => String(q.obj.calendar_id)))]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return queries.map((q) => byId.get(String(q.obj.calendar_id)) ?? null);
    },
  },
};
