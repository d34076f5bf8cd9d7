import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface CalendarRow {
  id: string;
  name: string;
  location_id: string;
  google_calendar_id: string | null;
  is_public: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface EventRow {
  id: string;
  calendar_id: string;
  location_id: string;
  name: string;
  details: string | null;
  date: string;
  start_time: string | null;
  end_time: string | null;
  full_day: boolean;
  starts_at: Date;
  ends_at: Date;
  recursive_id: string | null;
  recursing: boolean;
  days: string[];
  recurs_until: string | null;
  external_id: string | null;
  is_public?: boolean;
  created_at: Date;
  updated_at: Date;
}

const CAL = ['id', 'name', 'location_id', 'google_calendar_id', 'is_public', 'created_at', 'updated_at'].map((c) => `c.${c}`);
const EVENT_COLUMNS = [
  'id',
  'calendar_id',
  'location_id',
  'name',
  'details',
  'start_time',
  'end_time',
  'full_day',
  'starts_at',
  'ends_at',
  'recursive_id',
  'recursing',
  'days',
  'external_id',
  'created_at',
  'updated_at',
];
const eventSelect = (db: Db, alias = 'e') => [
  ...EVENT_COLUMNS.map((c) => `${alias}.${c}`),
  db.raw(`to_char(${alias}.date, 'YYYY-MM-DD') as date`),
  db.raw(`to_char(${alias}.recurs_until, 'YYYY-MM-DD') as recurs_until`),
];
const idText = <T extends { id: unknown }>(r: T) => ({ ...r, id: String(r.id) });

// ── calendars ───────────────────────────────────────────────────────────────

/** Calendars of these locations (`null`: all), the non-public ones only when `withPrivate`. */
export async function listCalendars(db: Db, f: { locationIds: string[] | null; withPrivate: boolean }): Promise<CalendarRow[]> {
  const q = db('calendars as c')
    .select(CAL)
    .orderBy([{ column: 'c.location_id' }, { column: 'c.is_public', order: 'desc' }, { column: 'c.name' }]);
  if (f.locationIds) q.whereIn('c.location_id', f.locationIds);
  if (!f.withPrivate) q.where('c.is_public', true);
  return (await q).map((r: CalendarRow) => ({ ...idText(r), location_id: String(r.location_id) }));
}

export async function findCalendar(db: Db, id: string, lock = false): Promise<CalendarRow | undefined> {
  const q = db('calendars as c').where('c.id', id).first(CAL);
  if (lock) q.forUpdate();
  const r = await q;
  return r ? { ...idText(r), location_id: String(r.location_id) } : undefined;
}

export async function findCalendars(db: Db, ids: readonly string[]): Promise<CalendarRow[]> {
  if (!ids.length) return [];
  const rows = await db('calendars as c')
    .whereIn('c.id', ids as string[])
    .select(CAL);
  return rows.map((r: CalendarRow) => ({ ...idText(r), location_id: String(r.location_id) }));
}

export async function insertCalendar(trx: Knex.Transaction, row: Record<string, unknown>): Promise<CalendarRow> {
  const [r] = await trx('calendars').insert(row).returning('id');
  return (await findCalendar(trx, String(r.id)))!;
}

export async function updateCalendar(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<CalendarRow> {
  await trx('calendars')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() });
  return (await findCalendar(trx, id))!;
}

export async function deleteCalendar(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('calendars').where({ id }).delete();
}

export async function calendarHasEvents(db: Db, id: string): Promise<boolean> {
  return Boolean(await db('calendar_events').where({ calendar_id: id }).first('id'));
}

// ── events ──────────────────────────────────────────────────────────────────

export async function findEvent(db: Db, id: string): Promise<EventRow | undefined> {
  const r = await db('calendar_events as e').where('e.id', id).first(eventSelect(db));
  return r ? norm(r) : undefined;
}

const norm = (r: EventRow): EventRow => ({
  ...r,
  id: String(r.id),
  calendar_id: String(r.calendar_id),
  location_id: String(r.location_id),
});

/** Occurrences of one event's series in the scope (`this`, `following`, `all`), locked. */
export async function seriesRows(trx: Knex.Transaction, ev: EventRow, scope: 'this' | 'following' | 'all'): Promise<EventRow[]> {
  const q = trx('calendar_events as e').select(eventSelect(trx)).orderBy('e.date').forUpdate();
  if (scope === 'this' || !ev.recursive_id) q.where('e.id', ev.id);
  else {
    q.where('e.recursive_id', ev.recursive_id);
    if (scope === 'following') q.where('e.date', '>=', ev.date);
  }
  return (await q).map(norm);
}

export async function insertEvents(
  trx: Knex.Transaction,
  rows: Record<string, unknown>[],
  programIds: readonly string[],
): Promise<string[]> {
  if (!rows.length) return [];
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const got = await trx('calendar_events')
      .insert(rows.slice(i, i + 500))
      .returning('id');
    ids.push(...got.map((r: { id: string }) => String(r.id)));
  }
  await setPrograms(trx, ids, programIds);
  return ids;
}

export async function setPrograms(trx: Knex.Transaction, eventIds: readonly string[], programIds: readonly string[]): Promise<void> {
  if (!eventIds.length) return;
  await trx('calendar_event_programs')
    .whereIn('event_id', eventIds as string[])
    .delete();
  const rows = eventIds.flatMap((event_id) => programIds.map((program_id) => ({ event_id, program_id })));
  for (let i = 0; i < rows.length; i += 1000) await trx('calendar_event_programs').insert(rows.slice(i, i + 1000));
}

export async function updateEvents(trx: Knex.Transaction, ids: readonly string[], patch: Record<string, unknown>): Promise<void> {
  if (!ids.length) return;
  // Moved to another calendar: the Google copy in the old one goes (the push deletes it there).
  if (patch.calendar_id !== undefined) await forgetGoogleCopies(trx, ids, String(patch.calendar_id));
  await trx('calendar_events')
    .whereIn('id', ids as string[])
    .update({ ...patch, google_dirty: true, updated_at: trx.fn.now() });
}

/** Rows leaving their calendar (or deleted): their Google ids wait in `calendar_google_deletions`. */
async function forgetGoogleCopies(trx: Knex.Transaction, ids: readonly string[], unlessCalendar: string | null): Promise<void> {
  await trx.raw(
    `with gone as (
       update calendar_events e set external_id = null
         from calendar_events old
        where old.id = e.id and e.id = any(?::bigint[]) and e.external_id is not null
          and (?::bigint is null or e.calendar_id <> ?::bigint)
       returning old.calendar_id, old.external_id
     )
     insert into calendar_google_deletions (calendar_id, external_id) select calendar_id, external_id from gone where external_id is not null`,
    [[...ids], unlessCalendar, unlessCalendar] as Knex.RawBinding[],
  );
}

/** Per-row instants after a time change (each row's own date, in the zone). */
export async function updateEventInstants(
  trx: Knex.Transaction,
  rows: readonly { id: string; starts_at: Date; ends_at: Date }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await trx.raw(
      `update calendar_events e set starts_at = v.s::timestamptz, ends_at = v.t::timestamptz
         from (select unnest(?::bigint[]) as id, unnest(?::text[]) as s, unnest(?::text[]) as t) v where e.id = v.id`,
      [chunk.map((r) => r.id), chunk.map((r) => r.starts_at.toISOString()), chunk.map((r) => r.ends_at.toISOString())],
    );
  }
}

export async function deleteEvents(trx: Knex.Transaction, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  // The Google copies of the deleted rows are deleted there by the push job.
  await trx.raw(
    `with gone as (delete from calendar_events where id = any(?::bigint[]) returning calendar_id, external_id)
     insert into calendar_google_deletions (calendar_id, external_id) select calendar_id, external_id from gone where external_id is not null`,
    [[...ids]],
  );
}

export async function programsOf(db: Db, eventIds: readonly string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const out = new Map<string, { id: string; name: string }[]>();
  if (!eventIds.length) return out;
  const rows = await db('calendar_event_programs as ep')
    .join('programs as p', 'p.id', 'ep.program_id')
    .whereIn('ep.event_id', eventIds as string[])
    .select('ep.event_id', 'p.id', 'p.name')
    .orderBy('p.name');
  for (const r of rows) {
    const k = String(r.event_id);
    out.set(k, [...(out.get(k) ?? []), { id: String(r.id), name: r.name }]);
  }
  return out;
}

/** The rooms among `ids` that belong to `locationId`. */
export async function programsAt(db: Db, locationId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db('programs')
    .where({ location_id: locationId })
    .whereIn('id', ids as string[])
    .whereNull('deleted_at')
    .select('id');
  return new Set(rows.map((r: { id: string }) => String(r.id)));
}

/** What an events query sees: staff whole calendars of locations; families public ones of their children. */
export type EventVisibility =
  { kind: 'staff'; locationIds: string[] | null; privateToo: boolean; onlyPrivate?: boolean } | { kind: 'family'; userId: string };

/**
 * Occurrences in `from` … `to` (local dates) that the visibility reaches, narrowed to a location
 * and to rooms (an event without rooms is for the whole location). Families see the public
 * calendars of their children's locations, and of a room's events only their children's rooms'.
 * One statement (indexes calendar_events_location_date_idx, calendar_event_programs_program_idx).
 */
export async function eventsBetween(
  db: Db,
  vis: EventVisibility,
  f: { locationId: string | null; programIds: string[] | null; from: string; to: string },
): Promise<EventRow[]> {
  const q = db('calendar_events as e')
    .join('calendars as c', 'c.id', 'e.calendar_id')
    .select([...eventSelect(db), 'c.is_public'])
    .whereBetween('e.date', [f.from, f.to])
    .orderBy([{ column: 'e.starts_at' }, { column: 'e.id' }])
    .limit(5000);
  if (f.locationId) q.where('e.location_id', f.locationId);
  if (f.programIds?.length)
    q.where((w) =>
      w
        .whereNotExists((x) => x.select(db.raw('1')).from('calendar_event_programs as a').whereRaw('a.event_id = e.id'))
        .orWhereExists((x) =>
          x.select(db.raw('1')).from('calendar_event_programs as a').whereRaw('a.event_id = e.id').whereIn('a.program_id', f.programIds!),
        ),
    );
  if (vis.kind === 'staff') {
    if (vis.locationIds) q.whereIn('e.location_id', vis.locationIds);
    if (vis.onlyPrivate) q.where('c.is_public', false);
    else if (!vis.privateToo) q.where('c.is_public', true);
  } else {
    // The viewer's children (not black-listed), their locations and rooms (homeroom and others).
    const kids = db('student_users as su')
      .join('students as s', 's.id', 'su.student_id')
      .where('su.user_id', vis.userId)
      .whereNull('s.deleted_at')
      .where('su.black_list', false);
    q.where('c.is_public', true)
      .whereIn('e.location_id', kids.clone().select('s.location_id'))
      .where((w) =>
        w
          .whereNotExists((x) => x.select(db.raw('1')).from('calendar_event_programs as b').whereRaw('b.event_id = e.id'))
          .orWhereExists((x) =>
            x
              .select(db.raw('1'))
              .from('calendar_event_programs as b')
              .whereRaw('b.event_id = e.id')
              .where((p) =>
                p
                  .whereIn('b.program_id', kids.clone().whereNotNull('s.program_id').select('s.program_id'))
                  .orWhereIn(
                    'b.program_id',
                    db('student_programs as sp')
                      .join('student_users as su2', 'su2.student_id', 'sp.student_id')
                      .join('students as s2', 's2.id', 'sp.student_id')
                      .where('su2.user_id', vis.userId)
                      .where('su2.black_list', false)
                      .whereNull('s2.deleted_at')
                      .select('sp.program_id'),
                  ),
              ),
          ),
      );
  }
  return (await q).map(norm);
}
