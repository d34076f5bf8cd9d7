import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { uploadToAlbum, type PhotoDetails } from '../lib/album-upload';
import { fileProblem } from '../lib/upload-rules';

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

let counter = 0;

/**
 * Several files to an album, one after the other (each through `uploadToAlbum`). Each file has
 * its own phase and progress; a failed file does not stop the others.
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

  async function one(item: UploadItem, details: PhotoDetails, signal: AbortSignal): Promise<boolean> {
    patch(item.key, { phase: 'uploading', progress: 0, message: undefined });
    const result = await uploadToAlbum(client, item.file, details, {
      t,
      signal,
      onPhase: (phase) => patch(item.key, phase === 'checking' ? { phase, progress: 1 } : { phase }),
      onProgress: (progress) => patch(item.key, { progress }),
    });
    if (!result.ok) {
      patch(item.key, { phase: 'failed', message: result.message });
      return false;
    }
    patch(item.key, { phase: 'done', message: result.message, pending: result.photo.status === 'pending' });
    return true;
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
