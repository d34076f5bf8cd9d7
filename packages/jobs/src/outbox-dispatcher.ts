import type { Knex } from '@kv/db';
import { JobDataError, errorMessage } from './job-data.ts';
import type { JobLog, JobQueue } from './types.ts';

/** A database whose outbox a sweep drains: open already, or opened when its turn comes. */
export type OutboxSource = {
  /** Names the database in job ids (`outbox-<key>-<id>`): a centre id, or e.g. `cp` for the control plane. */
  key: string;
} & ({ db: Knex } | { open: () => Promise<Knex> });

export interface OutboxDispatcherOptions {
  queue: JobQueue;
  sources: () => Promise<OutboxSource[]> | OutboxSource[];
  /** Sweep period (default 30 s). */
  intervalMs?: number;
  /**
   * Period of the full sweep (default 10 min). In between, a sweep opens only the sources it has
   * reason to: see `sweep`.
   */
  fullSweepMs?: number;
  /** Rows taken per transaction (default 100). */
  batchSize?: number;
  /** A row whose enqueue failed waits base × 2^attempts ms before the next try, capped at 60 s (default base 1 s). */
  retryBaseMs?: number;
  /** Sources drained at once by a sweep (default 4). */
  sweepConcurrency?: number;
  log?: JobLog;
}

interface OutboxRow {
  id: string | null;
  queue: string;
  name: string;
  payload: { centerId: string | null; [key: string]: unknown };
  /** When the source's earliest row that is not due yet comes due (null: none). */
  next_at: Date | string | null;
}

const SOURCE_KEY = /^[A-Za-z0-9_-]{1,100}$/;
const RETRY_CAP_MS = 60_000;

/**
 * Moves committed outbox rows to the job queue. `kick` drains one database right after a commit;
 * the periodic `sweep` drains the databases with rows due and picks up whatever a crash between
 * commit and kick left behind. Rows are claimed with `FOR UPDATE SKIP LOCKED`, so dispatchers in several
 * processes never enqueue the same row twice; the job id is derived from the row, so a row
 * enqueued by a dispatcher that died before its commit is ignored by the queue when re-sent.
 */
export class OutboxDispatcher {
  private readonly queue: JobQueue;
  private readonly sources: OutboxDispatcherOptions['sources'];
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly retryBaseMs: number;
  private readonly sweepConcurrency: number;
  private readonly fullSweepMs: number;
  private readonly log: JobLog;
  /** Per source drained by this process: when its earliest pending row comes due (ms; Infinity: none). */
  private readonly nextDue = new Map<string, number>();
  private lastFullSweep = -Infinity;
  private readonly draining = new Map<string, { promise: Promise<number>; again: boolean }>();
  private sweeping: Promise<number> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(opts: OutboxDispatcherOptions) {
    this.queue = opts.queue;
    this.sources = opts.sources;
    this.intervalMs = opts.intervalMs ?? 30_000;
    this.batchSize = opts.batchSize ?? 100;
    this.retryBaseMs = opts.retryBaseMs ?? 1000;
    this.sweepConcurrency = opts.sweepConcurrency ?? 4;
    this.fullSweepMs = opts.fullSweepMs ?? 10 * 60_000;
    this.log = opts.log ?? ((msg, extra) => console.warn(`[outbox] ${msg}`, extra ?? ''));
  }

  /**
   * Drains one source now; resolves with the number of rows dispatched. Never rejects (a failed
   * drain is logged and left to the sweep), so callers may fire and forget it after a commit.
   * A kick arriving while the same source drains makes that drain run once more.
   */
  kick(key: string, db: Knex): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    const current = this.draining.get(key);
    if (current) {
      current.again = true;
      return current.promise;
    }
    const entry = { again: false, promise: Promise.resolve(0) };
    entry.promise = (async () => {
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

  /**
   * Drains the sources worth opening; concurrent calls share one sweep. Opening a centre's
   * database costs the server a new session, so with hundreds of centres a sweep of them all every
   * 30 s kept Postgres busy forking connections. Between full sweeps (`fullSweepMs`, and the first
   * one), a sweep drains the sources given open (`db`), those with a row due by now as far as this
   * process's last drain of them saw, those whose last drain failed and those it never drained.
   * What another process writes and kicks is its own to dispatch; should it die first, the next
   * full sweep finds the rows.
   */
  sweep(opts: { full?: boolean } = {}): Promise<number> {
    this.sweeping ??= this.sweepAll(opts.full ?? false)
      .catch((err) => {
        this.log(`outbox sweep failed: ${errorMessage(err)}`);
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
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for the drains under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([this.sweeping, ...[...this.draining.values()].map((d) => d.promise)]);
  }

  private async sweepAll(forceFull: boolean): Promise<number> {
    const now = Date.now();
    const full = forceFull || now - this.lastFullSweep >= this.fullSweepMs;
    if (full) this.lastFullSweep = now;
    const list = (await this.sources()).filter((s) => full || 'db' in s || (this.nextDue.get(s.key) ?? -Infinity) <= now);
    let total = 0;
    const worker = async () => {
      for (let s = list.shift(); s && !this.stopped; s = list.shift()) {
        let db: Knex;
        try {
          db = 'open' in s ? await s.open() : s.db;
        } catch (err) {
          this.log(`outbox: ${s.key} could not be opened: ${errorMessage(err)}`);
          continue;
        }
        const n = await this.kick(s.key, db); // not `total += await …`: workers run side by side
        total += n;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.sweepConcurrency) }, worker));
    return total;
  }

  private async drainLogged(key: string, db: Knex): Promise<number> {
    try {
      return await this.drain(key, db);
    } catch (err) {
      this.nextDue.delete(key); // the next sweep tries again
      this.log(`outbox drain of ${key} failed: ${errorMessage(err)}`);
      return 0;
    }
  }

  private async drain(key: string, db: Knex): Promise<number> {
    if (!SOURCE_KEY.test(key)) throw new Error(`Invalid outbox source key: ${JSON.stringify(key)}`);
    let total = 0;
    for (;;) {
      const batch = await db.transaction((trx) => this.dispatchBatch(key, trx));
      total += batch.dispatched;
      // A failed enqueue deferred its row by its backoff: the next sweep looks again.
      this.nextDue.set(key, batch.stop ? -Infinity : batch.nextAt);
      if (batch.stop || batch.claimed < this.batchSize || this.stopped) return total;
    }
  }

  private async dispatchBatch(
    key: string,
    trx: Knex.Transaction,
  ): Promise<{ claimed: number; dispatched: number; stop: boolean; nextAt: number }> {
    // The due rows (none: one row of nulls) and when the first row not due yet comes due, in one
    // round trip; both read the pending-rows index.
    const result = await trx.raw<{ rows: OutboxRow[] }>(
      `select d.id, d.queue, d.name, d.payload, n.next_at
         from (select min(available_at) as next_at from outbox where dispatched_at is null and available_at > now()) n
         left join lateral (
           select id, queue, name, payload from outbox
            where dispatched_at is null and available_at <= now()
            order by id limit ? for update skip locked) d on true`,
      [this.batchSize],
    );
    const nextAt = result.rows[0]?.next_at ? new Date(result.rows[0].next_at).getTime() : Infinity;
    const rows = result.rows.filter((r): r is OutboxRow & { id: string } => r.id !== null);
    const done: string[] = [];
    let stop = false;
    for (const row of rows) {
      try {
        await this.queue.enqueue(row.queue, row.name, row.payload, { jobId: `outbox-${key}-${row.id}` });
        done.push(row.id);
      } catch (err) {
        this.log(`outbox row ${key}/${row.id} (${row.queue}/${row.name}) not dispatched: ${errorMessage(err)}`);
        await trx('outbox')
          .where({ id: row.id })
          .update({
            attempts: trx.raw('attempts + 1'),
            last_error: errorMessage(err).slice(0, 2000),
            available_at: trx.raw('now() + make_interval(secs => least(? * power(2, attempts), ?) / 1000.0)', [
              this.retryBaseMs,
              RETRY_CAP_MS,
            ]),
          });
        // A bad payload concerns one row; any other error (the queue is down) concerns them all.
        if (!(err instanceof JobDataError)) {
          stop = true;
          break;
        }
      }
    }
    if (done.length) await trx('outbox').whereIn('id', done).update({ dispatched_at: trx.fn.now() });
    return { claimed: rows.length, dispatched: done.length, stop, nextAt };
  }
}
