import type { Knex } from 'knex';
import { raw, runSql, sql, type Sql } from '@kv/db';
import type { CameraFacts, ChildLink, LimitFacts, LocationFacts, ScheduleDate } from './rules.ts';
import { localDate } from './rules.ts';
import { CAMERA_COLUMNS, type CameraRow } from '../cameras/index.ts';

type Db = Knex | Knex.Transaction;

/** Which cameras to decide on. */
export type CameraSelection =
  | { ids: readonly string[] }
  /** A parent's grid: every camera linked to one of the viewer's children. */
  | { linked: true }
  /** Staff: the cameras of these locations (null: every location). */
  | { locations: readonly string[] | null }
  /** One child's cameras: its own cameras, its rooms' and their groups', at its location. */
  | { student: string };

export interface FactsOptions {
  /** Per camera: the player settings, the streaming server and the viewer's live session (one camera at a time). */
  player?: boolean;
  /** Per camera: how many live sessions watch it. */
  viewers?: boolean;
}

export interface PlayerFacts {
  /** `settings` rows of the camera's location, by key (camera_setting, stream_settings, stream_mode). */
  settings: Record<string, Record<string, unknown> | null>;
  /** The location's chosen streaming server if usable, else its (or the centre's) default. */
  server: { id: string; type: string; base_url: string } | null;
  /** The viewer's live session on this camera. */
  openSession: { id: string; counted: boolean } | null;
}

export interface FactsBatch {
  /** The selected cameras in display order (location, order, id). */
  rows: CameraRow[];
  cameras: Map<string, CameraFacts & { code: string; name: string }>;
  /** Per camera: the viewer's children and whether each is linked to it. */
  children: Map<string, ChildLink[]>;
  locations: Map<string, LocationFacts>;
  /** Per location: the viewer's limit facts for the location's local today. */
  limits: Map<string, LimitFacts>;
  /** Locations where the viewer has a live session (a visit: more cameras in it count no new login). */
  openLocations: Set<string>;
  viewerActive: boolean;
  /** With `{ student }`: the child (null: unknown or deleted) and whether the viewer is its guardian. */
  student: { location_id: string; guardian: boolean } | null;
  player: Map<string, PlayerFacts>;
  viewers: Map<string, number>;
}

interface Bindings {
  viewer: string;
  /** The UTC date of the decision (YYYY-MM-DD). */
  day: string;
  ids?: readonly string[];
  locations?: readonly string[] | null;
  student?: string;
}

const SELECTION = {
  ids: (b: Bindings) => sql`c.id = any(${b.ids}::bigint[])`,
  linked: () => sql`c.id in (select camera_id from links)`,
  locations: (b: Bindings) => sql`c.location_id = any(${b.locations}::bigint[])`,
  all: () => sql`true`,
  student: (b: Bindings) => sql`c.location_id = (select location_id from students where id = ${b.student})
    and (c.id in (select camera_id from student_cameras where student_id = ${b.student})
      or c.program_id in (select program_id from student_rooms)
      or c.id in (select g.camera_id from programs p join camera_group_cameras g on g.camera_group_id = p.camera_group_id
                  where p.id in (select program_id from student_rooms)))`,
} as const;

const playerColumns = (b: Bindings) => sql`,
  (select json_object_agg(st.key, st.value) from settings st
    where st.key in ('camera_setting', 'stream_settings', 'stream_mode') and coalesce(st.object_id, 0) = c.location_id) as player_settings,
  (select row_to_json(x) from (
     select sv.id::text as id, sv.type, sv.base_url from streaming_servers sv
     left join settings chosen on chosen.key = 'stream_settings' and coalesce(chosen.object_id, 0) = c.location_id
     where sv.deleted_at is null and sv.status and (sv.location_id is null or sv.location_id = c.location_id)
       and (sv.is_default or sv.id::text = chosen.value->>'streaming_server_id')
     -- The location's chosen server when usable, else the location's default before the centre's.
     order by coalesce(sv.id::text = chosen.value->>'streaming_server_id', false) desc, sv.location_id nulls last
     limit 1) x) as server,
  (select row_to_json(x) from (
     select w.id::text as id, w.counted from camera_watch_sessions w
     where w.user_id = ${b.viewer} and w.camera_id = c.id and w.ended_at is null order by w.id desc limit 1) x) as open_session`;

const EMPTY = raw('');
const CAMERA_COLS = raw(CAMERA_COLUMNS.map((k) => `c."${k}"`).join(', '));

const VIEWERS_COLUMN = raw(`,
  (select count(*)::int from camera_watch_sessions w where w.location_id = c.location_id and w.camera_id = c.id and w.ended_at is null) as viewers`);

/**
 * One statement: the viewer's children (rooms, links, check-ins), account, limits and live
 * sessions, and per selected camera its row, schedule and linked children. Viewer-level facts
 * come with every row (a left join keeps one row when no camera is selected).
 */
function factsSql(selection: keyof typeof SELECTION, opts: FactsOptions, b: Bindings): Sql {
  return sql`with kids as (
    select st.id, st.status, st.location_id, st.program_id, su.black_list, su.watch_camera
    from student_users su join students st on st.id = su.student_id
    where su.user_id = ${b.viewer} and st.deleted_at is null),
  rooms as (
    select id as student_id, program_id from kids where program_id is not null
    union select sp.student_id, sp.program_id from student_programs sp join kids k on k.id = sp.student_id),
  links as (
    select sc.camera_id, sc.student_id from student_cameras sc join kids k on k.id = sc.student_id
    union select c.id, r.student_id from rooms r join cameras c on c.program_id = r.program_id
    union select g.camera_id, r.student_id from rooms r
      join programs p on p.id = r.program_id join camera_group_cameras g on g.camera_group_id = p.camera_group_id),
  ${
    selection === 'student'
      ? sql`student_rooms as (
    select program_id from students where id = ${b.student} and program_id is not null
    union select program_id from student_programs where student_id = ${b.student}),`
      : EMPTY
  }
  cams as (select c.* from cameras c where c.deleted_at is null and ${SELECTION[selection](b)}),
  viewer as (select
    coalesce((select u.status and u.deleted_at is null from users u where u.id = ${b.viewer}), false) as viewer_active,
    (select json_agg(json_build_object(
        'id', k.id::text, 'status', k.status, 'location_id', k.location_id::text,
        'black_list', k.black_list, 'watch_camera', k.watch_camera,
        'checked_in', exists(select 1 from attendances a where a.student_id = k.id and a.end_time is null and a.deleted_at is null))
      order by k.id) from kids k) as kids,
    (select json_build_object('own', us.max_daily_camera_logins, 'extra', us.extra_camera_logins,
        'extra_on', to_char(us.extra_camera_logins_on, 'YYYY-MM-DD'))
      from user_settings us where us.user_id = ${b.viewer}) as user_settings,
    array(select distinct w.location_id::text from camera_watch_sessions w where w.user_id = ${b.viewer} and w.ended_at is null) as open_locations,
    (select json_agg(json_build_object(
        'id', l.id::text, 'timezone', l.timezone, 'enable_max_login_feature', ls.enable_max_login_feature,
        'max_daily_logins', ls.max_daily_logins, 'camera_only_checked_in', ls.camera_only_checked_in, 'user_time_out', ls.user_time_out))
      from locations l left join location_settings ls on ls.location_id = l.id
      where l.id in (select location_id from cams)) as locations,
    -- Today is each location's local date: within a day of the UTC date, picked in JS.
    (select json_agg(json_build_object('location_id', d.location_id::text, 'date', to_char(d.date, 'YYYY-MM-DD'), 'logins', d.logins))
      from camera_daily_logins d
      where d.user_id = ${b.viewer} and d.location_id in (select location_id from cams)
        and d.date between ${b.day}::date - 1 and ${b.day}::date + 1) as logins${
          selection === 'student'
            ? sql`,
    (select json_build_object('location_id', st.location_id::text,
        'guardian', exists(select 1 from student_users su where su.student_id = st.id and su.user_id = ${b.viewer}))
      from students st where st.id = ${b.student} and st.deleted_at is null) as student`
            : EMPTY
        })
  select v.*, ${CAMERA_COLS},
    case when s.status is null then null else json_build_object('status', s.status, 'dates', coalesce(
      (select json_agg(json_build_object('day', d.day, 'start_time', to_char(d.start_time, 'HH24:MI'), 'end_time', to_char(d.end_time, 'HH24:MI')))
        from schedule_dates d where d.schedule_id = s.id), '[]'::json)) end as schedule,
    array(select l.student_id::text from links l where l.camera_id = c.id) as linked_students${opts.player ? playerColumns(b) : EMPTY}${
      opts.viewers ? VIEWERS_COLUMN : EMPTY
    }
  from viewer v
  left join (cams c left join schedules s on s.id = c.schedule_id and s.deleted_at is null) on true
  order by c.location_id, c."order", c.id`;
}

interface KidJson {
  id: string;
  status: boolean;
  location_id: string;
  black_list: boolean;
  watch_camera: boolean;
  checked_in: boolean;
}
interface LocationJson {
  id: string;
  timezone: string;
  enable_max_login_feature: boolean | null;
  max_daily_logins: number | null;
  camera_only_checked_in: boolean | null;
  user_time_out: number | null;
}

const str = (v: unknown) => String(v);

/**
 * Everything the rule engine needs for one viewer and a selection of cameras, in ONE statement
 * whatever the number of cameras and children: the cameras (rows, schedules), the viewer's
 * children and how each is linked to each camera (own cameras, rooms, other rooms, the rooms'
 * camera groups), open attendances, location settings, the viewer's account, limits and live
 * sessions; optionally the player's settings and server, and viewer counts.
 */
export async function loadFacts(db: Db, viewerId: string, select: CameraSelection, at: Date, opts: FactsOptions = {}): Promise<FactsBatch> {
  const b: Bindings = { viewer: viewerId, day: at.toISOString().slice(0, 10) };
  let selection: keyof typeof SELECTION;
  if ('ids' in select) {
    selection = 'ids';
    b.ids = select.ids;
  } else if ('linked' in select) selection = 'linked';
  else if ('student' in select) {
    selection = 'student';
    b.student = select.student;
  } else if (select.locations) {
    selection = 'locations';
    b.locations = select.locations;
  } else selection = 'all';
  const rows = await runSql<Record<string, any>>(db, factsSql(selection, opts, b));
  return shape(rows, at);
}

function shape(rows: Record<string, any>[], at: Date): FactsBatch {
  const v = rows[0] ?? {};
  const kids = (v.kids ?? []) as KidJson[];
  const us = v.user_settings as { own: number | null; extra: number | null; extra_on: string | null } | null;
  const out: FactsBatch = {
    rows: [],
    cameras: new Map(),
    children: new Map(),
    locations: new Map(),
    limits: new Map(),
    openLocations: new Set((v.open_locations ?? []) as string[]),
    viewerActive: Boolean(v.viewer_active),
    student: v.student ?? null,
    player: new Map(),
    viewers: new Map(),
  };
  for (const l of (v.locations ?? []) as LocationJson[]) {
    out.locations.set(l.id, {
      timezone: l.timezone,
      enable_max_login_feature: Boolean(l.enable_max_login_feature),
      max_daily_logins: l.max_daily_logins ?? null,
      // No settings row yet: the default (on).
      only_checked_in: l.camera_only_checked_in ?? true,
      user_time_out: l.user_time_out ?? null,
    });
  }
  // Logins used today, by each location's local date.
  const used = (v.logins ?? []) as { location_id: string; date: string; logins: number }[];
  for (const [id, loc] of out.locations) {
    const today = localDate(at, loc.timezone ?? 'UTC');
    const row = used.find((u) => u.location_id === id && u.date === today);
    // "Raise today's limit" is stored by the people module with the UTC date; honour either date.
    const extraOn = us?.extra_on;
    const extra = extraOn && (extraOn === today || extraOn === at.toISOString().slice(0, 10)) ? Number(us?.extra ?? 0) : 0;
    out.limits.set(id, { own: us?.own ?? null, extra, used: Number(row?.logins ?? 0) });
  }
  for (const r of rows) {
    if (r.id === null || r.id === undefined) continue;
    const id = str(r.id);
    const row = Object.fromEntries(CAMERA_COLUMNS.map((k) => [k, r[k]])) as CameraRow;
    out.rows.push(row);
    const schedule = r.schedule as { status: boolean; dates: ScheduleDate[] } | null;
    out.cameras.set(id, {
      id,
      name: r.name,
      code: r.code,
      location_id: str(r.location_id),
      status: Boolean(r.status),
      program_id: r.program_id ? str(r.program_id) : null,
      schedule: schedule ? { status: Boolean(schedule.status), dates: schedule.dates } : null,
    });
    const linked = new Set(r.linked_students as string[]);
    out.children.set(
      id,
      kids.map((k) => ({
        student_id: k.id,
        student_active: Boolean(k.status),
        student_location_id: k.location_id,
        black_list: Boolean(k.black_list),
        watch_camera: Boolean(k.watch_camera),
        linked: linked.has(k.id),
        checked_in: Boolean(k.checked_in),
      })),
    );
    if ('player_settings' in r)
      out.player.set(id, { settings: r.player_settings ?? {}, server: r.server ?? null, openSession: r.open_session ?? null });
    if ('viewers' in r) out.viewers.set(id, Number(r.viewers));
  }
  return out;
}
