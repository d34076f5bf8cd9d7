import { AppError, badInput } from '@kv/server';

/** The closed set of the documents area's error codes (plus the common ones). */
export const DocumentError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
} as const;

export const fileNotFound = (field = 'id') => new AppError(DocumentError.NotFound, 'File not found.', { field });
export const requestNotFound = (field = 'id') => new AppError(DocumentError.NotFound, 'Document not found.', { field });
export const documentNotFound = (field = 'id') => new AppError(DocumentError.NotFound, 'Document not found.', { field });
export const locationNotFound = (field = 'location_id') => new AppError(DocumentError.NotFound, 'Location not found.', { field });
export const studentNotFound = (field = 'student_id') => new AppError(DocumentError.NotFound, 'Student not found.', { field });
export const uploadNotUsable = (purpose: string) =>
  badInput('file_id', `Upload the file again: it must be a checked ${purpose === 'document' ? 'document (PDF, JPEG, PNG or WebP)' : 'centre file'} upload of yours.`);
export const studentRequired = () => badInput('student_id', 'Choose the child this document is for.');
export const notForStaff = () => badInput('request_id', 'This request is answered by families, for a child.');
export const notForFamilies = () => badInput('request_id', 'This request is answered by staff.');
export const alreadyAnswered = () => badInput('request_id', 'This request is already answered: wait for the review.');
export const wrongState = (status: string) => badInput('id', `This document is ${status}: it cannot be reviewed now.`);
export const noTargets = () => badInput('student_ids', 'Choose children, users, roles or locations to share the file with.');
export const sortMismatch = () => badInput('ids', 'List the files of this location only.');
export const pastDate = (field: string) => badInput(field, 'Choose today or a later date.');
export const userNotFound = (field = 'user_ids') => new AppError(DocumentError.NotFound, 'User not found.', { field });
