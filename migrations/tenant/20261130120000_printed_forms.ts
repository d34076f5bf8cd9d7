import type { Knex } from 'knex';

/**
 * Printed PDF forms (issue 20). A printed form's version holds its uploaded PDF (`printed_form`
 * file) and page count; its fields carry their placement on the pages in the version's `fields`
 * jsonb ({ page, x, y, w, h } as fractions of the page, origin top left). A submission of a
 * printed form points to the flattened, signed PDF the server wrote (`signed_pdf` file) and the
 * SHA-256 of its bytes, so a changed byte is found.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_versions', (t) => {
    t.uuid('file_id').references('files.id');
    t.integer('page_count');
  });
  await knex.schema.alterTable('form_submissions', (t) => {
    t.uuid('signed_file_id').references('files.id');
    t.string('pdf_sha256', 64);
  });
  // Lookups from a file to its form version or submission (the purposes' read checks).
  await knex.raw('create index form_versions_file_idx on form_versions (file_id) where file_id is not null');
  await knex.raw('create index form_submissions_signed_file_idx on form_submissions (signed_file_id) where signed_file_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists form_submissions_signed_file_idx');
  await knex.raw('drop index if exists form_versions_file_idx');
  await knex.schema.alterTable('form_submissions', (t) => {
    t.dropColumn('pdf_sha256');
    t.dropColumn('signed_file_id');
  });
  await knex.schema.alterTable('form_versions', (t) => {
    t.dropColumn('page_count');
    t.dropColumn('file_id');
  });
}
