import type { QuickKind } from './kinds';

/**
 * Entries saved while the tablet is offline wait on the device (local storage) with their
 * `request_id`, and go to the server when the connection is back: in the order they were made,
 * one at a time, each once. A repeat of the same request_id is never queued twice, and the
 * server answers a request_id it has already recorded with its first result (nothing written), so
 * an entry whose answer was lost on the way is not written twice either.
 */
export interface QueuedEntry {
  request_id: string;
  kind: QuickKind;
  /** The save mutation's variables (with the request_id, date and time it was made at). */
  variables: Record<string, unknown>;
  /** Who made it: only they send it (another person signing in on the tablet does not). */
  userId: string;
  queuedAt: string;
}

/** How a send ended: recorded (or replayed), to try again later (no connection), or refused (bad input). */
export type SendOutcome = { outcome: 'sent' } | { outcome: 'retry' } | { outcome: 'rejected'; message: string };

export interface ReplayResult {
  sent: number;
  rejected: { entry: QueuedEntry; message: string }[];
  left: number;
}

export interface QueueStorage {
  read(): unknown;
  write(entries: QueuedEntry[]): void;
}

const isEntry = (v: unknown): v is QueuedEntry =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as QueuedEntry).request_id === 'string' &&
  typeof (v as QueuedEntry).kind === 'string' &&
  typeof (v as QueuedEntry).userId === 'string' &&
  typeof (v as QueuedEntry).variables === 'object' &&
  (v as QueuedEntry).variables !== null;

export interface OfflineQueue {
  /** Queues an entry; false when its request_id is already waiting. */
  enqueue(entry: QueuedEntry): boolean;
  /** The viewer's waiting entries, oldest first. */
  pending(userId: string): QueuedEntry[];
  /**
   * Sends the viewer's waiting entries, oldest first, until one cannot go (no connection).
   * One replay at a time: a call while one runs answers that one's result.
   */
  replay(userId: string, send: (entry: QueuedEntry) => Promise<SendOutcome>): Promise<ReplayResult>;
  subscribe(listener: () => void): () => void;
}

export function createOfflineQueue(storage: QueueStorage): OfflineQueue {
  const listeners = new Set<() => void>();
  const read = (): QueuedEntry[] => {
    const raw = storage.read();
    return Array.isArray(raw) ? raw.filter(isEntry) : [];
  };
  const write = (entries: QueuedEntry[]) => {
    storage.write(entries);
    listeners.forEach((l) => l());
  };
  const remove = (requestId: string) => write(read().filter((e) => e.request_id !== requestId));
  let running: Promise<ReplayResult> | null = null;

  return {
    enqueue(entry) {
      const entries = read();
      if (entries.some((e) => e.request_id === entry.request_id)) return false;
      write([...entries, entry]);
      return true;
    },
    pending(userId) {
      return read().filter((e) => e.userId === userId);
    },
    replay(userId, send) {
      running ??= (async () => {
        const result: ReplayResult = { sent: 0, rejected: [], left: 0 };
        try {
          for (const entry of read().filter((e) => e.userId === userId)) {
            let answer: SendOutcome;
            try {
              answer = await send(entry);
            } catch {
              answer = { outcome: 'retry' };
            }
            if (answer.outcome === 'retry') break;
            remove(entry.request_id);
            if (answer.outcome === 'sent') result.sent += 1;
            else result.rejected.push({ entry, message: answer.message });
          }
        } finally {
          result.left = read().filter((e) => e.userId === userId).length;
          running = null;
        }
        return result;
      })();
      return running;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
