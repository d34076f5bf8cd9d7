import type { Knex } from 'knex';

/**
 * Centre files and documents (issue 20, spec §3 File/document). A centre file (`centre_files`)
 * points at a stored `files` row; it is seen by its editors only until `published`, and an
 * archived one leaves every list but the archive. Shares (`centre_file_shares`) name students,
 * users, roles or locations. A document request (`document_requests`: a doctor's note, a staff
 * CPR card) is answered per child (families) or per staff member with an upload (`documents`):
 * pending → approved (optional date) | rejected; `expiry` drives the 30- and 7-day notices (each
 * sent once: `notified_30_at`, `notified_7_at`) and `expired_at`. Logs (activity, user, username)
 * of views, downloads, approvals and archiving in `document_logs`. Open compliance gaps in
 * `compliance_gaps` (kind + source, one open row per child and source).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('centre_files', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id');
    t.string('name', 150).notNullable();
    t.text('description');
    t.text('instructions');
    t.string('type', 20).notNullable().defaultTo('file');
    t.string('sub_type', 50);
    t.boolean('visible').notNullable().defaultTo(true);
    t.boolean('published').notNullable().defaultTo(false);
    t.boolean('archive').notNullable().defaultTo(false);
    t.boolean('required').notNullable().defaultTo(false);
    t.uuid('file_id').notNullable().references('files.id');
    t.date('expiry_date');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.raw('create index centre_files_location_idx on centre_files (location_id, archive, published, sort_order, id desc)');

  await knex.schema.createTable('centre_file_shares', (t) => {
    t.bigIncrements('id');
    t.bigInteger('file_id').notNullable().references('centre_files.id').onDelete('CASCADE');
    t.string('target_kind', 10).notNullable();
    t.string('target_id', 40).notNullable();
    t.unique(['file_id', 'target_kind', 'target_id'], { indexName: 'centre_file_shares_unique' });
    t.check("target_kind in ('student', 'user', 'role', 'location')", [], 'centre_file_shares_kind_check');
  });
  await knex.raw('create index centre_file_shares_target_idx on centre_file_shares (target_kind, target_id, file_id)');

  await knex.schema.createTable('centre_file_reads', (t) => {
    t.bigInteger('file_id').notNullable().references('centre_files.id').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('read_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'file_id']);
  });

  await knex.schema.createTable('document_requests', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id');
    t.string('name', 150).notNullable();
    t.text('description');
    t.text('instructions');
    /** family (one answer per child) or staff (one per staff member). */
    t.string('type', 10).notNullable();
    t.string('sub_type', 50);
    /** Roles that see the request (and answer it); empty: the type's default. */
    t.jsonb('roles').notNullable().defaultTo('[]');
    t.boolean('required').notNullable().defaultTo(true);
    t.date('expiry_date');
    t.boolean('archive').notNullable().defaultTo(false);
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.check("type in ('family', 'staff')", [], 'document_requests_type_check');
  });
  await knex.raw('create index document_requests_location_idx on document_requests (location_id, archive, id desc)');

  await knex.schema.createTable('documents', (t) => {
    t.bigIncrements('id');
    t.bigInteger('request_id').notNullable().references('document_requests.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id');
    t.bigInteger('student_id').references('students.id').onDelete('CASCADE');
    t.bigInteger('user_id').references('users.id').onDelete('CASCADE');
    t.uuid('file_id').notNullable().references('files.id');
    t.string('status', 10).notNullable().defaultTo('pending');
    /** The approval's date (optional). */
    t.date('date');
    t.date('expiry');
    t.text('note');
    t.bigInteger('uploaded_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('approved_by').references('users.id').onDelete('SET NULL');
    t.timestamp('reviewed_at', { useTz: true });
    t.timestamp('notified_30_at', { useTz: true });
    t.timestamp('notified_7_at', { useTz: true });
    t.timestamp('expired_at', { useTz: true });
    t.timestamps(true, true);
    t.check("status in ('pending', 'approved', 'rejected', 'expired')", [], 'documents_status_check');
  });
  await knex.raw('create index documents_request_idx on documents (request_id, status, id desc)');
  await knex.raw('create index documents_student_idx on documents (student_id, request_id)');
  await knex.raw('create index documents_user_idx on documents (user_id, request_id)');
  await knex.raw("create index documents_expiry_idx on documents (expiry) where status = 'approved'");
  /** One live answer per request and child (or staff member); a rejected one may be answered again. */
  await knex.raw("create unique index documents_live_student on documents (request_id, student_id) where status in ('pending', 'approved') and student_id is not null");
  await knex.raw("create unique index documents_live_user on documents (request_id, user_id) where status in ('pending', 'approved') and student_id is null");

  await knex.schema.createTable('document_logs', (t) => {
    t.bigIncrements('id');
    t.string('subject', 10).notNullable();
    t.bigInteger('subject_id').notNullable();
    t.string('activity', 20).notNullable();
    t.bigInteger('user_id').references('users.id').onDelete('SET NULL');
    t.string('username', 200);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("subject in ('file', 'request', 'document')", [], 'document_logs_subject_check');
  });
  await knex.raw('create index document_logs_subject_idx on document_logs (subject, subject_id, id desc)');

  await knex.schema.createTable('compliance_gaps', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    /** form | document (doses come with immunizations). */
    t.string('kind', 20).notNullable();
    t.bigInteger('source_id').notNullable();
    /** missing | expired | unapproved */
    t.string('reason', 20).notNullable();
    t.timestamp('opened_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('closed_at', { useTz: true });
  });
  await knex.raw('create unique index compliance_gaps_open_unique on compliance_gaps (student_id, kind, source_id) where closed_at is null');
  await knex.raw('create index compliance_gaps_location_idx on compliance_gaps (location_id, closed_at)');
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['compliance_gaps', 'document_logs', 'documents', 'document_requests', 'centre_file_reads', 'centre_file_shares', 'centre_files']) {
    await knex.schema.dropTableIfExists(t);
  }
}
