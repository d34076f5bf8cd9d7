import type { Knex } from 'knex';

/**
 * Announcements, alerts, instant SMS and pinned action items (issue 18, the announcements part).
 *
 * Spec §3 Announcement: id, message, status, created_at, expiry_date, is_public, color_code,
 * is_notification; roles, locations and programs with pivot role. The audience is stored as
 * pivot rows carrying the role they reach: one `announcement_locations` row per location and
 * role, and (when the announcement is for some rooms only) one `announcement_programs` row per
 * room and role. `action_needed` with a `due_date` pins the announcement on the parents' /home as
 * an action item until each of them acknowledges it.
 *
 * `action_items` is generic (source kind + source id): any area raises items through the
 * announcements module's index (`raiseActionItem`, `closeActionItem`); one row per person.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('announcements', (t) => {
    t.bigIncrements('id');
    t.text('message').notNullable();
    /** Active (shown) or inactive; changed by updateAnnouncementStatus. */
    t.boolean('status').notNullable().defaultTo(true);
    /** The last day it is shown, in each location's time zone; null: no end. */
    t.date('expiry_date');
    t.boolean('is_public').notNullable().defaultTo(false);
    t.string('color_code', 9);
    t.boolean('is_notification').notNullable().defaultTo(false);
    t.boolean('action_needed').notNullable().defaultTo(false);
    t.date('due_date');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
    t.check('not action_needed or due_date is not null', [], 'announcements_action_due_check');
  });
  await knex.raw('create index announcements_created_idx on announcements (created_at desc, id desc) where deleted_at is null');

  await knex.schema.createTable('announcement_locations', (t) => {
    t.bigInteger('announcement_id').notNullable().references('announcements.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('role', 20).notNullable();
    t.primary(['announcement_id', 'location_id', 'role']);
  });
  await knex.raw('create index announcement_locations_audience_idx on announcement_locations (location_id, role, announcement_id)');

  await knex.schema.createTable('announcement_programs', (t) => {
    t.bigInteger('announcement_id').notNullable().references('announcements.id').onDelete('CASCADE');
    t.bigInteger('program_id').notNullable().references('programs.id').onDelete('CASCADE');
    t.string('role', 20).notNullable();
    t.primary(['announcement_id', 'program_id', 'role']);
  });
  await knex.raw('create index announcement_programs_audience_idx on announcement_programs (program_id, role, announcement_id)');

  await knex.schema.createTable('action_items', (t) => {
    t.bigIncrements('id');
    /** The area that raised it (`announcement`, …) and its row there. */
    t.string('source_kind', 40).notNullable();
    t.bigInteger('source_id').notNullable();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('location_id').references('locations.id').onDelete('CASCADE');
    t.string('title', 300).notNullable();
    t.date('due_date').notNullable();
    t.bigInteger('raised_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('acknowledged_at', { useTz: true });
    /** The source withdrew it (deleted, deactivated, no longer needs action). */
    t.timestamp('closed_at', { useTz: true });
  });
  await knex.raw('create unique index action_items_source_user_unique on action_items (source_kind, source_id, user_id)');
  await knex.raw('create index action_items_open_idx on action_items (user_id, due_date) where acknowledged_at is null and closed_at is null');

  await knex.schema.createTable('alerts', (t) => {
    t.bigIncrements('id');
    t.text('message').notNullable();
    t.bigInteger('sender').references('users.id').onDelete('SET NULL');
    t.specificType('alert_user', 'bigint[]').notNullable().defaultTo('{}');
    t.specificType('alert_student', 'bigint[]').notNullable().defaultTo('{}');
    t.specificType('alert_program', 'bigint[]').notNullable().defaultTo('{}');
    t.integer('recipients').notNullable().defaultTo(0);
    t.integer('messages').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index alerts_created_idx on alerts (created_at desc)');

  // Teachers write announcements for their locations (spec §2 teacher route /announcements): the
  // reference role gets the permission in centres created before it was a default.
  await knex.raw(
    `insert into role_permissions (role_id, permission_id)
     select r.id, p.id from roles r join permissions p on p.name = 'announcements.manage'
      where r.name = 'teacher' on conflict do nothing`,
  );

  // The unsubscribed-SMS list (its inbound STOP/START webhook comes with the SMS-responses work).
  if (!(await knex.schema.hasTable('sms_unsubscribes'))) {
    await knex.schema.createTable('sms_unsubscribes', (t) => {
      t.bigIncrements('id');
      /** E.164. */
      t.string('phone', 20).notNullable();
      t.string('source', 20).notNullable().defaultTo('manual');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create unique index sms_unsubscribes_phone_unique on sms_unsubscribes (phone)');
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['alerts', 'action_items', 'announcement_programs', 'announcement_locations', 'announcements'])
    await knex.schema.dropTableIfExists(t);
}
