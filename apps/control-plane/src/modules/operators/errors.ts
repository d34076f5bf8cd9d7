import { AppError } from '@kv/server';

export const OperatorError = {
  InvalidCredentials: 'INVALID_CREDENTIALS',
  InvalidRefreshToken: 'INVALID_REFRESH_TOKEN',
  UsernameTaken: 'USERNAME_TAKEN',
  CannotChangeSelf: 'CANNOT_CHANGE_SELF',
  NotFound: 'OPERATOR_NOT_FOUND',
  SessionNotFound: 'SESSION_NOT_FOUND',
} as const;

export const invalidCredentials = () => new AppError(OperatorError.InvalidCredentials, 'The username or password is incorrect.');
export const invalidRefreshToken = () => new AppError(OperatorError.InvalidRefreshToken, 'Your session has ended. Please sign in again.');
export const usernameTaken = () => new AppError(OperatorError.UsernameTaken, 'This username is already taken.', { field: 'username' });
export const operatorNotFound = () => new AppError(OperatorError.NotFound, 'Operator not found.');
export const sessionNotFound = () => new AppError(OperatorError.SessionNotFound, 'Session not found.', { field: 'session_id' });
export const cannotChangeSelf = (field: string) =>
  new AppError(OperatorError.CannotChangeSelf, 'You cannot deactivate yourself or change your own role.', { field });
