import { AppError, badInput, notFound } from '@kv/server';

/** The closed set of the time clock's error codes (plus the common ones). */
export const TimeclockError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  LinkInvalid: 'TIMECLOCK_LINK_INVALID',
  LinkInactive: 'TIMECLOCK_LINK_INACTIVE',
  NotClockedIn: 'TIMECLOCK_NOT_CLOCKED_IN',
  OnBreak: 'TIMECLOCK_ON_BREAK',
  ElsewhereClockedIn: 'TIMECLOCK_CLOCKED_IN_ELSEWHERE',
  Overlap: 'TIMECLOCK_OVERLAP',
} as const;

export const staffRecordNotFound = () => notFound('Time clock record not found.');
export const teamMemberNotFound = (field = 'team') =>
  new AppError(TimeclockError.NotFound, 'Staff member not found at this location.', { field });
export const roomNotFound = (field = 'program_id') => new AppError(TimeclockError.NotFound, 'Room not found.', { field });
export const locationRequired = () => badInput('location_id', 'Choose the location (or a room of it).');
export const linkInvalid = () =>
  new AppError(TimeclockError.LinkInvalid, 'This time clock link is not valid. Scan the code at the entrance again.', { field: 'token' });
export const linkInactive = () =>
  new AppError(TimeclockError.LinkInactive, 'The time clock of this location is turned off. Ask a manager.', { field: 'token' });
export const notClockedIn = (name: string) => new AppError(TimeclockError.NotClockedIn, `${name} is not clocked in.`, { field: 'action' });
export const onBreak = (name: string) =>
  new AppError(TimeclockError.OnBreak, `${name} is on a break. End the break first.`, { field: 'action' });
export const notOnBreak = (name: string) => new AppError(TimeclockError.NotClockedIn, `${name} is not on a break.`, { field: 'action' });
export const clockedInElsewhere = (name: string) =>
  new AppError(TimeclockError.ElsewhereClockedIn, `${name} is clocked in at another location. Clock out there first.`, { field: 'team' });
export const overlap = (field = 'end_time') =>
  new AppError(TimeclockError.Overlap, 'This overlaps another time clock record of the same person.', { field });
export const badTime = (field: string, message: string) => badInput(field, message);
