import { AppError } from '@kv/server';

export const SignupError = {
  InvalidPin: 'INVALID_PIN',
  InvalidLink: 'INVALID_LINK',
  SetupDone: 'SETUP_ALREADY_DONE',
  NotVerified: 'SIGNUP_NOT_VERIFIED',
} as const;

export const invalidPin = () => new AppError(SignupError.InvalidPin, 'This code is not right or has expired.', { field: 'pin' });
export const invalidLink = (field = 'token') =>
  new AppError(SignupError.InvalidLink, 'This link is not valid or has expired. Start the sign-up again.', { field });
export const setupDone = () => new AppError(SignupError.SetupDone, 'This centre is already set up. Sign in at its address.', { field: 'token' });
