import { AppError, badInput, notFound } from '@kv/server';

/** The closed set of the files area's error codes (plus the common ones). */
export const FileError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Forbidden: 'FORBIDDEN',
  Unavailable: 'FILES_UNAVAILABLE',
  TooManyUploads: 'FILES_TOO_MANY_UPLOADS',
} as const;

export const uploadNotFound = () => notFound('Upload not found.');
export const unknownPurpose = () => badInput('purpose', 'Unknown file purpose.');
export const typeNotAccepted = (types: readonly string[]) =>
  badInput('content_type', `This type of file is not accepted here (use ${types.map((t) => t.split('/')[1]!.toUpperCase()).join(', ')}).`);
export const sizeOutOfRange = (max: number) => badInput('size', `The file must be between 1 byte and ${Math.round(max / 1024 / 1024)} MB.`);
export const notArrived = () => badInput('upload_id', 'The file has not arrived yet: upload it, then complete the upload.');
export const uploadExpired = () => badInput('upload_id', 'This upload expired: start again.');
export const storeUnavailable = () => new AppError(FileError.Unavailable, 'File uploads are not available on this server.');
export const tooManyUploads = () => new AppError(FileError.TooManyUploads, 'Too many uploads in progress: finish or wait for them first.');
