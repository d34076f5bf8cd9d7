import type { TFunction } from 'i18next';
import type { Client } from 'urql';
import { postUploadForm, UploadError, uploadType } from '../../../lib/upload-form';
import { CompleteUploadMutation, CreatePhotoMutation, PresignMutation } from '../api/photos.mutation';
import { UploadStatusQuery, type UploadedFile } from '../api/photos.query';
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

async function waitForCheck(client: Client, uploadId: string, signal?: AbortSignal): Promise<UploadedFile | null> {
  const until = Date.now() + CHECK_WAIT_MS;
  while (Date.now() < until && !signal?.aborted) {
    const r = await client.query(UploadStatusQuery, { upload_id: uploadId }, { requestPolicy: 'network-only' }).toPromise();
    const file = r.data?.uploadStatus;
    if (r.error || !file) return null;
    if (file.status === 'ready' || file.status === 'rejected') return file;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return null;
}

/**
 * One file into an album: signed form → POST with progress → completeUpload → uploadStatus until
 * the server's check is done → createPhoto with the caption and tags. The albums' upload and the
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
  const type = uploadType(file);
  options.onPhase?.('uploading');
  try {
    const signed = await client
      .mutation(PresignMutation, {
        purpose: purposeOf(type)!,
        owner_id: details.location_id,
        content_type: type,
        size: file.size,
        file_name: file.name,
      })
      .toPromise();
    if (signed.error || !signed.data) return fail(graphqlErrorMessage(signed.error, t));
    const ticket = signed.data.getPresignedUploadUrl;
    await postUploadForm(ticket, file, (fraction) => options.onProgress?.(fraction), options.signal);
    options.onPhase?.('checking');
    const done = await client.mutation(CompleteUploadMutation, { upload_id: ticket.upload_id }).toPromise();
    if (done.error || !done.data) return fail(graphqlErrorMessage(done.error, t));
    const checked = await waitForCheck(client, ticket.upload_id, options.signal);
    if (!checked) return fail(t('photos:upload.stillChecking'));
    if (checked.status === 'rejected') return fail(t('photos:upload.rejected', { reason: checked.reason ?? '' }));
    options.onPhase?.('saving');
    const created = await client
      .mutation(CreatePhotoMutation, {
        file_id: checked.id,
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
  } catch (e) {
    return fail(e instanceof UploadError ? t('photos:upload.failed', { reason: e.message }) : t('common:errors.network'));
  }
}
