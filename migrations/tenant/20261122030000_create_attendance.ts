import type { Knex } from 'knex';

/**
 * Attendance (spec §3 Attendance, Health questionnaire, Location settings' check-in fields):
 * children's check-ins and check-outs, the requests that made them (idempotency), signatures,
 * absences, health questionnaires and screens, staff clock-ins with breaks and room moves, the
 * time clock link, the required child:staff ratio per room and its last alerted state, and the
 * reminders already sent. Every instant is a timestamptz; `date` is the location's local date.
 *
 * The rule "one open record per child / per staff member" is a unique partial index, so a double
 * tap or two devices at once can never leave two records, whatever the code does.
 */
export async function up(knex: Knex): Promise<void> {
  // Check-in settings of a location (saveCheckInSettings); the QR and parent-alert columns stay in location_settings.
  await knex.schema.createTable('attendance_settings', (t) => {
    t.bigInteger('location_id').primary().references('locations.id').onDelete('CASCADE');
    t.boolean('health_screen').notNullable().defaultTo(false);
    t.boolean('signature_required').notNullable().defaultTo(false);
    /** Parents may check their children in and out from their own phone. */
    t.boolean('parent_check_in').notNullable().defaultTo(true);
    /** The kiosk asks for the phone number (or its last 4 digits) after the PIN. */
    t.boolean('require_phone_with_pin').notNullable().defaultTo(false);
    /** Secret of the rotating check-in QR code (HMAC of the time window); reset to invalidate every code. */
    t.string('qr_secret', 64);
    t.bigInteger('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Drawn signatures, stored once and shared by the siblings of one check-in.
  await knex.schema.createTable('attendance_signatures', (t) => {
    t.bigIncrements('id');
    t.text('data').notNullable();
    t.bigInteger('signed_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Spec "Health questionnaire": id, statement (per location, ordered).
  await knex.schema.createTable('health_questions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('statement', 300).notNullable();
    /** The answer that lets the child in (statements usually describe symptoms: "No" passes). */
    t.boolean('pass_answer').notNullable().defaultTo(false);
    t.integer('position').notNullable().defaultTo(0);
    t.bigInteger('created_by');
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw('create index health_questions_location_idx on health_questions (location_id, position, id) where deleted_at is null');

  // One answered questionnaire per child and check-in attempt (failed ones block the check-in).
  await knex.schema.createTable('health_screens', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.jsonb('answers').notNullable().defaultTo('[]');
    t.boolean('passed').notNullable();
    t.bigInteger('screened_by');
    t.bigInteger('recorded_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index health_screens_location_date_idx on health_screens (location_id, date desc, id desc)');
  await knex.raw('create index health_screens_student_idx on health_screens (student_id, date desc)');

  // Spec "Attendance": id, date, start_time, end_time, break_time, program, checkedin_by, checkedout_by, signatures.
  await knex.schema.createTable('attendances', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('program_id').references('programs.id').onDelete('SET NULL');
    t.date('date').notNullable();
    t.timestamp('start_time', { useTz: true }).notNullable();
    t.timestamp('end_time', { useTz: true });
    t.integer('break_time').notNullable().defaultTo(0);
    /** The person who dropped the child off / picked them up (a contact at the kiosk, or staff). */
    t.bigInteger('checkedin_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('checkedout_by').references('users.id').onDelete('SET NULL');
    /** The signed-in account that recorded it (kiosk or teacher session, the parent's phone). */
    t.bigInteger('checkedin_recorded_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('checkedout_recorded_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('checkedin_signature_id').references('attendance_signatures.id').onDelete('SET NULL');
    t.bigInteger('checkedout_signature_id').references('attendance_signatures.id').onDelete('SET NULL');
    t.string('check_in_method', 12).notNullable();
    t.string('check_out_method', 12);
    t.bigInteger('health_screen_id').references('health_screens.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
    t.check('end_time is null or end_time >= start_time', [], 'attendances_end_after_start');
  });
  await knex.raw('create unique index attendances_one_open on attendances (student_id) where end_time is null and deleted_at is null');
  await knex.raw('create index attendances_location_date_idx on attendances (location_id, date, student_id) where deleted_at is null');
  await knex.raw('create index attendances_location_start_idx on attendances (location_id, start_time) where deleted_at is null');
  await knex.raw('create index attendances_student_idx on attendances (student_id, start_time desc) where deleted_at is null');
  await knex.raw('create index attendances_program_open_idx on attendances (program_id) where end_time is null and deleted_at is null');
  await knex.raw('create index attendances_checkedin_by_idx on attendances (checkedin_recorded_by, start_time) where deleted_at is null');
  await knex.raw(
    'create index attendances_checkedout_by_idx on attendances (checkedout_recorded_by, end_time) where deleted_at is null and end_time is not null',
  );

  // Spec Student.absent: absences marked for a day.
  await knex.schema.createTable('attendance_absences', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.string('reason', 60);
    t.string('note', 500);
    t.bigInteger('marked_by');
    t.timestamps(true, true);
    t.unique(['student_id', 'date']);
  });
  await knex.raw('create index attendance_absences_location_date_idx on attendance_absences (location_id, date)');

  // Staff attendance: one row per clock-in segment; a room move closes one segment and opens the next.
  await knex.schema.createTable('staff_attendances', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('program_id').references('programs.id').onDelete('SET NULL');
    t.date('date').notNullable();
    t.timestamp('start_time', { useTz: true }).notNullable();
    t.timestamp('end_time', { useTz: true });
    /** Minutes of break: finished breaks plus any entered by hand. */
    t.integer('break_time').notNullable().defaultTo(0);
    t.bigInteger('checkedin_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('checkedout_by').references('users.id').onDelete('SET NULL');
    t.string('check_in_method', 12).notNullable();
    t.string('check_out_method', 12);
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
    t.check('end_time is null or end_time >= start_time', [], 'staff_attendances_end_after_start');
    t.check('break_time >= 0', [], 'staff_attendances_break_positive');
  });
  await knex.raw(
    'create unique index staff_attendances_one_open on staff_attendances (user_id) where end_time is null and deleted_at is null',
  );
  await knex.raw(
    'create index staff_attendances_location_date_idx on staff_attendances (location_id, date, user_id) where deleted_at is null',
  );
  await knex.raw(
    'create index staff_attendances_location_start_idx on staff_attendances (location_id, start_time) where deleted_at is null',
  );
  await knex.raw('create index staff_attendances_user_idx on staff_attendances (user_id, start_time desc) where deleted_at is null');
  await knex.raw(
    'create index staff_attendances_program_open_idx on staff_attendances (program_id) where end_time is null and deleted_at is null',
  );

  await knex.schema.createTable('staff_breaks', (t) => {
    t.bigIncrements('id');
    t.bigInteger('staff_attendance_id').notNullable().references('staff_attendances.id').onDelete('CASCADE');
    t.timestamp('start_time', { useTz: true }).notNullable();
    t.timestamp('end_time', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('end_time is null or end_time >= start_time', [], 'staff_breaks_end_after_start');
  });
  await knex.raw('create unique index staff_breaks_one_open on staff_breaks (staff_attendance_id) where end_time is null');
  await knex.raw('create index staff_breaks_attendance_idx on staff_breaks (staff_attendance_id, start_time)');

  // Idempotency keys of check-in, check-out and clock requests: a repeated request finds its key and
  // answers with the record it made instead of acting again. Old keys are pruned by the attendance tick.
  await knex.schema.createTable('attendance_requests', (t) => {
    t.string('key', 200).primary();
    t.string('kind', 10).notNullable();
    t.bigInteger('record_id');
    t.string('type', 20);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index attendance_requests_created_idx on attendance_requests (created_at)');

  // The time clock link of a location (guest route /time-clock-page/:location, staff sign with their PIN).
  await knex.schema.createTable('timeclock_links', (t) => {
    t.bigInteger('location_id').primary().references('locations.id').onDelete('CASCADE');
    /** Printed as a QR code on the wall: not a secret on its own, every use also needs the staff PIN. */
    t.string('token', 64).notNullable().unique();
    t.boolean('active').notNullable().defaultTo(true);
    t.bigInteger('generated_by');
    t.timestamp('generated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // The required child:staff ratio of a room (e.g. 4 children : 1 staff).
  await knex.schema.createTable('room_ratios', (t) => {
    t.bigInteger('program_id').primary().references('programs.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.integer('children').notNullable();
    t.integer('staff').notNullable().defaultTo(1);
    t.bigInteger('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('children > 0 and staff > 0', [], 'room_ratios_positive');
  });
  await knex.raw('create index room_ratios_location_idx on room_ratios (location_id)');
  // The last ratio state of a room: an alert goes out only when the state changes.
  await knex.schema.createTable('room_ratio_states', (t) => {
    t.bigInteger('program_id').primary().references('programs.id').onDelete('CASCADE');
    t.string('status', 20).notNullable();
    t.string('projected_status', 20).notNullable().defaultTo('ok');
    t.integer('children').notNullable().defaultTo(0);
    t.integer('staff').notNullable().defaultTo(0);
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // "Not checked in yet" reminders already sent (one per child and day).
  await knex.schema.createTable('attendance_reminders', (t) => {
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['student_id', 'date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of [
    'attendance_reminders',
    'room_ratio_states',
    'room_ratios',
    'timeclock_links',
    'attendance_requests',
    'staff_breaks',
    'staff_attendances',
    'attendance_absences',
    'attendances',
    'health_screens',
    'health_questions',
    'attendance_signatures',
    'attendance_settings',
  ])
    await knex.schema.dropTableIfExists(t);
}
