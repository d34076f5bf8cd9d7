import { AppError, badInput, notFound } from '@kv/server';

/** The closed set of the activities area's error codes (plus the common ones). */
export const ActivityError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
} as const;

export const activityNotFound = (field = 'id', id?: string) =>
  new AppError(ActivityError.NotFound, id ? `Activity ${id} was not found.` : 'Activity not found.', { field, ...(id ? { id } : {}) });
export const studentNotFound = (field = 'students', id?: string) =>
  new AppError(ActivityError.NotFound, 'Student not found.', { field, ...(id ? { student_id: id } : {}) });
export const roomNotFound = (field = 'id') => new AppError(ActivityError.NotFound, 'Room not found.', { field });
export const mixedLocations = () => badInput('students', 'Choose children of one location for one entry.');
export const medicationNotListed = (name: string) =>
  badInput('medication_id', `This medication is not on ${name}’s list. Add it to the child’s medications first.`);
export const incidentAlwaysShown = () => badInput('staffOnly', 'An incident is always shown to the child’s guardians.');
export const wrongKind = (kind: string) => badInput('id', `This entry is not a ${kind.replace('_', ' ')} entry.`);
export const receiverNotAllowed = (id: string) =>
  new AppError(ActivityError.BadInput, 'Send the report only to the child’s guardians or staff of the location.', {
    field: 'receivers',
    user_id: id,
  });
export const studentNotInEntry = () => notFound('This child is not on the entry.');
