import { sdl, type TenantModule } from '../../core/module.ts';
import { calendarResolvers } from './resolvers.ts';
import { calendarLoaders } from './loaders.ts';

/**
 * The calendar (issue 21): calendars per location (public or staff only), events and weekly
 * series (one row per occurrence in the location's zone), the team calendar (staff-only events and
 * time-clock shifts) and children's birthdays as all-day events.
 */
export const calendarModule: TenantModule = {
  name: 'calendar',
  schema: sdl(import.meta.url),
  resolvers: calendarResolvers,
  loaders: calendarLoaders,
};

// What other modules (and the app around them) may use:
export { birthdayIn, instants, occurrences } from './recurrence.ts';
export type { EventRow } from './repo.ts';
export type { TeamShiftRow } from './service/views.ts';
export { registerCalendarJobs } from './google/push.ts';
