import type { Knex } from 'knex';

/** People, roles, permissions, sessions and one-time tokens of a centre. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.bigIncrements('id');
    t.string('fname', 100).notNullable();
    t.string('middle_name', 100);
    t.string('lname', 100).notNullable();
    t.string('nick_name', 100);
    t.string('username', 100).notNullable();
    t.string('email', 254);
    t.string('phone', 32);
    t.string('phone2', 32);
    t.string('phone_type', 20);
    t.string('phone2_type', 20);
    t.string('avatar', 500);
    t.string('job_title', 100);
    t.boolean('email_confirmed').notNullable().defaultTo(false);
    t.boolean('phone_verified').notNullable().defaultTo(false);
    t.boolean('status').notNullable().defaultTo(true);
    t.boolean('pending').notNullable().defaultTo(false);
    t.boolean('invited').notNullable().defaultTo(false);
    t.boolean('emergency_contact').notNullable().defaultTo(false);
    t.timestamp('last_login_time', { useTz: true });
    t.text('password_hash');
    t.string('check_in_pin', 12);
    t.jsonb('details').notNullable().defaultTo('{}');
    t.string('locale', 8).notNullable().defaultTo('en');
    /** Access tokens issued before this instant are refused (logout everywhere, deactivation). */
    t.timestamp('tokens_valid_after', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw('create unique index users_username_unique on users (lower(username))');
  await knex.raw('create index users_email_idx on users (lower(email))');
  await knex.raw('create unique index users_check_in_pin_unique on users (check_in_pin) where check_in_pin is not null');

  await knex.schema.createTable('roles', (t) => {
    t.bigIncrements('id');
    t.string('name', 40).notNullable().unique();
    t.string('display_name', 100).notNullable();
  });
  await knex.schema.createTable('permissions', (t) => {
    t.bigIncrements('id');
    t.string('name', 80).notNullable().unique();
    t.string('display_name', 150).notNullable();
  });
  await knex.schema.createTable('role_permissions', (t) => {
    t.bigInteger('role_id').notNullable().references('roles.id').onDelete('CASCADE');
    t.bigInteger('permission_id').notNullable().references('permissions.id').onDelete('CASCADE');
    t.primary(['role_id', 'permission_id']);
  });
  await knex.schema.createTable('user_roles', (t) => {
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('role_id').notNullable().references('roles.id').onDelete('CASCADE');
    t.primary(['user_id', 'role_id']);
  });
  await knex.schema.raw('create index user_roles_role_idx on user_roles (role_id)');
  await knex.schema.createTable('sidebar_permissions', (t) => {
    t.string('menu_name', 80).primary();
    t.specificType('roles', 'text[]').notNullable().defaultTo('{}');
    t.timestamps(true, true);
  });

  // A session is one refresh-token family: login creates it, every refresh rotates its token.
  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('device', 100);
    t.string('ip', 64);
    t.string('user_agent', 300);
    t.uuid('support_session_id');
    t.string('support_operator', 200);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.string('revoked_reason', 40);
  });
  await knex.raw('create index sessions_user_idx on sessions (user_id) where revoked_at is null');
  await knex.schema.createTable('refresh_tokens', (t) => {
    t.bigIncrements('id');
    t.uuid('session_id').notNullable().references('sessions.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('used_at', { useTz: true });
  });

  // One-time tokens: email verification (with a PIN), password reset, invitations, autologin, email change.
  await knex.schema.createTable('auth_tokens', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('purpose', 30).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.string('pin_hash', 64);
    t.integer('attempts').notNullable().defaultTo(0);
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index auth_tokens_user_purpose_idx on auth_tokens (user_id, purpose)');

  await knex.schema.createTable('login_history', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').references('users.id').onDelete('CASCADE');
    t.string('username', 100);
    t.boolean('success').notNullable();
    t.string('reason', 40);
    t.string('device', 100);
    t.string('ip', 64);
    t.string('user_agent', 300);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index login_history_user_idx on login_history (user_id, created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  for (const t of [
    'login_history',
    'auth_tokens',
    'refresh_tokens',
    'sessions',
    'sidebar_permissions',
    'user_roles',
    'role_permissions',
    'permissions',
    'roles',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(t);
  }
}
