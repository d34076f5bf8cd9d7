import type { Knex } from 'knex';

/**
 * Family billing (issue 19, spec §3 Billing, §4): set-up (billing programs, charge categories,
 * presets, variable charges, plan templates, plans), invoices and their items, payments, payer
 * shares, and the append-only ledger every balance and credit is summed from.
 *
 * Money is integer cents in `bigint` columns; the spec's names stay (`amount`, `max_amount`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('billing_programs', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 150).notNullable();
    t.string('color', 9);
    t.date('start_date');
    t.date('end_date');
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw(
    'create unique index billing_programs_name_unique on billing_programs (location_id, lower(name)) where deleted_at is null',
  );
  await knex.schema.createTable('billing_program_rooms', (t) => {
    t.bigInteger('billing_program_id').notNullable().references('billing_programs.id').onDelete('CASCADE');
    t.bigInteger('program_id').notNullable().references('programs.id').onDelete('CASCADE');
    t.primary(['billing_program_id', 'program_id']);
  });
  await knex.raw('create index billing_program_rooms_program_idx on billing_program_rooms (program_id)');
  await knex.schema.createTable('student_billing_programs', (t) => {
    t.bigInteger('student_id').primary().references('students.id').onDelete('CASCADE');
    t.bigInteger('billing_program_id').notNullable().references('billing_programs.id').onDelete('CASCADE');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index student_billing_programs_program_idx on student_billing_programs (billing_program_id)');

  await knex.schema.createTable('charge_categories', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 120).notNullable();
    t.boolean('archived').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  await knex.raw('create unique index charge_categories_name_unique on charge_categories (location_id, lower(name)) where not archived');

  await knex.schema.createTable('billing_presets', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 150).notNullable();
    t.bigInteger('amount').notNullable();
    t.string('detail', 500);
    t.bigInteger('category_id').references('charge_categories.id');
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
    t.check('amount >= 0', [], 'billing_presets_amount_check');
  });
  await knex.raw('create index billing_presets_location_idx on billing_presets (location_id) where deleted_at is null');

  await knex.schema.createTable('variable_charges', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('category_id').references('charge_categories.id');
    t.string('details', 300).notNullable();
    /** Late pickup: minutes after `end_time`; early drop-off: minutes before `start_time`. */
    t.time('start_time');
    t.time('end_time');
    /** Cents per started interval. */
    t.bigInteger('amount').notNullable();
    /** Cents at most per day (null: no cap). */
    t.bigInteger('max_amount');
    /** Minutes per interval. */
    t.integer('interval').notNullable().defaultTo(1);
    /** Weekdays it applies (0 Sunday … 6 Saturday); empty: every day. */
    t.specificType('days', 'smallint[]').notNullable().defaultTo('{}');
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
    t.check('amount >= 0 and (max_amount is null or max_amount >= 0) and interval > 0', [], 'variable_charges_amounts_check');
  });
  await knex.schema.createTable('variable_charge_programs', (t) => {
    t.bigInteger('variable_charge_id').notNullable().references('variable_charges.id').onDelete('CASCADE');
    t.bigInteger('program_id').notNullable().references('programs.id').onDelete('CASCADE');
    t.primary(['variable_charge_id', 'program_id']);
  });

  await knex.schema.createTable('plan_templates', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 150).notNullable();
    t.bigInteger('amount').notNullable();
    t.string('period', 12).notNullable();
    t.specificType('days', 'smallint[]').notNullable().defaultTo('{}');
    /** The first period's start when a plan is made from it (null: the plan says). */
    t.date('date');
    t.boolean('invoice_without_payer').notNullable().defaultTo(true);
    t.boolean('invoice_with_payer').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.timestamp('deleted_at', { useTz: true });
    t.check("amount >= 0 and period in ('weekly', 'biweekly', 'monthly')", [], 'plan_templates_check');
  });

  await knex.schema.createTable('billing_plans', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('template_id').references('plan_templates.id').onDelete('SET NULL');
    t.string('name', 150).notNullable();
    t.bigInteger('amount').notNullable();
    t.string('period', 12).notNullable();
    t.specificType('days', 'smallint[]').notNullable().defaultTo('{}');
    t.text('note');
    t.date('start_date').notNullable();
    /** Paused from this date (no invoice for a period starting on or after it) until unpaused. */
    t.date('paused_from');
    /** Deactivated: no invoice for a period starting after it. */
    t.date('end_date');
    t.bigInteger('created_by');
    t.timestamps(true, true);
    t.check("amount >= 0 and period in ('weekly', 'biweekly', 'monthly')", [], 'billing_plans_check');
  });
  await knex.raw('create index billing_plans_student_idx on billing_plans (student_id)');
  await knex.raw('create index billing_plans_due_idx on billing_plans (location_id) where end_date is null or end_date >= start_date');

  await knex.schema.createTable('invoices', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('plan_id').references('billing_plans.id').onDelete('SET NULL');
    t.date('date').notNullable();
    t.date('due_date').notNullable();
    t.date('period_start');
    t.date('period_end');
    t.text('note');
    /** open → void | waived | transferred (what is paid is the ledger's). */
    t.string('status', 12).notNullable().defaultTo('open');
    t.string('reason', 300);
    t.bigInteger('transferred_to').references('invoices.id');
    t.bigInteger('created_by');
    t.timestamps(true, true);
    t.check("status in ('open', 'void', 'waived', 'transferred')", [], 'invoices_status_check');
  });
  // A plan's period is invoiced once, whoever runs the job and however often.
  await knex.raw('create unique index invoices_plan_period_unique on invoices (plan_id, period_start) where plan_id is not null');
  await knex.raw('create index invoices_student_date_idx on invoices (student_id, date)');
  await knex.raw('create index invoices_location_date_idx on invoices (location_id, date)');

  await knex.schema.createTable('invoice_items', (t) => {
    t.bigIncrements('id');
    t.bigInteger('invoice_id').notNullable().references('invoices.id').onDelete('CASCADE');
    t.string('name', 150).notNullable();
    t.string('detail', 500);
    t.bigInteger('original_amount').notNullable();
    t.bigInteger('amount').notNullable();
    /** Percent (with discount_type 'percent') or cents ('fixed'). */
    t.decimal('discount', 12, 2).notNullable().defaultTo(0);
    t.string('discount_type', 8);
    t.jsonb('discounts').notNullable().defaultTo('[]');
    t.bigInteger('category_id').references('charge_categories.id');
    /** Where the amount comes from: plan period, attendance days, late minutes, preset, manual. */
    t.jsonb('source').notNullable();
    /** Charges computed from facts (attendance, late pickups) carry a key, so a re-run never charges twice. */
    t.string('source_key', 200);
    t.bigInteger('created_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('original_amount >= 0 and amount >= 0', [], 'invoice_items_amounts_check');
  });
  await knex.raw('create index invoice_items_invoice_idx on invoice_items (invoice_id)');
  await knex.raw('create unique index invoice_items_source_unique on invoice_items (source_key) where source_key is not null');
  await knex.raw('create index invoice_items_category_idx on invoice_items (category_id) where category_id is not null');

  await knex.schema.createTable('payments', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    /** The payer who paid (a contact of the child), when known. */
    t.bigInteger('user_id').references('users.id').onDelete('SET NULL');
    t.string('method', 8).notNullable();
    t.string('reference', 100);
    t.bigInteger('amount').notNullable();
    t.date('date').notNullable();
    t.text('note');
    t.string('status', 8).notNullable().defaultTo('active');
    t.bigInteger('created_by');
    t.timestamps(true, true);
    t.check("amount > 0 and method in ('cash', 'check', 'ach') and status in ('active', 'void')", [], 'payments_check');
  });
  await knex.raw('create index payments_student_date_idx on payments (student_id, date)');
  await knex.raw('create index payments_location_date_idx on payments (location_id, date)');

  await knex.schema.createTable('billing_payer_shares', (t) => {
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('share_type', 8).notNullable();
    /** Percent with two decimals ('percent') or cents ('fixed'). */
    t.decimal('value', 14, 2).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['student_id', 'user_id']);
    t.check("share_type in ('percent', 'fixed') and value >= 0", [], 'billing_payer_shares_check');
  });

  // The ledger: what a family owes and has paid, append-only. Signs: + the family owes more
  // (a charge, a payment given back), − it owes less (a reversal, a payment). A row with a
  // payment and no invoice is credit; balances and credits are sums of it.
  await knex.schema.createTable('billing_ledger', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id');
    t.bigInteger('student_id').notNullable().references('students.id');
    t.bigInteger('invoice_id').references('invoices.id');
    t.bigInteger('payment_id').references('payments.id');
    t.bigInteger('invoice_item_id').references('invoice_items.id');
    t.string('kind', 16).notNullable();
    t.bigInteger('amount').notNullable();
    t.string('reason', 300);
    t.bigInteger('created_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(
      "kind in ('charge', 'void', 'waive', 'transfer', 'payment', 'unapply', 'apply', 'refund', 'payment_void')",
      [],
      'billing_ledger_kind_check',
    );
    t.check('invoice_id is not null or payment_id is not null', [], 'billing_ledger_target_check');
  });
  await knex.raw('create index billing_ledger_student_idx on billing_ledger (student_id)');
  await knex.raw('create index billing_ledger_invoice_idx on billing_ledger (invoice_id) where invoice_id is not null');
  await knex.raw('create index billing_ledger_payment_idx on billing_ledger (payment_id) where payment_id is not null');
  await knex.raw('create index billing_ledger_location_time_idx on billing_ledger (location_id, created_at)');
  await knex.raw(`
    create function billing_ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'billing_ledger is append-only: write a reversing entry instead' using errcode = '55000';
    end $$`);
  await knex.raw(`create trigger billing_ledger_no_change before update or delete on billing_ledger
    for each row execute function billing_ledger_append_only()`);
  await knex.raw(`create trigger billing_ledger_no_truncate before truncate on billing_ledger
    for each statement execute function billing_ledger_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists billing_ledger');
  await knex.raw('drop function if exists billing_ledger_append_only()');
  for (const t of [
    'billing_payer_shares',
    'payments',
    'invoice_items',
    'invoices',
    'billing_plans',
    'plan_templates',
    'variable_charge_programs',
    'variable_charges',
    'billing_presets',
    'charge_categories',
    'student_billing_programs',
    'billing_program_rooms',
    'billing_programs',
  ])
    await knex.schema.dropTableIfExists(t);
}
