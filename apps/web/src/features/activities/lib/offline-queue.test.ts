import { describe, expect, it, vi } from 'vitest';
import { createOfflineQueue, type QueuedEntry, type SendOutcome } from './offline-queue';

type Send = (entry: QueuedEntry) => Promise<SendOutcome>;

/** A queue over an in-memory "local storage" that keeps JSON, as the device's does. */
function memoryQueue() {
  let stored: string | null = null;
  const queue = createOfflineQueue({
    read: () => (stored === null ? null : JSON.parse(stored)),
    write: (entries) => {
      stored = JSON.stringify(entries);
    },
  });
  return { queue, raw: () => (stored === null ? [] : (JSON.parse(stored) as QueuedEntry[])) };
}

const entry = (request_id: string, userId = 'u1'): QueuedEntry => ({
  request_id,
  kind: 'meal',
  variables: { request_id, students: ['7', '8'], date: '2026-11-27', time: '12:05', type: 'lunch', portion: 'all' },
  userId,
  queuedAt: '2026-11-27T17:05:00.000Z',
});

describe('offline queue', () => {
  it('keeps an entry with its request_id on the device, and a repeat of the same request_id once', () => {
    const { queue, raw } = memoryQueue();
    expect(queue.enqueue(entry('a1'))).toBe(true);
    expect(queue.enqueue(entry('a1'))).toBe(false);
    expect(queue.enqueue(entry('b2'))).toBe(true);
    expect(raw().map((e) => e.request_id)).toEqual(['a1', 'b2']);
    expect(raw()[0]!.variables.request_id).toBe('a1');
    expect(queue.pending('u1')).toHaveLength(2);
  });

  it('sends the entries on reconnect in the order they were made, each once, then forgets them', async () => {
    const { queue, raw } = memoryQueue();
    queue.enqueue(entry('a1'));
    queue.enqueue(entry('b2'));
    const send = vi.fn<Send>(async () => ({ outcome: 'sent' }));
    const result = await queue.replay('u1', send);
    expect(send.mock.calls.map(([e]) => e.request_id)).toEqual(['a1', 'b2']);
    expect(send.mock.calls[0]![0].variables.request_id).toBe('a1');
    expect(result).toEqual({ sent: 2, rejected: [], left: 0 });
    expect(raw()).toEqual([]);
    // A second reconnect has nothing left to send.
    await queue.replay('u1', send);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not send an entry twice when two reconnects overlap', async () => {
    const { queue } = memoryQueue();
    queue.enqueue(entry('a1'));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = vi.fn<Send>(async () => {
      await gate;
      return { outcome: 'sent' };
    });
    const first = queue.replay('u1', send);
    const second = queue.replay('u1', send);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(a.sent).toBe(1);
  });

  it('stops at the first entry that cannot go (still offline) and keeps it and the ones after it', async () => {
    const { queue, raw } = memoryQueue();
    queue.enqueue(entry('a1'));
    queue.enqueue(entry('b2'));
    queue.enqueue(entry('c3'));
    const answers: SendOutcome[] = [{ outcome: 'sent' }, { outcome: 'retry' }];
    const send = vi.fn<Send>(async () => answers.shift() ?? { outcome: 'sent' });
    const result = await queue.replay('u1', send);
    expect(result).toEqual({ sent: 1, rejected: [], left: 2 });
    expect(raw().map((e) => e.request_id)).toEqual(['b2', 'c3']);
    // A throw (the request failed on the way) is a retry too.
    const failing = vi.fn<Send>(async () => {
      throw new Error('Failed to fetch');
    });
    expect((await queue.replay('u1', failing)).left).toBe(2);
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('drops an entry the server refuses, with its message, and goes on with the next', async () => {
    const { queue, raw } = memoryQueue();
    queue.enqueue(entry('a1'));
    queue.enqueue(entry('b2'));
    const send = vi.fn(async (e: QueuedEntry): Promise<SendOutcome> =>
      e.request_id === 'a1' ? { outcome: 'rejected', message: 'The nap ends after it starts.' } : { outcome: 'sent' },
    );
    const result = await queue.replay('u1', send);
    expect(result.sent).toBe(1);
    expect(result.rejected.map((r) => [r.entry.request_id, r.message])).toEqual([['a1', 'The nap ends after it starts.']]);
    expect(raw()).toEqual([]);
  });

  it("sends only the signed-in person's entries; another person's wait for them", async () => {
    const { queue, raw } = memoryQueue();
    queue.enqueue(entry('a1', 'u1'));
    queue.enqueue(entry('b2', 'u2'));
    const send = vi.fn<Send>(async () => ({ outcome: 'sent' }));
    await queue.replay('u2', send);
    expect(send.mock.calls.map(([e]) => e.request_id)).toEqual(['b2']);
    expect(raw().map((e) => e.request_id)).toEqual(['a1']);
    expect(queue.pending('u2')).toEqual([]);
  });

  it('reads nothing from a damaged store and tells listeners of changes', () => {
    const listener = vi.fn();
    const bad = createOfflineQueue({ read: () => ({ not: 'a list' }), write: () => {} });
    expect(bad.pending('u1')).toEqual([]);
    const { queue } = memoryQueue();
    const stop = queue.subscribe(listener);
    queue.enqueue(entry('a1'));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    queue.enqueue(entry('b2'));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
