import type { Knex } from 'knex';

/**
 * Photos and videos (issue 17): albums `students`, `staff`, `facility`. A photo points at a checked
 * file of the files service (`album_photo` / `album_video`), is tagged with children and staff,
 * and is `pending` until approved where the location's `approve_photos` asks for it. Its log keeps
 * upload, approval, view, download and delete. Photo consent is versioned per child (who, when,
 * value): the newest row is the child's consent, `own_family` when there is none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('photos', (t) => {
    t.bigIncrements('id');
    t.string('album', 10).notNullable();
    t.uuid('file_id').notNullable().references('files.id');
    t.bigInteger('location_id').notNullable().references('locations.id');
    t.string('caption', 500);
    t.timestamp('taken_at', { useTz: true }).notNullable();
    t.string('status', 10).notNullable();
    t.bigInteger('uploaded_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('approved_by').references('users.id').onDelete('SET NULL');
    t.timestamp('approved_at', { useTz: true });
    t.timestamp('deleted_at', { useTz: true });
    t.bigInteger('deleted_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.check("album in ('students', 'staff', 'facility')", [], 'photos_album_check');
    t.check("status in ('pending', 'approved')", [], 'photos_status_check');
  });
  await knex.raw('create unique index photos_file_unique on photos (file_id)');
  await knex.raw('create index photos_location_idx on photos (location_id, album, taken_at desc) where deleted_at is null');

  await knex.schema.createTable('photo_students', (t) => {
    t.bigInteger('photo_id').notNullable().references('photos.id').onDelete('CASCADE');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.primary(['photo_id', 'student_id']);
  });
  await knex.raw('create index photo_students_student_idx on photo_students (student_id, photo_id)');

  await knex.schema.createTable('photo_staff', (t) => {
    t.bigInteger('photo_id').notNullable().references('photos.id').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.primary(['photo_id', 'user_id']);
  });

  await knex.schema.createTable('photo_logs', (t) => {
    t.bigIncrements('id');
    t.bigInteger('photo_id').notNullable().references('photos.id').onDelete('CASCADE');
    t.string('action', 10).notNullable();
    t.bigInteger('user_id').references('users.id').onDelete('SET NULL');
    /** The viewer's local day for view/download rows: one per person, photo and day. */
    t.date('day');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("action in ('upload', 'approval', 'view', 'download', 'update', 'delete')", [], 'photo_logs_action_check');
  });
  await knex.raw('create index photo_logs_photo_idx on photo_logs (photo_id, id desc)');
  await knex.raw(
    "create unique index photo_logs_daily_unique on photo_logs (photo_id, user_id, action, day) where action in ('view', 'download')",
  );

  await knex.schema.createTable('photo_consents', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.string('consent', 16).notNullable();
    t.bigInteger('recorded_by').references('users.id').onDelete('SET NULL');
    /** `guardian` (a legal guardian in the app) or `paper_form` (a manager recording a signed form). */
    t.string('source', 12).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("consent in ('none', 'own_family', 'other_families', 'marketing')", [], 'photo_consents_value_check');
    t.check("source in ('guardian', 'paper_form', 'import')", [], 'photo_consents_source_check');
  });
  await knex.raw('create index photo_consents_current_idx on photo_consents (student_id, id desc)');

  await knex.schema.alterTable('location_settings', (t) => {
    /** Staff uploads to the albums wait for a manager's approval (spec: default on). */
    t.boolean('approve_photos').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('location_settings', (t) => t.dropColumn('approve_photos'));
  for (const t of ['photo_consents', 'photo_logs', 'photo_staff', 'photo_students', 'photos']) await knex.schema.dropTableIfExists(t);
}
