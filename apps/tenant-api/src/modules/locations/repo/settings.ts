import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

// ── email verification ───────────────────────────────────────────────────────

export async function insertEmailCode(
  db: Db,
  row: { location_id: string; email: string; code_hash: string; expires_at: Date },
): Promise<void> {
  await db('location_email_codes').where({ location_id: row.location_id }).whereNull('used_at').update({ used_at: db.fn.now() });
  await db('location_email_codes').insert(row);
}

export async function latestEmailCode(db: Db, locationId: string) {
  return db('location_email_codes')
    .where({ location_id: locationId })
    .whereNull('used_at')
    .orderBy('id', 'desc')
    .forUpdate()
    .first('id', 'email', 'code_hash', 'attempts', 'expires_at');
}

export async function countEmailCodeAttempt(db: Db, id: string): Promise<void> {
  await db('location_email_codes').where({ id }).increment('attempts', 1);
}

export async function useEmailCode(db: Db, id: string): Promise<void> {
  await db('location_email_codes').where({ id }).update({ used_at: db.fn.now() });
}

// ── location settings ────────────────────────────────────────────────────────

/** A location's settings (`location_settings` as pg returns it: integers as numbers, text[] as arrays). */
export type LocationSettings = {
  max_no_of_students: number | null;
  max_no_of_users: number | null;
  max_daily_logins: number | null;
  user_time_out: number | null;
  enable_max_login_feature: boolean;
  expiry_time: number | null;
  signup_pin_code_expiry: number | null;
  signup_success_text: string | null;
  signup_fail_text: string | null;
  team_notification_emails: string[];
  team_notification_phones: string[];
  signup_notification_email: boolean;
  signup_notification_phone: boolean;
  team_notification_app: boolean;
  team_notification_email: boolean;
  team_notification_sms: boolean;
  can_edit_student: boolean;
  can_edit_fields: string[];
  parent_directory_visibility: boolean;
  check_in_qr: boolean;
  check_in_qr_expire: string | null;
  default_city: string | null;
  default_state: string | null;
  default_zip: string | null;
  check_in_parent_alert_email: boolean;
  check_in_parent_alert_sms: boolean;
  check_in_parent_alert_app: boolean;
  check_in_parent_alert_time: string | null;
  send_parent_activity_report: boolean;
  send_parent_activity_report_time: string | null;
  approve_activities: boolean;
  approve_photos: boolean;
};

/** Spec §3 "Location settings", with the values a location has before anything is saved. */
export const SETTING_DEFAULTS: LocationSettings = {
  max_no_of_students: null,
  max_no_of_users: null,
  max_daily_logins: null,
  user_time_out: null,
  enable_max_login_feature: false,
  expiry_time: null,
  signup_pin_code_expiry: null,
  signup_success_text: null,
  signup_fail_text: null,
  team_notification_emails: [],
  team_notification_phones: [],
  signup_notification_email: false,
  signup_notification_phone: false,
  team_notification_app: true,
  team_notification_email: true,
  team_notification_sms: false,
  can_edit_student: false,
  can_edit_fields: [],
  parent_directory_visibility: false,
  check_in_qr: false,
  check_in_qr_expire: null,
  default_city: null,
  default_state: null,
  default_zip: null,
  check_in_parent_alert_email: false,
  check_in_parent_alert_sms: false,
  check_in_parent_alert_app: false,
  check_in_parent_alert_time: null,
  send_parent_activity_report: false,
  send_parent_activity_report_time: null,
  approve_activities: false,
  approve_photos: true,
};

const SETTING_COLUMNS = Object.keys(SETTING_DEFAULTS);

/** A location's settings, the defaults where none were saved. */
export async function findLocationSettings(db: Db, locationId: string): Promise<LocationSettings> {
  const row: LocationSettings | undefined = await db('location_settings').where({ location_id: locationId }).first(SETTING_COLUMNS);
  return row ?? { ...SETTING_DEFAULTS };
}

export async function upsertLocationSettings(db: Db, locationId: string, patch: Record<string, unknown>): Promise<void> {
  await db('location_settings')
    .insert({ location_id: locationId, ...patch })
    .onConflict('location_id')
    .merge({ ...patch, updated_at: db.fn.now() });
}

// ── counters ─────────────────────────────────────────────────────────────────

/**
 * The location counters of spec §7 in one round trip. People of a location are its members
 * (`user_locations`), its managers and the contacts of its students. `waitlist` counts students
 * whose `type` is `lead` or `waitlist` (the students area sets the type).
 */
export async function locationCounters(db: Db, locationId: string): Promise<Record<string, number>> {
  const r = await db.raw(
    `with people as (
       select user_id from user_locations where location_id = :loc
       union select user_id from location_managers where location_id = :loc
       union select su.user_id from student_users su join students s on s.id = su.student_id where s.location_id = :loc and s.deleted_at is null
     ), live as (
       select u.id, u.invited, u.pending from users u join people p on p.user_id = u.id where u.deleted_at is null
     ), role_of as (
       select ur.user_id, r.name from user_roles ur join roles r on r.id = ur.role_id
     )
     select
       (select count(*) from live where invited) as invited,
       (select count(*) from live where pending) as pending,
       (select count(*) from students where location_id = :loc and status and deleted_at is null) as students,
       (select count(distinct l.id) from live l join role_of ro on ro.user_id = l.id where ro.name = 'user') as users,
       (select count(*) from programs where location_id = :loc and deleted_at is null) as programs,
       (select count(*) from location_managers lm join users u on u.id = lm.user_id where lm.location_id = :loc and u.deleted_at is null) as managers,
       (select count(distinct u.id) from user_locations ul join users u on u.id = ul.user_id join role_of ro on ro.user_id = u.id
          where ul.location_id = :loc and u.deleted_at is null and ro.name = 'teacher') as teachers,
       (select count(*) from students where location_id = :loc and deleted_at is null and type in ('lead', 'waitlist')) as waitlist`,
    { loc: locationId },
  );
  const row = r.rows[0] as Record<string, string>;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}
