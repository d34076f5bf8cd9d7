import type { Knex } from 'knex';
import type { LocationInfo } from '../../locations/index.ts';

type Db = Knex | Knex.Transaction;

/** A location's check-in settings and its QR secret. */

export interface CheckInSettingsRow {
  location_id: string;
  health_screen: boolean;
  signature_required: boolean;
  parent_check_in: boolean;
  require_phone_with_pin: boolean;
  qr_secret: string | null;
  check_in_qr: boolean;
  check_in_qr_expire: string | null;
  check_in_parent_alert_email: boolean;
  check_in_parent_alert_sms: boolean;
  check_in_parent_alert_app: boolean;
  check_in_parent_alert_time: string | null;
  team_notification_emails: string[];
  team_notification_phones: string[];
  team_notification_email: boolean;
  team_notification_sms: boolean;
}

/** The settings and the location itself (name, time zone), for the check-in path's one read. */
export interface CheckInLocationRow extends CheckInSettingsRow {
  location: LocationInfo;
}

/** A location's check-in settings with the location-settings columns they depend on (defaults when unsaved). */
export async function checkInSettings(db: Db, locationId: string): Promise<CheckInSettingsRow> {
  const { location: _location, ...settings } = (await checkInLocation(db, locationId, true))!;
  return settings;
}

/**
 * The CheckInSettingsRow columns as SQL (defaults when unsaved), with `attendance_settings` and
 * `location_settings` left-joined on the location under the aliases given.
 */
export const checkInSettingsSql = (a = 's', ls = 'ls') => [
  `coalesce(${a}.health_screen, false) as health_screen`,
  `coalesce(${a}.signature_required, false) as signature_required`,
  `coalesce(${a}.parent_check_in, true) as parent_check_in`,
  `coalesce(${a}.require_phone_with_pin, false) as require_phone_with_pin`,
  `${a}.qr_secret`,
  `coalesce(${ls}.check_in_qr, false) as check_in_qr`,
  `${ls}.check_in_qr_expire`,
  `coalesce(${ls}.check_in_parent_alert_email, false) as check_in_parent_alert_email`,
  `coalesce(${ls}.check_in_parent_alert_sms, false) as check_in_parent_alert_sms`,
  `coalesce(${ls}.check_in_parent_alert_app, false) as check_in_parent_alert_app`,
  `${ls}.check_in_parent_alert_time`,
  `coalesce(${ls}.team_notification_emails, '{}') as team_notification_emails`,
  `coalesce(${ls}.team_notification_phones, '{}') as team_notification_phones`,
  `coalesce(${ls}.team_notification_email, true) as team_notification_email`,
  `coalesce(${ls}.team_notification_sms, false) as team_notification_sms`,
];

/**
 * A live location with its check-in settings in one read (undefined when it is gone); `anyState`
 * also answers for a deleted location (its settings screens).
 */
export async function checkInLocation(db: Db, locationId: string, anyState = false): Promise<CheckInLocationRow | undefined> {
  const row = await db('locations as l')
    .leftJoin('attendance_settings as s', 's.location_id', 'l.id')
    .leftJoin('location_settings as ls', 'ls.location_id', 'l.id')
    .where('l.id', locationId)
    .modify((q) => {
      if (!anyState) q.whereNull('l.deleted_at');
    })
    .first(
      'l.id as location_id',
      'l.name as location_name',
      'l.timezone as location_timezone',
      ...checkInSettingsSql().map((c) => db.raw(c)),
    );
  if (!row) return undefined;
  const { location_name, location_timezone, ...settings } = row;
  const id = String(row.location_id);
  return { ...settings, location_id: id, location: { id, name: location_name, timezone: location_timezone } };
}

export async function upsertCheckInSettings(db: Db, locationId: string, patch: Record<string, unknown>): Promise<void> {
  await db('attendance_settings')
    .insert({ location_id: locationId, ...patch })
    .onConflict('location_id')
    .merge({ ...patch, updated_at: db.fn.now() });
}

/** Sets the QR secret once (concurrent first calls agree on one secret). */
export async function ensureQrSecret(db: Db, locationId: string, secret: string): Promise<string> {
  await db('attendance_settings').insert({ location_id: locationId, qr_secret: secret }).onConflict('location_id').ignore();
  await db('attendance_settings').where({ location_id: locationId }).whereNull('qr_secret').update({ qr_secret: secret });
  const row = await db('attendance_settings').where({ location_id: locationId }).first('qr_secret');
  return String(row.qr_secret);
}
