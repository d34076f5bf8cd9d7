import { BullJobQueue } from './bullmq-queue.ts';
import { InProcessJobQueue } from './in-process-queue.ts';
import type { JobLog, JobQueue, JobQueueOptions } from './types.ts';

const defaultLog: JobLog = (msg, extra) => console.warn(`[jobs] ${msg}`, extra ?? '');

/** BullMQ on Redis when `redisUrl` is given, the in-process runner otherwise. */
export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const log = opts.log ?? defaultLog;
  if (opts.redisUrl) return new BullJobQueue(opts.redisUrl, opts.prefix ?? 'kv', log, opts.closeTimeoutMs);
  return new InProcessJobQueue(log, opts.closeTimeoutMs);
}
