import type { Knex } from '@kv/db';
import { JobDataError, errorMessage } from './job-data.ts';
import { SourceSweeper, type SweepSource } from './source-sweeper.ts';
import type { JobLog, JobQueue } from './types.ts';

/** A database whose outbox a sweep drains; its key names it in job ids (`outbox-<key>-<id>`). */
export type OutboxSource = SweepSource;

export interface OutboxDispatcherOptions {
  queue: JobQueue;
  sources: () => Promise<OutboxSource[]> | OutboxSource[];
  /** Sweep period (default 30 s). */
  intervalMs?: number;
  /**
   * Period of the full sweep (default 10 min). In between, a sweep opens only the sources it has
   * reason to: see SourceSweeper.
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
  payload: { centreId: string | null; [key: string]: unknown };
  /** When the source's earliest row that is not due yet comes due (null: none). */
  next_at: Date | string | null;
}

const SOURCE_KEY = /^[A-Za-z0-9_-]{1,100}$/;
const RETRY_CAP_MS = 60_000;

/**
 * Moves committed outbox rows to the job queue, when a SourceSweeper says (a kick after a commit,
 * or the periodic sweep). Rows are claimed with `FOR UPDATE SKIP LOCKED`, so dispatchers in several
 * processes never enqueue the same row twice; the job id is derived from the row, so a row
 * enqueued by a dispatcher that died before its commit is ignored by the queue when re-sent.
 */
export class OutboxDispatcher {
  private readonly queue: JobQueue;
  private readonly batchSize: number;
  private readonly retryBaseMs: number;
  private readonly sweeper: SourceSweeper;
  private readonly log: JobLog;
  private stopped = false;

  constructor(opts: OutboxDispatcherOptions) {
    this.queue = opts.queue;
    this.log = opts.log ?? ((msg, extra) => console.warn(`[outbox] ${msg}`, extra ?? ''));
    this.batchSize = opts.batchSize ?? 100;
    this.retryBaseMs = opts.retryBaseMs ?? 1000;
    this.sweeper = new SourceSweeper({
      name: 'outbox',
      sources: opts.sources,
      drain: (key, db) => this.drain(key, db),
      intervalMs: opts.intervalMs,
      fullSweepMs: opts.fullSweepMs,
      sweepConcurrency: opts.sweepConcurrency,
      log: this.log,
    });
  }

  /**
   * Drains one source now; resolves with the number of rows dispatched. Never rejects (a failed
   * drain is logged and left to the sweep), so callers may fire and forget it after a commit.
   */
  kick(key: string, db: Knex): Promise<number> {
    return this.sweeper.kick(key, db);
  }

  /** Drains the sources worth opening (see SourceSweeper); concurrent calls share one sweep. */
  sweep(opts: { full?: boolean } = {}): Promise<number> {
    return this.sweeper.sweep(opts);
  }

  /** Sweeps now, then every `intervalMs`. */
  start(): void {
    this.sweeper.start();
  }

  /** Stops the timer and waits for the drains under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.sweeper.stop();
  }

  private async drain(key: string, db: Knex): Promise<{ count: number; nextAt: number }> {
    if (!SOURCE_KEY.test(key)) throw new Error(`Invalid outbox source key: ${JSON.stringify(key)}`);
    let total = 0;
    for (;;) {
      const batch = await db.transaction((trx) => this.dispatchBatch(key, trx));
      total += batch.dispatched;
      // A failed enqueue deferred its row by its backoff: the next sweep looks again.
      const nextAt = batch.stop ? -Infinity : batch.nextAt;
      if (batch.stop || batch.claimed < this.batchSize || this.stopped) return { count: total, nextAt };
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
