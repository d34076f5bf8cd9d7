import { sdl, type TenantModule } from '../../core/module.ts';
import { scheduleResolvers } from './resolvers.ts';
import { scheduleLoaders } from './loaders.ts';

/** Schedules of locations and cameras. */
export const schedulesModule: TenantModule = {
  name: 'schedules',
  schema: sdl(import.meta.url),
  resolvers: scheduleResolvers,
  loaders: scheduleLoaders,
};

// What other modules (and the app around them) may use:
export { findSchedules } from './repo.ts';
export { applyNamedSchedule, scheduleDatesInput, schedulesByIds, schedulesInScope } from './service.ts';
