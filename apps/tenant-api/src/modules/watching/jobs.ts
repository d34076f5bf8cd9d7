import type { Knex } from 'knex';
import type { JobHandler } from '@kv/jobs';
import { PermanentJobError } from '@kv/jobs';
import { sweepSessions } from './service.ts';
import { mediaKeys } from './media-tokens.ts';

/**
 * The camera-session sweep (issue 7: a session ends within 60 s of its limit, schedule end,
 * check-out or black-listing). Two ways to run it; the lead wires one:
 * - `cameraSweepJob`: a job `tenant/camera-sweep` `{ centerId }`, enqueued every 30 s per active
 *   centre (repeatable job, or a scheduler that fans out);
 * - `startCameraSweep`: an in-process timer for embedded / dev mode (`npm start`).
 */
interface SweepKeys {
  secretKey: string;
  /** The API's `mediaJwtSeed`: the sweep reads which watch session a MediaMTX session belongs to from its token. */
  jwtSeed: string | null;
}

export function cameraSweepJob(opts: SweepKeys & { dbFor(centerId: string): Promise<Knex> }): JobHandler {
  return async (job) => {
    const centerId = job.data.centerId;
    if (typeof centerId !== 'string' || !centerId) throw new PermanentJobError('camera-sweep needs centerId');
    const keys = await mediaKeys(opts.jwtSeed);
    return sweepSessions(await opts.dbFor(centerId), { secretKey: opts.secretKey, tenantId: centerId, keys });
  };
}

export function startCameraSweep(
  opts: SweepKeys & {
    centres(): Promise<string[]>;
    dbFor(centerId: string): Promise<Knex>;
    intervalMs?: number;
    onError?(err: unknown, centerId: string): void;
  },
): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const id of await opts.centres()) {
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
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 30_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
