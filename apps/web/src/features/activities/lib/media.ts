import type { TFunction } from 'i18next';
import type { Client } from 'urql';

/** Where a quick entry's photo or video goes: the students album of the location, tagged with the entry's children. */
export interface MediaUploadDetails {
  album: 'students';
  location_id: string;
  caption: string | null;
  students: string[];
  staff: string[];
}

export type MediaUploadResult = { ok: true; photo: { id: string; status: string }; message: string } | { ok: false; message: string };

/**
 * The photos area's upload (signed form, the server's check, createPhoto), handed in by the app so
 * the features stay apart; loaded the first time a photo or video entry is saved.
 */
export type MediaUpload = (
  client: Client,
  file: File,
  details: MediaUploadDetails,
  options: { t: TFunction; onPhase?(phase: 'uploading' | 'checking' | 'saving'): void; onProgress?(fraction: number): void },
) => Promise<MediaUploadResult>;

export type LoadMediaUpload = () => Promise<MediaUpload>;

/** What the file picker offers for a media kind (the photos area checks the type again, then the server by the bytes). */
export const MEDIA_ACCEPT = {
  photo: 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif',
  video: 'video/mp4,video/quicktime,video/webm',
} as const;
