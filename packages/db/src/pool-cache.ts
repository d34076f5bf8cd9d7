import { LRUCache } from 'lru-cache';
import type { Knex } from 'knex';
import { createKnex, type KnexOptions } from './knex.ts';

export interface PoolCacheOptions extends KnexOptions {
  /** Most centre pools kept open at once; the least recently used one is closed past this. */
  maxOpenPools?: number;
  /** A pool not used for this long is closed (milliseconds). */
  idleEvictMs?: number;
  onEvict?: (key: string) => void;
}

/**
 * How many centre pools one process may keep open, and how big each may grow, so that their sum
 * never passes what the Postgres server accepts (`max_connections`). `reserved` connections stay
 * for the control plane, migrations, jobs and an operator's psql. Four connections a centre once
 * the budget allows 200 busy centres at that size, two below that (a centre's requests are short:
 * two connections carry a morning rush, see bench/morning-rush.ts).
 */
export function poolPlan(maxConnections: number, reserved = 40): { max: number; maxOpenPools: number } {
  const budget = Math.max(4, maxConnections - reserved);
  const max = budget >= 800 ? 4 : 2;
  return { max, maxOpenPools: Math.min(1000, Math.floor(budget / max)) };
}

interface TarnPool {
  numUsed(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

/** Resolves once no query holds or waits for a connection of this pool (checked every 50 ms, at most 60 s). */
async function whenIdle(db: Knex): Promise<void> {
  const pool = (db.client as { pool?: TarnPool }).pool;
  const busy = () => Boolean(pool && pool.numUsed() + pool.numPendingAcquires() + pool.numPendingCreates() > 0);
  for (let waited = 0; busy() && waited < 60_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
}

/**
 * One knex pool per centre database, keyed by centre id and database URL. Creation is memoised
 * (concurrent first requests share one pool), the number of open pools is capped (LRU) and pools
 * unused for `idleEvictMs` are closed, so the sum of connections stays under the server's bound.
 *
 * A centre's pool keeps one connection open while the pool lives (`min: 1`): a centre that is
 * used at all is used again within seconds, and a reconnect (TCP + SCRAM + backend start, about
 * 10 ms, 20× a query) on its next request is what made the first request after 30 s of quiet slow.
 * Connections beyond the first close after `idleTimeoutMs` (5 minutes: a centre's busy spell,
 * such as its morning drop-off, keeps the connections it needed instead of reopening one each
 * time two requests meet; the plan's bound already counts every pool at its maximum). The pool
 * itself, and with it the last connection, closes after `idleEvictMs` without a request. A connection the server closes
 * (restart, termination, idle timeout) is replaced as soon as it dies (see createKnex), so the
 * next request does not pay the reconnect either. The steady-state cost is one
 * connection per active centre, which is the floor anyway (see bench/tenant-scale.ts).
 */
export class PoolCache {
  private readonly pools: LRUCache<string, Knex>;
  private opened = 0;
  private readonly closing = new Set<Promise<void>>();
  /** Pools removed by `evict(key, { graceful: true })`: closed once their running queries finish. */
  private readonly drain = new Set<Knex>();

  constructor(private readonly opts: PoolCacheOptions = {}) {
    this.pools = new LRUCache<string, Knex>({
      max: opts.maxOpenPools ?? 200,
      ttl: opts.idleEvictMs ?? 10 * 60_000,
      updateAgeOnGet: true,
      ttlAutopurge: true,
      dispose: (db, key, reason) => {
        opts.onEvict?.(key);
        // Evicted for room while requests still use it: let them finish first (destroying now
        // rejected their queries). An explicit evict closes at once unless asked to drain; closeAll at once.
        const graceful = reason === 'evict' || reason === 'expire' || this.drain.delete(db);
        const done = (graceful ? whenIdle(db) : Promise.resolve())
          .then(() => db.destroy())
          .catch(() => undefined)
          .finally(() => this.closing.delete(done));
        this.closing.add(done);
      },
    });
  }

  get(key: string, connectionString: string): Knex {
    const id = `${key}|${connectionString}`;
    let db = this.pools.get(id);
    if (!db) {
      db = createKnex(connectionString, { max: 2, min: 1, idleTimeoutMs: 5 * 60_000, ...this.opts, applicationName: `kv:${key}` });
      this.pools.set(id, db);
      this.opened++;
    }
    return db;
  }

  /**
   * The centre's pool if it is open, without counting as a use: background work (outbox sweeps,
   * recurring jobs) visiting every centre must not keep idle centres' pools ahead of busy ones.
   */
  peek(key: string, connectionString: string): Knex | undefined {
    return this.pools.peek(`${key}|${connectionString}`);
  }

  /** The keys (centres) with an open pool, without counting as a use. */
  openKeys(): string[] {
    return [...new Set([...this.pools.keys()].map((id) => id.slice(0, id.indexOf('|'))))];
  }

  /**
   * Closes the pool of one centre: at once after its database moved, was dropped or its URL
   * changed; with `graceful` (a cache flush) the next request opens a new pool and the old one
   * closes when the queries running on it have finished.
   */
  evict(key: string, opts: { graceful?: boolean } = {}): void {
    for (const id of [...this.pools.keys()]) {
      if (!id.startsWith(`${key}|`)) continue;
      const db = this.pools.peek(id);
      if (opts.graceful && db) this.drain.add(db);
      this.pools.delete(id);
    }
  }

  get size(): number {
    return this.pools.size;
  }

  /** How many pools were ever opened (a benchmark reads this to count cold opens). */
  get openedCount(): number {
    return this.opened;
  }

  async closeAll(): Promise<void> {
    this.pools.clear();
    await Promise.allSettled([...this.closing]);
  }
}
