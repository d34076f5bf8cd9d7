import type { Knex } from 'knex';

/**
 * Web forms and their submissions with e-signatures (issue 20). A form (spec §3 Form) belongs to a
 * location; its fields live in versions: editing a form that already has entries writes a new
 * version, and each entry keeps the version it was filled against. Shares resolve to one
 * assignment per child (due date); a submission's values are jsonb (GIN index, filtered in SQL).
 * A signature records the signer, time, IP, user agent, the ESIGN consent and the SHA-256 over
 * the form version, every value and each signature image.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('forms', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id');
    t.string('name', 150).notNullable();
    t.string('type', 10).notNullable();
    t.text('description');
    t.text('instructions');
    t.string('share_with', 20);
    t.string('form_builder_url', 500);
    t.string('external_form_id', 100);
    t.string('template_id', 40);
    t.integer('version').notNullable().defaultTo(1);
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('deleted_at', { useTz: true });
    t.timestamps(true, true);
    t.check("type in ('web', 'printed')", [], 'forms_type_check');
  });
  await knex.raw('create index forms_location_idx on forms (location_id, type, id desc) where deleted_at is null');

  await knex.schema.createTable('form_versions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    /** [{ id, name, type, required, options }] in order. */
    t.jsonb('fields').notNullable().defaultTo('[]');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['form_id', 'version'], { indexName: 'form_versions_unique' });
  });

  await knex.schema.createTable('form_shares', (t) => {
    t.bigIncrements('id');
    t.bigInteger('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.jsonb('location_ids').notNullable().defaultTo('[]');
    t.jsonb('program_ids').notNullable().defaultTo('[]');
    t.jsonb('student_ids').notNullable().defaultTo('[]');
    t.date('due_date');
    t.bigInteger('shared_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index form_shares_form_idx on form_shares (form_id, id desc)');

  await knex.schema.createTable('form_assignments', (t) => {
    t.bigIncrements('id');
    t.bigInteger('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('share_id').notNullable().references('form_shares.id').onDelete('CASCADE');
    t.date('due_date');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['form_id', 'student_id'], { indexName: 'form_assignments_unique' });
  });
  await knex.raw('create index form_assignments_student_idx on form_assignments (student_id, form_id)');

  await knex.schema.createTable('form_submissions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id');
    t.string('status', 20).notNullable();
    /** { "<field id>": value } of the entry's version. */
    t.jsonb('values').notNullable().defaultTo('{}');
    /** SHA-256 (hex) over the form version, every value and each signature image. */
    t.string('hash', 64).notNullable();
    t.bigInteger('submitted_by').references('users.id').onDelete('SET NULL');
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger('reviewed_by').references('users.id').onDelete('SET NULL');
    t.timestamp('reviewed_at', { useTz: true });
    t.text('note');
    t.timestamps(true, true);
    t.check("status in ('submitted', 'approved', 'rejected', 'change_requested', 'resubmitted')", [], 'form_submissions_status_check');
  });
  await knex.raw('create index form_submissions_values_gin on form_submissions using gin ("values" jsonb_path_ops)');
  await knex.raw('create index form_submissions_form_idx on form_submissions (form_id, status, id desc)');
  await knex.raw('create index form_submissions_location_idx on form_submissions (location_id, status, id desc)');
  await knex.raw('create index form_submissions_student_idx on form_submissions (student_id, form_id)');
  /** One live entry per form and child; a rejected one may be filled again. */
  await knex.raw("create unique index form_submissions_live_unique on form_submissions (form_id, student_id) where status <> 'rejected'");

  await knex.schema.createTable('form_change_requests', (t) => {
    t.bigIncrements('id');
    t.bigInteger('submission_id').notNullable().references('form_submissions.id').onDelete('CASCADE');
    t.text('change').notNullable();
    t.date('change_date');
    t.text('notes');
    t.bigInteger('requested_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('resolved_at', { useTz: true });
  });
  await knex.raw('create index form_change_requests_submission_idx on form_change_requests (submission_id, id desc)');

  await knex.schema.createTable('form_signatures', (t) => {
    t.bigIncrements('id');
    t.bigInteger('submission_id').notNullable().references('form_submissions.id').onDelete('CASCADE');
    t.string('field_id', 40).notNullable();
    t.string('method', 10).notNullable();
    /** The drawn signature as a PNG data URL (drawn), or null (typed). */
    t.text('image');
    t.string('typed_name', 150);
    t.bigInteger('signer_id').references('users.id').onDelete('SET NULL');
    t.string('signer_name', 200).notNullable();
    t.timestamp('consent_at', { useTz: true }).notNullable();
    t.timestamp('signed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('ip', 64);
    t.string('user_agent', 500);
    t.string('hash', 64).notNullable();
    /** Set when a resubmission replaced it (a resubmission needs new signatures). */
    t.timestamp('superseded_at', { useTz: true });
    t.check("method in ('drawn', 'typed')", [], 'form_signatures_method_check');
  });
  await knex.raw('create index form_signatures_submission_idx on form_signatures (submission_id) where superseded_at is null');

  await knex.schema.createTable('form_logs', (t) => {
    t.bigIncrements('id');
    t.bigInteger('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.bigInteger('submission_id').references('form_submissions.id').onDelete('CASCADE');
    t.string('action', 30).notNullable();
    t.bigInteger('user_id').references('users.id').onDelete('SET NULL');
    t.jsonb('data').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index form_logs_form_idx on form_logs (form_id, id desc)');
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['form_logs', 'form_signatures', 'form_change_requests', 'form_submissions', 'form_assignments', 'form_shares', 'form_versions', 'forms'])
    await knex.schema.dropTableIfExists(t);
}
