import { AppError, badInput } from '@kv/server';

/** The closed set of error codes of locations and their settings (plus the common ones). */
export const LocationError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  HasStudents: 'LOCATION_HAS_STUDENTS',
  NoEmail: 'LOCATION_NO_EMAIL',
} as const;

export const nameTaken = (field = 'name') => badInput(field, 'A location with this name already exists.');
export const signupCodeTaken = (field = 'signup_code') => badInput(field, 'This signup code is already used by another location.');

export function locationHasStudents(count: number): AppError {
  return new AppError(
    LocationError.HasStudents,
    `This location still has ${count} active student${count === 1 ? '' : 's'}. Move them first.`,
    { field: 'id' },
  );
}

export function locationHasNoEmail(): AppError {
  return new AppError(LocationError.NoEmail, 'Add an email address to this location first.', { field: 'email' });
}

export const wrongCode = () => badInput('code', 'This code is not valid. Check the email or send a new code.');
export const expiredCode = () => badInput('code', 'This code has expired. Send a new one.');
