import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** The stored columns behind the `User` type (areas add their own). */
const USER_COLUMNS = [
  'id',
  'fname',
  'middle_name',
  'lname',
  'nick_name',
  'username',
  'email',
  'phone',
  'phone2',
  'phone_type',
  'phone2_type',
  'avatar',
  'job_title',
  'email_confirmed',
  'phone_verified',
  'status',
  'pending',
  'invited',
  'emergency_contact',
  'last_login_time',
  'locale',
];

/** The select list behind `User` on `users as <alias>`, plus an area's extra columns; never the hash itself. */
export const userColumns = (db: Db, alias = 'u', extra: readonly string[] = []) => [
  ...[...USER_COLUMNS, ...extra].map((c) => `${alias}.${c}`),
  db.raw(`${alias}.password_hash is not null as has_password`),
];

/** `userColumns` as SQL text, for statements written with the `sql` tag (@kv/db). */
export const userColumnsSql = (alias = 'u') =>
  [...USER_COLUMNS.map((c) => `${alias}.${c}`), `${alias}.password_hash is not null as has_password`].join(', ');

/** Marks a User row returned by the sign-in that opened a support session (no viewer exists yet in that request). */
export const JUST_OPENED_SUPPORT = Symbol('justOpenedSupport');

export interface UserRow {
  id: string;
  fname: string;
  lname: string;
  email: string | null;
  has_password?: boolean;
  [key: string]: unknown;
}

export async function findFullUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db('users')
    .where({ id })
    .whereNull('deleted_at')
    .first([...USER_COLUMNS, db.raw('password_hash is not null as has_password')]);
}

/** Role names per user, highest first, for a batch of users (User.roles loader). */
export async function rolesByUserIds(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, { id: string; name: string; display_name: string }[]>> {
  const rows = await db('user_roles as ur')
    .join('roles as r', 'r.id', 'ur.role_id')
    .whereIn('ur.user_id', userIds as string[])
    .select('ur.user_id', 'r.id', 'r.name', 'r.display_name');
  const map = new Map<string, { id: string; name: string; display_name: string }[]>();
  for (const r of rows) {
    const list = map.get(String(r.user_id)) ?? [];
    list.push({ id: String(r.id), name: r.name, display_name: r.display_name });
    map.set(String(r.user_id), list);
  }
  return map;
}

export async function permissionsOfRoles(db: Db, roleNames: readonly string[]): Promise<string[]> {
  const rows = await db('roles as r')
    .join('role_permissions as rp', 'rp.role_id', 'r.id')
    .join('permissions as p', 'p.id', 'rp.permission_id')
    .whereIn('r.name', roleNames as string[])
    .distinct('p.name');
  return rows.map((r) => r.name);
}

export async function listRoles(db: Db) {
  return db('roles').orderBy('id').select('id', 'name', 'display_name');
}

export async function findRole(db: Db, name: string) {
  return db('roles').where({ name }).first('id', 'name', 'display_name');
}

export async function permissionsByRoleIds(
  db: Db,
  roleIds: readonly string[],
): Promise<Map<string, { id: string; name: string; display_name: string }[]>> {
  const rows = await db('role_permissions as rp')
    .join('permissions as p', 'p.id', 'rp.permission_id')
    .whereIn('rp.role_id', roleIds as string[])
    .orderBy('p.name')
    .select('rp.role_id', 'p.id', 'p.name', 'p.display_name');
  const map = new Map<string, { id: string; name: string; display_name: string }[]>();
  for (const r of rows)
    map.set(String(r.role_id), [...(map.get(String(r.role_id)) ?? []), { id: String(r.id), name: r.name, display_name: r.display_name }]);
  return map;
}

export async function listPermissions(db: Db) {
  return db('permissions').orderBy('name').select('id', 'name', 'display_name');
}

export async function findPermission(db: Db, name: string) {
  return db('permissions').where({ name }).first('id', 'name', 'display_name');
}

export async function upsertPermission(db: Db, name: string, displayName: string): Promise<string> {
  const [row] = await db('permissions')
    .insert({ name, display_name: displayName })
    .onConflict('name')
    .merge({ display_name: displayName })
    .returning('id');
  return String(row.id);
}

export async function grant(db: Db, roleIds: string[], permissionId: string): Promise<void> {
  if (!roleIds.length) return;
  await db('role_permissions')
    .insert(roleIds.map((role_id) => ({ role_id, permission_id: permissionId })))
    .onConflict(['role_id', 'permission_id'])
    .ignore();
}

export async function setRolePermissions(db: Db, roleId: string, permissionIds: string[]): Promise<void> {
  await db('role_permissions').where({ role_id: roleId }).del();
  if (permissionIds.length) await db('role_permissions').insert(permissionIds.map((permission_id) => ({ role_id: roleId, permission_id })));
}

export async function revoke(db: Db, roleId: string, permissionId: string): Promise<number> {
  return db('role_permissions').where({ role_id: roleId, permission_id: permissionId }).del();
}

export async function deletePermissionByName(db: Db, name: string): Promise<number> {
  return db('permissions').where({ name }).del();
}

export async function listSidebar(db: Db) {
  return db('sidebar_permissions').orderBy('menu_name').select('menu_name', 'roles');
}

export async function upsertSidebar(db: Db, menuName: string, roles: string[]): Promise<void> {
  await db('sidebar_permissions').insert({ menu_name: menuName, roles }).onConflict('menu_name').merge({ roles, updated_at: db.fn.now() });
}

export async function audit(
  db: Db,
  row: {
    actor_user_id: string | null;
    support_session_id?: string | null;
    action: string;
    entity: string;
    entity_id: string;
    data?: object;
    ip?: string;
  },
) {
  await db('audit_log').insert({ ...row, data: JSON.stringify(row.data ?? {}) });
}
