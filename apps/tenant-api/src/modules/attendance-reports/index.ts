import { sdl, type TenantModule } from '../../core/module.ts';
import { attendanceReportResolvers } from './resolvers.ts';

/** Attendance hours reports and CSV. */
export const attendanceReportsModule: TenantModule = {
  name: 'attendance-reports',
  schema: sdl(import.meta.url),
  resolvers: attendanceReportResolvers,
};

// What other modules (and the app around them) may use:
export { staffSegments } from './repo.ts';
export { pageOf, rangeFilter, reportFilter, round2 } from './service/common.ts';
export { byPerson, dayOut, staffDays } from './service/hours.ts';
export { csvCell, toCsv } from './service/export.ts';
