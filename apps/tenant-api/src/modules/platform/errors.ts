import { AppError, CommonError } from '@kv/server';

/** The closed set of this area's error codes. */
export const PlatformError = {
  /** The control plane could not be reached or could not answer; nothing changed, try again. */
  Unavailable: 'PLATFORM_UNAVAILABLE',
  NotFound: CommonError.NotFound,
} as const;

export const platformUnavailable = () => new AppError(PlatformError.Unavailable, 'The platform could not be reached just now. Try again.');
export const centreUnknown = () => new AppError(PlatformError.NotFound, 'The platform does not know this centre.');
