import type { Knex } from 'knex';

/**
 * Billing follow-up (issue 19): the unpaid reminder log (one a child and local day, kept by a
 * unique index, so two clicks or two managers at once send one), and the index of the money
 * collected in a period (a location's payment entries by kind and time: overview and reports).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('billing_unpaid_reminders', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    /** The day in the location's time zone the reminder went out. */
    t.date('local_date').notNullable();
    /** The child's open balance (cents) when it was sent. */
    t.bigInteger('amount').notNullable();
    t.integer('recipients').notNullable();
    t.bigInteger('sent_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index billing_unpaid_reminders_day_unique on billing_unpaid_reminders (student_id, local_date)');
  await knex.raw(
    'create index billing_ledger_location_kind_time_idx on billing_ledger (location_id, kind, created_at) where payment_id is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists billing_ledger_location_kind_time_idx');
  await knex.schema.dropTableIfExists('billing_unpaid_reminders');
}
