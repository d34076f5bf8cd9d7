import type { Knex } from 'knex';

/**
 * Platform billing (issue 22): what a plan offers (price, period, trial and grace days, limits,
 * public in the catalogue), the centres' invoices, payments and saved cards at the platform's own
 * Stripe account, the webhook events seen once, and the sign-up funnel's customers.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('center_plans', (t) => {
    t.integer('trial_days').notNullable().defaultTo(0);
    t.integer('grace_days').notNullable().defaultTo(7);
    t.integer('max_locations');
    t.integer('max_students');
    t.integer('max_cameras');
    t.boolean('is_public').notNullable().defaultTo(false);
    t.string('added_by', 200);
  });
  await knex.raw('create index center_plans_public_idx on center_plans (is_public, active, amount)');
  await knex.raw('create unique index center_plans_name_unique on center_plans (lower(name))');

  await knex.schema.alterTable('centers', (t) => {
    // Set when a failed payment outlived the plan's grace days; cleared (and the centre active) once paid.
    t.timestamp('billing_suspended_at', { useTz: true });
  });
  await knex.raw('create unique index centers_customer_id_unique on centers (customer_id) where customer_id is not null');
  await knex.raw('create index centers_plan_idx on centers (center_billing_plan_id) where center_billing_plan_id is not null');

  await knex.schema.createTable('center_invoices', (t) => {
    t.bigIncrements('id');
    t.bigInteger('center_id').notNullable().references('centers.id').onDelete('CASCADE');
    t.bigInteger('plan_id').references('center_plans.id').onDelete('SET NULL');
    t.date('period_start').notNullable();
    t.date('period_end').notNullable();
    t.date('due_date').notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.string('status', 10).notNullable().defaultTo('open'); // open | paid | void
    t.timestamp('paid_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['center_id', 'period_start']);
  });
  await knex.raw("alter table center_invoices add constraint center_invoices_status_check check (status in ('open', 'paid', 'void'))");
  await knex.raw('create index center_invoices_list_idx on center_invoices (period_start desc, id desc)');
  await knex.raw('create index center_invoices_centre_idx on center_invoices (center_id, period_start desc)');
  await knex.raw("create index center_invoices_open_idx on center_invoices (due_date) where status = 'open'");

  await knex.schema.createTable('center_payments', (t) => {
    t.bigIncrements('id');
    t.bigInteger('center_id').notNullable().references('centers.id').onDelete('CASCADE');
    t.bigInteger('invoice_id').references('center_invoices.id').onDelete('SET NULL');
    t.bigInteger('amount_cents').notNullable();
    t.string('method', 10).notNullable(); // card | transfer | cheque
    t.string('status', 10).notNullable().defaultTo('pending'); // pending | succeeded | failed
    t.string('reference', 200);
    t.string('idempotency_key', 255).unique();
    t.string('payment_intent_id', 100).unique();
    t.string('payment_method_id', 100);
    t.string('failure_code', 60);
    t.string('failure_message', 300);
    t.bigInteger('last_event_created').notNullable().defaultTo(0);
    t.string('added_by', 200);
    t.string('approved_by', 200);
    t.timestamp('approved_at', { useTz: true });
    t.timestamps(true, true);
  });
  await knex.raw("alter table center_payments add constraint center_payments_method_check check (method in ('card', 'transfer', 'cheque'))");
  await knex.raw("alter table center_payments add constraint center_payments_status_check check (status in ('pending', 'succeeded', 'failed'))");
  await knex.raw('create index center_payments_list_idx on center_payments (created_at desc, id desc)');
  await knex.raw('create index center_payments_centre_idx on center_payments (center_id, created_at desc)');
  await knex.raw('create index center_payments_invoice_idx on center_payments (invoice_id)');
  await knex.raw("create index center_payments_pending_idx on center_payments (status) where status = 'pending'");
  // One card charge in flight per invoice: a double click charges once.
  await knex.raw("create unique index center_payments_card_in_flight on center_payments (invoice_id) where method = 'card' and status = 'pending'");

  await knex.schema.createTable('center_cards', (t) => {
    t.string('id', 100).primary(); // the payment method's id
    t.bigInteger('center_id').notNullable().references('centers.id').onDelete('CASCADE');
    t.string('brand', 30).notNullable();
    t.string('last4', 4).notNullable();
    t.integer('exp_month').notNullable();
    t.integer('exp_year').notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    t.boolean('detached').notNullable().defaultTo(false);
    t.bigInteger('last_event_created').notNullable().defaultTo(0);
    t.timestamps(true, true);
  });
  await knex.raw('create index center_cards_centre_idx on center_cards (center_id) where not detached');

  // Each platform webhook event once (at least once delivery, any order).
  await knex.schema.createTable('platform_stripe_events', (t) => {
    t.string('id', 100).primary();
    t.string('type', 80).notNullable();
    t.string('object_id', 100);
    t.bigInteger('created').notNullable();
    t.string('effect', 12).notNullable(); // applied | stale | ignored
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The platform's webhook endpoint(s) at its Stripe account; the signing secret encrypted.
  await knex.schema.createTable('platform_stripe_endpoints', (t) => {
    t.string('id', 100).primary();
    t.string('url', 500).notNullable().unique();
    t.text('secret_enc').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['platform_stripe_endpoints', 'platform_stripe_events', 'center_cards', 'center_payments', 'center_invoices'])
    await knex.schema.dropTableIfExists(t);
  await knex.raw('drop index if exists centers_plan_idx');
  await knex.raw('drop index if exists centers_customer_id_unique');
  await knex.schema.alterTable('centers', (t) => t.dropColumn('billing_suspended_at'));
  await knex.raw('drop index if exists center_plans_name_unique');
  await knex.raw('drop index if exists center_plans_public_idx');
  await knex.schema.alterTable('center_plans', (t) => {
    for (const c of ['trial_days', 'grace_days', 'max_locations', 'max_students', 'max_cameras', 'is_public', 'added_by']) t.dropColumn(c);
  });
}
