import type { Knex } from 'knex';

/**
 * The sign-up funnel: a customer's request (verified by an emailed PIN), the card saved at the
 * platform's account before the centre exists, and the single-use setup token (7 days) that
 * provisions the centre once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('customer_signups', (t) => {
    t.bigIncrements('id');
    t.string('fname', 100).notNullable();
    t.string('lname', 100).notNullable();
    t.string('email', 254).notNullable();
    t.text('password_hash').notNullable();
    t.string('center_name', 150).notNullable();
    t.string('slug', 63).notNullable();
    t.string('kind', 20).notNullable(); // childcare | petcare
    t.bigInteger('plan_id').references('center_plans.id').onDelete('SET NULL');
    t.string('pin_time_hash', 64).notNullable().unique();
    t.string('pin_hash', 64).notNullable();
    t.integer('pin_attempts').notNullable().defaultTo(0);
    t.timestamp('pin_expires_at', { useTz: true }).notNullable();
    t.timestamp('verified_at', { useTz: true });
    t.string('setup_token_hash', 64).unique();
    t.timestamp('setup_expires_at', { useTz: true });
    t.timestamp('setup_used_at', { useTz: true });
    t.string('customer_id', 100).unique();
    t.string('payment_method_id', 100);
    t.jsonb('card'); // brand, last4, exp_month, exp_year: copied to center_cards when the centre is made
    t.bigInteger('center_id').references('centers.id').onDelete('SET NULL');
    t.string('ip', 64);
    t.timestamps(true, true);
  });
  // A subdomain is held by one live request at a time (until its PIN expires or it becomes a centre).
  await knex.raw('create index customer_signups_slug_idx on customer_signups (slug, pin_expires_at)');
  await knex.raw('create index customer_signups_email_idx on customer_signups (lower(email), created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('customer_signups');
}
