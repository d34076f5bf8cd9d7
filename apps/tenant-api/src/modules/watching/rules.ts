/**
 * The live-camera rule engine: pure functions over facts loaded in one statement (facts-repo.loadFacts).
 * A viewer may watch a camera only when ALL hold (issue 7):
 *  1. the camera exists, is on, and (for parents) belongs to a location of one of their children;
 *  2. parents: an active, non-black-listed guardian with `watch_camera` of a child linked to the
 *     camera (the child's own cameras, the cameras of the child's rooms, or of the rooms' camera group);
 *  3. the time is inside the camera's schedule in the LOCATION's time zone;
 *  4. the location's login rules allow it (enable_max_login_feature, the contact's own limit or the
 *     location's max_daily_logins, plus today's raise);
 *  5. optionally (location setting `camera_only_checked_in`) the child is checked in now.
 * Staff (teacher and above) watch the cameras of the locations in their scope, without schedule or limits.
 */
import { localParts, minutesOf } from '@kv/shared';

export const REFUSALS = {
  CAMERA_NOT_FOUND: 'This camera does not exist.',
  CAMERA_OFF: 'This camera is turned off.',
  ACCOUNT_INACTIVE: 'Your account is not active.',
  NOT_LINKED: 'None of your children is linked to this camera.',
  BLACK_LISTED: 'You are not allowed to watch cameras for this child. Please contact the centre.',
  NO_CAMERA_PERMISSION: 'Camera access is not enabled for you. Please contact the centre.',
  OUTSIDE_SCHEDULE: 'This camera is not live at this time.',
  NOT_CHECKED_IN: 'Cameras are available while your child is checked in.',
  LOGIN_LIMIT: 'You have used all of your camera logins for today.',
  OUT_OF_SCOPE: 'This camera is not in one of your locations.',
  SESSION_ENDED: 'This viewing session has ended.',
  IDLE: 'The viewing session stopped after a period without activity.',
  PLAYER_CLOSED: 'The player stopped responding, so the viewing session ended.',
  NO_STREAMING_SERVER: 'This camera has no streaming server yet.',
} as const;

export type RefusalCode = keyof typeof REFUSALS;

export interface ScheduleDate {
  day: string;
  /** `HH:MM` or `HH:MM:SS`. */
  start_time: string;
  end_time: string;
}

export interface CameraFacts {
  id: string;
  location_id: string;
  status: boolean;
  program_id: string | null;
  /** null: no schedule (always live). */
  schedule: { status: boolean; dates: ScheduleDate[] } | null;
}

export interface ChildLink {
  student_id: string;
  student_active: boolean;
  student_location_id: string;
  black_list: boolean;
  watch_camera: boolean;
  /** The camera is linked to the child (own camera, current room, other rooms, room's camera group). */
  linked: boolean;
  checked_in: boolean;
}

export interface LocationFacts {
  timezone: string;
  enable_max_login_feature: boolean;
  max_daily_logins: number | null;
  only_checked_in: boolean;
  user_time_out: number | null;
}

export interface LimitFacts {
  /** The contact's own limit (user_settings.max_daily_camera_logins); null: the location's. */
  own: number | null;
  /** Today's raise by a manager. */
  extra: number;
  /** Logins counted today at the location. */
  used: number;
}

export interface WatchFacts {
  viewer: { id: string; staff: boolean; active: boolean; inStaffScope: boolean };
  camera: CameraFacts | null;
  children: ChildLink[];
  location: LocationFacts;
  limit: LimitFacts;
  /** The viewer already has a live session on this camera (reopening does not count a login). */
  hasOpenSession: boolean;
}

export type Decision =
  { ok: true; student_id: string | null; counts: boolean; remaining: number | null } | { ok: false; code: RefusalCode; message: string };

const refuse = (code: RefusalCode): Decision => ({ ok: false, code, message: REFUSALS[code] });

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const WEEKDAY_INDEX = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } as const;

/** Local weekday (0 = Sunday), minute of the day and `YYYY-MM-DD` of an instant in a time zone. */
export function localTime(at: Date, timeZone: string): { weekday: number; minute: number; date: string } {
  const p = localParts(at, timeZone);
  return { weekday: WEEKDAY_INDEX[p.weekday], minute: minutesOf(p.time), date: p.date };
}

/** The location's local date of an instant (daily limits count by it). */
export const localDate = (at: Date, timeZone: string) => localTime(at, timeZone).date;

const minutes = (t: string) => {
  const [h, m] = t.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Is `at` inside a schedule, read as local wall-clock time in `timeZone`? Start is inclusive, end
 * exclusive; an end at or before the start runs across midnight into the next day; `00:00`–`00:00`
 * is the whole day. Wall-clock evaluation makes DST changes follow the centre's clock.
 */
export function inSchedule(dates: readonly ScheduleDate[], at: Date, timeZone: string): boolean {
  const { weekday, minute } = localTime(at, timeZone);
  for (const d of dates) {
    const day = DAYS.indexOf(d.day.toLowerCase());
    if (day < 0) continue;
    const start = minutes(d.start_time);
    const end = minutes(d.end_time);
    if (end > start) {
      if (day === weekday && minute >= start && minute < end) return true;
    } else {
      // Across midnight (or the whole day when start === end).
      if (day === weekday && minute >= start) return true;
      if ((day + 1) % 7 === weekday && minute < end) return true;
    }
  }
  return false;
}

/** The day's login limit, or null when logins are not limited. */
export function dailyLimit(location: LocationFacts, limit: LimitFacts): number | null {
  if (!location.enable_max_login_feature) return null;
  const base = limit.own ?? location.max_daily_logins;
  if (base === null || base === undefined) return null;
  return base + Math.max(0, limit.extra);
}

/** Logins left today (null: unlimited). */
export function remainingLogins(location: LocationFacts, limit: LimitFacts): number | null {
  const max = dailyLimit(location, limit);
  return max === null ? null : Math.max(0, max - limit.used);
}

export function cameraLive(camera: CameraFacts, at: Date, timeZone: string): boolean {
  if (!camera.schedule) return true;
  if (!camera.schedule.status) return false;
  return inSchedule(camera.schedule.dates, at, timeZone);
}

/** Minutes from (weekday, minute) to the end of the schedule window holding it; 0 when outside every window. */
function minutesLeft(dates: readonly ScheduleDate[], weekday: number, minute: number): number {
  let left = 0;
  for (const d of dates) {
    const day = DAYS.indexOf(d.day.toLowerCase());
    if (day < 0) continue;
    const start = minutes(d.start_time);
    const end = minutes(d.end_time);
    if (end > start) {
      if (day === weekday && minute >= start && minute < end) left = Math.max(left, end - minute);
    } else {
      if (day === weekday && minute >= start) left = Math.max(left, 24 * 60 - minute + end);
      if ((day + 1) % 7 === weekday && minute < end) left = Math.max(left, end - minute);
    }
  }
  return left;
}

/**
 * When the camera stops being live for the viewer's session: the end of the schedule window
 * holding `at`, windows that follow each other joined; null without a schedule or when the
 * windows run on for a week (always live).
 */
export function liveUntil(camera: CameraFacts, at: Date, timeZone: string): Date | null {
  if (!camera.schedule?.status) return null;
  const WEEK = 7 * 24 * 60 * 60_000;
  let t = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  for (let i = 0; i < 16 && t.getTime() - at.getTime() < WEEK; i++) {
    const { weekday, minute } = localTime(t, timeZone);
    const left = minutesLeft(camera.schedule.dates, weekday, minute);
    if (!left) return t.getTime() > at.getTime() ? t : null;
    t = new Date(t.getTime() + left * 60_000);
  }
  return null;
}

/** The decision for one viewer and one camera at one instant. */
export function decide(f: WatchFacts, at: Date): Decision {
  if (!f.camera) return refuse('CAMERA_NOT_FOUND');
  if (!f.viewer.active) return refuse('ACCOUNT_INACTIVE');
  if (f.viewer.staff) {
    if (!f.viewer.inStaffScope) return refuse('OUT_OF_SCOPE');
    if (!f.camera.status) return refuse('CAMERA_OFF');
    return { ok: true, student_id: null, counts: false, remaining: null };
  }
  const linked = f.children.filter((c) => c.linked && c.student_active && c.student_location_id === f.camera!.location_id);
  if (!linked.length) return refuse('NOT_LINKED');
  const allowed = linked.filter((c) => !c.black_list);
  if (!allowed.length) return refuse('BLACK_LISTED');
  const consenting = allowed.filter((c) => c.watch_camera);
  if (!consenting.length) return refuse('NO_CAMERA_PERMISSION');
  if (!f.camera.status) return refuse('CAMERA_OFF');
  if (!cameraLive(f.camera, at, f.location.timezone)) return refuse('OUTSIDE_SCHEDULE');
  const present = f.location.only_checked_in ? consenting.filter((c) => c.checked_in) : consenting;
  if (!present.length) return refuse('NOT_CHECKED_IN');
  const remaining = remainingLogins(f.location, f.limit);
  const counts = !f.hasOpenSession;
  if (counts && remaining !== null && remaining <= 0) return refuse('LOGIN_LIMIT');
  return {
    ok: true,
    student_id: present[0]!.student_id,
    counts,
    remaining: remaining === null ? null : remaining - (counts ? 1 : 0),
  };
}

/** Seconds without a heartbeat after which the player counts as closed. */
export const PLAYER_SILENCE_SECONDS = 120;

/**
 * Should a live session end now? The same rules, except that the session's own login is already
 * counted: it ends only when the day's logins go OVER the limit (a manager lowered it or set the
 * used logins; the last allowed login keeps playing). Also a closed player (no heartbeat for
 * 120 s) and an idle viewer (no activity reported for the location's `user_time_out` minutes).
 */
export function endReason(
  f: WatchFacts,
  session: { last_heartbeat_at: Date; started_at: Date; last_activity_at?: Date | null },
  at: Date,
): RefusalCode | null {
  const d = decide({ ...f, hasOpenSession: true }, at);
  if (!d.ok) return d.code;
  const max = f.viewer.staff ? null : dailyLimit(f.location, f.limit);
  if (max !== null && f.limit.used > max) return 'LOGIN_LIMIT';
  if (at.getTime() - session.last_heartbeat_at.getTime() > PLAYER_SILENCE_SECONDS * 1000) return 'PLAYER_CLOSED';
  const active = session.last_activity_at ?? session.started_at;
  if (f.location.user_time_out && !f.viewer.staff && at.getTime() - active.getTime() > f.location.user_time_out * 60_000) return 'IDLE';
  return null;
}
