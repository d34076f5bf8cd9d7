import type { Knex } from 'knex';

/**
 * How a centre pays the platform: `card` (the default card is charged when an invoice is due; the
 * trial's end without one is the directory's 402) or `transfer`/`cheque` (chosen in the sign-up
 * funnel: invoices are issued and wait for a payment the owner submits, kept pending until approved).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('centers', (t) => {
    t.string('billing_method', 20).notNullable().defaultTo('card');
  });
  await knex.raw(
    "alter table centers add constraint centers_billing_method_check check (billing_method in ('card', 'transfer', 'cheque'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('centers', (t) => {
    t.dropColumn('billing_method');
  });
}
