import type { Knex } from 'knex';

/**
 * People (spec §3 User, Student, Relationship, Tag/allergy/medication): the student's other rooms,
 * siblings, cameras and QR enrolment codes; teachers' rooms; per-contact settings (max daily camera
 * logins with "raise today's limit", parent-directory privacy); tags, allergies and medications
 * with their student and user pivots; relationships; staged imports with their progress.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('students', (t) => {
    /** Days of the week the child attends (mon … sun). */
    t.specificType('week_schedule', 'text[]').notNullable().defaultTo('{}');
    t.bigInteger('created_by');
    t.bigInteger('updated_by');
  });
  // Lists by status and type (waitlist/lead), the archive, birthdays and the duplicate check.
  await knex.raw('create index students_location_status_idx on students (location_id, status, lname, fname) where deleted_at is null');
  await knex.raw('create index students_location_type_idx on students (location_id, type) where deleted_at is null');
  await knex.raw('create index students_archived_idx on students (location_id, deleted_at desc) where deleted_at is not null');
  await knex.raw(
    'create index students_birthday_idx on students (location_id, (extract(month from dob)), (extract(day from dob))) where deleted_at is null and dob is not null',
  );
  await knex.raw('create index students_name_idx on students (location_id, lower(fname), lower(lname)) where deleted_at is null');
  await knex.raw('create index students_enrollment_idx on students (location_id, enrollment_date) where deleted_at is null');

  // Spec Student.other_rooms: rooms besides the homeroom (program_id).
  await knex.schema.createTable('student_programs', (t) => {
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('program_id').notNullable().references('programs.id').onDelete('CASCADE');
    t.primary(['student_id', 'program_id']);
  });
  await knex.raw('create index student_programs_program_idx on student_programs (program_id)');

  // Spec Student.siblings: stored in both directions so either side is one index lookup.
  await knex.schema.createTable('student_siblings', (t) => {
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('sibling_id').notNullable().references('students.id').onDelete('CASCADE');
    t.primary(['student_id', 'sibling_id']);
    t.check('?? <> ??', ['student_id', 'sibling_id']);
  });
  await knex.raw('create index student_siblings_sibling_idx on student_siblings (sibling_id)');

  // Spec Student.cameras: the cameras a child's contacts may watch.
  await knex.schema.createTable('student_cameras', (t) => {
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('camera_id').notNullable().references('cameras.id').onDelete('CASCADE');
    t.primary(['student_id', 'camera_id']);
  });
  await knex.raw('create index student_cameras_camera_idx on student_cameras (camera_id)');

  // addStudentByQrCode: a one-time code staff print for a family; only its hash is kept.
  await knex.schema.createTable('student_codes', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable().unique();
    t.bigInteger('created_by');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.bigInteger('used_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index student_codes_student_idx on student_codes (student_id) where used_at is null');

  // Guardians by flag (alert counts, black list) and the student side of the pivot.
  await knex.raw('create index student_users_alert_idx on student_users (user_id) where alert');
  await knex.raw('create index student_users_black_list_idx on student_users (student_id) where black_list');

  // Spec User.programs: the rooms a teacher works in (a teacher reads the children of their rooms).
  await knex.schema.createTable('user_programs', (t) => {
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('program_id').notNullable().references('programs.id').onDelete('CASCADE');
    t.primary(['user_id', 'program_id']);
  });
  await knex.raw('create index user_programs_program_idx on user_programs (program_id)');

  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('created_by');
    t.bigInteger('updated_by');
  });
  await knex.raw('create index users_pending_idx on users (id) where pending and deleted_at is null');
  await knex.raw('create index users_invited_idx on users (id) where invited and deleted_at is null');
  await knex.raw('create index users_status_idx on users (status, lower(lname), lower(fname)) where deleted_at is null');
  await knex.raw('create index users_archived_idx on users (deleted_at desc) where deleted_at is not null');

  // Spec "Contact setting" and the parent directory privacy of each family.
  await knex.schema.createTable('user_settings', (t) => {
    t.bigInteger('user_id').primary().references('users.id').onDelete('CASCADE');
    /** null: the location's max_daily_logins applies. */
    t.integer('max_daily_camera_logins');
    /** "Raise today's limit": extra logins valid on extra_camera_logins_on only. */
    t.integer('extra_camera_logins').notNullable().defaultTo(0);
    t.date('extra_camera_logins_on');
    t.boolean('directory_visible').notNullable().defaultTo(false);
    t.boolean('directory_show_email').notNullable().defaultTo(false);
    t.boolean('directory_show_phone').notNullable().defaultTo(false);
    t.boolean('directory_show_children').notNullable().defaultTo(false);
    t.bigInteger('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index user_settings_directory_idx on user_settings (user_id) where directory_visible');

  // saveFcmToken(token, device): a person's push tokens, one row per device token.
  await knex.schema.createTable('push_tokens', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token', 500).notNullable().unique();
    t.string('device', 100);
    t.timestamps(true, true);
  });
  await knex.raw('create index push_tokens_user_idx on push_tokens (user_id)');

  // Spec Tag, allergy, medication: id, name (+ student_count, user_count from the pivots).
  for (const [table, single] of [
    ['tags', 'tag'],
    ['allergies', 'allergy'],
    ['medications', 'medication'],
  ] as const) {
    await knex.schema.createTable(table, (t) => {
      t.bigIncrements('id');
      t.string('name', 100).notNullable();
      t.timestamps(true, true);
    });
    await knex.raw(`create unique index ${table}_name_unique on ${table} (lower(name))`);
    for (const owner of ['student', 'user'] as const) {
      const pivot = `${owner}_${table}`;
      await knex.schema.createTable(pivot, (t) => {
        t.bigInteger(`${owner}_id`).notNullable().references(`${owner}s.id`).onDelete('CASCADE');
        t.bigInteger(`${single}_id`).notNullable().references(`${table}.id`).onDelete('CASCADE');
        t.primary([`${owner}_id`, `${single}_id`]);
      });
      await knex.raw(`create index ${pivot}_${single}_idx on ${pivot} (${single}_id)`);
    }
  }

  // Spec Relationship: id, name, is_default, legal_guardian, relationship_type.
  await knex.schema.createTable('relationships', (t) => {
    t.bigIncrements('id');
    t.string('name', 60).notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    t.boolean('legal_guardian').notNullable().defaultTo(false);
    t.string('relationship_type', 40);
    t.timestamps(true, true);
  });
  await knex.raw('create unique index relationships_name_unique on relationships (lower(name))');
  await knex.raw('create unique index relationships_one_default on relationships (is_default) where is_default');

  // Filters of the people reports: the system log by action prefix and by person, the invitations log.
  await knex.raw('create index audit_log_action_idx on audit_log (action text_pattern_ops, created_at desc)');
  await knex.raw('create index audit_log_actor_idx on audit_log (actor_user_id, created_at desc) where actor_user_id is not null');
  await knex.raw("create index outbound_messages_invite_idx on outbound_messages (user_id, created_at desc) where template = 'invite'");

  // Imports (CSV, Procare, Brightwheel, advance onboarding): staged rows, checked before anything
  // is saved, then applied all-or-nothing (inline, or by a job whose progress is read here).
  await knex.schema.createTable('imports', (t) => {
    t.bigIncrements('id');
    t.string('kind', 20).notNullable();
    t.string('source', 30).notNullable();
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('status', 20).notNullable();
    t.integer('total').notNullable().defaultTo(0);
    t.integer('processed').notNullable().defaultTo(0);
    t.jsonb('headers').notNullable().defaultTo('[]');
    t.jsonb('mapping').notNullable().defaultTo('{}');
    t.jsonb('raw_rows').notNullable().defaultTo('[]');
    t.jsonb('rows').notNullable().defaultTo('[]');
    t.jsonb('errors').notNullable().defaultTo('[]');
    t.jsonb('result').notNullable().defaultTo('{}');
    t.text('failure');
    t.bigInteger('created_by');
    t.uuid('support_session_id');
    t.timestamps(true, true);
    t.timestamp('finished_at', { useTz: true });
  });
  await knex.raw('create index imports_location_idx on imports (location_id, created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('imports');
  for (const i of ['audit_log_action_idx', 'audit_log_actor_idx', 'outbound_messages_invite_idx'])
    await knex.raw(`drop index if exists ${i}`);
  await knex.schema.dropTableIfExists('relationships');
  for (const table of ['tags', 'allergies', 'medications']) {
    await knex.schema.dropTableIfExists(`student_${table}`);
    await knex.schema.dropTableIfExists(`user_${table}`);
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.dropTableIfExists('push_tokens');
  await knex.schema.dropTableIfExists('user_settings');
  for (const i of [
    'users_pending_idx',
    'users_invited_idx',
    'users_status_idx',
    'users_archived_idx',
    'student_users_alert_idx',
    'student_users_black_list_idx',
  ]) {
    await knex.raw(`drop index if exists ${i}`);
  }
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('created_by');
    t.dropColumn('updated_by');
  });
  for (const t of ['user_programs', 'student_codes', 'student_cameras', 'student_siblings', 'student_programs'])
    await knex.schema.dropTableIfExists(t);
  for (const i of [
    'students_location_status_idx',
    'students_location_type_idx',
    'students_archived_idx',
    'students_birthday_idx',
    'students_name_idx',
    'students_enrollment_idx',
  ]) {
    await knex.raw(`drop index if exists ${i}`);
  }
  await knex.schema.alterTable('students', (t) => {
    t.dropColumn('week_schedule');
    t.dropColumn('created_by');
    t.dropColumn('updated_by');
  });
}
