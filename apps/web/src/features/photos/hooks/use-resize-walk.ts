import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { showMessage } from '../../../lib/notices';
import { BulkResizeMutation } from '../api/photos.mutation';
import { ResizeIdsQuery } from '../api/photos.query';
import { graphqlErrorMessage } from '../lib/error-text';
import { walkResize } from '../lib/resize-walk';

export type ResizeState =
  | { step: 'idle' }
  | { step: 'listing' }
  | { step: 'running'; done: number; total: number }
  | { step: 'failed'; done: number; total: number; message: string }
  | { step: 'finished'; total: number };

/** Pages of ids asked for while listing the stored images (the API's largest page). */
const LIST_PAGE = 100;

/**
 * "Resize images": lists every stored image in the manager's reach (videos are not resized), then
 * walks them through `bulkResizeImges` in batches (lib/resize-walk). A failure is logged and shown,
 * and stops the walk; `retry` resumes at the failed batch; the end shows 'Images' / 'Resized successfully!'.
 */
export function useResizeWalk() {
  const { t } = useTranslation(['photos', 'common']);
  const client = useClient();
  const [state, setState] = useState<ResizeState>({ step: 'idle' });
  const ids = useRef<string[]>([]);
  const resumeAt = useRef(0);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  async function listImages(): Promise<string[] | null> {
    const out: string[] = [];
    for (let page = 1; ; page += 1) {
      const r = await client.query(ResizeIdsQuery, { page, first: LIST_PAGE }, { requestPolicy: 'network-only' }).toPromise();
      if (r.error || !r.data) {
        const message = graphqlErrorMessage(r.error, t);
        console.error('Resize images: listing the images failed', r.error);
        setState({ step: 'failed', done: 0, total: 0, message });
        return null;
      }
      const { data, paginatorInfo } = r.data.getPhotos;
      for (const photo of data) if (photo.file?.content_type?.startsWith('image/')) out.push(photo.id);
      if (page >= paginatorInfo.lastPage) return out;
    }
  }

  async function walk(from: number) {
    const controller = new AbortController();
    abort.current = controller;
    const total = ids.current.length;
    setState({ step: 'running', done: from, total });
    let failure = '';
    const result = await walkResize(ids.current, {
      from,
      signal: controller.signal,
      onProgress: (done) => setState({ step: 'running', done, total }),
      resize: async (batch) => {
        const r = await client.mutation(BulkResizeMutation, { ids: batch }).toPromise();
        const answer = r.data?.bulkResizeImges;
        if (r.error || !answer?.status) {
          failure = answer?.message || graphqlErrorMessage(r.error, t);
          console.error('Resize images: a batch failed', { batch, error: r.error ?? answer });
          return false;
        }
        return true;
      },
    });
    if (controller.signal.aborted) return;
    resumeAt.current = result.next;
    if (result.error) {
      setState({ step: 'failed', done: result.next, total, message: failure });
      showMessage(t('photos:resize.failed', { message: failure }), false, t('photos:resize.noticeTitle'));
      return;
    }
    setState({ step: 'finished', total });
    showMessage(t('photos:resize.done'), true, t('photos:resize.noticeTitle'));
  }

  async function start() {
    setState({ step: 'listing' });
    resumeAt.current = 0;
    const list = await listImages();
    if (!list) return;
    ids.current = list;
    await walk(0);
  }

  /** After a failure: resume at the failed batch (or list again when the listing itself failed). */
  async function retry() {
    if (!ids.current.length) return start();
    await walk(resumeAt.current);
  }

  return { state, start, retry };
}
