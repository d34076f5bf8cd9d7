import type { Knex } from 'knex';
import { userColumns } from '../../access/index.ts';

type Db = Knex | Knex.Transaction;

export const LOCATION_COLUMNS = [
  'id',
  'name',
  'timezone',
  'email',
  'phone',
  'longitude',
  'latitude',
  'address',
  'pin_url',
  'map_url',
  'is_signup',
  'signup_code',
  'color_code',
  'active',
  'billing',
  'location_billing_request',
  'schedule_id',
  'email_verified_at',
  'qr_generated_at',
  'created_at',
  'updated_at',
] as const;

/** A `locations` row as pg returns it (LOCATION_COLUMNS): bigint ids and numerics as text, timestamptz as Date. */
export type LocationRow = {
  id: string;
  name: string;
  timezone: string;
  email: string | null;
  phone: string | null;
  longitude: string | null;
  latitude: string | null;
  address: string | null;
  pin_url: string | null;
  map_url: string | null;
  is_signup: boolean;
  signup_code: string | null;
  color_code: string | null;
  active: boolean;
  billing: boolean;
  location_billing_request: boolean;
  schedule_id: string | null;
  email_verified_at: Date | null;
  qr_generated_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const live = (db: Db) => db('locations').whereNull('deleted_at');

// ── reads ────────────────────────────────────────────────────────────────────

function scoped(db: Db, ids: string[] | null, opts: { active?: boolean | null } = {}) {
  const q = live(db);
  if (ids) q.whereIn('id', ids);
  if (opts.active !== undefined && opts.active !== null) q.where('active', opts.active);
  return q;
}

export async function listLocations(db: Db, ids: string[] | null, opts: { active?: boolean | null } = {}): Promise<LocationRow[]> {
  return scoped(db, ids, opts).orderByRaw('lower(name), id').select(LOCATION_COLUMNS);
}

export async function pageLocations(
  db: Db,
  ids: string[] | null,
  opts: { active?: boolean | null; page: number; first: number },
): Promise<{ rows: LocationRow[]; total: number }> {
  const [count] = await scoped(db, ids, opts).count({ n: '*' });
  const rows = await scoped(db, ids, opts)
    .orderByRaw('lower(name), id')
    .limit(opts.first)
    .offset((opts.page - 1) * opts.first)
    .select(LOCATION_COLUMNS);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findLocation(db: Db, id: string): Promise<LocationRow | undefined> {
  return live(db).where({ id }).first(LOCATION_COLUMNS);
}

/** Locations a given user manages, limited to `ids` (null = any). */
export async function locationsManagedBy(db: Db, userId: string, ids: string[] | null): Promise<LocationRow[]> {
  const q = db('locations as l')
    .join('location_managers as lm', 'lm.location_id', 'l.id')
    .where('lm.user_id', userId)
    .whereNull('l.deleted_at');
  if (ids) q.whereIn('l.id', ids);
  return q.orderByRaw('lower(l.name), l.id').select(LOCATION_COLUMNS.map((c) => `l.${c}`));
}

export async function locationNameTaken(db: Db, name: string, exceptId?: string | null): Promise<boolean> {
  const q = live(db).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) q.whereNot('id', exceptId);
  return Boolean(await q.first('id'));
}

export async function signupCodeTaken(db: Db, code: string, exceptId?: string | null): Promise<boolean> {
  const q = live(db).whereRaw('lower(signup_code) = lower(?)', [code]);
  if (exceptId) q.whereNot('id', exceptId);
  return Boolean(await q.first('id'));
}

/** Of the given users, those who may manage a location (active manager or owner). */
export async function managerUserIds(db: Db, userIds: readonly string[]): Promise<string[]> {
  const rows = await db('users as u')
    .join('user_roles as ur', 'ur.user_id', 'u.id')
    .join('roles as r', 'r.id', 'ur.role_id')
    .whereIn('u.id', userIds as string[])
    .whereIn('r.name', ['manager', 'center'])
    .whereNull('u.deleted_at')
    .where('u.status', true)
    .distinct('u.id');
  return rows.map((r) => String(r.id));
}

/** Managers of a batch of locations (Location.managers loader). */
export async function managersByLocationIds(db: Db, ids: readonly string[]): Promise<Map<string, Record<string, unknown>[]>> {
  const rows = await db('location_managers as lm')
    .join('users as u', 'u.id', 'lm.user_id')
    .whereIn('lm.location_id', ids as string[])
    .whereNull('u.deleted_at')
    .orderBy(['u.fname', 'u.lname', 'u.id'])
    .select('lm.location_id', ...userColumns(db));
  const map = new Map<string, Record<string, unknown>[]>();
  for (const { location_id, ...u } of rows) map.set(String(location_id), [...(map.get(String(location_id)) ?? []), u]);
  return map;
}

export async function activeStudentCount(db: Db, locationId: string): Promise<number> {
  const [r] = await db('students').where({ location_id: locationId, status: true }).whereNull('deleted_at').count({ n: '*' });
  return Number(r?.n ?? 0);
}

// ── writes ───────────────────────────────────────────────────────────────────

export async function insertLocation(db: Db, row: Record<string, unknown>): Promise<LocationRow> {
  const [created] = await db('locations')
    .insert(row)
    .returning(LOCATION_COLUMNS as unknown as string[]);
  return created;
}

export async function updateLocation(db: Db, id: string, patch: Record<string, unknown>): Promise<LocationRow> {
  const [row] = await db('locations')
    .where({ id })
    .whereNull('deleted_at')
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(LOCATION_COLUMNS as unknown as string[]);
  return row;
}

export async function softDeleteLocation(db: Db, id: string): Promise<void> {
  await db('locations').where({ id }).update({ deleted_at: db.fn.now(), signup_code: null, qr_token_hash: null });
}

export async function managerIdsOf(db: Db, locationId: string): Promise<string[]> {
  const rows = await db('location_managers').where({ location_id: locationId }).orderBy('user_id').select('user_id');
  return rows.map((r) => String(r.user_id));
}

export async function setLocationManagers(db: Db, locationId: string, userIds: readonly string[]): Promise<void> {
  await db('location_managers').where({ location_id: locationId }).del();
  if (userIds.length) await db('location_managers').insert(userIds.map((user_id) => ({ location_id: locationId, user_id })));
}

export async function setQrToken(db: Db, id: string, tokenHash: string): Promise<void> {
  await db('locations').where({ id }).update({ qr_token_hash: tokenHash, qr_generated_at: db.fn.now() });
}

/** A location's name and time zone (the zone its local dates and times are read in). */
export interface LocationInfo {
  id: string;
  name: string;
  timezone: string;
}

export async function locationInfo(db: Db, id: string): Promise<LocationInfo | undefined> {
  const row = await db('locations').where({ id }).whereNull('deleted_at').first('id', 'name', 'timezone');
  return row ? { ...row, id: String(row.id) } : undefined;
}
