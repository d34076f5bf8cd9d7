import type { Knex } from 'knex';

/**
 * Chat (issue 18): spec §3 Chat message — id, message, type, category, student_id, user_id,
 * attachment, created_at, parent_relation, deleted_by. One thread per child (`category` student,
 * `student_id`) and one per room (`category` program, `program_id`); `location_id` is the thread's
 * location, kept for the location's live topic and the staff scope. `type` is what the message
 * carries (text, image, pdf); `attachment_id` (the spec's attachment) a checked file of the files service (`chat_attachment`).
 * `parent_relation` is the author's relation to the child when a guardian wrote it. Deletes are
 * soft (`deleted_at`, `deleted_by`): a deleted message is never shown again.
 * `chat_reads` keeps, per person and thread, the newest message they have read.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_messages', (t) => {
    t.bigIncrements('id');
    t.text('message');
    t.string('type', 10).notNullable().defaultTo('text');
    t.string('category', 10).notNullable();
    t.bigInteger('student_id').references('students.id').onDelete('CASCADE');
    t.bigInteger('program_id').references('programs.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('user_id').references('users.id').onDelete('SET NULL');
    t.uuid('attachment_id').references('files.id');
    t.string('parent_relation', 60);
    t.timestamp('deleted_at', { useTz: true });
    t.bigInteger('deleted_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.check("type in ('text', 'image', 'pdf')", [], 'chat_messages_type_check');
    t.check(
      "(category = 'student' and student_id is not null and program_id is null) or (category = 'program' and program_id is not null and student_id is null)",
      [],
      'chat_messages_thread_check',
    );
    t.check("message is not null or attachment_id is not null", [], 'chat_messages_content_check');
  });
  await knex.raw('create index chat_messages_student_idx on chat_messages (student_id, id desc) where deleted_at is null and student_id is not null');
  await knex.raw('create index chat_messages_program_idx on chat_messages (program_id, id desc) where deleted_at is null and program_id is not null');
  await knex.raw('create index chat_messages_location_idx on chat_messages (location_id, category, id desc) where deleted_at is null');
  await knex.raw('create index chat_messages_user_idx on chat_messages (user_id)');
  await knex.raw('create unique index chat_messages_attachment_unique on chat_messages (attachment_id) where attachment_id is not null');

  await knex.schema.createTable('chat_reads', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('student_id').references('students.id').onDelete('CASCADE');
    t.bigInteger('program_id').references('programs.id').onDelete('CASCADE');
    t.bigInteger('last_read_id').notNullable();
    t.timestamp('read_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('(student_id is null) <> (program_id is null)', [], 'chat_reads_thread_check');
  });
  await knex.raw('create unique index chat_reads_student_unique on chat_reads (user_id, student_id) where student_id is not null');
  await knex.raw('create unique index chat_reads_program_unique on chat_reads (user_id, program_id) where program_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('chat_reads');
  await knex.schema.dropTableIfExists('chat_messages');
}
