// @services Redis: the job queue contract on BullMQ as well as in-process
import { afterEach, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { createJobQueue } from './create-job-queue.ts';
import { PermanentJobError } from './job-data.ts';
import { sleep } from './job-data.ts';
import type { JobContext, JobQueue } from './types.ts';
import { TEST_REDIS_URL, deletePrefix, redisReachable, uniquePrefix } from './test-redis.ts';

const redisUp = await redisReachable();

interface Impl {
  kind: 'in-process' | 'bullmq';
  skip: boolean;
}

const impls: Impl[] = [
  { kind: 'in-process', skip: false },
  { kind: 'bullmq', skip: !redisUp },
];

describe.each(impls)('JobQueue ($kind)', ({ kind, skip }) => {
  let queue: JobQueue | undefined;
  let prefix = '';
  const logs: string[] = [];

  function make(): JobQueue {
    prefix = uniquePrefix();
    queue = createJobQueue({
      redisUrl: kind === 'bullmq' ? TEST_REDIS_URL : undefined,
      prefix,
      log: (m) => logs.push(m),
    });
    expect(queue.kind).toBe(kind);
    return queue;
  }

  afterEach(async () => {
    await queue?.close();
    queue = undefined;
    if (kind === 'bullmq') await deletePrefix(prefix);
  });

  it.skipIf(skip)('runs a job with its data and keeps its result and progress', async () => {
    const q = make();
    const seen: JobContext[] = [];
    q.register('mail', 'greet', async (job) => {
      seen.push(job);
      await job.progress({ step: 'half' });
      await job.progress(100);
      job.log('greeting');
      return { greeted: job.data.who };
    });
    await q.start();
    const id = await q.enqueue('mail', 'greet', { centreId: '42', who: 'Ana' });
    await q.idle();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, queue: 'mail', name: 'greet', attempt: 1, data: { centreId: '42', who: 'Ana' } });
    expect(await q.getJob('mail', id)).toEqual({ state: 'completed', progress: 100, returnValue: { greeted: 'Ana' } });
    expect(await q.getJob('mail', 'no-such-job')).toBeNull();
  });

  it.skipIf(skip)('accepts centreId null (a control-plane job) and refuses data without the centreId key', async () => {
    const q = make();
    const ran: unknown[] = [];
    q.register('cp', 'task', async (job) => ran.push(job.data));
    await q.start();
    await expect(q.enqueue('cp', 'task', { other: 1 } as never)).rejects.toThrow(/centreId/);
    await expect(q.enqueue('cp', 'task', { centreId: '' })).rejects.toThrow(/centreId/);
    await expect(q.enqueue('cp', 'task', { centreId: 7 } as never)).rejects.toThrow(/centreId/);
    await q.enqueue('cp', 'task', { centreId: null, n: 1 });
    await q.idle();
    expect(ran).toEqual([{ centreId: null, n: 1 }]);
  });

  it.skipIf(skip)('retries a failing job with backoff until it succeeds', async () => {
    const q = make();
    const attempts: Array<{ attempt: number; at: number }> = [];
    q.register('work', 'flaky', async (job) => {
      attempts.push({ attempt: job.attempt, at: Date.now() });
      if (job.attempt < 3) throw new Error(`boom ${job.attempt}`);
      return 'ok';
    });
    await q.start();
    const id = await q.enqueue('work', 'flaky', { centreId: 'a' }, { attempts: 4, backoffMs: 100 });
    await q.idle();
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // exponential: ≥100 ms before the 2nd run, ≥200 ms before the 3rd
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(90);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(190);
    expect((await q.getJob('work', id))?.state).toBe('completed');
  });

  it.skipIf(skip)('keeps a job that used up its attempts as failed, with the reason (dead letter)', async () => {
    const q = make();
    let runs = 0;
    q.register('work', 'broken', async () => {
      runs++;
      throw new Error('smtp said no');
    });
    await q.start();
    const id = await q.enqueue('work', 'broken', { centreId: 'a' }, { attempts: 3, backoffMs: 10 });
    await q.idle();
    expect(runs).toBe(3);
    expect(await q.getJob('work', id)).toMatchObject({ state: 'failed', failedReason: 'smtp said no' });
  });

  it.skipIf(skip)('fails a PermanentJobError at once, without retries', async () => {
    const q = make();
    let runs = 0;
    q.register('work', 'hopeless', async () => {
      runs++;
      throw new PermanentJobError('row not found');
    });
    await q.start();
    const id = await q.enqueue('work', 'hopeless', { centreId: 'a' }, { attempts: 5, backoffMs: 10 });
    await q.idle();
    expect(runs).toBe(1);
    expect(await q.getJob('work', id)).toMatchObject({ state: 'failed', failedReason: 'row not found' });
  });

  it.skipIf(skip)('ignores a second job with the same jobId', async () => {
    const q = make();
    let runs = 0;
    q.register('work', 'once', async () => {
      runs++;
    });
    const a = await q.enqueue('work', 'once', { centreId: 'a' }, { jobId: 'outbox-a-1' });
    const b = await q.enqueue('work', 'once', { centreId: 'a' }, { jobId: 'outbox-a-1' });
    expect(a).toBe('outbox-a-1');
    expect(b).toBe('outbox-a-1');
    expect((await q.getJob('work', a))?.state).toBe('waiting'); // not started yet
    await q.start();
    await q.idle();
    await q.enqueue('work', 'once', { centreId: 'a' }, { jobId: 'outbox-a-1' }); // still known when completed
    await q.idle();
    expect(runs).toBe(1);
    await expect(q.enqueue('work', 'once', { centreId: 'a' }, { jobId: 'a:1' })).rejects.toThrow(/job id/);
  });

  it.skipIf(skip)('runs up to `concurrency` jobs at once, not more', async () => {
    const q = make();
    let running = 0;
    let peak = 0;
    q.register(
      'work',
      'slow',
      async () => {
        running++;
        peak = Math.max(peak, running);
        await sleep(150);
        running--;
      },
      { concurrency: 3 },
    );
    await q.start();
    for (let i = 0; i < 7; i++) await q.enqueue('work', 'slow', { centreId: 'a', i });
    await q.idle();
    expect(peak).toBe(3);
  });

  it.skipIf(skip)('holds a delayed job until its time', async () => {
    const q = make();
    let ranAt = 0;
    q.register('work', 'later', async () => {
      ranAt = Date.now();
    });
    await q.start();
    const t0 = Date.now();
    const id = await q.enqueue('work', 'later', { centreId: 'a' }, { delayMs: 400 });
    await sleep(100);
    expect((await q.getJob('work', id))?.state).toBe('waiting');
    expect(ranAt).toBe(0);
    await q.idle();
    expect(ranAt - t0).toBeGreaterThanOrEqual(390);
  });

  it.skipIf(skip)('close() waits for the active job to finish', async () => {
    const q = make();
    let finished = false;
    q.register('work', 'long', async () => {
      await sleep(300);
      finished = true;
    });
    await q.start();
    await q.enqueue('work', 'long', { centreId: 'a' });
    await sleep(100); // picked up
    await q.close();
    expect(finished).toBe(true);
    await expect(q.enqueue('work', 'long', { centreId: 'a' })).rejects.toThrow(/closed/);
  });

  it.skipIf(kind !== 'bullmq' || skip)('fails closed on a job that reached Redis without centreId (never runs the handler)', async () => {
    const q = make();
    let runs = 0;
    q.register('work', 'forged', async () => {
      runs++;
    });
    await q.start();
    // Another producer writing straight to Redis, bypassing enqueue's check.
    const raw = new Queue('work', { connection: { url: TEST_REDIS_URL }, prefix });
    try {
      const job = await raw.add('forged', { childId: 9 }, { attempts: 5 });
      await q.idle();
      expect(runs).toBe(0);
      const info = await q.getJob('work', job.id!);
      expect(info?.state).toBe('failed');
      expect(info?.failedReason).toMatch(/centreId/);
      const stored = await raw.getJob(job.id!);
      expect(stored?.attemptsMade).toBe(1); // dead-lettered at once, not retried
    } finally {
      await raw.close();
    }
  });
});
