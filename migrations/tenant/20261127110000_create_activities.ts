import type { Knex } from 'knex';

/**
 * Daily activities (spec §3 "Daily activity": id, date, time, end_time, amount, type, note, title,
 * students, photo, photos, video, thumbnail, by, nap, observation, position, mood, custom, skills,
 * staffOnly). One row per entry, whatever its kind, with the kind's own checked values in
 * `details` (zod per kind, modules/activities/kinds.ts); the children of a group entry in
 * `activity_students` (its date and location copied there, so "a child's day" is one index range).
 * Absences, health checks and check-ins/outs are not stored here: they are attendance's and
 * health's rows, and the feeds read them from there.
 *
 * Also: the health screen's temperature and note (a health check entry), the location's
 * `approve_activities` switch (`approve_photos` is the photos area's), and the daily report mails sent (one per guardian, location and day: a rerun sends none).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('activities', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    /** The room the entry was made in (the room feed); null when its children's rooms differ. */
    t.bigInteger('program_id').references('programs.id').onDelete('SET NULL');
    t.string('kind', 20).notNullable();
    /** The location's local date and time. */
    t.date('date').notNullable();
    t.time('time').notNullable();
    t.time('end_time');
    t.decimal('amount', 8, 2);
    t.string('type', 40);
    t.string('note', 2000);
    t.string('title', 200);
    /** Media: rows of the photos area's students album (its consent rules apply on every read). */
    t.bigInteger('photo').references('photos.id').onDelete('SET NULL');
    t.specificType('photos', 'bigint[]').notNullable().defaultTo('{}');
    t.bigInteger('video').references('photos.id').onDelete('SET NULL');
    t.string('thumbnail', 300);
    /** Who gave it (a medication's `by`). */
    t.string('by', 100);
    t.string('nap', 20);
    t.string('observation', 4000);
    t.string('position', 20);
    t.string('mood', 20);
    t.string('custom', 100);
    /** Learning-skill ids (the learning area checks them). */
    t.specificType('skills', 'bigint[]').notNullable().defaultTo('{}');
    t.boolean('staff_only').notNullable().defaultTo(false);
    t.jsonb('details').notNullable().defaultTo('{}');
    /** `approved` entries reach parents (unless staff only); `pending` wait for a manager. */
    t.string('status', 10).notNullable().defaultTo('approved');
    /** Staff ids, kept as written (like health_screens.screened_by): no per-row key checks on the hot insert. */
    t.bigInteger('approved_by');
    t.timestamp('approved_at', { useTz: true });
    t.bigInteger('created_by');
    t.bigInteger('updated_by');
    /** The client's id of the tap that made it: a repeat answers this row. */
    t.string('request_id', 100);
    t.timestamps(true, true);
    t.check("status in ('approved', 'pending')", [], 'activities_status_check');
    t.check('end_time is null or end_time > time', [], 'activities_end_after_start');
  });
  await knex.raw('create index activities_location_date_idx on activities (location_id, date, time)');
  await knex.raw('create index activities_program_date_idx on activities (program_id, date, time)');
  await knex.raw('create index activities_kind_idx on activities (location_id, kind, date)');
  await knex.raw("create index activities_pending_idx on activities (location_id, date) where status = 'pending'");
  await knex.raw('create unique index activities_request_unique on activities (created_by, request_id) where request_id is not null');

  await knex.schema.createTable('activity_students', (t) => {
    t.bigInteger('activity_id').notNullable().references('activities.id').onDelete('CASCADE');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.primary(['activity_id', 'student_id']);
  });
  await knex.raw('create index activity_students_student_date_idx on activity_students (student_id, date, activity_id)');

  await knex.schema.alterTable('health_screens', (t) => {
    /** °F, a health check entry's reading. */
    t.decimal('temperature', 4, 1);
    t.string('note', 500);
    t.time('time');
  });

  await knex.schema.alterTable('location_settings', (t) => {
    /** Activity entries wait for a manager's approval before parents see them (incidents never wait). */
    t.boolean('approve_activities').notNullable().defaultTo(false);
  });

  // Daily report mails: the scheduled one once per guardian, location and day; sendDailyReport's too (kind manual).
  await knex.schema.createTable('activity_report_sends', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('user_id').references('users.id').onDelete('SET NULL');
    t.string('recipient', 254).notNullable();
    t.date('date').notNullable();
    t.string('kind', 10).notNullable();
    t.specificType('students', 'bigint[]').notNullable().defaultTo('{}');
    t.bigInteger('sent_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('message_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("kind in ('scheduled', 'manual')", [], 'activity_report_sends_kind_check');
  });
  await knex.raw(
    "create unique index activity_report_sends_once on activity_report_sends (location_id, user_id, date) where kind = 'scheduled'",
  );
  await knex.raw('create index activity_report_sends_date_idx on activity_report_sends (location_id, date)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('activity_report_sends');
  await knex.schema.alterTable('location_settings', (t) => t.dropColumn('approve_activities'));
  await knex.schema.alterTable('health_screens', (t) => {
    t.dropColumn('temperature');
    t.dropColumn('note');
    t.dropColumn('time');
  });
  await knex.schema.dropTableIfExists('activity_students');
  await knex.schema.dropTableIfExists('activities');
}
