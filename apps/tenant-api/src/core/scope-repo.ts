import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/**
 * The reads behind the viewer's scopes, for viewers the session lookup did not fill in (hand-made
 * test viewers, support sessions): the session already carries location ids and permissions.
 */

/** Permission names per user through their roles, for a batch of users. */
export async function permissionsByUserIds(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await db('user_roles as ur')
    .join('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .join('permissions as p', 'p.id', 'rp.permission_id')
    .whereIn('ur.user_id', userIds as string[])
    .distinct('ur.user_id', 'p.name');
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(String(r.user_id), [...(map.get(String(r.user_id)) ?? []), r.name]);
  return map;
}

export async function managedLocationIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db('location_managers as lm')
    .join('locations as l', 'l.id', 'lm.location_id')
    .where('lm.user_id', userId)
    .whereNull('l.deleted_at')
    .select('l.id');
  return rows.map((r) => String(r.id));
}

export async function memberLocationIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db('user_locations as ul')
    .join('locations as l', 'l.id', 'ul.location_id')
    .where('ul.user_id', userId)
    .whereNull('l.deleted_at')
    .select('l.id');
  return rows.map((r) => String(r.id));
}

/** Locations of a parent's children (not deleted students, not deleted locations). */
export async function childLocationIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db('student_users as su')
    .join('students as s', 's.id', 'su.student_id')
    .join('locations as l', 'l.id', 's.location_id')
    .where('su.user_id', userId)
    .whereNull('s.deleted_at')
    .whereNull('l.deleted_at')
    .distinct('l.id');
  return rows.map((r) => String(r.id));
}

/** Of the given ids, the locations that exist (not deleted). */
export async function existingLocationIds(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db('locations')
    .whereNull('deleted_at')
    .whereIn('id', ids as string[])
    .select('id');
  return rows.map((r) => String(r.id));
}

/** The rooms a teacher belongs to (`user_programs`, not deleted). */
export async function teacherProgramIds(db: Db, userId: string): Promise<string[]> {
  const rows: { id: string }[] = await db('user_programs as up')
    .join('programs as p', 'p.id', 'up.program_id')
    .where('up.user_id', userId)
    .whereNull('p.deleted_at')
    .select('p.id');
  return rows.map((r) => String(r.id));
}
