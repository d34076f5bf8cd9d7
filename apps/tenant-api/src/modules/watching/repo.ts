import type { Knex } from 'knex';
import type { CameraFacts, ChildLink, LimitFacts, LocationFacts, ScheduleDate } from './rules.ts';
import { localDate } from './rules.ts';

type Db = Knex | Knex.Transaction;

export interface FactsBatch {
  cameras: Map<string, CameraFacts & { code: string; name: string; order: number }>;
  /** Per camera: the viewer's children and whether each is linked to it. */
  children: Map<string, ChildLink[]>;
  locations: Map<string, LocationFacts>;
  /** Per location: the viewer's limit facts for the location's local today. */
  limits: Map<string, LimitFacts>;
  /** Locations where the viewer has a live session (a visit: more cameras in it count no new login). */
  openLocations: Set<string>;
  viewerActive: boolean;
}

const str = (v: unknown) => String(v);

/**
 * Everything the rule engine needs for one viewer and many cameras, in a fixed number of queries
 * (no per-camera or per-child round trips): cameras + schedules, the viewer's child links (own
 * cameras, rooms, other rooms, rooms' camera groups), open attendances, location settings, the
 * viewer's limits and open sessions.
 */
export async function loadFacts(db: Db, viewerId: string, cameraIds: readonly string[], at: Date): Promise<FactsBatch> {
  const cams = cameraIds.length
    ? await db('cameras as c')
        .leftJoin('schedules as s', function () {
          this.on('s.id', 'c.schedule_id').andOnNull('s.deleted_at');
        })
        .whereIn('c.id', cameraIds as string[])
        .whereNull('c.deleted_at')
        .select(
          'c.id',
          'c.name',
          'c.code',
          'c.order',
          'c.location_id',
          'c.status',
          'c.program_id',
          'c.schedule_id',
          's.status as schedule_status',
        )
    : [];
  const scheduleIds = [...new Set(cams.filter((c) => c.schedule_id && c.schedule_status !== null).map((c) => str(c.schedule_id)))];
  const locationIds = [...new Set(cams.map((c) => str(c.location_id)))];
  const [dates, user, links, locs] = await Promise.all([
    scheduleIds.length
      ? db('schedule_dates')
          .whereIn('schedule_id', scheduleIds)
          .select(
            'schedule_id',
            'day',
            db.raw("to_char(start_time, 'HH24:MI') as start_time"),
            db.raw("to_char(end_time, 'HH24:MI') as end_time"),
          )
      : [],
    db('users').where({ id: viewerId }).first('status', 'deleted_at'),
    db('student_users as su')
      .join('students as st', 'st.id', 'su.student_id')
      .where('su.user_id', viewerId)
      .whereNull('st.deleted_at')
      .select('st.id', 'st.status', 'st.location_id', 'st.program_id', 'su.black_list', 'su.watch_camera'),
    locationIds.length
      ? db('locations as l')
          .leftJoin('location_settings as ls', 'ls.location_id', 'l.id')
          .whereIn('l.id', locationIds)
          .select(
            'l.id',
            'l.timezone',
            'ls.enable_max_login_feature',
            'ls.max_daily_logins',
            'ls.camera_only_checked_in',
            'ls.user_time_out',
          )
      : [],
  ]);
  const studentIds = links.map((l) => str(l.id));
  const [ownCams, otherRooms, open, settings, sessions] = await Promise.all([
    studentIds.length && cameraIds.length
      ? db('student_cameras')
          .whereIn('student_id', studentIds)
          .whereIn('camera_id', cameraIds as string[])
          .select('student_id', 'camera_id')
      : [],
    studentIds.length ? db('student_programs').whereIn('student_id', studentIds).select('student_id', 'program_id') : [],
    studentIds.length
      ? db('attendances').whereIn('student_id', studentIds).whereNull('end_time').whereNull('deleted_at').select('student_id')
      : [],
    db('user_settings')
      .where({ user_id: viewerId })
      .first('max_daily_camera_logins', 'extra_camera_logins', db.raw("to_char(extra_camera_logins_on, 'YYYY-MM-DD') as extra_on")),
    db('camera_watch_sessions').where({ user_id: viewerId }).whereNull('ended_at').distinct('location_id'),
  ]);
  // Rooms of each child (homeroom and other rooms) and the cameras of those rooms' camera groups.
  const rooms = new Map<string, Set<string>>();
  for (const l of links) rooms.set(str(l.id), new Set(l.program_id ? [str(l.program_id)] : []));
  for (const r of otherRooms) rooms.get(str(r.student_id))?.add(str(r.program_id));
  const allRooms = [...new Set([...rooms.values()].flatMap((s) => [...s]))];
  const groupCams =
    allRooms.length && cameraIds.length
      ? await db('programs as p')
          .join('camera_group_cameras as g', 'g.camera_group_id', 'p.camera_group_id')
          .whereIn('p.id', allRooms)
          .whereIn('g.camera_id', cameraIds as string[])
          .select('p.id as program_id', 'g.camera_id')
      : [];
  const own = new Set(ownCams.map((r) => `${r.student_id}:${r.camera_id}`));
  const groupOf = new Set(groupCams.map((r) => `${r.program_id}:${r.camera_id}`));
  const checkedIn = new Set(open.map((r) => str(r.student_id)));

  const datesBy = new Map<string, ScheduleDate[]>();
  for (const d of dates)
    datesBy.set(str(d.schedule_id), [
      ...(datesBy.get(str(d.schedule_id)) ?? []),
      { day: d.day, start_time: d.start_time, end_time: d.end_time },
    ]);

  const out: FactsBatch = {
    cameras: new Map(),
    children: new Map(),
    locations: new Map(),
    limits: new Map(),
    openLocations: new Set(sessions.map((s) => str(s.location_id))),
    viewerActive: Boolean(user && user.status && !user.deleted_at),
  };
  for (const l of locs) {
    out.locations.set(str(l.id), {
      timezone: l.timezone,
      enable_max_login_feature: Boolean(l.enable_max_login_feature),
      max_daily_logins: l.max_daily_logins ?? null,
      // No settings row yet: the default (on).
      only_checked_in: l.camera_only_checked_in ?? true,
      user_time_out: l.user_time_out ?? null,
    });
  }
  // Logins used today, by each location's local date.
  const today = new Map(locationIds.map((id) => [id, localDate(at, out.locations.get(id)?.timezone ?? 'UTC')]));
  const used = locationIds.length
    ? await db('camera_daily_logins')
        .where({ user_id: viewerId })
        .whereIn('location_id', locationIds)
        .whereIn('date', [...new Set(today.values())])
        .select('location_id', db.raw("to_char(date, 'YYYY-MM-DD') as date"), 'logins')
    : [];
  for (const id of locationIds) {
    const row = used.find((u) => str(u.location_id) === id && u.date === today.get(id));
    // "Raise today's limit" is stored by the people module with the UTC date; honour either date.
    const extraOn = settings?.extra_on as string | undefined;
    const extra =
      extraOn && (extraOn === today.get(id) || extraOn === at.toISOString().slice(0, 10)) ? Number(settings?.extra_camera_logins ?? 0) : 0;
    out.limits.set(id, { own: settings?.max_daily_camera_logins ?? null, extra, used: Number(row?.logins ?? 0) });
  }
  for (const c of cams) {
    const id = str(c.id);
    const schedule =
      c.schedule_id && c.schedule_status !== null && c.schedule_status !== undefined
        ? { status: Boolean(c.schedule_status), dates: datesBy.get(str(c.schedule_id)) ?? [] }
        : null;
    out.cameras.set(id, {
      id,
      name: c.name,
      code: c.code,
      order: c.order,
      location_id: str(c.location_id),
      status: Boolean(c.status),
      program_id: c.program_id ? str(c.program_id) : null,
      schedule,
    });
    out.children.set(
      id,
      links.map((l) => {
        const sid = str(l.id);
        const childRooms = rooms.get(sid) ?? new Set<string>();
        const linked =
          own.has(`${sid}:${id}`) ||
          (c.program_id !== null && childRooms.has(str(c.program_id))) ||
          [...childRooms].some((r) => groupOf.has(`${r}:${id}`));
        return {
          student_id: sid,
          student_active: Boolean(l.status),
          student_location_id: str(l.location_id),
          black_list: Boolean(l.black_list),
          watch_camera: Boolean(l.watch_camera),
          linked,
          checked_in: checkedIn.has(sid),
        };
      }),
    );
  }
  return out;
}

/** Cameras linked to a viewer's children (candidates for the grid): own cameras, rooms' cameras, rooms' groups. */
export async function candidateCameraIds(db: Db, viewerId: string): Promise<string[]> {
  const rows = await db.raw(
    `with kids as (
       select st.id, st.location_id, st.program_id from student_users su join students st on st.id = su.student_id
       where su.user_id = ? and st.deleted_at is null),
     rooms as (
       select id as student_id, program_id from kids where program_id is not null
       union select sp.student_id, sp.program_id from student_programs sp join kids k on k.id = sp.student_id)
     select c.id from cameras c where c.deleted_at is null and (
       c.id in (select camera_id from student_cameras where student_id in (select id from kids))
       or c.program_id in (select program_id from rooms)
       or c.id in (select g.camera_id from rooms r join programs p on p.id = r.program_id join camera_group_cameras g on g.camera_group_id = p.camera_group_id))
     order by c.location_id, c."order", c.id`,
    [viewerId],
  );
  return rows.rows.map((r: { id: unknown }) => str(r.id));
}

export async function cameraIdsOfLocations(db: Db, locationIds: readonly string[] | null): Promise<string[]> {
  const q = db('cameras')
    .whereNull('deleted_at')
    .orderBy([{ column: 'location_id' }, { column: 'order' }, { column: 'id' }]);
  if (locationIds) q.whereIn('location_id', locationIds as string[]);
  return (await q.select('id')).map((r) => str(r.id));
}

// ── sessions ────────────────────────────────────────────────────────────────

export const SESSION_COLUMNS = [
  'id',
  'user_id',
  'student_id',
  'camera_id',
  'location_id',
  'streaming_server_id',
  'date',
  'started_at',
  'last_heartbeat_at',
  'ended_at',
  'seconds',
  'ended_reason',
  'counted',
  'ip',
  'user_agent',
  'media_session_id',
  'opened_at',
];

export interface SessionRow {
  id: string;
  user_id: string;
  student_id: string | null;
  camera_id: string;
  location_id: string;
  streaming_server_id: string | null;
  started_at: Date;
  last_heartbeat_at: Date;
  ended_at: Date | null;
  seconds: number;
  ended_reason: string | null;
  counted: boolean;
  media_session_id: string | null;
  [k: string]: unknown;
}

export async function findOpenSession(db: Db, userId: string, cameraId: string): Promise<SessionRow | undefined> {
  return db('camera_watch_sessions')
    .where({ user_id: userId, camera_id: cameraId })
    .whereNull('ended_at')
    .orderBy('id', 'desc')
    .first(SESSION_COLUMNS);
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db('camera_watch_sessions').where({ id }).first(SESSION_COLUMNS);
}

export async function insertSession(db: Db, row: Record<string, unknown>): Promise<SessionRow> {
  const [r] = await db('camera_watch_sessions').insert(row).returning(SESSION_COLUMNS);
  return r;
}

export async function touchSession(db: Db, id: string, at: Date): Promise<SessionRow | undefined> {
  const [r] = await db('camera_watch_sessions')
    .where({ id })
    .whereNull('ended_at')
    .update({
      last_heartbeat_at: at,
      seconds: db.raw('greatest(0, extract(epoch from (?::timestamptz - started_at)))::int', [at.toISOString()]),
    })
    .returning(SESSION_COLUMNS);
  return r;
}

/** Ends live sessions; seconds run from start to the last sign of life (heartbeat) or now, whichever is earlier. */
export async function endSessions(db: Db, ids: readonly string[], reason: string, at: Date): Promise<SessionRow[]> {
  if (!ids.length) return [];
  return db('camera_watch_sessions')
    .whereIn('id', ids as string[])
    .whereNull('ended_at')
    .update({
      ended_at: at,
      ended_reason: reason,
      seconds: db.raw(
        "greatest(0, extract(epoch from (least(?::timestamptz, last_heartbeat_at + interval '30 seconds') - started_at)))::int",
        [at.toISOString()],
      ),
    })
    .returning(SESSION_COLUMNS);
}

export async function setMediaSession(db: Db, id: string, mediaSessionId: string | null): Promise<void> {
  await db('camera_watch_sessions').where({ id }).update({ media_session_id: mediaSessionId, opened_at: db.fn.now() });
}

/** The newest playback token of a session (older ones stop opening it). */
export async function setTokenJti(db: Db, id: string, jti: string): Promise<void> {
  await db('camera_watch_sessions').where({ id }).update({ token_jti: jti });
}

export async function openSessions(db: Db, limit = 5000): Promise<SessionRow[]> {
  return db('camera_watch_sessions').whereNull('ended_at').orderBy('id').limit(limit).select(SESSION_COLUMNS);
}

// ── daily logins ────────────────────────────────────────────────────────────

export async function countLogin(db: Db, userId: string, locationId: string, date: string, by = 1): Promise<number> {
  const r = await db.raw(
    `insert into camera_daily_logins (user_id, location_id, date, logins) values (?, ?, ?, greatest(0, ?))
     on conflict (user_id, location_id, date) do update set logins = greatest(0, camera_daily_logins.logins + ?), updated_at = now()
     returning logins`,
    [userId, locationId, date, by, by],
  );
  return Number(r.rows[0].logins);
}

export async function setLogins(db: Db, userId: string, locationId: string, date: string, logins: number): Promise<void> {
  await db.raw(
    `insert into camera_daily_logins (user_id, location_id, date, logins) values (?, ?, ?, ?)
     on conflict (user_id, location_id, date) do update set logins = excluded.logins, updated_at = now()`,
    [userId, locationId, date, logins],
  );
}

export async function locationTimezone(db: Db, locationId: string): Promise<string | null> {
  const r = await db('locations').where({ id: locationId }).first('timezone');
  return r ? String(r.timezone) : null;
}

/** Locations of a contact's children (where the contact's logins count). */
export async function contactLocationIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db('student_users as su')
    .join('students as st', 'st.id', 'su.student_id')
    .where('su.user_id', userId)
    .whereNull('st.deleted_at')
    .distinct('st.location_id');
  return rows.map((r) => str(r.location_id));
}

// ── reports ─────────────────────────────────────────────────────────────────

const personName = (db: Db, alias: string, as: string) =>
  db.raw(`trim(coalesce(${alias}.fname, '') || ' ' || coalesce(${alias}.lname, '')) as ${as}`);

export async function pageDailyLogins(db: Db, locationIds: string[] | null, from: string, to: string, page: number, first: number) {
  const base = () => {
    const q = db('camera_daily_logins as d').join('users as u', 'u.id', 'd.user_id').whereBetween('d.date', [from, to]);
    if (locationIds) q.whereIn('d.location_id', locationIds);
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const rows = await base()
    .orderBy([{ column: 'd.date', order: 'desc' }, { column: 'd.logins', order: 'desc' }, { column: 'd.user_id' }])
    .limit(first)
    .offset((page - 1) * first)
    .select('d.user_id', 'd.location_id', db.raw("to_char(d.date, 'YYYY-MM-DD') as date"), 'd.logins', personName(db, 'u', 'user_name'));
  return { rows, total: Number(count?.n ?? 0) };
}

export async function pageWatchTime(
  db: Db,
  locationIds: string[] | null,
  from: string,
  to: string,
  userId: string | null,
  page: number,
  first: number,
) {
  const base = () => {
    const q = db('camera_watch_sessions as w')
      .join('users as u', 'u.id', 'w.user_id')
      .join('cameras as c', 'c.id', 'w.camera_id')
      .leftJoin('students as st', 'st.id', 'w.student_id')
      .whereBetween('w.date', [from, to]);
    if (locationIds) q.whereIn('w.location_id', locationIds);
    if (userId) q.where('w.user_id', userId);
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const [sum] = await base().sum({
    s: db.raw('case when w.ended_at is null then greatest(0, extract(epoch from (now() - w.started_at)))::int else w.seconds end'),
  });
  const rows = await base()
    .orderBy([
      { column: 'w.started_at', order: 'desc' },
      { column: 'w.id', order: 'desc' },
    ])
    .limit(first)
    .offset((page - 1) * first)
    .select(
      'w.id',
      'w.user_id',
      'w.student_id',
      'w.camera_id',
      'w.location_id',
      db.raw("to_char(w.date, 'YYYY-MM-DD') as date"),
      'w.started_at',
      'w.ended_at',
      db.raw(
        'case when w.ended_at is null then greatest(0, extract(epoch from (now() - w.started_at)))::int else w.seconds end as seconds',
      ),
      'w.ended_reason',
      'w.ip',
      'w.user_agent',
      'c.name as camera_name',
      personName(db, 'u', 'user_name'),
      personName(db, 'st', 'student_name'),
    );
  return { rows, total: Number(count?.n ?? 0), seconds: Number(sum?.s ?? 0) };
}

export async function liveSessions(db: Db, locationIds: string[] | null, page: number, first: number) {
  const base = () => {
    const q = db('camera_watch_sessions as w')
      .join('users as u', 'u.id', 'w.user_id')
      .join('cameras as c', 'c.id', 'w.camera_id')
      .leftJoin('students as st', 'st.id', 'w.student_id')
      .whereNull('w.ended_at');
    if (locationIds) q.whereIn('w.location_id', locationIds);
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const rows = await base()
    .orderBy([{ column: 'w.location_id' }, { column: 'c.order' }, { column: 'w.id' }])
    .limit(first)
    .offset((page - 1) * first)
    .select(
      'w.id',
      'w.user_id',
      'w.student_id',
      'w.camera_id',
      'w.location_id',
      db.raw("to_char(w.date, 'YYYY-MM-DD') as date"),
      'w.started_at',
      'w.ended_at',
      'w.last_heartbeat_at',
      db.raw('greatest(0, extract(epoch from (now() - w.started_at)))::int as seconds'),
      'w.ended_reason',
      'w.ip',
      'w.user_agent',
      'c.name as camera_name',
      personName(db, 'u', 'user_name'),
      personName(db, 'st', 'student_name'),
    );
  return { rows, total: Number(count?.n ?? 0) };
}
