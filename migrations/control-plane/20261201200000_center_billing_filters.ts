import type { Knex } from 'knex';

/**
 * The operator console's platform billing filters (/centers-invoices, /centers-payments): each
 * filter the pages offer reads an index in the list's order. By centre the `*_centre_idx` of the
 * first billing migration serve already.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index center_invoices_status_list_idx on center_invoices (status, period_start desc, id desc)');
  await knex.raw('create index center_payments_status_list_idx on center_payments (status, created_at desc, id desc)');
  await knex.raw('create index center_payments_method_list_idx on center_payments (method, created_at desc, id desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists center_payments_method_list_idx');
  await knex.raw('drop index if exists center_payments_status_list_idx');
  await knex.raw('drop index if exists center_invoices_status_list_idx');
}
