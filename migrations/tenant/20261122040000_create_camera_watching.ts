import type { Knex } from 'knex';

/**
 * Live cameras (issue 7): streaming servers ("streams"), watch sessions (the audit of every
 * viewing and the source of truth for limits), daily login counters per contact, and the
 * location setting "only while checked in".
 */
export async function up(knex: Knex): Promise<void> {
  // A streaming server of the centre (or of one location): the built-in dev origin, MediaMTX or a
  // generic HLS origin with token auth. The secret (MediaMTX API / HLS signing) is encrypted.
  await knex.schema.createTable('streaming_servers', (t) => {
    t.bigIncrements('id');
    t.string('name', 100).notNullable();
    t.string('type', 12).notNullable();
    t.string('base_url', 500).notNullable();
    t.string('api_url', 500);
    t.text('secret_enc');
    /** null: available to every location. */
    t.bigInteger('location_id').references('locations.id').onDelete('CASCADE');
    t.boolean('is_default').notNullable().defaultTo(false);
    t.boolean('status').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
    t.check("type in ('dev', 'mediamtx', 'hls_token')", [], 'streaming_servers_type_check');
  });
  await knex.raw(
    'create unique index streaming_servers_one_default on streaming_servers (coalesce(location_id, 0)) where is_default and deleted_at is null',
  );
  await knex.raw('create index streaming_servers_location_idx on streaming_servers (location_id, id) where deleted_at is null');

  // One viewing of one camera: who, for which child, from where, how long and why it ended.
  await knex.schema.createTable('camera_watch_sessions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('student_id').references('students.id').onDelete('SET NULL');
    t.bigInteger('camera_id').notNullable().references('cameras.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('streaming_server_id').references('streaming_servers.id').onDelete('SET NULL');
    /** The viewer's local date at the location (daily limits count by it). */
    t.date('date').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ended_at', { useTz: true });
    t.integer('seconds').notNullable().defaultTo(0);
    t.string('ended_reason', 32);
    /** Whether this session counted as one of the day's logins. */
    t.boolean('counted').notNullable().defaultTo(false);
    t.string('ip', 64);
    t.string('user_agent', 500);
    /** The streaming server's own session id (MediaMTX hlssessions id), for the kick API. */
    t.string('media_session_id', 100);
    t.timestamp('opened_at', { useTz: true });
    /** The id (jti) of the newest playback token: older tokens no longer open this session. */
    t.string('token_jti', 32);
  });
  await knex.raw('create index camera_watch_sessions_open_idx on camera_watch_sessions (location_id, camera_id) where ended_at is null');
  await knex.raw('create index camera_watch_sessions_user_date_idx on camera_watch_sessions (user_id, date)');
  await knex.raw('create index camera_watch_sessions_location_date_idx on camera_watch_sessions (location_id, date, id)');

  // Per contact and local date: logins used (reset/update by managers).
  await knex.schema.createTable('camera_daily_logins', (t) => {
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.integer('logins').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'location_id', 'date']);
  });
  await knex.raw('create index camera_daily_logins_location_date_idx on camera_daily_logins (location_id, date)');

  // "Only while checked in": on by default for new centres (demo seeds turn it off).
  await knex.schema.alterTable('location_settings', (t) => {
    t.boolean('camera_only_checked_in').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('location_settings', (t) => t.dropColumn('camera_only_checked_in'));
  await knex.schema.dropTable('camera_daily_logins');
  await knex.schema.dropTable('camera_watch_sessions');
  await knex.schema.dropTable('streaming_servers');
}
