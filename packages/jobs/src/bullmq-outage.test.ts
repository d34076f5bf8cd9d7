// @services Redis: BullMQ through a Redis outage
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@kv/db';
import { createJobQueue } from './create-job-queue.ts';
import { sleep } from './job-data.ts';
import { redisReachable, uniquePrefix } from './test-redis.ts';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A private redis-server (AOF on, so its data survives a kill like production's) that the test can kill and restart. */
class ThrowawayRedis {
  private proc: ChildProcess | undefined;
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'kv-redis-'));
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      if (await redisReachable(this.url, 200)) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  }

  async kill(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const exited = once(proc, 'exit');
    proc.kill('SIGKILL');
    await exited;
    this.proc = undefined;
  }

  async dispose(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

describe('BullMQ queue while Redis goes away and comes back', () => {
  let redis: ThrowawayRedis | undefined;
  afterAll(async () => redis?.dispose());

  it.skipIf(!hasRedisServer)(
    'logs, fails enqueue to the caller, and resumes waiting jobs when Redis returns',
    { timeout: 60_000 },
    async () => {
      redis = new ThrowawayRedis(await freePort());
      await redis.start();
      const logs: string[] = [];
      const q = createJobQueue({ redisUrl: redis.url, prefix: uniquePrefix(), log: (m) => logs.push(m) });
      const done: string[] = [];
      q.register('work', 'note', async (job) => {
        done.push(String(job.data.tag));
      });
      try {
        await q.start();
        await q.enqueue('work', 'note', { centreId: 'a', tag: 'before' });
        await q.idle();
        await q.enqueue('work', 'note', { centreId: 'a', tag: 'waiting' }, { delayMs: 1500 });

        await redis.kill();
        const t0 = Date.now();
        await expect(q.enqueue('work', 'note', { centreId: 'a', tag: 'during' })).rejects.toThrow(/Redis|Connection|writeable/i);
        expect(Date.now() - t0).toBeLessThan(6000); // bounded, not hanging on an offline queue
        await sleep(2000); // past the delayed job's time: workers keep reconnecting, nothing crashes
        expect(done).toEqual(['before']);
        expect(logs.some((l) => /connection error/.test(l))).toBe(true);

        await redis.start();
        await q.idle();
        expect(done).toEqual(['before', 'waiting']);
        await q.enqueue('work', 'note', { centreId: 'a', tag: 'after' });
        await q.idle();
        expect(done).toEqual(['before', 'waiting', 'after']);
        expect(logs.some((l) => /connection restored/.test(l))).toBe(true);
      } finally {
        await q.close();
      }
    },
  );
});
