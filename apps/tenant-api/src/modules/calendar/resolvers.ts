import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { iso, isoTime } from '../../core/result.ts';
import * as calendars from './service/calendars.ts';
import * as events from './service/events.ts';
import * as views from './service/views.ts';
import * as google from './service/google.ts';
import type { EventRow } from './repo.ts';
import type { TeamShiftRow } from './service/views.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;

export const calendarResolvers: Resolvers = {
  Query: {
    getCalendars: (_: unknown, args: Args, ctx: RequestContext) => calendars.getCalendars(ctx, args),
    filterEvents: (_: unknown, args: Args, ctx: RequestContext) => views.filterEvents(ctx, args),
    getTeamCalendar: (_: unknown, args: Args, ctx: RequestContext) => views.getTeamCalendar(ctx, args),
    getBirthdayEvents: (_: unknown, args: Args, ctx: RequestContext) => views.getBirthdayEvents(ctx, args),
    getGoogleCalendarAuthUrl: (_: unknown, args: Args, ctx: RequestContext) => google.getGoogleCalendarAuthUrl(ctx, args),
    getGoogleCalendarEvents: (_: unknown, args: Args, ctx: RequestContext) => google.getGoogleCalendarEvents(ctx, args),
  },
  Mutation: {
    createCalendar: (_: unknown, args: Args, ctx: RequestContext) => calendars.createCalendar(ctx, args),
    updateCalendar: (_: unknown, args: Args, ctx: RequestContext) => calendars.updateCalendar(ctx, args),
    deleteCalendar: (_: unknown, args: Args, ctx: RequestContext) => calendars.deleteCalendar(ctx, args),
    createEvent: (_: unknown, args: Args, ctx: RequestContext) => events.createEvent(ctx, args),
    updateEvent: (_: unknown, args: Args, ctx: RequestContext) => events.updateEvent(ctx, args),
    deleteEvent: (_: unknown, args: Args, ctx: RequestContext) => events.deleteEvent(ctx, args),
    saveGoogleCalendarToken: (_: unknown, args: Args, ctx: RequestContext) => google.saveGoogleCalendarToken(ctx, args),
    disconnectGoogleCalendar: (_: unknown, args: Args, ctx: RequestContext) => google.disconnectGoogleCalendar(ctx, args),
  },
  Calendar: {
    location: (r: Row) => String(r.location_id),
  },
  Event: {
    location: (r: EventRow) => String(r.location_id),
    until: (r: EventRow) => r.recurs_until ?? null,
    is_public: (r: EventRow) => r.is_public !== false,
    starts_at: (r: EventRow) => isoTime(r.starts_at),
    ends_at: (r: EventRow) => isoTime(r.ends_at),
  },
  TeamShift: {
    start: (r: TeamShiftRow) => isoTime(r.start),
    end: (r: TeamShiftRow) => iso(r.end),
  },
};
