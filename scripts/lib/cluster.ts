/**
 * `API_WORKERS=n`: a `node:cluster` primary and n workers on one port. The primary owns Postgres
 * (embedded or DATABASE_URL), Redis, the Stripe fake and the seeding; it migrates and runs the
 * background work (a platform that does not listen), then forks the workers, each serving the
 * tenant API, the control plane and the SPA on the shared PORT. Workers report to the primary over
 * the cluster's IPC; `restartServer` (asked by any worker) replaces them one at a time: a successor
 * is forked and answers ready before the old worker drains (docs/ARCHITECTURE.md "API processes").
 * The primary records each restart in the control DB (`api_group_restarts`) as it runs.
 */
import cluster, { type Worker } from 'node:cluster';
import { AppError } from '@kv/server';
import {
  API_GROUP,
  createRestartLog,
  type ApiGroupState,
  type ApiProcessControl,
  type ApiWorkerStatus,
  type RestartRefusal,
} from '@kv/control-plane';
import { startPlatform, type Platform, type PlatformOptions } from './platform.ts';
import { startPostgres, startRedis, type PostgresHandle, type RedisHandle, type StripeHandle } from './services.ts';

/** How long a draining worker lets its requests in flight finish before it cuts them. */
export const DRAIN_GRACE_MS = 30_000;
/** How long a successor may take to answer ready before the restart fails (a platform starts in seconds). */
const READY_TIMEOUT_MS = 180_000;
const STATS_EVERY_MS = 1000;
const ENV_SERVICES = 'KV_CLUSTER_SERVICES';
/** A restart still `running` in the control DB while this primary runs none was left by a primary that stopped. */
const INTERRUPTED = 'The cluster primary stopped before this restart finished.';

/** A configuration the cluster refuses to start with (its message says what to change). */
export class ClusterConfigError extends Error {}

/** API_WORKERS: unset or blank → null (one process); otherwise a whole number from 1 to 64. */
export function apiWorkersFromEnv(raw = process.env.API_WORKERS): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new ClusterConfigError(`API_WORKERS must be a whole number from 1 to 64 (got "${raw}").`);
  return n;
}

/** Messages between the primary and its workers (every one carries `kv`). */
type ToPrimary =
  | { kv: 'ready' }
  | { kv: 'stats'; rss: number; inFlight: number; served: number; startedAt: string }
  | { kv: 'groups?'; id: number }
  | { kv: 'restart?'; id: number; group: string; by: string }
  | { kv: 'drained'; cut: number };
type ToWorker =
  | { kv: 'drain' }
  | { kv: 'groups'; id: number; groups: unknown }
  | { kv: 'restart'; id: number; answer: { started: true } | { refused: RestartRefusal } }
  | { kv: 'restart'; id: number; error: string };

interface SharedServices {
  pg: { adminUrl: string; kind: PostgresHandle['kind'] };
  redisUrl: string | undefined;
  stripe: StripeHandle['config'];
}

type BaseOptions = Omit<PlatformOptions, 'services' | 'listen' | 'connectionShare' | 'apiProcesses'>;

// ---------------------------------------------------------------- primary

interface WorkerRecord {
  worker: Worker;
  status: ApiWorkerStatus;
  startedAt: Date;
  rss: number;
  inFlight: number;
  served: number;
}

export interface ClusterPrimary {
  platform: Platform;
  /** Resolves once every first worker answers ready. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The primary: starts the services and a platform that does not listen (migrations, jobs,
 * seeding), then forks `workers` API workers. Refuses to start n ≥ 2 without Redis.
 */
export async function startClusterPrimary(opts: BaseOptions & { workers: number }): Promise<ClusterPrimary> {
  const { log, workers: size } = opts;
  const pg = await startPostgres(log);
  const redis = await startRedis(log);
  if (size >= 2 && !redis.url) {
    await pg.stop();
    throw new ClusterConfigError(
      `API_WORKERS=${size} needs Redis (jobs, the directory's invalidations and the throttles are shared through it): set REDIS_URL or install redis-server${process.env.KV_NO_REDIS === '1' ? ' and unset KV_NO_REDIS' : ''}.`,
    );
  }
  // The Stripe fake starts (and stops) with the primary's platform: it derives its key from the platform secret.
  const platform = await startPlatform({
    ...opts,
    services: { pg, redis },
    listen: false,
    connectionShare: size + 2,
  }).catch(async (err) => {
    await redis.stop();
    await pg.stop();
    throw err;
  });
  const shared: SharedServices = {
    pg: { adminUrl: pg.adminUrl, kind: pg.kind },
    redisUrl: redis.url,
    stripe: platform.services.stripe.config,
  };

  const records = new Map<number, WorkerRecord>();
  const restarts = createRestartLog(platform.controlDb);
  /** A restart runs in this primary (the control DB's row is its record, written as it goes). */
  let restarting = false;
  let stopping = false;
  const abandoned = await restarts.abandon(API_GROUP, 'cluster', INTERRUPTED);
  if (abandoned) log(`[cluster] ${abandoned} restart(s) left running by a stopped primary recorded as failed`);

  function fork(): WorkerRecord {
    const worker = cluster.fork({ [ENV_SERVICES]: JSON.stringify(shared) });
    const rec: WorkerRecord = { worker, status: 'starting', startedAt: new Date(), rss: 0, inFlight: 0, served: 0 };
    records.set(worker.id, rec);
    worker.on('message', (msg: ToPrimary) => onMessage(rec, msg));
    worker.on('exit', (code, signal) => {
      records.delete(worker.id);
      if (stopping || rec.status === 'draining') return;
      // A worker that died on its own is replaced, so the group keeps its size.
      log(`[cluster] worker ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? code}); forking a replacement`);
      if (rec.status === 'ready') fork();
    });
    return rec;
  }

  function groups(): ApiGroupState[] {
    return [
      {
        name: API_GROUP,
        mode: 'cluster',
        size,
        workers: [...records.values()].map((r) => ({
          id: r.worker.id,
          pid: r.worker.process.pid ?? 0,
          started_at: r.startedAt,
          memory_rss: r.rss,
          requests_in_flight: r.inFlight,
          requests_served: r.served,
          status: r.status,
        })),
      },
    ];
  }

  function send(rec: WorkerRecord, msg: ToWorker) {
    if (rec.worker.isConnected()) rec.worker.send(msg);
  }

  function onMessage(rec: WorkerRecord, msg: ToPrimary) {
    if (!msg || typeof msg !== 'object' || !('kv' in msg)) return;
    switch (msg.kv) {
      case 'ready':
        if (rec.status === 'starting') rec.status = 'ready';
        rec.worker.emit('kv:ready');
        break;
      case 'stats':
        Object.assign(rec, { rss: msg.rss, inFlight: msg.inFlight, served: msg.served, startedAt: new Date(msg.startedAt) });
        break;
      case 'groups?':
        send(rec, { kv: 'groups', id: msg.id, groups: groups() });
        break;
      case 'restart?':
        restart(msg.group, msg.by).then(
          (answer) => send(rec, { kv: 'restart', id: msg.id, answer }),
          (err) => send(rec, { kv: 'restart', id: msg.id, error: err instanceof Error ? err.message : String(err) }),
        );
        break;
      case 'drained':
        if (msg.cut) log(`[cluster] worker ${rec.worker.id} cut ${msg.cut} request(s) still running after ${DRAIN_GRACE_MS / 1000} s`);
        break;
    }
  }

  function whenReady(rec: WorkerRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => fail(new Error(`worker ${rec.worker.id} did not answer ready within ${READY_TIMEOUT_MS / 1000} s`)),
        READY_TIMEOUT_MS,
      );
      const onExit = (code: number | null, signal: string | null) =>
        fail(new Error(`worker ${rec.worker.id} exited before it was ready (${signal ?? code})`));
      const onReady = () => {
        clearTimeout(timer);
        rec.worker.off('exit', onExit);
        resolve();
      };
      function fail(err: Error) {
        clearTimeout(timer);
        rec.worker.off('kv:ready', onReady);
        reject(err);
      }
      rec.worker.once('kv:ready', onReady);
      rec.worker.once('exit', onExit);
    });
  }

  /** Tells a worker to drain and waits for it to exit (killed if it has not a little after the grace). */
  function drain(rec: WorkerRecord): Promise<void> {
    rec.status = 'draining';
    return new Promise((resolve) => {
      if (rec.worker.isDead()) return resolve();
      const timer = setTimeout(() => rec.worker.process.kill('SIGKILL'), DRAIN_GRACE_MS + 15_000);
      rec.worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      send(rec, { kv: 'drain' });
    });
  }

  /** Records progress without stopping the restart when the control DB does not answer (the next primary marks it failed). */
  const record = (what: string, write: Promise<unknown>) =>
    write.catch((err) => log(`[cluster] could not record the restart's ${what}: ${err instanceof Error ? err.message : String(err)}`));

  async function restart(group: string, by: string): Promise<{ started: true } | { refused: RestartRefusal }> {
    if (group !== API_GROUP) return { refused: 'unknown_group' };
    if (restarting) return { refused: 'in_progress' };
    restarting = true;
    const olds = [...records.values()].filter((r) => r.status !== 'draining');
    let run;
    try {
      // Nothing runs here: a row still running was left by a primary that stopped (or a finish that was not written).
      await restarts.abandon(API_GROUP, 'cluster', INTERRUPTED);
      run = await restarts.begin({ group, mode: 'cluster', startedBy: by, total: olds.length });
    } catch (err) {
      restarting = false;
      throw err;
    }
    if (!run) {
      restarting = false;
      return { refused: 'in_progress' };
    }
    const id = run.id;
    log(`[cluster] rolling restart of ${olds.length} worker(s) started by ${by}`);
    void (async () => {
      let replaced = 0;
      let end: { status: 'done' | 'failed'; error: string | null };
      try {
        for (const old of olds) {
          if (stopping) throw new Error('the platform is stopping');
          const next = fork();
          await whenReady(next).catch((err) => {
            // A successor that never answered is stopped; the old worker keeps serving.
            next.status = 'draining';
            next.worker.process.kill('SIGKILL');
            throw err;
          });
          await drain(old);
          replaced++;
          await record('progress', restarts.update(id, { replaced }));
        }
        end = { status: 'done', error: null };
        log(`[cluster] rolling restart done: ${replaced} worker(s) replaced`);
      } catch (err) {
        end = { status: 'failed', error: err instanceof Error ? err.message : String(err) };
        log(`[cluster] rolling restart failed after ${replaced} worker(s): ${end.error}`);
      }
      // Written before the next restart may begin (it would otherwise find this one running and abandon it).
      await record('end', restarts.finish(id, { ...end, replaced }));
      restarting = false;
    })();
    return { started: true };
  }

  log(`[cluster] primary ${process.pid}: forking ${size} API worker(s)`);
  const first = Array.from({ length: size }, () => fork());
  const ready = Promise.all(first.map((r) => whenReady(r))).then(() => undefined);

  return {
    platform,
    ready,
    async stop() {
      stopping = true;
      await Promise.all([...records.values()].map((r) => drain(r)));
      await platform.stop();
      await redis.stop();
      await pg.stop();
    },
  };
}

// ---------------------------------------------------------------- worker

/** A worker's view of the group: it asks the primary over IPC. */
function askPrimary(): ApiProcessControl {
  let seq = 0;
  const waiting = new Map<number, (msg: ToWorker) => void>();
  process.on('message', (msg: ToWorker) => {
    if (msg && typeof msg === 'object' && 'id' in msg) {
      waiting.get(msg.id)?.(msg);
      waiting.delete(msg.id);
    }
  });
  function ask<T extends ToWorker>(msg: (id: number) => ToPrimary): Promise<T> {
    const id = ++seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new AppError('API_PROCESSES_UNAVAILABLE', 'The cluster primary did not answer; try again in a moment.'));
      }, 5000);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        resolve(m as T);
      });
      process.send!(msg(id));
    });
  }
  const revive = (groups: ApiGroupState[]): ApiGroupState[] =>
    groups.map((g) => ({ ...g, workers: g.workers.map((w) => ({ ...w, started_at: new Date(w.started_at) })) }));
  return {
    groups: async () => revive((await ask<Extract<ToWorker, { kv: 'groups' }>>((id) => ({ kv: 'groups?', id }))).groups as ApiGroupState[]),
    restart: async (group, by) => {
      const reply = await ask<Extract<ToWorker, { kv: 'restart' }>>((id) => ({ kv: 'restart?', id, group, by }));
      if ('error' in reply)
        throw new AppError('API_PROCESSES_UNAVAILABLE', `The cluster primary could not start the restart: ${reply.error}`);
      return reply.answer;
    },
  };
}

/** A worker: a platform on its primary's services that serves PORT, reports, and drains when told. */
export async function startClusterWorker(opts: BaseOptions & { workers: number }): Promise<Platform> {
  const shared = JSON.parse(process.env[ENV_SERVICES] ?? 'null') as SharedServices | null;
  if (!shared) throw new Error(`${ENV_SERVICES} is not set: a cluster worker is forked by its primary.`);
  const keep = async () => undefined;
  const services = {
    pg: { adminUrl: shared.pg.adminUrl, kind: shared.pg.kind, stop: keep } satisfies PostgresHandle,
    redis: { url: shared.redisUrl, stop: keep } satisfies RedisHandle,
    stripe: { config: shared.stripe, stop: keep } satisfies StripeHandle,
  };
  if (shared.stripe.mode === 'fake') process.env.STRIPE_FAKE_URL = `http://${shared.stripe.host}:${shared.stripe.port}`;
  const platform = await startPlatform({
    ...opts,
    services,
    connectionShare: opts.workers + 2,
    apiProcesses: () => askPrimary(),
  });
  const { meter } = platform;
  const report = () =>
    process.send?.({
      kv: 'stats',
      rss: process.memoryUsage.rss(),
      inFlight: meter.inFlight,
      served: meter.served,
      startedAt: meter.startedAt.toISOString(),
    } satisfies ToPrimary);
  const stats = setInterval(report, STATS_EVERY_MS);
  stats.unref();
  report();
  process.send?.({ kv: 'ready' } satisfies ToPrimary);

  let draining = false;
  process.on('message', async (msg: ToWorker) => {
    if (msg?.kv !== 'drain' || draining) return;
    draining = true;
    const cut = await platform.drain(DRAIN_GRACE_MS);
    report();
    process.send?.({ kv: 'drained', cut } satisfies ToPrimary);
    clearInterval(stats);
    await platform.stop().catch((err) => opts.log(`[cluster] worker ${process.pid}: stop failed: ${String(err)}`));
    process.exit(0);
  });
  // The primary coordinates shutdown (Ctrl+C reaches the whole process group); a worker whose
  // primary is gone has no one to report to and stops.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => undefined);
  process.on('disconnect', () => {
    if (!draining) process.exit(1);
  });
  return platform;
}

export const isClusterWorker = () => cluster.isWorker;
