import { sdl, type TenantModule } from '../../core/module.ts';
import { activityResolvers } from './resolvers.ts';
import { activityLoaders } from './loaders.ts';

/** Daily activities: every kind of entry, the room feed and its approval, daily reports. */
export const activitiesModule: TenantModule = {
  name: 'activities',
  schema: sdl(import.meta.url),
  resolvers: activityResolvers,
  loaders: activityLoaders,
};

// What other modules (and the app around them) may use:
export {
  registerActivityEvents,
  registerActivityJobs,
  runActivityTick,
  scheduleActivityTick,
  startActivityTick,
  ACTIVITIES_QUEUE,
  ACTIVITY_TICK_JOB,
} from './jobs.ts';
export { sendDueReports } from './service/reports.ts';
export { findActivities } from './repo/activities.ts';
export { KINDS, STORED_KINDS } from './kinds.ts';
export type { ShownActivity } from './service/common.ts';
