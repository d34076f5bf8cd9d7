import { AppError, badInput } from '@kv/server';

/** The closed set of the student-schedules area's error codes (plus the common ones). */
export const StudentScheduleError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
  ScheduleOverlap: 'SCHEDULE_OVERLAP',
  NoExpectedDay: 'NO_EXPECTED_DAY',
} as const;

export const studentNotFound = (field = 'student') => new AppError(StudentScheduleError.NotFound, 'Child not found.', { field });
export const scheduleNotFound = (field = 'id') => new AppError(StudentScheduleError.NotFound, 'Schedule not found.', { field });
export const scheduleDateNotFound = (field = 'id') => new AppError(StudentScheduleError.NotFound, 'Schedule date not found.', { field });
export const vacationNotFound = (field = 'id') => new AppError(StudentScheduleError.NotFound, 'Vacation not found.', { field });
export const locationNotFound = (field = 'location') => new AppError(StudentScheduleError.NotFound, 'Location not found.', { field });
export const roomNotFound = (field = 'program') => new AppError(StudentScheduleError.NotFound, 'Room not found.', { field });
export const scheduleOverlap = () =>
  new AppError(StudentScheduleError.ScheduleOverlap, 'This child already has a schedule for part of these dates.', { field: 'start_date' });
export const noExpectedDay = () =>
  new AppError(StudentScheduleError.NoExpectedDay, 'The child is not expected on any day of this range.', { field: 'end_date' });
export const endBeforeStart = (field = 'end_date') => badInput(field, 'The end date must be on or after the start date.');
export const endTimeBeforeStart = () => badInput('end_time', 'The end time must be after the start time.');
export const daysRequired = () => badInput('days', 'Choose at least one day of the week.');
export const dateOutsideSchedule = () => badInput('date', 'Choose a day within the schedule’s dates.');
export const vacationTooLong = () => badInput('end_date', 'A vacation lasts at most 366 days.');
export const pastVacation = () => badInput('start_date', 'Vacations can start at most 7 days ago.');
export const datesNotInVacation = () => badInput('dates', 'Choose days of this vacation.');
export const monthInvalid = () => badInput('month', 'Use a month such as 2026-03.');
