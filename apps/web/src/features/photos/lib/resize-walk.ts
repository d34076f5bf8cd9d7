import { IMAGE_RESIZE_BATCH } from '@kv/shared';

/** The ids split into consecutive batches of at most `size` (the API takes IMAGE_RESIZE_BATCH a call). */
export function batchesOf<T>(ids: readonly T[], size: number = IMAGE_RESIZE_BATCH): T[][] {
  if (size < 1) throw new RangeError('The batch size must be at least 1.');
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** Where a walk stopped: `next` is the index of the first image not yet resized. */
export interface ResizeWalkResult {
  next: number;
  /** The failure that stopped the walk (null when every image was resized). */
  error: unknown;
}

export interface ResizeWalkOptions {
  /** Resizes one batch; a rejection (or `false`) is a failure that stops the walk. */
  resize(batch: string[]): Promise<boolean | void>;
  /** Index to start at: 0 for a new walk, the last result's `next` for Retry. */
  from?: number;
  size?: number;
  /** After each successful batch: how many images are done of how many. */
  onProgress?(done: number, total: number): void;
  /** Stops before the next batch (the page was left). */
  signal?: AbortSignal;
}

/**
 * Walks every image through `resize` in batches of IMAGE_RESIZE_BATCH, the next batch only after
 * the previous one succeeded. A failure stops the walk where it is: the result's `next` is the
 * failed batch's first index, so calling again with `from: next` (Retry) resumes there.
 */
export async function walkResize(ids: readonly string[], options: ResizeWalkOptions): Promise<ResizeWalkResult> {
  const size = options.size ?? IMAGE_RESIZE_BATCH;
  let next = Math.max(0, Math.min(options.from ?? 0, ids.length));
  while (next < ids.length) {
    if (options.signal?.aborted) return { next, error: options.signal.reason ?? new Error('Stopped.') };
    const batch = ids.slice(next, next + size);
    try {
      const ok = await options.resize(batch);
      if (ok === false) return { next, error: new Error('The batch was not resized.') };
    } catch (error) {
      return { next, error };
    }
    next += batch.length;
    options.onProgress?.(next, ids.length);
  }
  return { next, error: null };
}
