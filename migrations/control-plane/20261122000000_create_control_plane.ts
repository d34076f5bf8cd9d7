import type { Knex } from 'knex';

/** Operators, centres, hostnames, database servers, provisioning and migration runs. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('operators', (t) => {
    t.bigIncrements('id');
    t.string('fname', 100).notNullable();
    t.string('lname', 100).notNullable();
    t.string('username', 100).notNullable();
    t.string('email', 254);
    t.string('role', 20).notNullable(); // admin | kvsupport
    t.text('password_hash');
    t.boolean('status').notNullable().defaultTo(true);
    t.timestamp('last_login_time', { useTz: true });
    t.timestamp('tokens_valid_after', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamps(true, true);
  });
  await knex.raw('create unique index operators_username_unique on operators (lower(username))');

  // Same shape as a centre's sessions/refresh_tokens so one auth package serves both.
  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary();
    t.bigInteger('user_id').notNullable().references('operators.id').onDelete('CASCADE');
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
  await knex.schema.createTable('refresh_tokens', (t) => {
    t.bigIncrements('id');
    t.uuid('session_id').notNullable().references('sessions.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('used_at', { useTz: true });
  });
  await knex.schema.createTable('login_history', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').references('operators.id').onDelete('CASCADE');
    t.string('username', 100);
    t.boolean('success').notNullable();
    t.string('reason', 40);
    t.string('device', 100);
    t.string('ip', 64);
    t.string('user_agent', 300);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('database_servers', (t) => {
    t.bigIncrements('id');
    t.string('name', 100).notNullable().unique();
    t.string('kind', 20).notNullable(); // embedded | external | rds
    t.string('host', 255);
    t.integer('port');
    t.string('admin_user', 100);
    t.text('password_encrypted'); // AES-256-GCM, key from CONTROL_PLANE_SECRET
    t.string('status', 20).notNullable().defaultTo('available'); // creating | available | full | failed
    t.integer('max_databases').notNullable().defaultTo(200);
    t.string('rds_instance_id', 100);
    t.string('region', 40);
    t.text('error');
    t.timestamps(true, true);
  });

  await knex.schema.createTable('centers', (t) => {
    t.bigIncrements('id');
    t.string('name', 150).notNullable();
    t.string('slug', 63).notNullable().unique();
    t.string('kind', 20).notNullable().defaultTo('childcare'); // childcare | petcare
    t.string('language_pack', 20).notNullable().defaultTo('default'); // default | dogs
    t.string('url', 255);
    t.string('hostname', 255);
    t.string('status', 20).notNullable().defaultTo('provisioning'); // provisioning | active | suspended | failed
    t.string('deploy', 40);
    t.string('aws_center_id', 100);
    t.boolean('is_aws_center').notNullable().defaultTo(false);
    t.timestamp('last_updated_time', { useTz: true });
    t.bigInteger('database_server_id').references('database_servers.id');
    t.string('database_name', 63);
    t.string('prefix_url', 255);
    t.string('base_url', 255);
    t.string('path', 255);
    t.integer('port');
    t.bigInteger('center_billing_plan_id');
    t.date('payment_start');
    t.date('payment_end');
    t.boolean('on_trial').notNullable().defaultTo(false);
    t.date('trial_start_date');
    t.integer('trial_days');
    t.string('customer_id', 100);
    t.string('contact_email', 254);
    t.string('schema_version', 40);
    t.string('migration_status', 20); // ok | failed | running
    t.text('migration_error');
    t.integer('provisioning_progress').notNullable().defaultTo(0);
    t.string('provisioning_step', 60);
    t.text('provisioning_error');
    t.string('added_by', 100);
    t.timestamp('added_at', { useTz: true });
    t.string('changed_by', 100);
    t.timestamp('changed_at', { useTz: true });
    t.timestamps(true, true);
  });
  await knex.raw('create index centers_status_idx on centers (status)');

  // Spec "Server domain": id, domain, status, cloud_front. kind: subdomain | custom | previous.
  await knex.schema.createTable('server_domains', (t) => {
    t.bigIncrements('id');
    t.bigInteger('center_id').notNullable().references('centers.id').onDelete('CASCADE');
    t.string('domain', 255).notNullable().unique();
    t.string('kind', 20).notNullable().defaultTo('subdomain');
    t.string('status', 20).notNullable().defaultTo('active'); // pending | active | disabled
    t.string('cloud_front', 255);
    t.timestamps(true, true);
  });
  await knex.raw('create index server_domains_center_idx on server_domains (center_id)');

  await knex.schema.createTable('migration_runs', (t) => {
    t.uuid('id').primary();
    t.boolean('dry_run').notNullable().defaultTo(false);
    t.string('status', 20).notNullable().defaultTo('running'); // running | done | failed
    t.integer('total').notNullable().defaultTo(0);
    t.integer('succeeded').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.string('started_by', 100);
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
  });
  await knex.schema.createTable('tenant_migrations', (t) => {
    t.bigIncrements('id');
    t.uuid('run_id').notNullable().references('migration_runs.id').onDelete('CASCADE');
    t.bigInteger('center_id').notNullable().references('centers.id').onDelete('CASCADE');
    t.string('status', 20).notNullable().defaultTo('pending'); // pending | running | done | failed | skipped
    t.string('from_version', 40);
    t.string('to_version', 40);
    t.specificType('applied', 'text[]').notNullable().defaultTo('{}');
    t.text('error');
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.unique(['run_id', 'center_id']);
  });

  // "Login as user": an operator's audited, time-limited entry into one centre as one user.
  await knex.schema.createTable('support_sessions', (t) => {
    t.uuid('id').primary();
    t.bigInteger('operator_id').notNullable().references('operators.id');
    t.bigInteger('center_id').notNullable().references('centers.id').onDelete('CASCADE');
    t.bigInteger('target_user_id').notNullable();
    t.string('reason', 500).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ended_at', { useTz: true });
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.bigInteger('operator_id');
    t.string('actor_label', 200);
    t.string('action', 80).notNullable();
    t.string('entity', 60);
    t.string('entity_id', 60);
    t.jsonb('data').notNullable().defaultTo('{}');
    t.string('ip', 64);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('outbox', (t) => {
    t.bigIncrements('id');
    t.string('queue', 60).notNullable();
    t.string('name', 80).notNullable();
    t.jsonb('payload').notNullable();
    t.string('dedupe_key', 200).unique();
    t.timestamp('available_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('dispatched_at', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index outbox_pending_idx on outbox (available_at, id) where dispatched_at is null');

  await knex.schema.createTable('outbound_messages', (t) => {
    t.bigIncrements('id');
    t.string('channel', 10).notNullable();
    t.string('recipient', 254).notNullable();
    t.bigInteger('user_id');
    t.string('template', 80);
    t.string('locale', 8);
    t.string('subject', 300);
    t.text('body_text');
    t.text('body_html');
    t.jsonb('data').notNullable().defaultTo('{}');
    t.string('status', 12).notNullable().defaultTo('queued');
    t.string('provider_id', 200);
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of [
    'outbound_messages',
    'outbox',
    'audit_log',
    'support_sessions',
    'tenant_migrations',
    'migration_runs',
    'server_domains',
    'centers',
    'database_servers',
    'login_history',
    'refresh_tokens',
    'sessions',
    'operators',
  ]) {
    await knex.schema.dropTableIfExists(t);
  }
}
