import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** Family and staff PINs (the kiosk's sign-in) and who is staff of a location. */

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
