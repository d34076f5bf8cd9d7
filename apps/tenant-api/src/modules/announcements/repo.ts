import type { Knex } from 'knex';
import { pageWithTotal } from '@kv/db';

type Db = Knex | Knex.Transaction;

export const AUDIENCE_ROLES = ['user', 'teacher', 'manager'] as const;
export type AudienceRole = (typeof AUDIENCE_ROLES)[number];

export interface AnnouncementRow {
  id: string;
  message: string;
  status: boolean;
  expiry_date: string | null;
  is_public: boolean;
  color_code: string | null;
  is_notification: boolean;
  action_needed: boolean;
  due_date: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = [
  'a.id',
  'a.message',
  'a.status',
  'a.is_public',
  'a.color_code',
  'a.is_notification',
  'a.action_needed',
  'a.created_by',
  'a.created_at',
  'a.updated_at',
];
const cols = (db: Db) => [
  ...COLUMNS,
  db.raw(`to_char(a.expiry_date, 'YYYY-MM-DD') as expiry_date`),
  db.raw(`to_char(a.due_date, 'YYYY-MM-DD') as due_date`),
];

export interface AudienceInput {
  roles: readonly AudienceRole[];
  locations: readonly string[];
  programs: readonly string[];
}

export async function insertAnnouncement(db: Db, row: Record<string, unknown>): Promise<string> {
  const [r] = await db('announcements').insert(row).returning('id');
  return String(r.id);
}

export async function updateAnnouncementRow(db: Db, id: string, patch: Record<string, unknown>): Promise<void> {
  await db('announcements')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

/** Replaces the audience pivots: one row per location (room) and role. */
export async function setAudience(db: Db, id: string, a: AudienceInput): Promise<void> {
  await db('announcement_locations').where({ announcement_id: id }).del();
  await db('announcement_programs').where({ announcement_id: id }).del();
  const locs = a.locations.flatMap((l) => a.roles.map((role) => ({ announcement_id: id, location_id: l, role })));
  if (locs.length) await db('announcement_locations').insert(locs);
  const progs = a.programs.flatMap((p) => a.roles.map((role) => ({ announcement_id: id, program_id: p, role })));
  if (progs.length) await db('announcement_programs').insert(progs);
}

export async function findAnnouncements(db: Db, ids: readonly string[], forUpdate = false): Promise<AnnouncementRow[]> {
  if (!ids.length) return [];
  const q = db('announcements as a')
    .whereIn('a.id', ids as string[])
    .whereNull('a.deleted_at')
    .select(cols(db));
  if (forUpdate) q.forUpdate();
  return q;
}

export interface PlaceRow {
  announcement_id: string;
  id: string;
  name: string;
  role: string;
  location_id: string | null;
}

export async function locationsOf(db: Db, ids: readonly string[]): Promise<PlaceRow[]> {
  if (!ids.length) return [];
  return db('announcement_locations as al')
    .join('locations as l', 'l.id', 'al.location_id')
    .whereIn('al.announcement_id', ids as string[])
    .orderBy([{ column: 'l.name' }, { column: 'al.role' }])
    .select('al.announcement_id', 'l.id', 'l.name', 'al.role', db.raw('null as location_id'));
}

export async function programsOf(db: Db, ids: readonly string[]): Promise<PlaceRow[]> {
  if (!ids.length) return [];
  return db('announcement_programs as ap')
    .join('programs as p', 'p.id', 'ap.program_id')
    .whereIn('ap.announcement_id', ids as string[])
    .orderBy([{ column: 'p.name' }, { column: 'ap.role' }])
    .select('ap.announcement_id', 'p.id', 'p.name', 'ap.role', 'p.location_id');
}

export async function pageAnnouncements(
  db: Db,
  locations: string[] | null,
  f: { search?: string | null; status?: boolean | null; location_id?: string | null },
  page: number,
  first: number,
) {
  const base = () => {
    const q = db('announcements as a').whereNull('a.deleted_at');
    // Listed when any of its locations is in scope (changing it needs every one: the services).
    if (locations !== null)
      q.whereExists((e) =>
        e.select(db.raw('1')).from('announcement_locations as in_al').whereRaw('in_al.announcement_id = a.id').whereIn('in_al.location_id', locations),
      );
    if (f.search) q.whereRaw('a.message ilike ?', [`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
    if (f.status !== null && f.status !== undefined) q.where('a.status', f.status);
    if (f.location_id)
      q.whereExists((e) =>
        e.select(db.raw('1')).from('announcement_locations as f_al').whereRaw('f_al.announcement_id = a.id').where('f_al.location_id', f.location_id!),
      );
    return q;
  };
  return pageWithTotal<AnnouncementRow>(
    db,
    base()
      .select(cols(db))
      .orderBy([
        { column: 'a.created_at', order: 'desc' },
        { column: 'a.id', order: 'desc' },
      ]),
    () => base().count({ n: '*' }),
    page,
    first,
  );
}

export interface ViewerAudience {
  role: AudienceRole;
  /** null: every location (the owner). */
  locations: string[] | null;
  /** null: every room of those locations (managers and the owner). */
  programs: string[] | null;
}

/**
 * Active announcements that reach this audience and have not expired at the location that
 * reaches it (its own time zone), newest first.
 */
export async function topFor(db: Db, v: ViewerAudience, limit: number): Promise<AnnouncementRow[]> {
  const q = db('announcements as a')
    .whereNull('a.deleted_at')
    .where('a.status', true)
    .whereExists((e) => {
      e.select(db.raw('1'))
        .from('announcement_locations as al')
        .join('locations as l', 'l.id', 'al.location_id')
        .whereRaw('al.announcement_id = a.id')
        .where((w) => w.where('al.role', v.role).orWhere('a.is_public', true))
        .whereRaw('(a.expiry_date is null or a.expiry_date >= (now() at time zone l.timezone)::date)');
      if (v.locations !== null) e.whereIn('al.location_id', v.locations);
    });
  if (v.programs !== null) {
    const programs = v.programs;
    q.where((w) =>
      w
        .whereNotExists((e) => e.select(db.raw('1')).from('announcement_programs as ap0').whereRaw('ap0.announcement_id = a.id'))
        .orWhereExists((e) =>
          e
            .select(db.raw('1'))
            .from('announcement_programs as ap')
            .whereRaw('ap.announcement_id = a.id')
            .where((r) => r.where('ap.role', v.role).orWhere('a.is_public', true))
            .whereIn('ap.program_id', programs),
        ),
    );
  }
  return q
    .select(cols(db))
    .orderBy([
      { column: 'a.created_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .limit(limit);
}

/** The rooms of a parent's children (homeroom and other rooms), never a child they are black-listed for. */
export async function childrenPrograms(db: Db, userId: string): Promise<string[]> {
  const rows: { id: string }[] = await db
    .select('s.program_id as id')
    .from('student_users as su')
    .join('students as s', 's.id', 'su.student_id')
    .where('su.user_id', userId)
    .where('su.black_list', false)
    .whereNull('s.deleted_at')
    .whereNotNull('s.program_id')
    .union((u) =>
      u
        .select('sp.program_id as id')
        .from('student_users as su2')
        .join('student_programs as sp', 'sp.student_id', 'su2.student_id')
        .join('students as s2', 's2.id', 'su2.student_id')
        .where('su2.user_id', userId)
        .where('su2.black_list', false)
        .whereNull('s2.deleted_at'),
    );
  return rows.map((r) => String(r.id));
}

/** The locations of rooms. */
export async function programLocations(db: Db, programIds: readonly string[]): Promise<{ id: string; location_id: string }[]> {
  if (!programIds.length) return [];
  const rows = await db('programs').whereIn('id', programIds as string[]).whereNull('deleted_at').select('id', 'location_id');
  return rows.map((r) => ({ id: String(r.id), location_id: String(r.location_id) }));
}

/** Locations with their time zones, of those that exist. */
export async function locationZones(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db('locations').whereIn('id', ids as string[]).whereNull('deleted_at').select('id', 'timezone');
  return new Map(rows.map((r) => [String(r.id), String(r.timezone)]));
}

/**
 * The parents an announcement's action item goes to: active contacts (not black-listed) of the
 * active children at its locations (and in its rooms, when it names rooms).
 */
export async function guardiansOfAudience(
  db: Db,
  locations: readonly string[],
  programs: readonly string[],
): Promise<{ user_id: string; location_id: string }[]> {
  if (!locations.length) return [];
  const q = db('student_users as su')
    .join('students as s', 's.id', 'su.student_id')
    .join('users as u', 'u.id', 'su.user_id')
    .whereIn('s.location_id', locations as string[])
    .whereNull('s.deleted_at')
    .where('s.status', true)
    .where('su.black_list', false)
    .whereNull('u.deleted_at')
    .where('u.status', true);
  if (programs.length)
    q.where((w) =>
      w
        .whereIn('s.program_id', programs as string[])
        .orWhereExists((e) =>
          e.select(db.raw('1')).from('student_programs as sp').whereRaw('sp.student_id = s.id').whereIn('sp.program_id', programs as string[]),
        ),
    );
  const rows = await q.distinctOn('su.user_id').orderBy(['su.user_id', 's.location_id']).select('su.user_id', 's.location_id');
  return rows.map((r) => ({ user_id: String(r.user_id), location_id: String(r.location_id) }));
}

// ── action items ─────────────────────────────────────────────────────────────

export interface ActionItemRow {
  id: string;
  source_kind: string;
  source_id: string;
  user_id: string;
  location_id: string | null;
  title: string;
  due_date: string;
  overdue: boolean;
  created_at: Date;
  acknowledged_at: Date | null;
}

const itemCols = (db: Db) => [
  'i.id',
  'i.source_kind',
  'i.source_id',
  'i.user_id',
  'i.location_id',
  'i.title',
  'i.created_at',
  'i.acknowledged_at',
  db.raw(`to_char(i.due_date, 'YYYY-MM-DD') as due_date`),
  db.raw(`i.due_date < (now() at time zone coalesce(l.timezone, 'UTC'))::date as overdue`),
];

export async function insertActionItems(
  db: Db,
  rows: { source_kind: string; source_id: string; user_id: string; location_id: string | null; title: string; due_date: string; raised_by: string | null }[],
): Promise<number> {
  if (!rows.length) return 0;
  const out = await db('action_items')
    .insert(rows)
    .onConflict(db.raw('(source_kind, source_id, user_id)'))
    .merge({ title: db.raw('excluded.title'), due_date: db.raw('excluded.due_date'), closed_at: null })
    .returning('id');
  return out.length;
}

/** Closes the open items of a source (all, or those whose person is not in `keep`). */
export async function closeItems(db: Db, kind: string, sourceId: string, keep?: readonly string[]): Promise<number> {
  const q = db('action_items').where({ source_kind: kind, source_id: sourceId }).whereNull('closed_at');
  if (keep) q.whereNotIn('user_id', keep as string[]).whereNull('acknowledged_at');
  return q.update({ closed_at: db.fn.now() });
}

export async function openItemsOf(db: Db, userId: string): Promise<ActionItemRow[]> {
  return db('action_items as i')
    .leftJoin('locations as l', 'l.id', 'i.location_id')
    .where('i.user_id', userId)
    .whereNull('i.acknowledged_at')
    .whereNull('i.closed_at')
    .orderBy([{ column: 'i.due_date' }, { column: 'i.id' }])
    .select(itemCols(db));
}

export async function acknowledge(db: Db, id: string, userId: string): Promise<ActionItemRow | undefined> {
  const [found] = await db('action_items').where({ id, user_id: userId }).whereNull('closed_at').forUpdate().select('id');
  if (!found) return undefined;
  await db('action_items').where({ id }).whereNull('acknowledged_at').update({ acknowledged_at: db.fn.now() });
  return db('action_items as i').leftJoin('locations as l', 'l.id', 'i.location_id').where('i.id', id).first(itemCols(db));
}

/** Colours of announcement sources (an item's colour on /home). */
export async function colourOf(db: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (!ids.length) return new Map();
  const rows = await db('announcements').whereIn('id', ids as string[]).select('id', 'color_code');
  return new Map(rows.map((r) => [String(r.id), r.color_code]));
}

export async function itemSummaries(db: Db, kind: string, ids: readonly string[]): Promise<Map<string, { total: number; acknowledged: number }>> {
  if (!ids.length) return new Map();
  const rows = await db('action_items')
    .where('source_kind', kind)
    .whereIn('source_id', ids as string[])
    .whereNull('closed_at')
    .groupBy('source_id')
    .select('source_id', db.raw('count(*)::int as total'), db.raw('count(acknowledged_at)::int as acknowledged'));
  return new Map(rows.map((r) => [String(r.source_id), { total: Number(r.total), acknowledged: Number(r.acknowledged) }]));
}

export interface RecipientRow {
  user_id: string;
  fname: string;
  lname: string;
  email: string | null;
  phone: string | null;
  location_id: string | null;
  acknowledged_at: Date | null;
}

export async function pageRecipients(
  db: Db,
  kind: string,
  sourceId: string,
  locations: string[] | null,
  acknowledged: boolean | null | undefined,
  page: number,
  first: number,
) {
  const base = () => {
    const q = db('action_items as i').join('users as u', 'u.id', 'i.user_id').where({ 'i.source_kind': kind, 'i.source_id': sourceId }).whereNull('i.closed_at');
    if (locations !== null) q.whereIn('i.location_id', locations);
    if (acknowledged === true) q.whereNotNull('i.acknowledged_at');
    if (acknowledged === false) q.whereNull('i.acknowledged_at');
    return q;
  };
  return pageWithTotal<RecipientRow>(
    db,
    base()
      .select('i.user_id', 'u.fname', 'u.lname', 'u.email', 'u.phone', 'i.location_id', 'i.acknowledged_at')
      .orderByRaw('i.acknowledged_at nulls first, lower(u.lname), lower(u.fname), i.id'),
    () => base().count({ n: '*' }),
    page,
    first,
  );
}

// ── alerts and SMS recipients ────────────────────────────────────────────────

export interface Recipient {
  id: string;
  fname: string;
  email: string | null;
  phone: string | null;
  locale: string;
}

const recipientCols = ['u.id', 'u.fname', 'u.email', 'u.phone', 'u.locale'];

/** Active people by id. */
export async function peopleByIds(db: Db, ids: readonly string[]): Promise<Recipient[]> {
  if (!ids.length) return [];
  return db('users as u').whereIn('u.id', ids as string[]).whereNull('u.deleted_at').where('u.status', true).select(recipientCols);
}

/** Active guardians (not black-listed) of these children and of the children of these rooms. */
export async function guardiansOf(db: Db, students: readonly string[], programs: readonly string[]): Promise<Recipient[]> {
  if (!students.length && !programs.length) return [];
  return db('users as u')
    .whereNull('u.deleted_at')
    .where('u.status', true)
    .whereExists((e) =>
      e
        .select(db.raw('1'))
        .from('student_users as su')
        .join('students as s', 's.id', 'su.student_id')
        .whereRaw('su.user_id = u.id')
        .where('su.black_list', false)
        .whereNull('s.deleted_at')
        .where((w) => {
          if (students.length) w.orWhereIn('s.id', students as string[]);
          if (programs.length)
            w.orWhereIn('s.program_id', programs as string[]).orWhereExists((x) =>
              x.select(db.raw('1')).from('student_programs as sp').whereRaw('sp.student_id = s.id').whereIn('sp.program_id', programs as string[]),
            );
        }),
    )
    .select(recipientCols);
}

/** Ids of the people with these tags, and of the children with these tags. */
export async function taggedIds(db: Db, tags: readonly string[]): Promise<{ users: string[]; students: string[] }> {
  if (!tags.length) return { users: [], students: [] };
  const [users, students] = await Promise.all([
    db('user_tags').whereIn('tag_id', tags as string[]).distinct('user_id'),
    db('student_tags').whereIn('tag_id', tags as string[]).distinct('student_id'),
  ]);
  return { users: users.map((r) => String(r.user_id)), students: students.map((r) => String(r.student_id)) };
}

export async function existingTags(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  return new Set((await db('tags').whereIn('id', ids as string[]).select('id')).map((r) => String(r.id)));
}

/**
 * Of these people, those a staff viewer reaches: staff of `locations` (members or managers) and
 * contacts of children in the student scope (`studentIds` already filtered by the caller).
 */
export async function peopleAtLocations(db: Db, ids: readonly string[], locations: readonly string[]): Promise<Set<string>> {
  if (!ids.length || !locations.length) return new Set();
  const rows = await db('users as u')
    .whereIn('u.id', ids as string[])
    .where((w) =>
      w
        .whereExists((e) => e.select(db.raw('1')).from('user_locations as ul').whereRaw('ul.user_id = u.id').whereIn('ul.location_id', locations as string[]))
        .orWhereExists((e) =>
          e.select(db.raw('1')).from('location_managers as lm').whereRaw('lm.user_id = u.id').whereIn('lm.location_id', locations as string[]),
        ),
    )
    .select('u.id');
  return new Set(rows.map((r) => String(r.id)));
}

/** Contacts (not black-listed) of any child, with the child's id, for scope checks. */
export async function childrenOfContacts(db: Db, userIds: readonly string[]): Promise<{ user_id: string; student_id: string }[]> {
  if (!userIds.length) return [];
  const rows = await db('student_users').whereIn('user_id', userIds as string[]).where('black_list', false).select('user_id', 'student_id');
  return rows.map((r) => ({ user_id: String(r.user_id), student_id: String(r.student_id) }));
}

export async function pushTokensOf(db: Db, userIds: readonly string[]): Promise<{ user_id: string; token: string }[]> {
  if (!userIds.length) return [];
  const rows = await db('push_tokens').whereIn('user_id', userIds as string[]).select('user_id', 'token');
  return rows.map((r) => ({ user_id: String(r.user_id), token: String(r.token) }));
}

export async function unsubscribedPhones(db: Db, phones: readonly string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  return new Set((await db('sms_unsubscribes').whereIn('phone', phones as string[]).select('phone')).map((r) => String(r.phone)));
}

export interface AlertRow {
  id: string;
  message: string;
  sender: string | null;
  alert_user: string[];
  alert_student: string[];
  alert_program: string[];
  created_at: Date;
}

export async function insertAlert(db: Db, row: Record<string, unknown>): Promise<AlertRow> {
  const [r] = await db('alerts').insert(row).returning(['id', 'message', 'sender', 'alert_user', 'alert_student', 'alert_program', 'created_at']);
  return r as AlertRow;
}

// ── the audience the notification centre tells ──────────────────────────────

export interface PublishedAudience {
  announcement: AnnouncementRow;
  /** Each person once, with a location of the audience (the notice's location). */
  people: { user_id: string; location_id: string }[];
}

/**
 * An active announcement's audience as people: the parents of its locations (and rooms) when it
 * reaches parents (`user` or public), the teachers of its locations (in its rooms when it names
 * rooms) and the managers of its locations when it reaches them. Null when it is gone or inactive.
 */
export async function publishedAudience(db: Db, id: string): Promise<PublishedAudience | null> {
  const [announcement] = await findAnnouncements(db, [id]);
  if (!announcement || !announcement.status) return null;
  const locs: { location_id: string; role: string }[] = await db('announcement_locations').where({ announcement_id: id }).select('location_id', 'role');
  const progs: { program_id: string; role: string }[] = await db('announcement_programs').where({ announcement_id: id }).select('program_id', 'role');
  const locations = [...new Set(locs.map((l) => String(l.location_id)))];
  const programs = [...new Set(progs.map((p) => String(p.program_id)))];
  const roles = new Set(locs.map((l) => l.role));
  const reaches = (role: string) => announcement.is_public || roles.has(role);
  const people = new Map<string, string>();
  if (reaches('user')) for (const g of await guardiansOfAudience(db, locations, programs)) people.set(g.user_id, g.location_id);
  if ((reaches('teacher') || reaches('manager')) && locations.length) {
    const r = await db.raw(
      `select distinct on (x.user_id) x.user_id, x.location_id from (
          select ul.user_id, ul.location_id from user_locations ul
            join user_roles ur on ur.user_id = ul.user_id join roles r on r.id = ur.role_id and r.name = 'teacher'
           where ? and ul.location_id = any(?::bigint[])
             and (cardinality(?::bigint[]) = 0 or exists (select 1 from user_programs up where up.user_id = ul.user_id and up.program_id = any(?::bigint[])))
          union all
          select lm.user_id, lm.location_id from location_managers lm where ? and lm.location_id = any(?::bigint[])
        ) x join users u on u.id = x.user_id
       where u.deleted_at is null and u.status
       order by x.user_id, x.location_id`,
      [reaches('teacher'), `{${locations.join(',')}}`, `{${programs.join(',')}}`, `{${programs.join(',')}}`, reaches('manager'), `{${locations.join(',')}}`],
    );
    for (const x of r.rows as { user_id: string; location_id: string }[]) if (!people.has(String(x.user_id))) people.set(String(x.user_id), String(x.location_id));
  }
  return { announcement, people: [...people].map(([user_id, location_id]) => ({ user_id, location_id })) };
}

export interface OpenItemDay {
  id: string;
  user_id: string;
  location_id: string | null;
  title: string;
  due_date: string;
  /** Today in the item's location's time zone (UTC without one), YYYY-MM-DD. */
  today: string;
}

/** Open items (not acknowledged, not withdrawn) raised before today in their location's zone. */
export async function openItemsToRemind(db: Db, now: Date, limit = 5000): Promise<OpenItemDay[]> {
  const r = await db.raw(
    `select i.id, i.user_id, i.location_id, i.title, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
            to_char((?::timestamptz at time zone coalesce(l.timezone, 'UTC'))::date, 'YYYY-MM-DD') as today
       from action_items i left join locations l on l.id = i.location_id
      where i.acknowledged_at is null and i.closed_at is null
        and (i.created_at at time zone coalesce(l.timezone, 'UTC'))::date < (?::timestamptz at time zone coalesce(l.timezone, 'UTC'))::date
      order by i.id limit ?`,
    [now.toISOString(), now.toISOString(), limit],
  );
  return r.rows.map((x: OpenItemDay) => ({ ...x, id: String(x.id), user_id: String(x.user_id), location_id: x.location_id === null ? null : String(x.location_id) }));
}

/** STOP adds the number to the unsubscribed list (source `sms`), START removes it. */
export async function setSmsSubscription(db: Db, phone: string, subscribed: boolean, source = 'sms'): Promise<void> {
  if (subscribed) await db('sms_unsubscribes').where({ phone }).del();
  else await db('sms_unsubscribes').insert({ phone, source }).onConflict('phone').ignore();
}

/** The unsubscribed-SMS list, newest first (the newsletters area's `getUnsubscribedSms`); `first: null` gives every row (CSV). */
export async function pageSmsUnsubscribes(
  db: Db,
  search: string | null,
  page: number,
  first: number | null,
): Promise<{ rows: { id: string; phone: string; source: string; created_at: Date }[]; total: number }> {
  const q = db('sms_unsubscribes').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
  if (search) q.where('phone', 'like', `%${search.replace(/[\\%_]/g, '\\$&')}%`);
  const rows = await q
    .select('id', 'phone', 'source', 'created_at', db.raw('count(*) over () as _total'))
    .limit(first ?? 100_000)
    .offset(first ? (page - 1) * first : 0);
  return { rows: rows.map(({ _total, ...r }) => ({ ...r, id: String(r.id) })), total: rows.length ? Number(rows[0]._total) : 0 };
}
