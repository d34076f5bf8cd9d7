import type { Knex } from 'knex';

/**
 * The core entities every later area hangs off (spec §3): locations, programs/rooms, students and
 * the user ↔ student pivot. Later migrations add the areas' own columns and tables.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('locations', (t) => {
    t.bigIncrements('id');
    t.string('name', 150).notNullable();
    t.string('timezone', 64).notNullable().defaultTo('America/New_York');
    t.string('email', 254);
    t.string('phone', 32);
    t.decimal('longitude', 10, 7);
    t.decimal('latitude', 10, 7);
    t.string('address', 300);
    t.string('pin_url', 500);
    t.string('map_url', 500);
    t.boolean('is_signup').notNullable().defaultTo(false);
    t.string('signup_code', 40);
    t.string('color_code', 9);
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw('create unique index locations_name_unique on locations (lower(name)) where deleted_at is null');
  await knex.raw(
    'create unique index locations_signup_code_unique on locations (lower(signup_code)) where signup_code is not null and deleted_at is null',
  );

  await knex.schema.createTable('location_managers', (t) => {
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.primary(['location_id', 'user_id']);
  });
  await knex.raw('create index location_managers_user_idx on location_managers (user_id)');
  await knex.schema.createTable('user_locations', (t) => {
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.primary(['user_id', 'location_id']);
  });
  await knex.raw('create index user_locations_location_idx on user_locations (location_id)');

  // Spec "Program/Room": the same entity; the pet pack calls programs rooms.
  await knex.schema.createTable('programs', (t) => {
    t.bigIncrements('id');
    t.string('name', 150).notNullable();
    t.string('color_code', 9);
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw('create index programs_location_idx on programs (location_id) where deleted_at is null');

  await knex.schema.createTable('students', (t) => {
    t.bigIncrements('id');
    t.string('fname', 100).notNullable();
    t.string('middle_name', 100);
    t.string('lname', 100).notNullable();
    t.string('nick_name', 100);
    t.string('image', 500);
    t.date('dob');
    t.boolean('status').notNullable().defaultTo(true);
    t.string('type', 30);
    t.string('gender', 20);
    t.string('race', 60);
    t.string('ethnicity', 60);
    t.string('doctor_name', 150);
    t.string('doctor_phone', 32);
    t.text('note');
    t.string('street_1', 200);
    t.string('street_2', 200);
    t.string('city', 100);
    t.string('state', 60);
    t.string('country', 60);
    t.string('zip', 20);
    t.date('enrollment_date');
    t.date('graduation_date');
    t.string('external_id', 100);
    t.bigInteger('location_id').notNullable().references('locations.id');
    t.bigInteger('program_id').references('programs.id');
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw('create index students_location_idx on students (location_id, lname, fname) where deleted_at is null');
  await knex.raw('create index students_program_idx on students (program_id) where deleted_at is null');

  await knex.schema.createTable('student_users', (t) => {
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.boolean('emergency_contact').notNullable().defaultTo(false);
    t.boolean('alert').notNullable().defaultTo(false);
    t.boolean('black_list').notNullable().defaultTo(false);
    t.boolean('watch_camera').notNullable().defaultTo(true);
    t.string('relation', 60);
    t.boolean('legal_guardian').notNullable().defaultTo(false);
    t.boolean('pickup').notNullable().defaultTo(true);
    t.boolean('is_payer').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.primary(['student_id', 'user_id']);
  });
  await knex.raw('create index student_users_user_idx on student_users (user_id)');
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['student_users', 'students', 'programs', 'user_locations', 'location_managers', 'locations'])
    await knex.schema.dropTableIfExists(t);
}
