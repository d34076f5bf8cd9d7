import { uploadType } from '../../../lib/upload-form';

/** What the album purposes accept (files/purposes.ts; the server checks again, by the file's bytes). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
/** `.heic`/`.heif` too: desktop browsers may not name the type of a phone's photo. */
export const ACCEPT = [...PHOTO_TYPES, 'image/heif', '.heic', '.heif', ...VIDEO_TYPES].join(',');

export type AlbumPurpose = 'album_photo' | 'album_video';

/** The upload purpose of a file's type, or null when the albums do not take it. */
export function purposeOf(type: string): AlbumPurpose | null {
  if ((PHOTO_TYPES as readonly string[]).includes(type)) return 'album_photo';
  if ((VIDEO_TYPES as readonly string[]).includes(type)) return 'album_video';
  return null;
}

/** Why a file cannot be uploaded (an i18n key of the photos namespace and its values), or null when it may be. */
export function fileProblem(file: { type: string; name: string; size: number }): { key: string; values?: Record<string, number> } | null {
  const purpose = purposeOf(uploadType(file));
  if (!purpose) return { key: 'upload.wrongType' };
  const max = purpose === 'album_photo' ? PHOTO_MAX_BYTES : VIDEO_MAX_BYTES;
  if (file.size > max) return { key: 'upload.tooLarge', values: { mb: max / 1024 / 1024 } };
  if (file.size === 0) return { key: 'upload.empty' };
  return null;
}
