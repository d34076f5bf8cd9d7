import { AppError } from '@kv/server';

export const CentreError = {
  NotFound: 'CENTER_NOT_FOUND',
  SlugTaken: 'SLUG_TAKEN',
  SlugReserved: 'SLUG_RESERVED',
  InvalidState: 'CENTER_INVALID_STATE',
} as const;

export const centreNotFound = () => new AppError(CentreError.NotFound, 'Centre not found.');
export const slugTaken = () => new AppError(CentreError.SlugTaken, 'This address is already used by another centre.', { field: 'slug' });
export const slugReserved = () => new AppError(CentreError.SlugReserved, 'This address is reserved.', { field: 'slug' });
export const invalidState = (status: string, action: string) =>
  new AppError(CentreError.InvalidState, `A centre that is ${status} cannot be ${action}.`, { status });
