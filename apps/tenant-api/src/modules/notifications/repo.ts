import type { Knex } from 'knex';
import { pageWithTotal } from '@kv/db';
import { DEFAULT_SETTINGS, SETTING_FIELDS, type NotificationSettings } from './kinds.ts';

type Db = Knex | Knex.Transaction;

export interface NotificationRow {
  id: string;
  user_id: string;
  event_key: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  student_id: string | null;
  location_id: string | null;
  held: boolean;
  digested_at: Date | null;
  seen_at: Date | null;
  created_at: Date;
}

const COLUMNS = [
  'id',
  'user_id',
  'event_key',
  'kind',
  'title',
  'body',
  'link',
  'student_id',
  'location_id',
  'held',
  'digested_at',
  'seen_at',
  'created_at',
];

const norm = (r: NotificationRow): NotificationRow => ({
  ...r,
  id: String(r.id),
  user_id: String(r.user_id),
  student_id: r.student_id === null ? null : String(r.student_id),
  location_id: r.location_id === null ? null : String(r.location_id),
});

/** Each user's settings (defaults for a user who never saved them). */
export async function settingsOf(db: Db, userIds: readonly string[]): Promise<Map<string, NotificationSettings>> {
  const map = new Map<string, NotificationSettings>(userIds.map((u) => [String(u), { ...DEFAULT_SETTINGS }]));
  if (!userIds.length) return map;
  const rows = await db('user_notification_settings')
    .whereIn('user_id', userIds as string[])
    .select('user_id', ...SETTING_FIELDS, 'digest');
  for (const r of rows) {
    const { user_id, ...rest } = r as { user_id: string } & NotificationSettings;
    map.set(String(user_id), rest);
  }
  return map;
}

export async function saveSettings(trx: Knex.Transaction, userId: string, values: NotificationSettings): Promise<void> {
  await trx('user_notification_settings')
    .insert({ user_id: userId, ...values, updated_at: trx.fn.now() })
    .onConflict('user_id')
    .merge();
}

export interface Recipient {
  id: string;
  fname: string;
  email: string | null;
  phone: string | null;
  locale: string;
}

/** Active, not deleted users among `ids`. */
export async function recipients(db: Db, ids: readonly string[]): Promise<Recipient[]> {
  if (!ids.length) return [];
  const rows = await db('users')
    .whereIn('id', ids as string[])
    .where('status', true)
    .whereNull('deleted_at')
    .orderBy('id')
    .select('id', 'fname', 'email', 'phone', 'locale');
  return rows.map((r) => ({ ...r, id: String(r.id), locale: r.locale ?? 'en' }));
}

/** Push tokens (FCM registration tokens short enough to queue) of users: each device. */
export async function pushTokensOf(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (!userIds.length) return map;
  const rows = await db('push_tokens')
    .whereIn('user_id', userIds as string[])
    .whereRaw('length(token) <= 254')
    .orderBy('id')
    .select('user_id', 'token');
  for (const r of rows) map.set(String(r.user_id), [...(map.get(String(r.user_id)) ?? []), r.token]);
  return map;
}

export type NewNotification = Omit<NotificationRow, 'id' | 'digested_at' | 'seen_at' | 'created_at'>;

/** Inserts the rows; returns those that are new (a row of an event already told to its user is skipped). */
export async function insertNotifications(trx: Knex.Transaction, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (!rows.length) return [];
  const inserted = await trx('notifications').insert(rows).onConflict(['event_key', 'user_id']).ignore().returning(COLUMNS);
  return (inserted as NotificationRow[]).map(norm);
}

export async function byIds(db: Db, ids: readonly string[]): Promise<NotificationRow[]> {
  if (!ids.length) return [];
  return (
    (await db('notifications')
      .whereIn('id', ids as string[])
      .orderBy('id')
      .select(COLUMNS)) as NotificationRow[]
  ).map(norm);
}

/** A user's notices, newest first (held ones show once summed, or at once in the list: they are theirs). */
export async function pageOf(db: Db, userId: string, page: number, first: number) {
  const { rows, total } = await pageWithTotal<NotificationRow>(
    db,
    db('notifications').where('user_id', userId).orderBy('id', 'desc').select(COLUMNS),
    () => db('notifications').where('user_id', userId),
    page,
    first,
  );
  return { rows: rows.map(norm), total };
}

export async function unseenCount(db: Db, userId: string): Promise<number> {
  const [r] = await db('notifications').where('user_id', userId).whereNull('seen_at').count({ n: '*' });
  return Number(r?.n ?? 0);
}

/** Marks one of the user's notices seen; null when it is not theirs. */
export async function markSeen(trx: Knex.Transaction, userId: string, id: string): Promise<NotificationRow | null> {
  const [row] = await trx('notifications')
    .where({ id, user_id: userId })
    .update({ seen_at: trx.raw('coalesce(seen_at, now())') })
    .returning(COLUMNS);
  return row ? norm(row as NotificationRow) : null;
}

export async function markAllSeen(trx: Knex.Transaction, userId: string): Promise<number> {
  return trx('notifications').where('user_id', userId).whereNull('seen_at').update({ seen_at: trx.fn.now() });
}

/** Where notices wait for the digest: each location with its zone and digest time (HH:MM). */
export async function heldLocations(db: Db): Promise<{ id: string; name: string; timezone: string; time: string }[]> {
  const rows = await db('locations as l')
    .leftJoin('location_settings as s', 's.location_id', 'l.id')
    .whereExists((e) =>
      e.select(db.raw('1')).from('notifications as n').whereRaw('n.location_id = l.id').where('n.held', true).whereNull('n.digested_at'),
    )
    .select('l.id', 'l.name', 'l.timezone', db.raw(`coalesce(nullif(s.send_parent_activity_report_time, ''), '17:00') as time`));
  return rows.map((r: { id: string; name: string; timezone: string; time: string }) => ({ ...r, id: String(r.id) }));
}

/** Held notices of a location made before `before`, locked for this digest (a concurrent run skips them). */
export async function claimHeld(trx: Knex.Transaction, locationId: string, before: Date): Promise<NotificationRow[]> {
  const rows = (await trx('notifications')
    .where({ location_id: locationId, held: true })
    .whereNull('digested_at')
    .where('created_at', '<', before)
    .orderBy('id')
    .forUpdate()
    .skipLocked()
    .select(COLUMNS)) as NotificationRow[];
  if (rows.length)
    await trx('notifications')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .update({ digested_at: trx.fn.now() });
  return rows.map(norm);
}
