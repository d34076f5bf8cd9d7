import { describe, expect, it } from 'vitest';
import { IMAGE_RESIZE_BATCH } from '@kv/shared';
import { batchesOf, walkResize } from './resize-walk';

const twelve = Array.from({ length: 12 }, (_, i) => String(i + 1));

describe('walkResize', () => {
  it('uses the shared batch size of 5', () => {
    expect(IMAGE_RESIZE_BATCH).toBe(5);
    expect(batchesOf(twelve).map((b) => b.length)).toEqual([5, 5, 2]);
  });

  it('resizes 12 images in batches of 5, 5 and 2, one after the other, reporting progress', async () => {
    const calls: string[][] = [];
    const progress: number[] = [];
    let running = 0;
    const result = await walkResize(twelve, {
      resize: async (batch) => {
        running += 1;
        expect(running).toBe(1);
        calls.push(batch);
        await new Promise((r) => setTimeout(r, 1));
        running -= 1;
        return true;
      },
      onProgress: (done, total) => {
        expect(total).toBe(12);
        progress.push(done);
      },
    });
    expect(calls).toEqual([twelve.slice(0, 5), twelve.slice(5, 10), twelve.slice(10)]);
    expect(progress).toEqual([5, 10, 12]);
    expect(result).toEqual({ next: 12, error: null });
  });

  it('stops at a failure in the second batch: the third is never sent', async () => {
    const calls: string[][] = [];
    const failure = new Error('IMAGE_RESIZE_FAILED');
    const result = await walkResize(twelve, {
      resize: async (batch) => {
        calls.push(batch);
        if (calls.length === 2) throw failure;
        return true;
      },
    });
    expect(calls.map((c) => c.length)).toEqual([5, 5]);
    expect(result).toEqual({ next: 5, error: failure });
  });

  it('treats a false answer as a failure too', async () => {
    const result = await walkResize(twelve, { resize: async (batch) => batch[0] !== '6' });
    expect(result.next).toBe(5);
    expect(result.error).toBeInstanceOf(Error);
  });

  it('Retry resumes at the failed batch and finishes the rest', async () => {
    let failing = true;
    const calls: string[][] = [];
    const resize = async (batch: string[]) => {
      calls.push(batch);
      if (batch[0] === '6' && failing) throw new Error('once');
      return true;
    };
    const first = await walkResize(twelve, { resize });
    expect(first.next).toBe(5);
    failing = false;
    const progress: number[] = [];
    const retry = await walkResize(twelve, { resize, from: first.next, onProgress: (done) => progress.push(done) });
    expect(retry).toEqual({ next: 12, error: null });
    expect(calls).toEqual([twelve.slice(0, 5), twelve.slice(5, 10), twelve.slice(5, 10), twelve.slice(10)]);
    expect(progress).toEqual([10, 12]);
  });

  it('does nothing for no images, and stops before the next batch once aborted', async () => {
    expect(await walkResize([], { resize: async () => true })).toEqual({ next: 0, error: null });
    const controller = new AbortController();
    const calls: string[][] = [];
    const result = await walkResize(twelve, {
      resize: async (batch) => {
        calls.push(batch);
        controller.abort();
        return true;
      },
      signal: controller.signal,
    });
    expect(calls).toHaveLength(1);
    expect(result.next).toBe(5);
    expect(result.error).not.toBeNull();
  });
});
