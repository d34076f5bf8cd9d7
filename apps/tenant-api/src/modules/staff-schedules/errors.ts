import { AppError, badInput } from '@kv/server';

/** The closed set of the staff-schedules area's error codes (plus the common ones). */
export const StaffScheduleError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
} as const;

export const scheduleNotFound = (field = 'id') => new AppError(StaffScheduleError.NotFound, 'Schedule not found.', { field });
export const ptoNotFound = (field = 'id') => new AppError(StaffScheduleError.NotFound, 'Time off not found.', { field });
export const absenceNotFound = (field = 'id') => new AppError(StaffScheduleError.NotFound, 'Absence not found.', { field });
export const staffNotFound = (field = 'user') => new AppError(StaffScheduleError.NotFound, 'Staff member not found.', { field });
export const locationNotFound = (field = 'location') => new AppError(StaffScheduleError.NotFound, 'Location not found.', { field });
export const roomNotFound = (field = 'program') => new AppError(StaffScheduleError.NotFound, 'Room not found.', { field });
export const endBeforeStart = (field = 'end_date') => badInput(field, 'The end date must be on or after the start date.');
export const endTimeBeforeStart = () => badInput('end_time', 'The end time must be after the start time.');
export const daysRequired = () => badInput('days', 'Choose at least one day of the week.');
export const ownPto = () => badInput('id', 'Another manager approves your own time off.');
