import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface CheckInStudentRow {
  id: string;
  fname: string;
  lname: string;
  nick_name: string | null;
  image: string | null;
  location_id: string;
  program_id: string | null;
  status: boolean;
}

const STUDENT_COLUMNS = ['s.id', 's.fname', 's.lname', 's.nick_name', 's.image', 's.location_id', 's.program_id', 's.status'];

/** Active (not archived, status on) students by id. */
export async function findActiveStudents(db: Db, ids: readonly string[]): Promise<CheckInStudentRow[]> {
  if (!ids.length) return [];
  return db('students as s')
    .whereIn('s.id', ids as string[])
    .whereNull('s.deleted_at')
    .where('s.status', true)
    .select(STUDENT_COLUMNS);
}

/** Of the students, those the user may drop off and pick up (pivot pickup on, not black-listed). */
export async function pickupStudentIds(db: Db, userId: string, studentIds: readonly string[]): Promise<Set<string>> {
  if (!studentIds.length) return new Set();
  const rows = await db('student_users')
    .where({ user_id: userId, pickup: true, black_list: false })
    .whereIn('student_id', studentIds as string[])
    .select('student_id');
  return new Set(rows.map((r) => String(r.student_id)));
}

/** The children a contact may drop off at a location (index student_users_user_idx). */
export async function familyStudents(db: Db, userId: string, locationId: string | null): Promise<CheckInStudentRow[]> {
  const q = db('student_users as su')
    .join('students as s', 's.id', 'su.student_id')
    .where({ 'su.user_id': userId, 'su.pickup': true, 'su.black_list': false })
    .whereNull('s.deleted_at')
    .where('s.status', true)
    .orderByRaw('lower(s.fname), lower(s.lname), s.id')
    .select(STUDENT_COLUMNS);
  if (locationId) q.where('s.location_id', locationId);
  return q;
}

export interface PinUserRow {
  id: string;
  fname: string;
  lname: string;
  phone: string | null;
  phone2: string | null;
  roles: string[];
}

/** The active person holding a check-in PIN (index users_check_in_pin_unique). */
export async function findUserByPin(db: Db, pin: string): Promise<PinUserRow | undefined> {
  const row = await db('users as u')
    .where('u.check_in_pin', pin)
    .where('u.status', true)
    .whereNull('u.deleted_at')
    .first(
      'u.id',
      'u.fname',
      'u.lname',
      'u.phone',
      'u.phone2',
      db.raw(
        `coalesce((select array_agg(r.name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '{}') as roles`,
      ),
    );
  return row ? { ...row, id: String(row.id) } : undefined;
}

export async function userPin(db: Db, userId: string): Promise<string | null> {
  const row = await db('users').where({ id: userId }).first('check_in_pin');
  return row?.check_in_pin ?? null;
}

/** Whether a user belongs to a location's team (member or manager). */
export async function isLocationStaff(db: Db, userId: string, locationId: string): Promise<boolean> {
  const row = await db
    .select(db.raw('1'))
    .from('user_locations')
    .where({ user_id: userId, location_id: locationId })
    .union((u) => u.select(db.raw('1')).from('location_managers').where({ user_id: userId, location_id: locationId }))
    .first();
  return Boolean(row);
}

export interface ContactRow {
  id: string;
  fname: string;
  lname: string;
  email: string | null;
  phone: string | null;
  locale: string;
  student_id: string;
}

/** Contacts to tell about the children (not black-listed, active accounts). */
export async function contactsOf(db: Db, studentIds: readonly string[]): Promise<ContactRow[]> {
  if (!studentIds.length) return [];
  const rows = await db('student_users as su')
    .join('users as u', 'u.id', 'su.user_id')
    .whereIn('su.student_id', studentIds as string[])
    .where('su.black_list', false)
    .where('u.status', true)
    .whereNull('u.deleted_at')
    .select('u.id', 'u.fname', 'u.lname', 'u.email', 'u.phone', 'u.locale', 'su.student_id');
  return rows.map((r) => ({ ...r, id: String(r.id), student_id: String(r.student_id) }));
}

export async function userNames(db: Db, ids: readonly string[]): Promise<Map<string, { fname: string; lname: string }>> {
  if (!ids.length) return new Map();
  const rows = await db('users')
    .whereIn('id', ids as string[])
    .select('id', 'fname', 'lname');
  return new Map(rows.map((r) => [String(r.id), { fname: r.fname, lname: r.lname }]));
}

/** Active managers of a location with their contact details (health and ratio alerts). */
export async function locationManagers(
  db: Db,
  locationId: string,
): Promise<{ id: string; fname: string; email: string | null; locale: string }[]> {
  const rows = await db('location_managers as lm')
    .join('users as u', 'u.id', 'lm.user_id')
    .where('lm.location_id', locationId)
    .where('u.status', true)
    .whereNull('u.deleted_at')
    .orderBy('u.id')
    .select('u.id', 'u.fname', 'u.email', 'u.locale');
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

// ── settings ────────────────────────────────────────────────────────────────

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

export interface LocationInfo {
  id: string;
  name: string;
  timezone: string;
}

export async function locationInfo(db: Db, id: string): Promise<LocationInfo | undefined> {
  const row = await db('locations').where({ id }).whereNull('deleted_at').first('id', 'name', 'timezone');
  return row ? { ...row, id: String(row.id) } : undefined;
}

export async function programsOfLocation(db: Db, programIds: readonly string[], locationId: string): Promise<string[]> {
  if (!programIds.length) return [];
  const rows = await db('programs')
    .whereIn('id', programIds as string[])
    .where({ location_id: locationId })
    .whereNull('deleted_at')
    .select('id');
  return rows.map((r) => String(r.id));
}

/** Students by id whatever their status (names on records and reports). */
export async function studentsByIds(db: Db, ids: readonly string[]): Promise<Map<string, CheckInStudentRow>> {
  if (!ids.length) return new Map();
  const rows: CheckInStudentRow[] = await db('students as s')
    .whereIn('s.id', ids as string[])
    .select(STUDENT_COLUMNS);
  return new Map(rows.map((r) => [String(r.id), r]));
}

/** Push tokens of people (FCM registration tokens short enough to queue). */
export async function pushTokensOf(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>> {
  if (!userIds.length) return new Map();
  const rows = await db('push_tokens')
    .whereIn('user_id', userIds as string[])
    .whereRaw('length(token) <= 254')
    .orderBy('id')
    .select('user_id', 'token');
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(String(r.user_id), [...(map.get(String(r.user_id)) ?? []), r.token]);
  return map;
}

/** Sets a person's check-in PIN unless another person holds it (unique index); false when taken. */
export async function setPin(trx: Knex.Transaction, userId: string, pin: string): Promise<boolean> {
  const taken = await trx('users').where({ check_in_pin: pin }).whereNot({ id: userId }).first('id');
  if (taken) return false;
  await trx('users').where({ id: userId }).update({ check_in_pin: pin, updated_at: trx.fn.now() });
  return true;
}

export async function pinsOf(db: Db, userIds: readonly string[]): Promise<Map<string, string | null>> {
  if (!userIds.length) return new Map();
  const rows = await db('users')
    .whereIn('id', userIds as string[])
    .select('id', 'check_in_pin');
  return new Map(rows.map((r) => [String(r.id), r.check_in_pin ?? null]));
}

export async function locationZones(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db('locations')
    .whereIn('id', ids as string[])
    .select('id', 'timezone');
  return new Map(rows.map((r) => [String(r.id), String(r.timezone)]));
}
