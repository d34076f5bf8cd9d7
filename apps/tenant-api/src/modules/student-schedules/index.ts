import { sdl, type TenantModule } from '../../core/module.ts';
import { studentScheduleResolvers } from './resolvers.ts';
import { studentScheduleLoaders } from './loaders.ts';

/**
 * Children's schedules (issue 21): schedules over date ranges (no overlap per child), extra days,
 * the monthly list and the change log; vacations as attendance's absence rows (written through
 * its index); and expected attendance, the one source the ratio forecast and the reminders read.
 */
export const studentSchedulesModule: TenantModule = {
  name: 'student-schedules',
  schema: sdl(import.meta.url),
  resolvers: studentScheduleResolvers,
  loaders: studentScheduleLoaders,
};

// What other modules (and the app around them) may use:
export { expectedStudents, weekdayOfSql } from './expected.ts';
export type { ExpectedFilter } from './expected.ts';
export { setWeekSchedule } from './service/schedules.ts';
