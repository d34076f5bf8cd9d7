import type { Knex } from '@kv/db';

/** Every job names the centre it belongs to; `null` marks a control-plane job. */
export interface JobData {
  centreId: string | null;
  [key: string]: unknown;
}

export interface JobContext {
  id: string;
  queue: string;
  name: string;
  data: JobData;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  progress(value: number | Record<string, unknown>): Promise<void>;
  log: (msg: string) => void;
}

export type JobHandler = (job: JobContext) => Promise<unknown>;

export interface EnqueueOptions {
  jobId?: string;
  delayMs?: number;
  attempts?: number;
  /** First retry delay; each further retry doubles it. */
  backoffMs?: number;
}

export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'unknown';

export interface JobInfo {
  state: string;
  progress: unknown;
  failedReason?: string;
  returnValue?: unknown;
}

export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  register(queue: string, name: string, handler: JobHandler, opts?: { concurrency?: number }): void;
  enqueue(queue: string, name: string, data: JobData, opts?: EnqueueOptions): Promise<string>;
  /** state of a job: waiting | active | completed | failed | unknown, with progress and failure reason */
  getJob(queue: string, jobId: string): Promise<JobInfo | null>;
  /** Starts workers for registered handlers. */
  start(): Promise<void>;
  /** Stops workers, waits for active jobs (bounded), closes connections. */
  close(): Promise<void>;
  /** Resolves when nothing is waiting, delayed (retries included) or active. */
  idle(): Promise<void>;
}

export type JobLog = (msg: string, extra?: object) => void;

export interface JobQueueOptions {
  redisUrl?: string;
  /** BullMQ key prefix (default `kv`). */
  prefix?: string;
  log?: JobLog;
  /** How long `close()` waits for active jobs before giving up on them (default 10 s). */
  closeTimeoutMs?: number;
}

export type Db = Knex | Knex.Transaction;
