import { sdl, type TenantModule } from '../../core/module.ts';
import { attendanceResolvers } from './resolvers.ts';
import { attendanceSubscriptionResolvers } from './live.ts';
import { attendanceLoaders } from './loaders.ts';

/** Check-in and check-out, kiosk, QR, absences, corrections and live updates. */
export const attendanceModule: TenantModule = {
  name: 'attendance',
  schema: sdl(import.meta.url),
  subscriptions: sdl(import.meta.url, 'subscriptions.graphql'),
  resolvers: { ...attendanceResolvers, ...attendanceSubscriptionResolvers },
  loaders: attendanceLoaders,
};

// What other modules (and the app around them) may use:
export { pinInvalid } from './errors.ts';
export { registerAttendanceJobs, runAttendanceTick, sendDueReminders, startAttendanceTick } from './jobs.ts';
export { publishAttendance, publishRatios } from './live.ts';
export { claimRequest, completeRequest, findRequest } from './repo/checkin.ts';
export { programsOfLocation } from './repo/places.ts';
export { userNames } from './repo/contacts.ts';
export { isDoubleTap } from './service/checkin-run.ts';
export { requestIdArg, saveStudentCheckInOut } from './service/checkin.ts';
export { markStudentsAbsent, removeStudentAbsence } from './service/lists.ts';
export { deleteStudentAttendance, updateStudentAttendance } from './service/corrections.ts';
export { envOf } from './service/notify.ts';
export type { NotifyEnv } from './service/notify.ts';
export { countWrongGuess, pinArg, pinHolder } from './service/pin.ts';
export { notifyTeam } from './service/notify.ts';
// For the notification centre (modules/notifications), which tells parents of these events:
export { CHECKED_IN, CHECKED_OUT, REMINDER_DUE } from './service/parent-alerts.ts';
export { alertRecords, type AlertRecordRow } from './repo/alerts.ts';
export { contactsOf, type ContactRow } from './repo/contacts.ts';
export { checkInSettings } from './repo/settings.ts';
export { clock } from './service/checkin-notify.ts';
export { e164, joinNames } from './service/notify.ts';
export { scheduleAttendanceTick, tickPhase } from './tick.ts';
export type { AttendanceRow } from './repo/checkin.ts';
export type { AbsenceRow } from './repo/lists.ts';
export { presenceOf, presentDuring } from './repo/presence.ts';
export type { PresenceRow } from './repo/presence.ts';
// Vacations (the student-schedules area writes them; they stay attendance_absences rows):
export {
  deleteVacationDays,
  updateVacationFields,
  vacationDays,
  vacationDaysOf,
  vacationDaysOverlapping,
  writeVacationDays,
} from './repo/vacations.ts';
export type { VacationDayRow, VacationInput } from './repo/vacations.ts';
export { expectedAttendance } from './expected-port.ts';
export { attendedDays } from './repo/days.ts';
