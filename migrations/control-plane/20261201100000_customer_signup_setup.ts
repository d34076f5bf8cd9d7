import type { Knex } from 'knex';

/**
 * The funnel's setup step: what `saveCenterSetup` asked for (time zone, first location, first
 * manager) is kept on the sign-up until provisioning's owner step writes it into the new centre's
 * database, with the hash of the owner's one-time sign-in token (the plain token only ever goes to
 * the browser that submitted the setup). One centre per sign-up; transfer or cheque instead of a card.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customer_signups', (t) => {
    t.string('time_zone', 64);
    t.string('location_name', 150);
    t.string('manager_fname', 100);
    t.string('manager_lname', 100);
    t.string('manager_email', 254);
    t.string('autologin_hash', 64);
    t.string('payment_choice', 20); // card | transfer | cheque
  });
  await knex.raw('create unique index customer_signups_center_idx on customer_signups (center_id) where center_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists customer_signups_center_idx');
  await knex.schema.alterTable('customer_signups', (t) => {
    for (const c of ['time_zone', 'location_name', 'manager_fname', 'manager_lname', 'manager_email', 'autologin_hash', 'payment_choice']) t.dropColumn(c);
  });
}
