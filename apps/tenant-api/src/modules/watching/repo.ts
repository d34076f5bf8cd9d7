import type { Knex } from 'knex';
import { runSql, sql } from '@kv/db';

type Db = Knex | Knex.Transaction;

const str = (v: unknown) => String(v);

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
  'last_activity_at',
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
  /** The player last reported the viewer active (null: not since the start). */
  last_activity_at: Date | null;
  [k: string]: unknown;
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db('camera_watch_sessions').where({ id }).first(SESSION_COLUMNS);
}

/** A heartbeat: the player is alive (and, when `active`, so is the viewer). */
export async function touchSession(db: Db, id: string, at: Date, active: boolean): Promise<SessionRow | undefined> {
  const [r] = await db('camera_watch_sessions')
    .where({ id })
    .whereNull('ended_at')
    .update({
      last_heartbeat_at: at,
      ...(active ? { last_activity_at: at } : {}),
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

/**
 * MediaMTX's callback let a token in: the first MediaMTX session to present a token id owns it
 * (recorded with its id, for the kick API); the same MediaMTX session may present it again, any
 * other (a copied playlist URL) may not. False: refused. One conditional update, so two copies
 * racing cannot both win.
 */
export async function claimMediaToken(db: Db, sid: string, jti: string, mediaSessionId: string | null): Promise<boolean> {
  const n = await db('camera_watch_sessions')
    .where({ id: sid, token_jti: jti })
    .whereNull('ended_at')
    .where((w) => {
      w.whereRaw('media_jti is distinct from ?', [jti]);
      if (mediaSessionId) w.orWhere({ media_session_id: mediaSessionId });
    })
    .update({ media_jti: jti, media_session_id: mediaSessionId ?? db.raw('media_session_id'), opened_at: db.fn.now() });
  return n > 0;
}

export async function openSessions(db: Db, limit = 5000): Promise<SessionRow[]> {
  return db('camera_watch_sessions').whereNull('ended_at').orderBy('id').limit(limit).select(SESSION_COLUMNS);
}

export interface StartSession {
  user_id: string;
  student_id: string | null;
  camera_id: string;
  location_id: string;
  streaming_server_id: string | null;
  /** The location's local date (the day the login counts on). */
  date: string;
  at: Date;
  counted: boolean;
  ip: string | null;
  user_agent: string | null;
  /** The id of the newest playback token: the session's older tokens stop opening it. */
  token_jti: string;
  audit: { actor_label: string | null; support_session_id: string | null };
}

/**
 * Opens a watch session, or continues the viewer's live one on the camera (a new token id), in one
 * statement: a new session counts the day's login when `counted` and is audited
 * (camera.session.start). One statement is one transaction.
 */
export async function startSession(db: Db, s: StartSession): Promise<{ id: string; continued: boolean }> {
  const at = s.at.toISOString();
  const [row] = await runSql<{ id: string; continued: boolean }>(
    db,
    sql`with open as (
       select id from camera_watch_sessions
       where user_id = ${s.user_id} and camera_id = ${s.camera_id} and ended_at is null order by id desc limit 1),
     touched as (
       update camera_watch_sessions w set token_jti = ${s.token_jti} from open where w.id = open.id returning w.id),
     created as (
       insert into camera_watch_sessions
         (token_jti, user_id, student_id, camera_id, location_id, streaming_server_id, date, started_at, last_heartbeat_at, last_activity_at, counted, ip, user_agent)
       select ${s.token_jti}, ${s.user_id}::bigint, ${s.student_id}::bigint, ${s.camera_id}::bigint, ${s.location_id}::bigint, ${s.streaming_server_id}::bigint,
         ${s.date}::date, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, ${s.counted}::boolean, ${s.ip}, ${s.user_agent}
       where not exists (select 1 from open)
       returning id, student_id, counted),
     logins as (
       insert into camera_daily_logins (user_id, location_id, date, logins)
       select ${s.user_id}::bigint, ${s.location_id}::bigint, ${s.date}::date, 1 from created where counted
       on conflict (user_id, location_id, date) do update set logins = greatest(0, camera_daily_logins.logins + 1), updated_at = now()),
     audited as (
       insert into audit_log (actor_user_id, support_session_id, actor_label, action, entity, entity_id, location_id, data, ip)
       select ${s.user_id}::bigint, ${s.audit.support_session_id}::uuid, ${s.audit.actor_label}, 'camera.session.start', 'camera', ${s.camera_id}, ${s.location_id}::bigint,
         jsonb_build_object('session_id', id::text, 'student_id', student_id::text, 'counted', counted), ${s.ip}
       from created)
     select id::text as id, false as continued from created
     union all select id::text, true from touched`,
  );
  return row!;
}

// ── daily logins ────────────────────────────────────────────────────────────

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
