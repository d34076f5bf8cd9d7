import type { Knex } from 'knex';
import { CENTRE_ROLES, DEFAULT_ROLE_PERMISSIONS, DEFAULT_SIDEBAR, PERMISSIONS } from '../../packages/shared/src/index.ts';

const DISPLAY: Record<string, string> = {
  user: 'Contact',
  blog: 'Blog editor',
  teacher: 'Teacher',
  manager: 'Manager',
  center: 'Centre owner',
};

/** Reference data every centre starts with: its roles, named permissions and menu visibility. */
export async function up(knex: Knex): Promise<void> {
  await knex('roles').insert(CENTRE_ROLES.map((name) => ({ name, display_name: DISPLAY[name] ?? name })));
  await knex('permissions').insert(Object.entries(PERMISSIONS).map(([name, display_name]) => ({ name, display_name })));
  const roles = await knex('roles').select('id', 'name');
  const perms = await knex('permissions').select('id', 'name');
  const permId = new Map(perms.map((p) => [p.name, p.id]));
  const rows = roles.flatMap((r) => (DEFAULT_ROLE_PERMISSIONS[r.name] ?? []).map((p) => ({ role_id: r.id, permission_id: permId.get(p) })));
  if (rows.length) await knex('role_permissions').insert(rows);
  await knex('sidebar_permissions').insert(Object.entries(DEFAULT_SIDEBAR).map(([menu_name, roles]) => ({ menu_name, roles })));
}

export async function down(knex: Knex): Promise<void> {
  await knex('sidebar_permissions').del();
  await knex('role_permissions').del();
  await knex('permissions').del();
  await knex('roles').del();
}
