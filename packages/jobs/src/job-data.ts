import type { JobData } from './types.ts';

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1000;
/** Completed jobs kept for `getJob`; failed jobs are the dead letter and are kept longer. */
export const KEEP_COMPLETED = 1000;
export const KEEP_FAILED = 10_000;
export const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;

/** Thrown when a job's data would break tenant isolation; never retried. */
export class JobDataError extends Error {
  override name = 'JobDataError';
}

/** A handler throws this for a failure that a retry cannot fix: the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Why `data` is not acceptable as job data, or null when it is. */
export function jobDataProblem(data: unknown): string | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return 'job data must be an object';
  if (!Object.hasOwn(data, 'centreId')) return 'job data has no centreId (use null for a control-plane job)';
  const centreId = (data as { centreId: unknown }).centreId;
  if (centreId === null) return null;
  if (typeof centreId !== 'string' || centreId.trim() === '') return 'job centreId must be a non-empty string or null';
  return null;
}

export function assertJobData(data: unknown): asserts data is JobData {
  const problem = jobDataProblem(data);
  if (problem) throw new JobDataError(problem);
}

const QUEUE_NAME = /^[A-Za-z0-9_-]{1,60}$/;

export function assertQueueName(queue: string): void {
  if (!QUEUE_NAME.test(queue)) throw new Error(`Invalid queue name: ${JSON.stringify(queue)}`);
}

/** BullMQ refuses custom ids that contain `:` or are integers (they clash with its own ids). */
export function assertJobId(jobId: string): void {
  if (!jobId || jobId.includes(':') || /^\d+$/.test(jobId)) throw new Error(`Invalid job id: ${JSON.stringify(jobId)}`);
}

/** BullMQ's exponential backoff: base, 2×base, 4×base, … */
export function backoffDelay(baseMs: number, attemptsMade: number): number {
  return Math.round(baseMs * 2 ** Math.max(0, attemptsMade - 1));
}

/** Job data and results cross a serialisation boundary in BullMQ; the in-process runner copies them the same way. */
export function jsonCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves true when `p` settles within `ms`, false otherwise (p keeps running). */
export async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      p.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
