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
  backoffDelay,
  errorMessage,
  jobDataProblem,
  jsonCopy,
  settlesWithin,
} from './job-data.ts';
import type { EnqueueOptions, JobContext, JobData, JobHandler, JobInfo, JobLog, JobQueue } from './types.ts';

type RecordState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

interface JobRecord {
  id: string;
  queue: string;
  name: string;
  data: JobData;
  attempts: number;
  backoffMs: number;
  attemptsMade: number;
  state: RecordState;
  availableAt: number;
  progress: unknown;
  failedReason?: string;
  returnValue?: unknown;
}

interface QueueState {
  handlers: Map<string, JobHandler>;
  concurrency: number;
  jobs: Map<string, JobRecord>;
  /** waiting and delayed jobs, in enqueue order */
  pending: JobRecord[];
  active: Map<string, Promise<void>>;
  completed: string[];
  failed: string[];
}

/**
 * The embedded stand-in for BullMQ: same retry, backoff, concurrency, dedupe-by-jobId and
 * fail-closed rules, kept in memory. Jobs do not survive a restart; the outbox is what makes
 * them durable.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly queues = new Map<string, QueueState>();
  private readonly idleWaiters: Array<() => void> = [];
  private started = false;
  private closed = false;
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;

  constructor(
    private readonly log: JobLog,
    private readonly closeTimeoutMs = DEFAULT_CLOSE_TIMEOUT_MS,
  ) {}

  register(queue: string, name: string, handler: JobHandler, opts: { concurrency?: number } = {}): void {
    assertQueueName(queue);
    const q = this.state(queue);
    q.handlers.set(name, handler);
    q.concurrency = Math.max(q.concurrency, opts.concurrency ?? 1);
    this.pump();
  }

  async enqueue(queue: string, name: string, data: JobData, opts: EnqueueOptions = {}): Promise<string> {
    if (this.closed) throw new Error('Job queue is closed');
    assertQueueName(queue);
    assertJobData(data);
    if (opts.jobId !== undefined) assertJobId(opts.jobId);
    const q = this.state(queue);
    const id = opts.jobId ?? String(++this.seq);
    if (q.jobs.has(id)) return id; // like BullMQ: a job with this id already exists, so nothing is added
    const rec: JobRecord = {
      id,
      queue,
      name,
      data: jsonCopy(data),
      attempts: Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS),
      backoffMs: opts.backoffMs ?? DEFAULT_BACKOFF_MS,
      attemptsMade: 0,
      state: opts.delayMs ? 'delayed' : 'waiting',
      availableAt: Date.now() + (opts.delayMs ?? 0),
      progress: 0,
    };
    q.jobs.set(id, rec);
    q.pending.push(rec);
    this.pump();
    return id;
  }

  async getJob(queue: string, jobId: string): Promise<JobInfo | null> {
    const rec = this.queues.get(queue)?.jobs.get(jobId);
    if (!rec) return null;
    const info: JobInfo = { state: rec.state === 'delayed' ? 'waiting' : rec.state, progress: rec.progress };
    if (rec.failedReason !== undefined) info.failedReason = rec.failedReason;
    if (rec.state === 'completed') info.returnValue = rec.returnValue;
    return info;
  }

  async start(): Promise<void> {
    this.started = true;
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const active = [...this.queues.values()].flatMap((q) => [...q.active.values()]);
    if (!(await settlesWithin(Promise.allSettled(active), this.closeTimeoutMs))) {
      this.log(`job queue closed with ${active.length} job(s) still running`);
    }
    this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private state(queue: string): QueueState {
    let q = this.queues.get(queue);
    if (!q) {
      q = { handlers: new Map(), concurrency: 1, jobs: new Map(), pending: [], active: new Map(), completed: [], failed: [] };
      this.queues.set(queue, q);
    }
    return q;
  }

  private isIdle(): boolean {
    for (const q of this.queues.values()) if (q.pending.length || q.active.size) return false;
    return true;
  }

  /** Starts every due job a free slot allows and arms one timer for the next delayed job. */
  private pump(): void {
    if (!this.started || this.closed) return;
    const now = Date.now();
    let next = Infinity;
    for (const q of this.queues.values()) {
      if (!q.handlers.size) continue;
      for (let i = 0; i < q.pending.length && q.active.size < q.concurrency;) {
        const rec = q.pending[i]!;
        if (rec.availableAt <= now) {
          q.pending.splice(i, 1);
          rec.state = 'active';
          // Deferred one tick so the slot is taken before the job can settle.
          q.active.set(
            rec.id,
            Promise.resolve().then(() => this.run(q, rec)),
          );
        } else {
          i++;
        }
      }
      if (q.active.size < q.concurrency) for (const rec of q.pending) next = Math.min(next, rec.availableAt);
    }
    if (next < this.timerAt) {
      clearTimeout(this.timer);
      this.timerAt = next;
      this.timer = setTimeout(
        () => {
          this.timerAt = Infinity;
          this.pump();
        },
        Math.max(0, next - now),
      );
      this.timer.unref();
    }
  }

  private async run(q: QueueState, rec: JobRecord): Promise<void> {
    try {
      // Checked again at run time: the rule must hold for whatever reaches a handler.
      const problem = jobDataProblem(rec.data);
      if (problem) throw new PermanentJobError(problem);
      const handler = q.handlers.get(rec.name);
      if (!handler) throw new Error(`No handler registered for ${rec.queue}/${rec.name}`);
      const result = await handler(this.context(rec));
      rec.returnValue = jsonCopy(result);
      this.finish(q, rec, 'completed');
    } catch (err) {
      rec.attemptsMade++;
      rec.failedReason = errorMessage(err);
      if (err instanceof PermanentJobError || rec.attemptsMade >= rec.attempts) {
        this.log(`job ${rec.queue}/${rec.name} ${rec.id} failed: ${rec.failedReason}`, { attempts: rec.attemptsMade });
        this.finish(q, rec, 'failed');
      } else {
        rec.state = 'delayed';
        rec.availableAt = Date.now() + backoffDelay(rec.backoffMs, rec.attemptsMade);
        q.pending.push(rec);
      }
    } finally {
      q.active.delete(rec.id);
      this.pump();
      if (this.isIdle()) this.idleWaiters.splice(0).forEach((resolve) => resolve());
    }
  }

  private context(rec: JobRecord): JobContext {
    return {
      id: rec.id,
      queue: rec.queue,
      name: rec.name,
      data: jsonCopy(rec.data),
      attempt: rec.attemptsMade + 1,
      progress: async (value) => {
        rec.progress = jsonCopy(value);
      },
      log: (msg) => this.log(`job ${rec.queue}/${rec.name} ${rec.id}: ${msg}`),
    };
  }

  private finish(q: QueueState, rec: JobRecord, state: 'completed' | 'failed'): void {
    rec.state = state;
    const kept = state === 'completed' ? q.completed : q.failed;
    kept.push(rec.id);
    const bound = state === 'completed' ? KEEP_COMPLETED : KEEP_FAILED;
    while (kept.length > bound) q.jobs.delete(kept.shift()!);
  }
}
