import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { graphqlErrorMessage } from '../lib/error-text';
import { postUploadForm, UploadError, uploadType } from '../../../lib/upload-form';
import { CompleteUploadMutation, CreatePhotoMutation, PresignMutation } from '../api/photos.mutation';
import { UploadStatusQuery, type UploadedFile } from '../api/photos.query';
import { fileProblem, purposeOf } from '../lib/upload-rules';

/** How long one file waits for the server's check before the page gives up on it. */
const CHECK_WAIT_MS = 120_000;

export type UploadPhase = 'queued' | 'uploading' | 'checking' | 'saving' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  file: File;
  phase: UploadPhase;
  /** 0 → 1 while the bytes go to the store. */
  progress: number;
  /** Why it failed (translated), or the server's notice once saved. */
  message?: string;
  /** Saved but waiting for a manager's approval. */
  pending?: boolean;
}

export interface PhotoDetails {
  album: string;
  location_id: string;
  caption: string | null;
  students: string[];
  staff: string[];
}

let counter = 0;

/**
 * Several files to an album, one after the other: signed form → POST with progress →
 * completeUpload → uploadStatus until the server's check is done → createPhoto with the caption
 * and tags. Each file has its own phase and progress; a failed file does not stop the others.
 */
export function useAlbumUpload() {
  const { t } = useTranslation(['photos', 'common']);
  const client = useClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const patch = (key: string, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function add(files: readonly File[]) {
    const next = files.map((file): UploadItem => {
      const problem = fileProblem(file);
      return {
        key: `upload-${++counter}`,
        file,
        phase: problem ? 'failed' : 'queued',
        progress: 0,
        message: problem ? t(`photos:${problem.key}`, problem.values) : undefined,
      };
    });
    setItems((list) => [...list, ...next]);
  }

  function remove(key: string) {
    setItems((list) => list.filter((item) => item.key !== key || item.phase === 'uploading' || item.phase === 'checking'));
  }

  async function waitForCheck(uploadId: string, signal: AbortSignal): Promise<UploadedFile | null> {
    const until = Date.now() + CHECK_WAIT_MS;
    while (Date.now() < until && !signal.aborted) {
      const r = await client.query(UploadStatusQuery, { upload_id: uploadId }, { requestPolicy: 'network-only' }).toPromise();
      const file = r.data?.uploadStatus;
      if (r.error || !file) return null;
      if (file.status === 'ready' || file.status === 'rejected') return file;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return null;
  }

  async function one(item: UploadItem, details: PhotoDetails, signal: AbortSignal): Promise<boolean> {
    const fail = (message: string) => {
      patch(item.key, { phase: 'failed', message });
      return false;
    };
    const purpose = purposeOf(uploadType(item.file))!;
    patch(item.key, { phase: 'uploading', progress: 0, message: undefined });
    try {
      const signed = await client
        .mutation(PresignMutation, {
          purpose,
          owner_id: details.location_id,
          content_type: uploadType(item.file),
          size: item.file.size,
          file_name: item.file.name,
        })
        .toPromise();
      if (signed.error || !signed.data) return fail(graphqlErrorMessage(signed.error, t));
      const ticket = signed.data.getPresignedUploadUrl;
      await postUploadForm(ticket, item.file, (progress) => patch(item.key, { progress }), signal);
      patch(item.key, { phase: 'checking', progress: 1 });
      const done = await client.mutation(CompleteUploadMutation, { upload_id: ticket.upload_id }).toPromise();
      if (done.error || !done.data) return fail(graphqlErrorMessage(done.error, t));
      const checked = await waitForCheck(ticket.upload_id, signal);
      if (!checked) return fail(t('photos:upload.stillChecking'));
      if (checked.status === 'rejected') return fail(t('photos:upload.rejected', { reason: checked.reason ?? '' }));
      patch(item.key, { phase: 'saving' });
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
      if (!result.status) return fail(result.message);
      patch(item.key, { phase: 'done', message: result.message, pending: result.photo?.status === 'pending' });
      return true;
    } catch (e) {
      return fail(e instanceof UploadError ? t('photos:upload.failed', { reason: e.message }) : t('common:errors.network'));
    }
  }

  /** Uploads every queued (or failed and retried) file; answers how many were saved. */
  async function start(details: PhotoDetails, retryFailed = false): Promise<{ saved: number; failed: number }> {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    let saved = 0;
    let failed = 0;
    const todo = items.filter((i) => i.phase === 'queued' || (retryFailed && i.phase === 'failed' && !fileProblem(i.file)));
    try {
      for (const item of todo) {
        if (controller.signal.aborted) break;
        if (await one(item, details, controller.signal)) saved += 1;
        else failed += 1;
      }
    } finally {
      setRunning(false);
      abort.current = null;
    }
    return { saved, failed };
  }

  return {
    items,
    running,
    add,
    remove,
    start,
    cancel: () => abort.current?.abort(),
    clear: () => setItems([]),
  };
}
