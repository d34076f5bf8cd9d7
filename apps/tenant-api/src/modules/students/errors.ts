import { AppError, badInput, forbidden, notFound } from '@kv/server';

/** The closed set of the students area's error codes (plus the common ones). */
export const StudentError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
  LocationFull: 'STUDENT_LOCATION_FULL',
  NotArchived: 'STUDENT_NOT_ARCHIVED',
} as const;

export const studentNotFound = () => notFound('Student not found.');
export const contactNotFound = () => notFound('Contact not found.');
export const roomNotInLocation = (field = 'program_id') => badInput(field, 'Choose a room of the student’s location.');
export const cameraNotInLocation = (field = 'cameras') => badInput(field, 'Choose cameras of the student’s location.');
export const notYourField = (field: string) => forbidden(`Your centre does not let parents change ${field.replace(/_/g, ' ')}.`);
export const parentEditOff = () => forbidden('Your centre does not let parents edit student details.');
export const blackListedPivot = (field: string) => badInput(field, 'A black-listed contact cannot pick up or watch cameras.');

export function locationFull(max: number): AppError {
  return new AppError(StudentError.LocationFull, `This location is full (at most ${max} active students).`, { field: 'location_id' });
}
