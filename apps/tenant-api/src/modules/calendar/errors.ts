import { AppError, badInput } from '@kv/server';

/** The closed set of the calendar area's error codes (plus the common ones). */
export const CalendarError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
  CalendarHasEvents: 'CALENDAR_HAS_EVENTS',
  GoogleUnavailable: 'GOOGLE_UNAVAILABLE',
  GoogleStateInvalid: 'GOOGLE_STATE_INVALID',
  GoogleNotConnected: 'GOOGLE_NOT_CONNECTED',
  GoogleReconnect: 'GOOGLE_RECONNECT',
  GoogleFailed: 'GOOGLE_FAILED',
} as const;

export const calendarNotFound = (field = 'calendar') => new AppError(CalendarError.NotFound, 'Calendar not found.', { field });
export const eventNotFound = (field = 'id') => new AppError(CalendarError.NotFound, 'Event not found.', { field });
export const locationNotFound = (field = 'location') => new AppError(CalendarError.NotFound, 'Location not found.', { field });
export const calendarHasEvents = () =>
  new AppError(CalendarError.CalendarHasEvents, 'This calendar still has events: delete or move them first.', { field: 'id' });
export const endBeforeStart = () => badInput('end_time', 'The end time must be after the start time.');
export const timesRequired = (field: 'start_time' | 'end_time') =>
  badInput(field, 'Enter a start and an end time, or mark the event as all day.');
export const daysRequired = () => badInput('days', 'Choose at least one day of the week for a repeating event.');
export const untilRequired = () => badInput('until', 'Choose the last day of the repeating event.');
export const untilBeforeDate = () => badInput('until', 'The last day must be on or after the first day.');
export const seriesTooLong = () => badInput('until', 'A repeating event lasts at most one year.');
export const noOccurrence = () => badInput('days', 'None of the chosen days falls between the first and the last day.');
export const roomsNotAtLocation = () => badInput('programs', 'Choose rooms of the calendar’s location.');
export const rangeTooLong = () => badInput('to', 'Choose at most 62 days.');
export const rangeBackwards = () => badInput('to', 'The end date must be on or after the start date.');
export const googleUnavailable = () =>
  new AppError(CalendarError.GoogleUnavailable, 'Google Calendar is not set up on this platform.', { field: 'calendar' });
export const googleStateInvalid = () =>
  new AppError(
    CalendarError.GoogleStateInvalid,
    'This Google sign-in link is invalid, expired or already used. Start again from the calendar settings.',
    {
      field: 'state',
    },
  );
export const googleNotConnected = () =>
  new AppError(CalendarError.GoogleNotConnected, 'This calendar is not connected to Google Calendar.', { field: 'calendar' });
export const googleReconnect = () =>
  new AppError(CalendarError.GoogleReconnect, 'Google no longer gives access to this calendar: connect it again.', { field: 'calendar' });
export const googleFailed = (field = 'calendar') =>
  new AppError(CalendarError.GoogleFailed, 'Google Calendar did not answer as expected. Try again later.', { field });
