import type { Knex } from '@kv/db';
import { errorMessage, sleep } from './job-data.ts';
import type { JobLog } from './types.ts';

/** A database a sweep drains: open already, or opened when its turn comes. */
export type SweepSource = {
  /** Names the database: a centre id, or e.g. `cp` for the control plane. */
  key: string;
} & ({ db: Knex } | { open: () => Promise<Knex> });

export interface DrainResult {
  /** What the drain moved (rows dispatched, deliveries made). */
  count: number;
  /** When the source next has work due (ms since the epoch); Infinity: nothing pending; -Infinity: look at the next sweep. */
  nextAt: number;
}

export interface SourceSweeperOptions {
  /** Names the work in log lines (`outbox`, `events`). */
  name: string;
  sources: () => Promise<SweepSource[]> | SweepSource[];
  drain: (key: string, db: Knex) => Promise<DrainResult>;
  /** Sweep period (default 30 s). */
  intervalMs?: number;
  /** Period of the full sweep (default 10 min). In between, a sweep opens only the sources it has reason to. */
  fullSweepMs?: number;
  /** Sources drained at once by a sweep (default 4). */
  sweepConcurrency?: number;
  /**
   * Drain a source again by itself when its next work comes due before the next sweep (a retry
   * a few seconds away), rather than waiting for the sweep.
   */
  wakeEarly?: boolean;
  /**
   * A kick drains this long after it arrived (default 0), and the kicks in between join it: under
   * load one drain then takes a burst of rows instead of one drain per commit.
   */
  kickDelayMs?: number;
  log: JobLog;
}

/**
 * When to drain which database. `kick` drains one database right after a commit; the periodic
 * `sweep` drains the databases with work due and picks up whatever a crash between commit and kick
 * left behind. Opening a centre's database costs the server a new session, so with hundreds of
 * centres a sweep of them all every 30 s kept Postgres busy forking connections. Between full
 * sweeps (`fullSweepMs`, and the first one), a sweep drains the sources given open (`db`), those
 * with work due by now as far as this process's last drain of them saw, those whose last drain
 * failed and those it never drained. What another process writes and kicks is its own to drain;
 * should it die first, the next full sweep finds the rows.
 */
export class SourceSweeper {
  private readonly opts: Required<SourceSweeperOptions>;
  /** Per source drained by this process: when its earliest pending work comes due (ms; Infinity: none). */
  private readonly nextDue = new Map<string, number>();
  private readonly wakers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  private lastFullSweep = -Infinity;
  private readonly draining = new Map<string, { promise: Promise<number>; again: boolean; started: boolean }>();
  private sweeping: Promise<number> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(opts: SourceSweeperOptions) {
    this.opts = {
      ...opts,
      intervalMs: opts.intervalMs ?? 30_000,
      fullSweepMs: opts.fullSweepMs ?? 10 * 60_000,
      sweepConcurrency: opts.sweepConcurrency ?? 4,
      wakeEarly: opts.wakeEarly ?? false,
      kickDelayMs: opts.kickDelayMs ?? 0,
    };
  }

  /**
   * Drains one source now; resolves with what it moved. Never rejects (a failed drain is logged
   * and left to the sweep), so callers may fire and forget it after a commit. A kick arriving
   * while the same source drains makes that drain run once more.
   */
  kick(key: string, db: Knex): Promise<number> {
    return this.drainSoon(key, db, this.opts.kickDelayMs);
  }

  /** `kick`, after `delayMs` (sweeps and wake-ups drain at once: only commits come in bursts). */
  private drainSoon(key: string, db: Knex, delayMs: number): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    const current = this.draining.get(key);
    if (current) {
      // A drain that has not started yet will see this kick's rows anyway.
      if (current.started) current.again = true;
      return current.promise;
    }
    const entry = { again: false, started: false, promise: Promise.resolve(0) };
    entry.promise = (async () => {
      if (delayMs > 0) await sleep(delayMs);
      entry.started = true;
      let total = 0;
      do {
        entry.again = false;
        total += await this.drainLogged(key, db);
      } while (entry.again && !this.stopped);
      return total;
    })().finally(() => this.draining.delete(key));
    this.draining.set(key, entry);
    return entry.promise;
  }

  /** Drains the sources worth opening (see the class); concurrent calls share one sweep. */
  sweep(opts: { full?: boolean } = {}): Promise<number> {
    this.sweeping ??= this.sweepAll(opts.full ?? false)
      .catch((err) => {
        this.opts.log(`${this.opts.name} sweep failed: ${errorMessage(err)}`);
        return 0;
      })
      .finally(() => {
        this.sweeping = undefined;
      });
    return this.sweeping;
  }

  /** Sweeps now, then every `intervalMs`. */
  start(): void {
    if (this.timer || this.stopped) return;
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.opts.intervalMs);
    this.timer.unref();
  }

  /** Resolves once the drains and the sweep under way have ended (kicks they cause included). */
  async settle(): Promise<void> {
    while (this.sweeping || this.draining.size) {
      await Promise.allSettled([this.sweeping, ...[...this.draining.values()].map((d) => d.promise)]);
    }
  }

  /** Stops the timers and waits for the drains under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    for (const w of this.wakers.values()) clearTimeout(w.timer);
    this.wakers.clear();
    await Promise.allSettled([this.sweeping, ...[...this.draining.values()].map((d) => d.promise)]);
  }

  private async sweepAll(forceFull: boolean): Promise<number> {
    const now = Date.now();
    const full = forceFull || now - this.lastFullSweep >= this.opts.fullSweepMs;
    if (full) this.lastFullSweep = now;
    const list = (await this.opts.sources()).filter((s) => full || 'db' in s || (this.nextDue.get(s.key) ?? -Infinity) <= now);
    let total = 0;
    const worker = async () => {
      for (let s = list.shift(); s && !this.stopped; s = list.shift()) {
        let db: Knex;
        try {
          db = 'open' in s ? await s.open() : s.db;
        } catch (err) {
          this.opts.log(`${this.opts.name}: ${s.key} could not be opened: ${errorMessage(err)}`);
          continue;
        }
        const n = await this.drainSoon(s.key, db, 0); // not `total += await …`: workers run side by side
        total += n;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.opts.sweepConcurrency) }, worker));
    return total;
  }

  private async drainLogged(key: string, db: Knex): Promise<number> {
    try {
      const { count, nextAt } = await this.opts.drain(key, db);
      this.nextDue.set(key, nextAt);
      this.wakeAt(key, db, nextAt);
      return count;
    } catch (err) {
      this.nextDue.delete(key); // the next sweep tries again
      this.opts.log(`${this.opts.name} drain of ${key} failed: ${errorMessage(err)}`);
      return 0;
    }
  }

  /** With `wakeEarly`, a drain at `at` when that comes before the next sweep. */
  private wakeAt(key: string, db: Knex, at: number): void {
    if (!this.opts.wakeEarly || this.stopped || !Number.isFinite(at)) return;
    const delay = Math.max(0, at - Date.now());
    if (delay >= this.opts.intervalMs) return;
    const current = this.wakers.get(key);
    if (current && current.at <= at) return;
    if (current) clearTimeout(current.timer);
    const timer = setTimeout(() => {
      this.wakers.delete(key);
      void this.drainSoon(key, db, 0);
    }, delay);
    timer.unref();
    this.wakers.set(key, { at, timer });
  }
}
