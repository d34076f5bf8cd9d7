import { AppError, badInput, forbidden } from '@kv/server';

/** The closed set of the photos area's error codes (plus the common ones). */
export const PhotoError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
  ResizeFailed: 'IMAGE_RESIZE_FAILED',
} as const;

export const photoNotFound = (field = 'id') => new AppError(PhotoError.NotFound, 'Photo not found.', { field });
export const studentNotFound = (field = 'student_id') => new AppError(PhotoError.NotFound, 'Student not found.', { field });
export const fileNotUsable = () =>
  badInput('file_id', 'Choose a photo or video you uploaded for this location’s albums, checked and not used yet.');
export const studentsOutOfScope = () => badInput('students', 'Tag children of the photo’s location that you work with.');
export const studentsOnlyInStudentAlbum = () => badInput('students', 'Only photos of the students album tag children.');
export const staffNotAtLocation = () => badInput('staff', 'Tag staff of the photo’s location.');
export const noConsent = (name: string) =>
  badInput('students', `${name} has no photo consent: their photo may not be shared. Untag them or choose another photo.`);
export const notPending = () => badInput('id', 'This photo is already approved.');
export const notAGuardian = () =>
  forbidden('Only a legal guardian of the child, or a manager recording a paper form, may change photo consent.');
export function resizeFailed(index: number, reason: string): AppError {
  return new AppError(PhotoError.ResizeFailed, `Image ${index + 1} of the batch could not be resized: ${reason} Nothing was changed.`, {
    field: `ids.${index}`,
  });
}
