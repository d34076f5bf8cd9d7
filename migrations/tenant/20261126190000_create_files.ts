import type { Knex } from 'knex';

/**
 * Files (issue 16 §1): one row per upload, from the signed upload form to the checked, stored file.
 * `pending` (form issued) → `checking` (completeUpload queued the check) → `ready` (variants stored
 * under `key`) or `rejected` (the raw object deleted, `reason` kept); `deleted` once removed or
 * replaced. Nothing but a `ready` row is ever served.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('files', (t) => {
    t.uuid('id').primary();
    /** The purposes table's name (student_photo, …) and the id of the row it belongs to. */
    t.string('purpose', 40).notNullable();
    t.bigInteger('owner_id').notNullable();
    t.string('status', 10).notNullable().defaultTo('pending');
    /** centre/<centreId>/uploads/<id> while unchecked; null once the raw object is gone. */
    t.string('upload_key', 200);
    /** centre/<centreId>/files/<id>: the variants are <key>/<variant>. */
    t.string('key', 200);
    /** { main: { type, size, width, height }, thumb: …, poster: … } */
    t.jsonb('variants').notNullable().defaultTo('{}');
    t.string('original_name', 255).notNullable();
    t.string('declared_type', 100).notNullable();
    t.bigInteger('declared_size').notNullable();
    /** The type `main` is served with. */
    t.string('content_type', 100);
    /** Bytes stored, every variant counted (the centre's storage figure sums it). */
    t.bigInteger('size');
    t.integer('width');
    t.integer('height');
    /** Seconds (videos). */
    t.double('duration');
    t.string('sha256', 64);
    t.string('reason', 300);
    t.bigInteger('uploaded_by').references('users.id').onDelete('SET NULL');
    t.timestamp('upload_expires_at', { useTz: true }).notNullable();
    t.timestamp('checked_at', { useTz: true });
    t.timestamps(true, true);
    t.check("status in ('pending', 'checking', 'ready', 'rejected', 'deleted')", [], 'files_status_check');
  });
  await knex.raw("create index files_owner_idx on files (purpose, owner_id, created_at desc) where status = 'ready'");
  await knex.raw("create index files_open_idx on files (upload_expires_at) where status in ('pending', 'checking')");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('files');
}
