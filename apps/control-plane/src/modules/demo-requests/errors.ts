import { AppError, CommonError } from '@kv/server';

export const DemoRequestError = {
  NotFound: 'DEMO_REQUEST_NOT_FOUND',
  BadTransition: 'DEMO_REQUEST_BAD_TRANSITION',
} as const;

export const demoRequestNotFound = () => new AppError(DemoRequestError.NotFound, 'Demo request not found.', { field: 'id' });
export const badTransition = (from: string, to: string) =>
  new AppError(DemoRequestError.BadTransition, `A ${from} demo request cannot become ${to}.`, { field: 'status' });
export const demoThrottled = () =>
  new AppError(CommonError.Throttled, 'Too many requests from this address. Please try again in an hour.');
