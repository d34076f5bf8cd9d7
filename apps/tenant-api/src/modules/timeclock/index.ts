import { sdl, type TenantModule } from '../../core/module.ts';
import { timeclockResolvers } from './resolvers.ts';
import { timeclockLoaders } from './loaders.ts';

/** The staff time clock. */
export const timeclockModule: TenantModule = {
  name: 'timeclock',
  schema: sdl(import.meta.url),
  resolvers: timeclockResolvers,
  loaders: timeclockLoaders,
};

// What other modules (and the app around them) may use:
export { staffRecordsBetween } from './repo/records.ts';
export type { StaffBreakRow, StaffRecordRow } from './repo/records.ts';
export type { PunchOutcome } from './service/clock.ts';
