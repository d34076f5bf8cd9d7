import type { Knex } from 'knex';
import type { JobHandler } from '@kv/jobs';
import { PermanentJobError } from '@kv/jobs';
import { sweepSessions } from './service/sweep.ts';
import { mediaKeys } from './media-tokens.ts';

/**
 * The camera-session sweep (issue 7: a session ends within 60 s of its limit, schedule end,
 * check-out or black-listing). Two ways to run it; the lead wires one:
 * - `cameraSweepJob`: a job `tenant/camera-sweep` `{ centreId }`, enqueued every 30 s per active
 *   centre (repeatable job, or a scheduler that fans out);
 * - `startCameraSweep`: an in-process timer for embedded / dev mode (`npm start`).
 */
interface SweepKeys {
  secretKey: string;
  /** The API's `mediaJwtSeed`: the sweep reads which watch session a MediaMTX session belongs to from its token. */
  jwtSeed: string | null;
}

export function cameraSweepJob(opts: SweepKeys & { dbFor(centreId: string): Promise<Knex> }): JobHandler {
  return async (job) => {
    const centreId = job.data.centreId;
    if (typeof centreId !== 'string' || !centreId) throw new PermanentJobError('camera-sweep needs centreId');
    const keys = await mediaKeys(opts.jwtSeed);
    return sweepSessions(await opts.dbFor(centreId), { secretKey: opts.secretKey, tenantId: centreId, keys });
  };
}

/**
 * At start and every `fullSweepMs` (10 min), sweeps every active centre; every 30 s in between, the
 * centres in use here (`hotCentres`: those with an open request pool, where live viewers'
 * heartbeats arrive). The full rounds find sessions nobody here serves (their process died).
 * Visiting every centre every 30 s opened a database session per centre each time, which with
 * hundreds of centres kept Postgres busy.
 */
export function startCameraSweep(
  opts: SweepKeys & {
    centres(): Promise<string[]>;
    hotCentres?(): string[];
    dbFor(centreId: string): Promise<Knex>;
    intervalMs?: number;
    fullSweepMs?: number;
    onError?(err: unknown, centreId: string): void;
  },
): { stop(): void } {
  let running = false;
  let stopped = false;
  let lastFull = -Infinity;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const full = !opts.hotCentres || Date.now() - lastFull >= (opts.fullSweepMs ?? 10 * 60_000);
      if (full) lastFull = Date.now();
      const hot = full ? null : new Set(opts.hotCentres!());
      for (const id of await opts.centres()) {
        if (stopped) break;
        if (hot && !hot.has(id)) continue;
        try {
          await sweepSessions(await opts.dbFor(id), { secretKey: opts.secretKey, tenantId: id, keys: await mediaKeys(opts.jwtSeed) });
        } catch (err) {
          opts.onError?.(err, id);
        }
      }
    } finally {
      running = false;
    }
  };
  // The first (full) round at once: sessions a previous process left open end now, and the round
  // does not fall in whatever load arrives 30 s after a start.
  void tick();
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 30_000);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
