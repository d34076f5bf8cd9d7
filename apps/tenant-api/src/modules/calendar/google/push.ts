import type { Knex } from 'knex';
import { PermanentJobError, writeOutbox, type JobContext, type JobQueue } from '@kv/jobs';
import { addDays } from '@kv/shared';
import type { GoogleCalendarConfig } from '../../../types.ts';
import { deleteEvent, GoogleHttpError, insertEvent, patchEvent, type GoogleEventBody } from './client.ts';
import { findLink, GoogleRevoked, withAccess } from './link.ts';

/**
 * The push of a linked calendar's events to Google (issue 21). A change to a calendar's events
 * writes one outbox job (`queueGooglePush`, in the change's transaction); the job sends every row
 * still `google_dirty` (insert → `external_id`, or patch) and deletes the Google copies of deleted
 * rows (`calendar_google_deletions`). A lease on the link keeps one push per calendar at a time; a
 * row changed while it was being sent stays dirty for the next round. Revoked access marks the
 * link `reconnect` and the job ends (nothing to retry until the manager connects again).
 */
export const CALENDAR_QUEUE = 'calendar';
export const GOOGLE_PUSH_JOB = 'calendar-google-push';
const BATCH = 100;
const MAX_ROUNDS = 50;

export interface CalendarJobDeps {
  dbFor(centreId: string): Promise<Knex>;
  google?: GoogleCalendarConfig;
}

export async function queueGooglePush(trx: Knex | Knex.Transaction, centreId: string, calendarIds: readonly string[]): Promise<void> {
  for (const calendarId of new Set(calendarIds)) {
    await writeOutbox(trx, { queue: CALENDAR_QUEUE, name: GOOGLE_PUSH_JOB, payload: { centreId, calendarId } });
  }
}

export function registerCalendarJobs(queue: JobQueue, deps: CalendarJobDeps): void {
  queue.register(CALENDAR_QUEUE, GOOGLE_PUSH_JOB, (job) => runGooglePushJob(job, deps), { concurrency: 2 });
}

export async function runGooglePushJob(job: Pick<JobContext, 'data' | 'log'>, deps: CalendarJobDeps) {
  const { centreId, calendarId } = job.data as { centreId?: unknown; calendarId?: unknown };
  if (typeof centreId !== 'string' || typeof calendarId !== 'string')
    throw new PermanentJobError('calendar-google-push needs centreId and calendarId');
  if (!deps.google) throw new PermanentJobError('Google Calendar is not configured');
  const r = await pushCalendar(await deps.dbFor(centreId), deps.google, calendarId);
  job.log(`google push: ${r.sent} sent, ${r.deleted} deleted${r.reconnect ? ', access revoked' : ''}`);
  return r;
}

interface DirtyRow {
  id: string;
  name: string;
  details: string | null;
  date: string;
  full_day: boolean;
  starts_at: Date;
  ends_at: Date;
  external_id: string | null;
  stamp: string;
  timezone: string | null;
}

function bodyOf(e: DirtyRow): GoogleEventBody {
  const base = { summary: e.name, description: e.details };
  if (e.full_day) return { ...base, start: { date: e.date }, end: { date: addDays(e.date, 1) } };
  const timeZone = e.timezone ?? 'UTC';
  return { ...base, start: { dateTime: e.starts_at.toISOString(), timeZone }, end: { dateTime: e.ends_at.toISOString(), timeZone } };
}

async function takeLease(db: Knex, calendarId: string): Promise<boolean> {
  const n = await db('calendar_google_links')
    .where({ calendar_id: calendarId, status: 'connected' })
    .andWhere((q) => q.whereNull('push_lease_until').orWhere('push_lease_until', '<', db.fn.now()))
    .update({ push_lease_until: db.raw("now() + interval '5 minutes'") });
  return n > 0;
}

/** Sends what is pending for one calendar; safe to run twice (the second finds the lease or nothing). */
export async function pushCalendar(db: Knex, cfg: GoogleCalendarConfig, calendarId: string) {
  let sent = 0;
  let deleted = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (!(await takeLease(db, calendarId))) break;
    let more = false;
    try {
      const link = (await findLink(db, calendarId))!;
      const gone = await db('calendar_google_deletions').where({ calendar_id: calendarId }).orderBy('id').limit(BATCH);
      const dirty: DirtyRow[] = await db('calendar_events as e')
        .leftJoin('locations as l', 'l.id', 'e.location_id')
        .where({ 'e.calendar_id': calendarId, 'e.google_dirty': true })
        .orderBy('e.date')
        .orderBy('e.id')
        .limit(BATCH)
        .select(
          'e.id',
          'e.name',
          'e.details',
          db.raw("to_char(e.date, 'YYYY-MM-DD') as date"),
          'e.full_day',
          'e.starts_at',
          'e.ends_at',
          'e.external_id',
          db.raw('e.updated_at::text as stamp'),
          'l.timezone',
        );
      if (!gone.length && !dirty.length) return { sent, deleted, reconnect: false };
      await withAccess(db, cfg, link, async (token) => {
        for (const g of gone) {
          await deleteEvent(cfg, token, link.google_calendar_id, g.external_id);
          await db('calendar_google_deletions').where({ id: g.id }).delete();
          deleted++;
        }
        for (const e of dirty) {
          let externalId = e.external_id;
          const body = bodyOf(e);
          const patched = externalId
            ? await patchEvent(cfg, token, link.google_calendar_id, externalId, body).catch((err: unknown) => {
                if (err instanceof GoogleHttpError && (err.status === 404 || err.status === 410)) return null;
                throw err;
              })
            : null;
          if (!patched) externalId = (await insertEvent(cfg, token, link.google_calendar_id, body)).id;
          // A row changed while it was sent stays dirty (its updated_at moved on).
          await db('calendar_events')
            .where({ id: e.id })
            .whereRaw('updated_at = ?::timestamptz', [e.stamp])
            .update({ external_id: externalId, google_dirty: false });
          // Its Google id is kept even then, so the next round patches rather than inserts twice.
          await db('calendar_events').where({ id: e.id }).whereNull('external_id').update({ external_id: externalId });
          sent++;
        }
      });
      more = true;
    } catch (err) {
      if (err instanceof GoogleRevoked) return { sent, deleted, reconnect: true };
      throw err;
    } finally {
      await db('calendar_google_links').where({ calendar_id: calendarId }).update({ push_lease_until: null });
    }
    if (!more) break;
  }
  return { sent, deleted, reconnect: false };
}
