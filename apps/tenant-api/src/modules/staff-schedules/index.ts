import { sdl, type TenantModule } from '../../core/module.ts';
import { staffScheduleResolvers } from './resolvers.ts';

/**
 * Staff schedules (issue 21): working days and hours per location (repeat, note), time off
 * approved by a manager, absences; the calendar's team view reads them through this index.
 */
export const staffSchedulesModule: TenantModule = {
  name: 'staff-schedules',
  schema: sdl(import.meta.url),
  resolvers: staffScheduleResolvers,
};

// What other modules (and the app around them) may use:
export { staffCalendarBetween, shiftsOf } from './service/schedules.ts';
export type { StaffAbsenceRow, StaffPtoRow, StaffScheduleRow } from './repo.ts';
