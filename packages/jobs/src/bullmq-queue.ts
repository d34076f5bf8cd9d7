import { Job, Queue, UnrecoverableError, Worker, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  DEFAULT_CLOSE_TIMEOUT_MS,
  KEEP_COMPLETED,
  KEEP_FAILED,
  PermanentJobError,
  assertJobData,
  assertJobId,
  assertQueueName,
  jobDataProblem,
  settlesWithin,
} from './job-data.ts';
import { createRedis, throttled } from './redis-connection.ts';
import type { EnqueueOptions, JobContext, JobData, JobHandler, JobInfo, JobLog, JobQueue, JobState } from './types.ts';

const READY_WAIT_MS = 2000;
const PENDING_TYPES = ['waiting', 'active', 'delayed', 'prioritized', 'paused', 'waiting-children'] as const;

function publicState(state: string): JobState {
  if (state === 'active' || state === 'completed' || state === 'failed') return state;
  if (state === 'waiting' || state === 'delayed' || state === 'prioritized' || state === 'waiting-children') return 'waiting';
  return 'unknown';
}

interface Registration {
  handlers: Map<string, JobHandler>;
  concurrency: number;
}

/** JobQueue on BullMQ: one Worker per queue, dispatching by job name. */
export class BullJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  /**
   * Producer connection without an offline queue: while Redis is away `enqueue` fails at once
   * instead of waiting, and the caller (the outbox dispatcher) keeps the row for later.
   */
  private readonly producer: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly registrations = new Map<string, Registration>();
  private readonly workers = new Map<string, { worker: Worker; redis: Redis }>();
  private started = false;
  private closed = false;
  /** `idle()` callers waiting for one of this process's workers to finish a job. */
  private readonly settleWaiters = new Set<() => void>();
  private readonly logError: JobLog;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly log: JobLog,
    private readonly closeTimeoutMs = DEFAULT_CLOSE_TIMEOUT_MS,
  ) {
    this.logError = throttled(log);
    this.producer = createRedis(redisUrl, 'producer', log, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 5000 });
  }

  register(queue: string, name: string, handler: JobHandler, opts: { concurrency?: number } = {}): void {
    assertQueueName(queue);
    let reg = this.registrations.get(queue);
    if (!reg) {
      reg = { handlers: new Map(), concurrency: 1 };
      this.registrations.set(queue, reg);
    }
    reg.handlers.set(name, handler);
    reg.concurrency = Math.max(reg.concurrency, opts.concurrency ?? 1);
    const running = this.workers.get(queue);
    if (running) running.worker.concurrency = reg.concurrency;
    else if (this.started && !this.closed) this.startWorker(queue, reg);
  }

  async enqueue(queue: string, name: string, data: JobData, opts: EnqueueOptions = {}): Promise<string> {
    if (this.closed) throw new Error('Job queue is closed');
    assertQueueName(queue);
    assertJobData(data);
    if (opts.jobId !== undefined) assertJobId(opts.jobId);
    await this.producerReady();
    const jobOpts: JobsOptions = {
      attempts: Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS),
      backoff: { type: 'exponential', delay: opts.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: { count: KEEP_COMPLETED },
      removeOnFail: { count: KEEP_FAILED },
    };
    if (opts.jobId !== undefined) jobOpts.jobId = opts.jobId;
    if (opts.delayMs) jobOpts.delay = opts.delayMs;
    const job = await this.queue(queue).add(name, data, jobOpts);
    return job.id!;
  }

  async getJob(queue: string, jobId: string): Promise<JobInfo | null> {
    assertQueueName(queue);
    const job = await Job.fromId(this.queue(queue), jobId);
    if (!job) return null;
    const state = publicState(await job.getState());
    const info: JobInfo = { state, progress: job.progress };
    if (job.failedReason) info.failedReason = job.failedReason;
    if (state === 'completed') info.returnValue = job.returnvalue ?? undefined;
    return info;
  }

  async start(): Promise<void> {
    if (this.started || this.closed) return;
    this.started = true;
    for (const [queue, reg] of this.registrations) this.startWorker(queue, reg);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(
      [...this.workers.values()].map(async ({ worker, redis }) => {
        if (!(await settlesWithin(worker.close(), this.closeTimeoutMs))) {
          this.log(`worker ${worker.name} did not stop within ${this.closeTimeoutMs} ms; forcing it`);
          await settlesWithin(worker.close(true), 1000);
        }
        redis.disconnect();
      }),
    );
    await Promise.all([...this.queues.values()].map((q) => settlesWithin(q.close(), 1000)));
    if (!(await settlesWithin(this.producer.quit(), 1000))) this.producer.disconnect();
  }

  async idle(): Promise<void> {
    while (!this.closed) {
      try {
        let pending = 0;
        for (const q of this.queues.values()) {
          const counts = await q.getJobCounts(...PENDING_TYPES);
          pending += Object.values(counts).reduce((a, b) => a + b, 0);
        }
        if (pending === 0) return;
      } catch {
        // Redis is away: keep waiting, the jobs are still there when it comes back.
      }
      await this.nextSettle(50);
    }
  }

  /** Resolves when a worker of this process finishes a job, or after `ms` (jobs run elsewhere too). */
  private nextSettle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.settleWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.settleWaiters.add(done);
    });
  }

  /** Waits briefly for the producer connection (first connect, a blip); past that the caller gets the error. */
  private async producerReady(): Promise<void> {
    if (this.producer.status === 'ready') return;
    let onReady: (() => void) | undefined;
    const ready = new Promise<void>((resolve) => {
      onReady = resolve;
      this.producer.once('ready', resolve);
    });
    try {
      await settlesWithin(ready, READY_WAIT_MS);
    } finally {
      this.producer.off('ready', onReady!);
    }
    if ((this.producer.status as string) !== 'ready') throw new Error(`Redis is unavailable (${this.producer.status}); job not enqueued`);
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.producer, prefix: this.prefix });
      q.on('error', (err) => this.logError(`queue ${name} error: ${err.message}`));
      this.queues.set(name, q);
    }
    return q;
  }

  private startWorker(queue: string, reg: Registration): void {
    this.queue(queue); // so idle() watches it
    const redis = createRedis(this.redisUrl, `worker ${queue}`, this.log, { maxRetriesPerRequest: null });
    const worker = new Worker(queue, (job) => this.process(queue, reg, job), {
      connection: redis,
      prefix: this.prefix,
      concurrency: reg.concurrency,
    });
    worker.on('error', (err) => this.logError(`worker ${queue} error: ${err.message}`));
    worker.on('failed', (job, err) => {
      this.log(`job ${queue}/${job?.name} ${job?.id} failed: ${err.message}`, { attemptsMade: job?.attemptsMade });
      this.wakeIdle();
    });
    worker.on('completed', () => this.wakeIdle());
    worker.on('stalled', (jobId) => this.log(`job ${queue} ${jobId} stalled and will run again`));
    this.workers.set(queue, { worker, redis });
  }

  private wakeIdle(): void {
    for (const done of [...this.settleWaiters]) done();
  }

  private async process(queue: string, reg: Registration, job: Job): Promise<unknown> {
    const problem = jobDataProblem(job.data);
    if (problem) throw new UnrecoverableError(problem);
    const handler = reg.handlers.get(job.name);
    if (!handler) throw new Error(`No handler registered for ${queue}/${job.name}`);
    const ctx: JobContext = {
      id: job.id!,
      queue,
      name: job.name,
      data: job.data as JobData,
      attempt: job.attemptsMade + 1,
      progress: (value) => job.updateProgress(value),
      log: (msg) => {
        job.log(msg).catch(() => undefined);
      },
    };
    try {
      return await handler(ctx);
    } catch (err) {
      if (err instanceof PermanentJobError) throw new UnrecoverableError(err.message);
      throw err;
    }
  }
}
