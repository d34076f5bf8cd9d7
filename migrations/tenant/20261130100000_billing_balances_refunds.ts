import type { Knex } from 'knex';

/**
 * Billing leftovers of issue 19:
 * - `invoices.balance`: each invoice's running balance (cents), the sum of its ledger entries,
 *   kept by a statement-level trigger on `billing_ledger` inserts (so every insert path, the daily
 *   run's one statement, seeds and benches included, updates it in the same transaction; the
 *   ledger itself stays append-only). Backfilled here. The overview reads the invoices that still
 *   owe something through a partial index instead of summing every invoice's entries.
 * - `stripe_refunds`: card refunds through the centre's Stripe account; the idempotency key is
 *   stored (committed) before Stripe is called, the ledger entries are written once, when Stripe
 *   answers or when its `charge.refunded` webhook arrives, whichever is first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table invoices add column balance bigint not null default 0');
  await knex.raw(`update invoices i set balance = s.total
                    from (select invoice_id, sum(amount) as total from billing_ledger where invoice_id is not null group by invoice_id) s
                   where s.invoice_id = i.id`);
  await knex.raw(`
    create function billing_ledger_invoice_balance() returns trigger language plpgsql as $$
    begin
      update invoices i set balance = i.balance + d.total
        from (select invoice_id, sum(amount) as total from added where invoice_id is not null group by invoice_id order by invoice_id) d
       where i.id = d.invoice_id and d.total <> 0;
      return null;
    end $$`);
  await knex.raw(`create trigger billing_ledger_invoice_balance after insert on billing_ledger
    referencing new table as added for each statement execute function billing_ledger_invoice_balance()`);
  // What the overview and the open-invoice lists filter on: a location's invoices that still owe (or are owed) something.
  await knex.raw(
    'create index invoices_open_balance_idx on invoices (location_id, due_date) include (student_id, agency_id, balance, status) where balance <> 0',
  );
  // A location's credit (money on no invoice): an index-only sum.
  await knex.raw('create index billing_ledger_credit_idx on billing_ledger (location_id) include (amount) where invoice_id is null');

  await knex.schema.createTable('stripe_refunds', (t) => {
    t.bigIncrements('id');
    t.bigInteger('payment_id').notNullable().references('payments.id').onDelete('CASCADE');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('amount').notNullable();
    t.string('reason', 300);
    t.string('idempotency_key', 100).notNullable().unique();
    /** Stripe's refund id (re_…), once Stripe answered or its webhook told. */
    t.string('stripe_refund_id', 255).unique();
    /** pending (key stored, Stripe not yet answered) → succeeded | failed. */
    t.string('status', 10).notNullable().defaultTo('pending');
    t.string('error_code', 60);
    t.string('error_message', 300);
    t.bigInteger('created_by');
    t.timestamps(true, true);
    t.check("amount > 0 and status in ('pending', 'succeeded', 'failed')", [], 'stripe_refunds_check');
  });
  await knex.raw('create index stripe_refunds_payment_idx on stripe_refunds (payment_id)');
  await knex.raw(`create index stripe_refunds_pending_idx on stripe_refunds (updated_at) where status = 'pending'`);
  await knex.raw("alter table billing_ledger add column stripe_refund_id bigint references stripe_refunds(id)");
  // A Stripe refund reaches the ledger once, whether the API answer or the webhook writes it.
  await knex.raw(
    `create unique index billing_ledger_stripe_refund_unique on billing_ledger (stripe_refund_id) where stripe_refund_id is not null and kind = 'refund'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists billing_ledger_stripe_refund_unique');
  await knex.raw('alter table billing_ledger drop column if exists stripe_refund_id');
  await knex.schema.dropTableIfExists('stripe_refunds');
  await knex.raw('drop index if exists billing_ledger_credit_idx');
  await knex.raw('drop index if exists invoices_open_balance_idx');
  await knex.raw('drop trigger if exists billing_ledger_invoice_balance on billing_ledger');
  await knex.raw('drop function if exists billing_ledger_invoice_balance()');
  await knex.raw('alter table invoices drop column if exists balance');
}
