import type { Knex } from 'knex';

/**
 * Web forms shared by link (issue 20, guest `/web-form/:formId/view`): a manager turns a form's
 * link on, which stores a random key (`link_key`, 32 bytes base64url); the guest preview reads the
 * form only with its id and that key. Turning the link off clears the key, so every copy of the
 * old link stops working; turning it on again makes a new key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forms', (t) => {
    t.string('link_key', 64);
    t.timestamp('link_shared_at', { useTz: true });
    t.bigInteger('link_shared_by').references('users.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forms', (t) => {
    t.dropColumn('link_shared_by');
    t.dropColumn('link_shared_at');
    t.dropColumn('link_key');
  });
}
