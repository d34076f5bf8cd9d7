import type { Knex } from 'knex';

/**
 * When a location's signup code was set: the location's signup setting `expiry_time` (hours)
 * counts from it, so a code stops working that many hours after it was (re)set.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('locations', (t) => {
    t.timestamp('signup_code_set_at', { useTz: true });
  });
  await knex.raw('update locations set signup_code_set_at = coalesce(updated_at, now()) where signup_code is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('locations', (t) => t.dropColumn('signup_code_set_at'));
}
