// @services Redis: the outbox dispatching into BullMQ
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@kv/db';
import { createTestDatabase, type TestDatabase } from '@kv/db/testing';
import { createJobQueue } from './create-job-queue.ts';
import { sleep } from './job-data.ts';
import { writeOutbox } from './outbox.ts';
import { OutboxDispatcher } from './outbox-dispatcher.ts';
import type { EnqueueOptions, JobData, JobQueue } from './types.ts';
import { TEST_REDIS_URL, deletePrefix, redisReachable, uniquePrefix } from './test-redis.ts';

const redisUp = await redisReachable();

/** Wraps a queue to count enqueue calls per job id and to fail or slow them on demand. */
function instrument(inner: JobQueue) {
  const calls = new Map<string, number>();
  const ctl = { fail: false, delayMs: 0 };
  const queue: JobQueue = {
    kind: inner.kind,
    register: (...a) => inner.register(...a),
    async enqueue(q: string, name: string, data: JobData, opts?: EnqueueOptions) {
      if (ctl.delayMs) await sleep(ctl.delayMs);
      if (ctl.fail) throw new Error('queue unavailable');
      const id = opts?.jobId ?? '?';
      calls.set(id, (calls.get(id) ?? 0) + 1);
      return inner.enqueue(q, name, data, opts);
    },
    getJob: (...a) => inner.getJob(...a),
    start: () => inner.start(),
    close: () => inner.close(),
    idle: () => inner.idle(),
  };
  return { queue, calls, ctl };
}

async function pending(db: Knex): Promise<number> {
  const r = await db('outbox').whereNull('dispatched_at').count<{ n: string }[]>({ n: '*' });
  return Number(r[0]!.n);
}

const silent = () => undefined;

/** A started in-process queue whose `work/note` jobs record their centreId in `seen`. */
async function noteQueue() {
  const jobs = createJobQueue({ log: silent });
  const seen: Array<string | null> = [];
  jobs.register('work', 'note', async (job) => {
    seen.push(job.data.centreId);
  });
  await jobs.start();
  return { jobs, seen };
}

describe('outbox', () => {
  let t: TestDatabase;
  let cp: TestDatabase;
  beforeAll(async () => {
    [t, cp] = await Promise.all([createTestDatabase('tenant', 'outbox'), createTestDatabase('controlPlane', 'outboxcp')]);
  });
  afterAll(async () => Promise.all([t?.drop(), cp?.drop()]));

  async function reset() {
    await t.db('outbox').del();
    await cp.db('outbox').del();
  }

  it('writeOutbox writes only when the surrounding transaction commits', async () => {
    await reset();
    await expect(
      t.db.transaction(async (trx) => {
        await writeOutbox(trx, { queue: 'messages', name: 'send-message', payload: { centreId: '1', messageId: '5' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.db('outbox').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '0' }]);

    await t.db.transaction(async (trx) => {
      await writeOutbox(trx, { queue: 'messages', name: 'send-message', payload: { centreId: '1', messageId: '5', tags: ['a'] } });
    });
    const rows = await t.db('outbox').select('queue', 'name', 'payload', 'dispatched_at', 'attempts');
    expect(rows).toEqual([
      {
        queue: 'messages',
        name: 'send-message',
        payload: { centreId: '1', messageId: '5', tags: ['a'] },
        dispatched_at: null,
        attempts: 0,
      },
    ]);
  });

  it('writeOutbox refuses a payload without centreId and ignores a repeated dedupe key', async () => {
    await reset();
    await expect(writeOutbox(t.db, { queue: 'q', name: 'n', payload: { messageId: '1' } as never })).rejects.toThrow(/centreId/);
    await writeOutbox(t.db, { queue: 'q', name: 'n', payload: { centreId: null }, dedupeKey: 'daily-report-2026-01-01' });
    await writeOutbox(t.db, { queue: 'q', name: 'n', payload: { centreId: null }, dedupeKey: 'daily-report-2026-01-01' });
    expect(await pending(t.db)).toBe(1);
  });

  it('kick moves due rows to the queue with an id derived from the row, and marks them dispatched', async () => {
    await reset();
    const jobs = createJobQueue({ log: silent });
    const { queue, calls } = instrument(jobs);
    const handled: JobData[] = [];
    jobs.register('messages', 'send-message', async (job) => {
      handled.push(job.data);
    });
    await jobs.start();
    await writeOutbox(t.db, { queue: 'messages', name: 'send-message', payload: { centreId: '7', messageId: '1' } });
    await writeOutbox(t.db, { queue: 'messages', name: 'send-message', payload: { centreId: '7', messageId: '2' } });
    await writeOutbox(t.db, {
      queue: 'messages',
      name: 'send-message',
      payload: { centreId: '7', messageId: '3' },
      availableAt: new Date(Date.now() + 3600_000),
    });
    const ids = (await t.db('outbox').orderBy('id').pluck('id')) as string[];

    const dispatcher = new OutboxDispatcher({ queue, sources: () => [], log: silent });
    expect(await dispatcher.kick('c7', t.db)).toBe(2);
    await jobs.idle();
    expect([...calls.keys()]).toEqual([`outbox-c7-${ids[0]}`, `outbox-c7-${ids[1]}`]);
    expect(handled.map((d) => d.messageId)).toEqual(['1', '2']);
    expect(await pending(t.db)).toBe(1); // the future row waits
    expect(await jobs.getJob('messages', `outbox-c7-${ids[0]}`)).toMatchObject({ state: 'completed' });
    expect(await dispatcher.kick('c7', t.db)).toBe(0);
    await dispatcher.stop();
    await jobs.close();
  });

  it('keeps a row pending with attempts and last_error when enqueue fails, and sends it once the queue is back', async () => {
    await reset();
    const jobs = createJobQueue({ log: silent });
    const { queue, ctl, calls } = instrument(jobs);
    const dispatcher = new OutboxDispatcher({ queue, sources: () => [], retryBaseMs: 0, log: silent });
    await writeOutbox(t.db, { queue: 'messages', name: 'send-message', payload: { centreId: '7', messageId: '1' } });
    await writeOutbox(t.db, { queue: 'messages', name: 'send-message', payload: { centreId: '7', messageId: '2' } });
    ctl.fail = true;
    expect(await dispatcher.kick('c7', t.db)).toBe(0);
    const rows = await t.db('outbox').orderBy('id').select('attempts', 'last_error', 'dispatched_at');
    // the first failure stops the batch: the queue is down for every row
    expect(rows).toEqual([
      { attempts: 1, last_error: 'queue unavailable', dispatched_at: null },
      { attempts: 0, last_error: null, dispatched_at: null },
    ]);
    ctl.fail = false;
    expect(await dispatcher.kick('c7', t.db)).toBe(2);
    expect(await pending(t.db)).toBe(0);
    expect([...calls.values()]).toEqual([1, 1]);
    await jobs.close();
  });

  it('defers a failed row by its backoff so it does not block the rows behind it', async () => {
    await reset();
    const jobs = createJobQueue({ log: silent });
    const dispatcher = new OutboxDispatcher({ queue: jobs, sources: () => [], retryBaseMs: 60_000, log: silent });
    // A row written without the API, with no centreId: it must never reach a handler.
    await t.db('outbox').insert({ queue: 'messages', name: 'send-message', payload: JSON.stringify({ messageId: '1' }) });
    await writeOutbox(t.db, { queue: 'messages', name: 'send-message', payload: { centreId: '7', messageId: '2' } });
    expect(await dispatcher.kick('c7', t.db)).toBe(1);
    const bad = await t
      .db('outbox')
      .whereNull('dispatched_at')
      .first('attempts', 'last_error', t.db.raw("available_at > now() + interval '50 seconds' as deferred"));
    expect(bad).toMatchObject({ attempts: 1, deferred: true });
    expect(bad.last_error).toMatch(/centreId/);
    expect(await dispatcher.kick('c7', t.db)).toBe(0);
    await jobs.close();
  });

  it('a row already enqueued by a dispatcher that died before committing runs only once', async () => {
    await reset();
    const jobs = createJobQueue({ log: silent });
    let runs = 0;
    jobs.register('messages', 'send-message', async () => {
      runs++;
    });
    await writeOutbox(t.db, { queue: 'messages', name: 'send-message', payload: { centreId: '7', messageId: '1' } });
    const id = (await t.db('outbox').first('id')).id as string;
    // what the dead dispatcher managed before its transaction was lost:
    await jobs.enqueue('messages', 'send-message', { centreId: '7', messageId: '1' }, { jobId: `outbox-c7-${id}` });
    const dispatcher = new OutboxDispatcher({ queue: jobs, sources: () => [], log: silent });
    expect(await dispatcher.kick('c7', t.db)).toBe(1);
    await jobs.start();
    await jobs.idle();
    expect(runs).toBe(1);
    expect(await pending(t.db)).toBe(0);
    await jobs.close();
  });

  it('two dispatchers draining the same database at once never enqueue a row twice', async () => {
    await reset();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      queue: 'messages',
      name: 'send-message',
      payload: JSON.stringify({ centreId: '7', messageId: String(i) }),
    }));
    await t.db.batchInsert('outbox', rows, 100);
    const jobs = createJobQueue({ log: silent });
    const { queue, calls, ctl } = instrument(jobs);
    ctl.delayMs = 1; // keep the transactions open long enough to overlap
    // separate pools, as two processes would have
    const dbA = createKnex(t.url, { max: 3 });
    const dbB = createKnex(t.url, { max: 3 });
    try {
      const a = new OutboxDispatcher({ queue, sources: () => [], batchSize: 20, log: silent });
      const b = new OutboxDispatcher({ queue, sources: () => [], batchSize: 20, log: silent });
      const counts = await Promise.all([a.kick('c7', dbA), b.kick('c7', dbB), a.kick('c7', dbA), b.kick('c7', dbB)]);
      // a coalesced kick returns its drain's total: A's two kicks share one figure, as do B's
      expect(counts[0]! + counts[1]!).toBe(300);
      expect(counts[0]).toBeGreaterThan(0);
      expect(counts[1]).toBeGreaterThan(0);
      expect(calls.size).toBe(300);
      expect([...calls.values()].every((n) => n === 1)).toBe(true);
      expect(await pending(t.db)).toBe(0);
    } finally {
      await Promise.all([dbA.destroy(), dbB.destroy(), jobs.close()]);
    }
  });

  it('sweep drains every source (centre and control plane), and start() sweeps periodically', async () => {
    await reset();
    const { jobs, seen } = await noteQueue();
    await writeOutbox(t.db, { queue: 'work', name: 'note', payload: { centreId: '7' } });
    await writeOutbox(cp.db, { queue: 'work', name: 'note', payload: { centreId: null } });
    const sources = async () => [
      { key: 'c7', db: t.db },
      { key: 'cp', db: cp.db },
    ];
    const dispatcher = new OutboxDispatcher({ queue: jobs, sources, intervalMs: 100, log: silent });
    expect(await dispatcher.sweep()).toBe(2);
    await jobs.idle();
    expect(seen.sort()).toEqual(['7', null].sort());

    dispatcher.start();
    await writeOutbox(cp.db, { queue: 'work', name: 'note', payload: { centreId: null, late: true } }); // no kick
    for (let i = 0; i < 50 && (await pending(cp.db)) > 0; i++) await sleep(50);
    expect(await pending(cp.db)).toBe(0);
    await dispatcher.stop();
    await jobs.idle();
    expect(seen).toHaveLength(3);
    await jobs.close();
  });

  it('a source opened on its turn is drained; one that cannot be opened is logged and skipped', async () => {
    await reset();
    const { jobs, seen } = await noteQueue();
    await writeOutbox(t.db, { queue: 'work', name: 'note', payload: { centreId: '8' } });
    const opened: string[] = [];
    const logged: string[] = [];
    const sources = async () => [
      { key: 'c9', open: async (): Promise<Knex> => Promise.reject(new Error('database gone')) },
      { key: 'c8', open: async () => (opened.push('c8'), t.db) },
    ];
    const dispatcher = new OutboxDispatcher({ queue: jobs, sources, log: (m) => logged.push(m) });
    expect(opened).toEqual([]);
    expect(await dispatcher.sweep()).toBe(1);
    await jobs.idle();
    expect(opened).toEqual(['c8']);
    expect(seen).toEqual(['8']);
    expect(logged.join('\n')).toContain('c9 could not be opened: database gone');
    await jobs.close();
  });

  it('between full sweeps, a sweep opens only the sources with a row due, a failed drain or no drain yet', async () => {
    await reset();
    const { jobs, seen } = await noteQueue();
    const opened: string[] = [];
    const sources = async () => [
      { key: 'c1', open: async () => (opened.push('c1'), t.db) },
      { key: 'c2', open: async () => (opened.push('c2'), cp.db) },
    ];
    const dispatcher = new OutboxDispatcher({ queue: jobs, sources, fullSweepMs: 60_000, log: silent });
    expect(await dispatcher.sweep()).toBe(0); // the first sweep is full
    expect(opened).toEqual(['c1', 'c2']);

    // A row for later, kicked: the drain learns when it comes due and no sweep opens c1 before.
    await writeOutbox(t.db, { queue: 'work', name: 'note', payload: { centreId: '1' }, availableAt: new Date(Date.now() + 400) });
    expect(await dispatcher.kick('c1', t.db)).toBe(0);
    expect(await dispatcher.sweep()).toBe(0);
    expect(opened).toEqual(['c1', 'c2']);
    await sleep(500);
    expect(await dispatcher.sweep()).toBe(1);
    expect(opened).toEqual(['c1', 'c2', 'c1']);

    // A row nobody kicked (its writer died after the commit) waits for the full sweep.
    await writeOutbox(cp.db, { queue: 'work', name: 'note', payload: { centreId: '2' } });
    expect(await dispatcher.sweep()).toBe(0);
    expect(await dispatcher.sweep({ full: true })).toBe(1);
    expect(opened).toEqual(['c1', 'c2', 'c1', 'c1', 'c2']);
    await jobs.idle();
    expect(seen.sort()).toEqual(['1', '2']);

    // A source whose drain failed is tried again by the next sweep.
    const failing = new OutboxDispatcher({
      queue: jobs,
      sources: async () => [{ key: 'c3', open: async () => (opened.push('c3'), cp.db) }],
      fullSweepMs: 60_000,
      log: silent,
    });
    await failing.sweep();
    await writeOutbox(cp.db, { queue: 'work', name: 'note', payload: { centreId: '3' } });
    await cp.db.raw('alter table outbox rename to outbox_away');
    try {
      expect(await failing.kick('c3', cp.db)).toBe(0);
    } finally {
      await cp.db.raw('alter table outbox_away rename to outbox');
    }
    opened.length = 0;
    expect(await failing.sweep()).toBe(1);
    expect(opened).toEqual(['c3']);
    await jobs.close();
  });

  it.skipIf(!redisUp)('dispatches into BullMQ, where a re-sent row is ignored', async () => {
    await reset();
    const prefix = uniquePrefix();
    const jobs = createJobQueue({ redisUrl: TEST_REDIS_URL, prefix, log: silent });
    let runs = 0;
    jobs.register('messages', 'send-message', async () => {
      runs++;
    });
    try {
      await jobs.start();
      await writeOutbox(t.db, { queue: 'messages', name: 'send-message', payload: { centreId: '7', messageId: '1' } });
      const dispatcher = new OutboxDispatcher({ queue: jobs, sources: () => [], log: silent });
      expect(await dispatcher.kick('c7', t.db)).toBe(1);
      await jobs.idle();
      await t.db('outbox').update({ dispatched_at: null }); // as if the commit had been lost
      expect(await dispatcher.kick('c7', t.db)).toBe(1);
      await jobs.idle();
      expect(runs).toBe(1);
    } finally {
      await jobs.close();
      await deletePrefix(prefix);
    }
  });
});
