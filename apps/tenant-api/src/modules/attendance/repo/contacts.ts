import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** Who is told about a check-in or an alert: contacts, managers, names and push tokens. */

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
