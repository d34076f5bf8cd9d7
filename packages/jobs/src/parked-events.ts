import type { Db } from './types.ts';

/** A delivery the dispatcher gave up on: the event, the handler and its last error. */
export interface ParkedEvent {
  event_id: string;
  name: string;
  payload: Record<string, unknown>;
  handler: string;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  parked_at: Date;
}

/** A centre's parked deliveries, newest first, with their total. */
export async function parkedEvents(db: Db, page: { offset: number; limit: number }): Promise<{ rows: ParkedEvent[]; total: number }> {
  const rows = await db('domain_event_deliveries as d')
    .join('domain_events as e', 'e.id', 'd.event_id')
    .where('d.status', 'parked')
    .orderBy([
      { column: 'd.updated_at', order: 'desc' },
      { column: 'd.event_id', order: 'desc' },
    ])
    .offset(page.offset)
    .limit(page.limit)
    .select(
      db.raw('e.id::text as event_id'),
      'e.name',
      'e.payload',
      'd.handler',
      'd.attempts',
      'd.last_error',
      'e.created_at',
      'd.updated_at as parked_at',
      db.raw('count(*) over () as total'),
    );
  const total = rows.length ? Number(rows[0].total) : 0;
  return { rows: rows.map(({ total: _t, ...r }) => r as ParkedEvent), total };
}

/**
 * Sends a parked delivery back to its handler (after the cause was fixed): it runs at the next
 * drain with a fresh count of attempts. False when there is no such parked delivery.
 */
export async function retryParkedEvent(db: Db, eventId: string, handler: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `with d as (
       update domain_event_deliveries set status = 'failed', attempts = 0, next_at = now(), updated_at = now()
        where event_id = ? and handler = ? and status = 'parked'
       returning event_id)
     update domain_events set done_at = null where id in (select event_id from d) returning id`,
    [eventId, handler],
  );
  return rows.length > 0;
}
