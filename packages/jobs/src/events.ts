import type { Knex } from '@kv/db';
import type { Db } from './types.ts';

/**
 * What an event says: the centre and the ids of what changed, nothing else. Handlers read the
 * current data, so a late or retried delivery never acts on a stale copy.
 */
export interface EventPayload {
  centreId: string;
  [key: string]: string | string[];
}

export interface DomainEvent {
  id: string;
  name: string;
  payload: EventPayload;
  createdAt: Date;
}

export interface EventHandler {
  /** Names the handler in delivery records: keep it stable once events have been delivered to it. */
  key: string;
  /**
   * Runs in the delivery's transaction (a savepoint of the dispatcher's batch): what it writes
   * commits together with the record that it ran, so it runs at most once per event. Work outside
   * the database goes through the outbox (`writeOutbox`, `queueMessage`) in the same transaction.
   */
  handle(trx: Knex.Transaction, event: DomainEvent): Promise<void>;
  /** Failed runs before the delivery is parked (default: the dispatcher's). */
  maxAttempts?: number;
}

/** `area.past_tense_verb`, e.g. `attendance.checked_in`. */
export const EVENT_NAME = /^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)+$/;
const PAYLOAD_KEY = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_IDS = 1000;

export class EventPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventPayloadError';
  }
}

/** Why `payload` is not an event payload (a centre id and ids only), or null. */
export function eventPayloadProblem(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return 'the payload is not an object';
  const p = payload as Record<string, unknown>;
  if (typeof p.centreId !== 'string' || !ID.test(p.centreId)) return 'the payload needs the centre id (centreId)';
  for (const [k, v] of Object.entries(p)) {
    if (!PAYLOAD_KEY.test(k)) return `payload key ${JSON.stringify(k)} is not a name`;
    const ids = Array.isArray(v) ? v : [v];
    if (ids.length > MAX_IDS) return `payload ${k} has more than ${MAX_IDS} ids`;
    if (!ids.every((i) => typeof i === 'string' && ID.test(i))) return `payload ${k} must hold ids (strings), not data`;
  }
  return null;
}

/** Transactions that emitted events: only those need the event dispatcher kicked after commit. */
const emitters = new WeakSet<object>();

/** True when `db` (a knex transaction) emitted an event through `emit`. */
export function emittedEvents(db: Db): boolean {
  return emitters.has(db);
}

/**
 * Records a domain event in the caller's transaction: it exists exactly when the change it
 * describes is committed, and the dispatcher delivers it to every handler of `name` after that.
 */
export async function emit(trx: Knex.Transaction, name: string, payload: EventPayload): Promise<void> {
  if (!(trx as { isTransaction?: boolean }).isTransaction) throw new Error('emit() needs the transaction of the change it describes');
  if (!EVENT_NAME.test(name) || name.length > 80) throw new EventPayloadError(`Invalid event name: ${JSON.stringify(name)}`);
  const problem = eventPayloadProblem(payload);
  if (problem) throw new EventPayloadError(`Event ${name}: ${problem}`);
  emitters.add(trx);
  // Stringified: node-postgres would send a JS array as a Postgres array, not JSON.
  await trx('domain_events').insert({ name, payload: JSON.stringify(payload) });
}
