import { AppError, badInput, notFound } from '@kv/server';

/** The closed set of the people area's error codes (plus the common ones). */
export const UserError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
  NotInvited: 'USER_NOT_INVITED',
  Self: 'USER_SELF_CHANGE',
} as const;

export const personNotFound = () => notFound('User not found.');
export const usernameTaken = (field = 'username') => badInput(field, 'This username is taken.');
export const emailTaken = (field = 'email') => badInput(field, 'An account with this email already exists.');
export const noPhone = () => badInput('phone', 'Add a mobile phone number first.');

export function notInvited(): AppError {
  return new AppError(UserError.NotInvited, 'This person has already accepted the invitation.', { field: 'id' });
}

export function notYourself(what: string): AppError {
  return new AppError(UserError.Self, `You cannot ${what} your own account.`, { field: 'id' });
}
