import { AppError } from '@kv/server';

export const immunizationNotFound = () => new AppError('IMMUNIZATION_NOT_FOUND', 'Immunization not found.', { field: 'id' });
export const codeTaken = () => new AppError('IMMUNIZATION_CODE_TAKEN', 'Another immunization has this code.', { field: 'code' });
export const scheduleInPast = () => new AppError('BAD_USER_INPUT', 'effective_from must be today or later.', { field: 'effective_from' });
export const scheduleNotAfterLatest = (latest: string) =>
  new AppError('BAD_USER_INPUT', `effective_from must be after the latest version's date (${latest}).`, { field: 'effective_from' });
export const nothingToPublish = () =>
  new AppError('BAD_USER_INPUT', 'Add at least one immunization before publishing a schedule.', { field: 'effective_from' });
