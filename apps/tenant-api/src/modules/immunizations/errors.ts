import { AppError, CommonError } from '@kv/server';

export const ImmunizationError = {
  NotFound: CommonError.NotFound,
  Unavailable: 'PLATFORM_UNAVAILABLE',
  BadInput: 'BAD_USER_INPUT',
} as const;

export const studentNotFound = () => new AppError(ImmunizationError.NotFound, 'Student not found.', { field: 'student_id' });
export const exportNotFound = () => new AppError(ImmunizationError.NotFound, 'Export not found.', { field: 'id' });
export const unknownImmunization = () =>
  new AppError(ImmunizationError.BadInput, 'code is not an immunization of the schedule in effect.', { field: 'code' });
export const noSchedule = () =>
  new AppError(ImmunizationError.BadInput, 'No immunization schedule is in effect on this date.', { field: 'as_of' });
export const scheduleUnavailable = () =>
  new AppError(ImmunizationError.Unavailable, 'The immunization schedule could not be read from the platform just now. Try again.');
export const badDose = (field: string, message: string) => new AppError(ImmunizationError.BadInput, message, { field });
export const exemptionDocument = () =>
  new AppError(ImmunizationError.BadInput, 'An exemption needs its document: upload it (purpose document) and pass its id.', {
    field: 'exemption_file_id',
  });
