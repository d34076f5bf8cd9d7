import type { Faker } from '@faker-js/faker';
import type { Knex } from 'knex';
import { allocateIds, insertMany } from './context.ts';

export interface PersonInput {
  username: string;
  fname: string;
  lname: string;
  email: string | null;
  phone?: string | null;
  job_title?: string | null;
  locale?: string;
  emergency_contact?: boolean;
  check_in_pin?: string | null;
  /** Invited and not yet accepted: no password, `invited` set. */
  invited?: boolean;
  /** Registered and waiting for a manager's approval. */
  pending?: boolean;
  last_login_time?: Date | null;
  created_by?: string | null;
}

const roleIds = new WeakMap<Knex.Transaction, Map<string, string>>();

export async function roleId(trx: Knex.Transaction, name: string): Promise<string> {
  let map = roleIds.get(trx);
  if (!map) {
    map = new Map((await trx('roles').select('id', 'name')).map((r) => [r.name as string, String(r.id)]));
    roleIds.set(trx, map);
  }
  const id = map.get(name);
  if (!id) throw new Error(`No role "${name}"`);
  return id;
}

function row(p: PersonInput, passwordHash: string) {
  const invited = Boolean(p.invited);
  return {
    fname: p.fname,
    lname: p.lname,
    email: p.email,
    phone: p.phone ?? null,
    job_title: p.job_title ?? null,
    locale: p.locale ?? 'en',
    emergency_contact: p.emergency_contact ?? false,
    check_in_pin: p.check_in_pin ?? null,
    password_hash: invited ? null : passwordHash,
    email_confirmed: !invited,
    status: true,
    invited,
    pending: Boolean(p.pending),
    last_login_time: p.last_login_time ?? null,
    created_by: p.created_by ?? null,
  };
}

/**
 * Writes people with one role each in bulk (one INSERT per table) and returns their ids in input
 * order. A username that exists already (the owner provisioning made) is updated in place.
 */
export async function addPeople(
  trx: Knex.Transaction,
  people: (PersonInput & { role: string })[],
  passwordHash: string,
): Promise<string[]> {
  const existing = new Map(
    (
      await trx('users')
        .whereRaw('lower(username) = any(?)', [people.map((p) => p.username.toLowerCase())])
        .select('id', 'username')
    ).map((r) => [String(r.username).toLowerCase(), String(r.id)]),
  );
  const fresh = people.filter((p) => !existing.has(p.username.toLowerCase()));
  const ids = await allocateIds(trx, 'users', fresh.length);
  const idOf = new Map(fresh.map((p, i) => [p.username.toLowerCase(), ids[i]!]));
  await insertMany(
    trx,
    'users',
    fresh.map((p) => ({ id: idOf.get(p.username.toLowerCase()), username: p.username, ...row(p, passwordHash) })),
  );
  for (const p of people.filter((x) => existing.has(x.username.toLowerCase()))) {
    const { created_by: _unchanged, ...fields } = row(p, passwordHash);
    await trx('users')
      .where({ id: existing.get(p.username.toLowerCase()) })
      .update(fields);
  }
  const all = people.map((p) => existing.get(p.username.toLowerCase()) ?? idOf.get(p.username.toLowerCase())!);
  const roles: string[] = [];
  for (const p of people) roles.push(await roleId(trx, p.role));
  await trx('user_roles')
    .insert(all.map((user_id, i) => ({ user_id, role_id: roles[i] })))
    .onConflict(['user_id', 'role_id'])
    .ignore();
  return all;
}

/** A username from a name, unique within `taken` (which it extends). */
export function usernameFor(fname: string, lname: string, taken: Set<string>): string {
  const base = `${fname}.${lname}`
    .normalize('NFKD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/** Every username and PIN the centre holds already (generated people avoid them). */
export async function takenNames(trx: Knex.Transaction): Promise<{ usernames: Set<string>; pins: Set<string> }> {
  const rows = await trx('users').select('username', 'check_in_pin');
  return {
    usernames: new Set(rows.map((r) => String(r.username).toLowerCase())),
    pins: new Set(rows.flatMap((r) => (r.check_in_pin ? [String(r.check_in_pin)] : []))),
  };
}

/** The next free PIN of a series (`prefix` then digits), recorded in `pins`. */
export function nextPin(prefix: string, pins: Set<string>, from: { n: number }): string {
  for (;;) {
    const pin = `${prefix}${String(from.n++).padStart(3, '0')}`;
    if (!pins.has(pin)) {
      pins.add(pin);
      return pin;
    }
  }
}

/** A US-style 10-digit phone number of the area code. */
export const phoneFor = (faker: Faker, area: string) => `${area}555${faker.string.numeric(4)}`;
