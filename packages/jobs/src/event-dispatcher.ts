import { raw, runSql, sql, type Knex } from '@kv/db';
import { errorMessage } from './job-data.ts';
import { wroteOutbox } from './outbox.ts';
import { EVENT_NAME, type DomainEvent, type EventHandler, type EventPayload } from './events.ts';
import { SourceSweeper, type SweepSource } from './source-sweeper.ts';
import type { JobLog } from './types.ts';

export interface EventDispatcherOptions {
  /** The centre databases a sweep may visit (opened when their turn comes). */
  sources: () => Promise<SweepSource[]> | SweepSource[];
  /** Sweep period (default 30 s); between full sweeps only the centres with a reason are visited (SourceSweeper). */
  intervalMs?: number;
  /** Period of the full sweep (default 10 min). */
  fullSweepMs?: number;
  sweepConcurrency?: number;
  /** A kick delivers this long after it arrived, with the kicks in between (default 0; see SourceSweeper). */
  kickDelayMs?: number;
  /** Events taken per batch transaction (default 50). */
  batchSize?: number;
  /** A failed delivery waits base × 2^(attempts − 1) ms before its next run (default 2 s), capped (default 5 min). */
  retryBaseMs?: number;
  retryCapMs?: number;
  /** Failed runs before a delivery is parked (default 8: about four minutes of retries). */
  maxAttempts?: number;
  /** Delivered events are deleted this long after (default 7 days); parked ones stay. */
  keepDoneMs?: number;
  /** After a batch whose handlers queued jobs: wake the job outbox of that database. */
  onOutbox?: (key: string, db: Knex) => void;
  log?: JobLog;
}

interface Delivery {
  status: 'done' | 'failed' | 'parked';
  attempts: number;
  next_at: string | null;
}

interface EventRow {
  locked: boolean;
  id: string | null;
  name: string;
  payload: EventPayload;
  created_at: Date;
  deliveries: Record<string, Delivery> | null;
}

interface Outcome {
  event_id: string;
  handler: string;
  status: Delivery['status'];
  attempts: number;
  last_error: string | null;
  next_at: Date | null;
}

/** Serialises the drains of one centre database across processes (per-centre order by event id). */
const LOCK = raw("hashtext('kv:domain-events')");
const PRUNE_EVERY_MS = 60 * 60_000;
/** Another process holds the centre's drain: look again this soon (its last batch may have missed our event). */
const LOCKED_RETRY_MS = 500;

/**
 * Delivers committed domain events (`emit`) to their handlers (`on`). Each batch is one
 * transaction holding the centre's drain lock: it reads the pending events in id order, runs each
 * handler that has not delivered the event yet in a savepoint, and records every outcome in
 * `domain_event_deliveries` before it commits. A handler's writes and its "done" record commit
 * together, so a dispatcher killed mid-batch leaves nothing and the next one delivers again, once.
 * A failed run is rolled back to its savepoint, counted and retried with backoff; after
 * `maxAttempts` it is parked with its error for an operator (parkedEvents). Until then the same
 * handler's later events of that centre wait behind it: each handler sees a centre's events in
 * id order; other handlers carry on.
 */
export class EventDispatcher {
  private readonly handlers = new Map<string, EventHandler[]>();
  private readonly sweeper: SourceSweeper;
  private readonly batchSize: number;
  private readonly retryBaseMs: number;
  private readonly retryCapMs: number;
  private readonly maxAttempts: number;
  private readonly keepDoneMs: number;
  private readonly onOutbox: EventDispatcherOptions['onOutbox'];
  private readonly log: JobLog;
  private readonly lastPrune = new Map<string, number>();

  constructor(opts: EventDispatcherOptions) {
    this.batchSize = opts.batchSize ?? 50;
    this.retryBaseMs = opts.retryBaseMs ?? 2000;
    this.retryCapMs = opts.retryCapMs ?? 5 * 60_000;
    this.maxAttempts = opts.maxAttempts ?? 8;
    this.keepDoneMs = opts.keepDoneMs ?? 7 * 86_400_000;
    this.onOutbox = opts.onOutbox;
    this.log = opts.log ?? ((msg, extra) => console.warn(`[events] ${msg}`, extra ?? ''));
    this.sweeper = new SourceSweeper({
      name: 'events',
      sources: opts.sources,
      drain: (key, db) => this.drain(key, db),
      intervalMs: opts.intervalMs,
      fullSweepMs: opts.fullSweepMs,
      sweepConcurrency: opts.sweepConcurrency,
      wakeEarly: true,
      kickDelayMs: opts.kickDelayMs,
      log: this.log,
    });
  }

  /** Registers a handler of the events named `name` (each area's jobs file, at start-up). */
  on(name: string, handler: EventHandler): void {
    if (!EVENT_NAME.test(name)) throw new Error(`Invalid event name: ${JSON.stringify(name)}`);
    if (!handler.key || handler.key.length > 120) throw new Error(`Event handler of ${name} needs a key of 1–120 characters`);
    const list = this.handlers.get(name) ?? [];
    if (list.some((h) => h.key === handler.key)) throw new Error(`Two handlers of ${name} share the key ${handler.key}`);
    this.handlers.set(name, [...list, handler]);
  }

  /** Delivers one centre's pending events now (after a commit that emitted); never rejects. */
  kick(key: string, db: Knex): Promise<number> {
    return this.sweeper.kick(key, db);
  }

  sweep(opts: { full?: boolean } = {}): Promise<number> {
    return this.sweeper.sweep(opts);
  }

  start(): void {
    this.sweeper.start();
  }

  /** Resolves once the deliveries under way have ended. */
  settle(): Promise<void> {
    return this.sweeper.settle();
  }

  stop(): Promise<void> {
    return this.sweeper.stop();
  }

  private async drain(key: string, db: Knex): Promise<{ count: number; nextAt: number }> {
    let total = 0;
    for (;;) {
      const batch = await db.transaction((trx) => this.runBatch(trx));
      total += batch.delivered;
      if (batch.outbox) this.onOutbox?.(key, db);
      if (batch.locked === false) return { count: total, nextAt: Date.now() + LOCKED_RETRY_MS };
      if (batch.claimed < this.batchSize || !batch.progressed) {
        await this.prune(key, db);
        return { count: total, nextAt: batch.nextAt };
      }
    }
  }

  private async runBatch(trx: Knex.Transaction) {
    // The drain lock and the pending events (with what each handler did so far) in one round trip.
    const rows = await runSql<EventRow>(
      trx,
      sql`with l as (select pg_try_advisory_xact_lock(${LOCK}) as locked)
       select l.locked, e.id, e.name, e.payload, e.created_at, e.deliveries
         from l left join lateral (
           select e.id::text as id, e.name, e.payload, e.created_at,
                  (select json_object_agg(d.handler, json_build_object('status', d.status, 'attempts', d.attempts, 'next_at', d.next_at))
                     from domain_event_deliveries d where d.event_id = e.id) as deliveries
             from domain_events e
            where l.locked and e.done_at is null
            order by e.id limit ${this.batchSize}) e on true`,
    );
    if (!rows[0]?.locked) return { locked: false, claimed: 0, delivered: 0, progressed: false, outbox: false, nextAt: Infinity };
    const events = rows.filter((r): r is EventRow & { id: string } => r.id !== null);
    const now = Date.now();
    /** Handlers waiting for a retry: their later events wait too (per-handler order). */
    const blocked = new Set<string>();
    const outcomes: Outcome[] = [];
    const settled: string[] = [];
    let nextAt = Infinity;
    let delivered = 0;
    let outbox = false;
    for (const row of events) {
      const event: DomainEvent = { id: row.id, name: row.name, payload: row.payload, createdAt: new Date(row.created_at) };
      let open = false;
      for (const h of this.handlers.get(row.name) ?? []) {
        const before = row.deliveries?.[h.key];
        if (before?.status === 'done' || before?.status === 'parked') continue;
        if (blocked.has(h.key)) {
          open = true;
          continue;
        }
        const dueAt = before?.next_at ? new Date(before.next_at).getTime() : -Infinity;
        if (dueAt > now) {
          blocked.add(h.key);
          nextAt = Math.min(nextAt, dueAt);
          open = true;
          continue;
        }
        const attempts = (before?.attempts ?? 0) + 1;
        try {
          await trx.transaction(async (sp) => {
            await h.handle(sp, event);
            if (wroteOutbox(sp)) outbox = true;
          });
          outcomes.push({ event_id: row.id, handler: h.key, status: 'done', attempts, last_error: null, next_at: null });
          delivered++;
        } catch (err) {
          const message = errorMessage(err).slice(0, 2000);
          if (attempts >= (h.maxAttempts ?? this.maxAttempts)) {
            this.log(`event ${row.id} (${row.name}) parked for ${h.key} after ${attempts} attempts: ${message}`);
            outcomes.push({ event_id: row.id, handler: h.key, status: 'parked', attempts, last_error: message, next_at: null });
          } else {
            const retryAt = now + Math.min(this.retryBaseMs * 2 ** (attempts - 1), this.retryCapMs);
            this.log(`event ${row.id} (${row.name}) failed for ${h.key} (attempt ${attempts}): ${message}`);
            outcomes.push({
              event_id: row.id,
              handler: h.key,
              status: 'failed',
              attempts,
              last_error: message,
              next_at: new Date(retryAt),
            });
            blocked.add(h.key);
            nextAt = Math.min(nextAt, retryAt);
            open = true;
          }
        }
      }
      if (!open) settled.push(row.id);
    }
    if (outcomes.length) {
      await runSql(
        trx,
        sql`insert into domain_event_deliveries (event_id, handler, status, attempts, last_error, next_at)
         select (o->>'event_id')::bigint, o->>'handler', o->>'status', (o->>'attempts')::int, o->>'last_error', (o->>'next_at')::timestamptz
           from jsonb_array_elements(${JSON.stringify(outcomes)}::jsonb) o
         on conflict (event_id, handler) do update
            set status = excluded.status, attempts = excluded.attempts, last_error = excluded.last_error,
                next_at = excluded.next_at, updated_at = now()`,
      );
    }
    if (settled.length) await runSql(trx, sql`update domain_events set done_at = now() where id = any(${settled}::bigint[])`);
    return {
      locked: true,
      claimed: events.length,
      delivered,
      progressed: outcomes.length > 0 || settled.length > 0,
      outbox,
      nextAt,
    };
  }

  /** Deletes delivered events past `keepDoneMs`, at most hourly per centre. */
  private async prune(key: string, db: Knex): Promise<void> {
    const last = this.lastPrune.get(key) ?? -Infinity;
    if (Date.now() - last < PRUNE_EVERY_MS) return;
    this.lastPrune.set(key, Date.now());
    await db.raw(
      `delete from domain_events e where e.done_at < now() - make_interval(secs => ? / 1000.0)
          and not exists (select 1 from domain_event_deliveries d where d.event_id = e.id and d.status = 'parked')`,
      [this.keepDoneMs],
    );
  }
}
