import { AppError, badInput } from '@kv/server';

/** The closed set of this area's error codes. */
export const AuthErrorCode = {
  Throttled: 'THROTTLED',
  SessionEnded: 'UNAUTHENTICATED',
  InvalidLink: 'AUTH_INVALID_LINK',
  SignupCodeExpired: 'SIGNUP_CODE_EXPIRED',
} as const;

/** `retryAfter` is in seconds; a whole document refused before it ran answers HTTP 429. */
export function throttled(retryAfterMs: number, statusCode = 200): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(AuthErrorCode.Throttled, `Too many attempts. Try again in ${seconds} seconds.`, { retryAfter: seconds }, statusCode);
}

export function sessionEnded(): AppError {
  return new AppError(AuthErrorCode.SessionEnded, 'Your session has ended. Please sign in again.');
}

export function invalidLink(field: string, message = 'This link is invalid or has expired.'): AppError {
  return badInput(field, message);
}

/** The location's signup window (its expiry_time) has passed; the message is its fail text when it has one. */
export function signupCodeExpired(failText: string | null): AppError {
  return new AppError(AuthErrorCode.SignupCodeExpired, failText || 'This signup code has expired. Ask the centre for a new one.', {
    field: 'signup_code',
  });
}

/** Sign-in answers are notices (spec: status, message, color), not errors. */
export const LOGIN_MESSAGES = {
  invalid: 'Invalid username or password.',
  inactive: 'This account is inactive. Please contact your centre.',
  unconfirmed: 'Please confirm your email address first. We can send the PIN again.',
  pending: 'Your account is waiting for approval by the centre.',
  noRole: 'This account has no access to this centre yet.',
  welcome: 'Welcome back!',
} as const;
