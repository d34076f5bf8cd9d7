import type { TFunction } from 'i18next';
import type { Client } from 'urql';
import { uploadFile } from '../../../lib/upload-file';
import { uploadType } from '../../../lib/upload-form';
import { CreatePhotoMutation } from '../api/photos.mutation';
import { graphqlErrorMessage } from './error-text';
import { fileProblem, purposeOf } from './upload-rules';

/** How long one file waits for the server's check before the page gives up on it. */
const CHECK_WAIT_MS = 120_000;

export type AlbumUploadPhase = 'uploading' | 'checking' | 'saving';

export interface PhotoDetails {
  album: string;
  location_id: string;
  caption: string | null;
  students: string[];
  staff: string[];
}

export type AlbumUploadResult = { ok: true; photo: { id: string; status: string }; message: string } | { ok: false; message: string };

export interface AlbumUploadOptions {
  /** Translations of the `photos` and `common` namespaces (the caller has them loaded). */
  t: TFunction;
  onPhase?(phase: AlbumUploadPhase): void;
  /** 0 → 1 while the bytes go to the store. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/**
 * One file into an album: the shared upload (signed form → POST with progress → completeUpload →
 * the server's check) → createPhoto with the caption and tags. The albums' upload and the
 * quick entry's photo (handed to activities by the app) both go this way.
 */
export async function uploadToAlbum(
  client: Client,
  file: File,
  details: PhotoDetails,
  options: AlbumUploadOptions,
): Promise<AlbumUploadResult> {
  const { t } = options;
  const fail = (message: string): AlbumUploadResult => ({ ok: false, message });
  const problem = fileProblem(file);
  if (problem) return fail(t(`photos:${problem.key}`, problem.values));
  try {
    const up = await uploadFile(client, purposeOf(uploadType(file))!, details.location_id, file, {
      onProgress: options.onProgress,
      onPhase: options.onPhase,
      signal: options.signal,
      waitMs: CHECK_WAIT_MS,
    });
    if ('error' in up) {
      if (up.kind === 'refused') return fail(graphqlErrorMessage(up.graphql, t));
      if (up.kind === 'timeout') return fail(t('photos:upload.stillChecking'));
      if (up.kind === 'rejected') return fail(t('photos:upload.rejected', { reason: up.error }));
      return fail(up.kind === 'transfer' ? t('photos:upload.failed', { reason: up.error }) : t('common:errors.network'));
    }
    options.onPhase?.('saving');
    const created = await client
      .mutation(CreatePhotoMutation, {
        file_id: up.id,
        album: details.album,
        location_id: details.location_id,
        caption: details.caption,
        students: details.album === 'students' ? details.students : [],
        staff: details.staff,
      })
      .toPromise();
    const result = created.data?.createPhoto;
    if (created.error || !result) return fail(graphqlErrorMessage(created.error, t));
    if (!result.status || !result.photo) return fail(result.message);
    return { ok: true, photo: { id: result.photo.id, status: result.photo.status }, message: result.message };
  } catch {
    return fail(t('common:errors.network'));
  }
}
