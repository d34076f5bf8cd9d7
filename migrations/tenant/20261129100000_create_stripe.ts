import type { Knex } from 'knex';

/**
 * Card payments through the centre's own Stripe account (issue 19, "Stripe" and "Autopay"):
 * the account's keys (the secret encrypted) and webhook signing secrets, each payer's Stripe
 * customer and saved cards (brand, last four, expiry only: no card data), card charges (the
 * idempotency key is stored before Stripe is called), every webhook event once, and the
 * autopay alerts. Card payments join `payments` as method `card`; a failed autopay charge is a
 * `payments` row in status `failed` (no ledger entry), as the billing overview counts them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stripe_accounts', (t) => {
    // One Stripe account per centre (this database): a single row.
    t.smallint('id').primary().defaultTo(1);
    t.string('publishable_key', 255).notNullable();
    t.text('secret_key_enc').notNullable();
    t.string('secret_key_last4', 4).notNullable();
    t.boolean('livemode').notNullable().defaultTo(false);
    t.string('account_id', 255);
    t.string('webhook_endpoint_id', 255);
    t.string('webhook_url', 500);
    /** Signing secrets, newest first (two while rotating), each encrypted. */
    t.jsonb('webhook_secrets_enc').notNullable().defaultTo('[]');
    t.bigInteger('updated_by');
    t.timestamps(true, true);
    t.check('id = 1', [], 'stripe_accounts_single');
  });

  await knex.schema.createTable('stripe_customers', (t) => {
    t.bigInteger('user_id').primary().references('users.id').onDelete('CASCADE');
    t.string('customer_id', 255).notNullable().unique();
    t.string('default_payment_method', 255);
    t.boolean('autopay').notNullable().defaultTo(false);
    /** The day autopay was turned on: it charges invoices due from then on, never older ones without asking. */
    t.date('autopay_since');
    /** `created` (seconds) of the newest webhook event applied to this customer. */
    t.bigInteger('last_event_created').notNullable().defaultTo(0);
    t.timestamps(true, true);
  });

  await knex.schema.createTable('stripe_payment_methods', (t) => {
    t.string('id', 255).primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('brand', 30).notNullable();
    t.string('last4', 4).notNullable();
    t.smallint('exp_month').notNullable();
    t.smallint('exp_year').notNullable();
    t.boolean('detached').notNullable().defaultTo(false);
    t.bigInteger('last_event_created').notNullable().defaultTo(0);
    t.timestamps(true, true);
  });
  await knex.raw('create index stripe_payment_methods_user_idx on stripe_payment_methods (user_id) where not detached');
  await knex.raw('create index stripe_payment_methods_expiry_idx on stripe_payment_methods (exp_year, exp_month) where not detached');

  await knex.schema.createTable('stripe_charges', (t) => {
    t.bigIncrements('id');
    t.bigInteger('invoice_id').notNullable().references('invoices.id').onDelete('CASCADE');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('amount').notNullable();
    t.string('payment_method', 255).notNullable();
    /** manual (the payer pays) or autopay (attempt 0 on the due date, 1-3 the retries on days 1, 3, 5). */
    t.string('kind', 8).notNullable();
    t.smallint('attempt').notNullable().defaultTo(0);
    t.string('idempotency_key', 100).notNullable().unique();
    t.string('payment_intent_id', 255).unique();
    /** pending → succeeded | failed | requires_action (the payer authenticates on billing2). */
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('error_code', 60);
    t.string('error_message', 300);
    t.bigInteger('payment_id').references('payments.id');
    t.bigInteger('last_event_created').notNullable().defaultTo(0);
    t.bigInteger('created_by');
    t.timestamps(true, true);
    t.check(
      "amount > 0 and kind in ('manual', 'autopay') and status in ('pending', 'succeeded', 'failed', 'requires_action')",
      [],
      'stripe_charges_check',
    );
  });
  // One charge in flight per payer and invoice: 20 clicks at once charge once.
  await knex.raw(
    `create unique index stripe_charges_in_flight_unique on stripe_charges (invoice_id, user_id) where status in ('pending', 'requires_action')`,
  );
  // An autopay attempt once per payer, invoice and attempt number.
  await knex.raw(`create unique index stripe_charges_autopay_unique on stripe_charges (invoice_id, user_id, attempt) where kind = 'autopay'`);
  await knex.raw('create index stripe_charges_user_idx on stripe_charges (user_id, created_at)');
  await knex.raw(`create index stripe_charges_pending_idx on stripe_charges (updated_at) where status = 'pending'`);

  await knex.schema.createTable('stripe_events', (t) => {
    t.string('id', 255).primary();
    t.string('type', 100).notNullable();
    t.string('object_id', 255);
    t.bigInteger('created').notNullable();
    /** applied, stale (older than what the object already has), ignored (unknown customer or type). */
    t.string('effect', 10).notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index stripe_events_received_idx on stripe_events (received_at)');

  await knex.schema.createTable('stripe_card_warnings', (t) => {
    t.string('payment_method', 255).notNullable();
    t.smallint('exp_month').notNullable();
    t.smallint('exp_year').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['payment_method', 'exp_year', 'exp_month']);
  });

  await knex.raw('alter table payments drop constraint payments_check');
  await knex.raw(
    `alter table payments add constraint payments_check check (amount > 0 and method in ('cash', 'check', 'ach', 'card') and status in ('active', 'void', 'failed'))`,
  );
  await knex.raw('alter table payments add column stripe_charge_id bigint references stripe_charges(id)');
  await knex.raw('create unique index payments_stripe_charge_unique on payments (stripe_charge_id) where stripe_charge_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists payments_stripe_charge_unique');
  await knex.raw('alter table payments drop column if exists stripe_charge_id');
  await knex.raw(`delete from payments where method = 'card' or status = 'failed'`);
  await knex.raw('alter table payments drop constraint payments_check');
  await knex.raw(
    `alter table payments add constraint payments_check check (amount > 0 and method in ('cash', 'check', 'ach') and status in ('active', 'void'))`,
  );
  for (const t of ['stripe_card_warnings', 'stripe_events', 'stripe_charges', 'stripe_payment_methods', 'stripe_customers', 'stripe_accounts'])
    await knex.schema.dropTableIfExists(t);
}
