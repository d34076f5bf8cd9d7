import type { Knex } from 'knex';

/**
 * Centre setup (spec §3): schedules with their dates, cameras, camera groups, rooms' camera group,
 * per-location settings, location email verification codes, the location's billing and QR fields,
 * and `audit_log.location_id` so a location's history includes changes to its rooms and cameras.
 */
export async function up(knex: Knex): Promise<void> {
  // Spec "Schedule": id, name, status, scheduledates (id, day, start_time, end_time); used by locations and cameras.
  await knex.schema.createTable('schedules', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.boolean('status').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw('create unique index schedules_location_name_unique on schedules (location_id, lower(name)) where deleted_at is null');
  await knex.raw('create index schedules_location_status_idx on schedules (location_id, status, id) where deleted_at is null');
  await knex.raw('create index schedules_status_idx on schedules (status, id) where deleted_at is null');
  await knex.schema.createTable('schedule_dates', (t) => {
    t.bigIncrements('id');
    t.bigInteger('schedule_id').notNullable().references('schedules.id').onDelete('CASCADE');
    t.string('day', 9).notNullable();
    t.specificType('start_time', 'time').notNullable();
    t.specificType('end_time', 'time').notNullable();
  });
  await knex.raw('create index schedule_dates_schedule_idx on schedule_dates (schedule_id)');

  await knex.schema.alterTable('locations', (t) => {
    t.boolean('billing').notNullable().defaultTo(false);
    t.boolean('location_billing_request').notNullable().defaultTo(false);
    t.bigInteger('schedule_id').references('schedules.id').onDelete('SET NULL');
    t.timestamp('email_verified_at', { useTz: true });
    t.string('qr_token_hash', 64);
    t.timestamp('qr_generated_at', { useTz: true });
  });
  await knex.raw('create index locations_active_idx on locations (active, name) where deleted_at is null');
  await knex.raw('create unique index locations_qr_token_unique on locations (qr_token_hash) where qr_token_hash is not null');

  // Camera groups of a location; a room (program) shows the cameras of its group.
  await knex.schema.createTable('camera_groups', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.timestamps(true, true);
  });
  await knex.raw('create unique index camera_groups_location_name_unique on camera_groups (location_id, lower(name))');
  await knex.schema.alterTable('programs', (t) => {
    t.bigInteger('camera_group_id').references('camera_groups.id').onDelete('SET NULL');
  });
  await knex.raw('create index programs_camera_group_idx on programs (camera_group_id) where camera_group_id is not null');
  await knex.raw('create unique index programs_location_name_unique on programs (location_id, lower(name)) where deleted_at is null');

  // Spec "Camera": id, name, code, color_code, camera_id, status, order, location_id, room, groups, schedule.
  await knex.schema.createTable('cameras', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('code', 200).notNullable();
    t.string('color_code', 9).notNullable();
    t.string('camera_id', 100);
    t.boolean('status').notNullable().defaultTo(true);
    t.integer('order').notNullable().defaultTo(0);
    t.bigInteger('program_id').references('programs.id').onDelete('SET NULL');
    t.bigInteger('schedule_id').references('schedules.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw('create index cameras_location_order_idx on cameras (location_id, "order", id) where deleted_at is null');
  await knex.raw('create index cameras_location_status_idx on cameras (location_id, status, "order") where deleted_at is null');
  await knex.raw('create unique index cameras_location_color_unique on cameras (location_id, lower(color_code)) where deleted_at is null');
  await knex.raw('create index cameras_program_idx on cameras (program_id) where deleted_at is null');
  await knex.raw('create index cameras_schedule_idx on cameras (schedule_id) where deleted_at is null');
  await knex.schema.createTable('camera_group_cameras', (t) => {
    t.bigInteger('camera_group_id').notNullable().references('camera_groups.id').onDelete('CASCADE');
    t.bigInteger('camera_id').notNullable().references('cameras.id').onDelete('CASCADE');
    t.primary(['camera_group_id', 'camera_id']);
  });
  await knex.raw('create index camera_group_cameras_camera_idx on camera_group_cameras (camera_id)');

  // Spec "Location settings": one row per location, created on first save (defaults otherwise).
  await knex.schema.createTable('location_settings', (t) => {
    t.bigInteger('location_id').primary().references('locations.id').onDelete('CASCADE');
    t.integer('max_no_of_students');
    t.integer('max_no_of_users');
    t.integer('max_daily_logins');
    t.integer('user_time_out');
    t.boolean('enable_max_login_feature').notNullable().defaultTo(false);
    t.integer('expiry_time');
    t.integer('signup_pin_code_expiry');
    t.string('signup_success_text', 1000);
    t.string('signup_fail_text', 1000);
    t.specificType('team_notification_emails', 'text[]').notNullable().defaultTo('{}');
    t.specificType('team_notification_phones', 'text[]').notNullable().defaultTo('{}');
    t.boolean('signup_notification_email').notNullable().defaultTo(false);
    t.boolean('signup_notification_phone').notNullable().defaultTo(false);
    t.boolean('team_notification_app').notNullable().defaultTo(true);
    t.boolean('team_notification_email').notNullable().defaultTo(true);
    t.boolean('team_notification_sms').notNullable().defaultTo(false);
    t.boolean('can_edit_student').notNullable().defaultTo(false);
    t.specificType('can_edit_fields', 'text[]').notNullable().defaultTo('{}');
    t.boolean('parent_directory_visibility').notNullable().defaultTo(false);
    t.boolean('check_in_qr').notNullable().defaultTo(false);
    t.string('check_in_qr_expire', 20);
    t.string('default_city', 100);
    t.string('default_state', 60);
    t.string('default_zip', 20);
    t.boolean('check_in_parent_alert_email').notNullable().defaultTo(false);
    t.boolean('check_in_parent_alert_sms').notNullable().defaultTo(false);
    t.boolean('check_in_parent_alert_app').notNullable().defaultTo(false);
    t.string('check_in_parent_alert_time', 5);
    t.boolean('send_parent_activity_report').notNullable().defaultTo(false);
    t.string('send_parent_activity_report_time', 5);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Location email verification: a 6-digit code mailed to the location's address.
  await knex.schema.createTable('location_email_codes', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('code_hash', 64).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index location_email_codes_location_idx on location_email_codes (location_id, id desc)');

  // A location's history: changes to it and to its rooms, cameras, groups, schedules and settings.
  await knex.schema.alterTable('audit_log', (t) => {
    t.bigInteger('location_id');
  });
  await knex.raw('create index audit_log_location_idx on audit_log (location_id, created_at desc, id desc) where location_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists audit_log_location_idx');
  await knex.schema.alterTable('audit_log', (t) => t.dropColumn('location_id'));
  for (const t of ['location_email_codes', 'location_settings', 'camera_group_cameras', 'cameras']) await knex.schema.dropTableIfExists(t);
  await knex.raw('drop index if exists programs_location_name_unique');
  await knex.raw('drop index if exists programs_camera_group_idx');
  await knex.schema.alterTable('programs', (t) => t.dropColumn('camera_group_id'));
  await knex.schema.dropTableIfExists('camera_groups');
  await knex.raw('drop index if exists locations_qr_token_unique');
  await knex.raw('drop index if exists locations_active_idx');
  await knex.schema.alterTable('locations', (t) => {
    for (const c of ['billing', 'location_billing_request', 'schedule_id', 'email_verified_at', 'qr_token_hash', 'qr_generated_at'])
      t.dropColumn(c);
  });
  await knex.schema.dropTableIfExists('schedule_dates');
  await knex.schema.dropTableIfExists('schedules');
}
