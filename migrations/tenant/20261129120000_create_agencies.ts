import type { Knex } from 'knex';

/**
 * Subsidy agencies and their authorisations (issue 19, "Agencies", "Subsidy reconciliation").
 * An agency belongs to a location; `agency_students` holds each child's authorisation (number,
 * dates, days per week, weekly rate and co-pay in cents, allowed absences a month). An agency's
 * invoices and payments are `invoices` / `payments` rows of the child with `agency_id` set, so
 * they go through the same ledger; the family's invoices keep `agency_id` null.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('agencies', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 150).notNullable();
    t.string('contact_name', 150);
    t.string('email', 200);
    t.string('phone', 40);
    t.string('address', 300);
    t.text('note');
    t.bigInteger('created_by');
    t.timestamps(true, true);
    t.index(['location_id', 'name'], 'agencies_location_name_idx');
  });
  await knex.raw('create unique index agencies_location_name_uq on agencies (location_id, lower(name))');
  await knex.schema.createTable('agency_students', (t) => {
    t.bigIncrements('id');
    t.bigInteger('agency_id').notNullable().references('agencies.id').onDelete('CASCADE');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.string('authorization_number', 60).notNullable();
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    t.smallint('days_per_week').notNullable();
    /** What the agency recognises a week, in cents (its part is the rate less the co-pay). */
    t.bigInteger('rate').notNullable();
    /** The family's co-pay a week, in cents. */
    t.bigInteger('copay').notNullable().defaultTo(0);
    /** Absences a month the agency still pays for. */
    t.smallint('absence_allowance').notNullable().defaultTo(0);
    t.bigInteger('created_by');
    t.timestamps(true, true);
    t.unique(['agency_id', 'student_id']);
    t.index(['student_id'], 'agency_students_student_idx');
    t.index(['end_date'], 'agency_students_end_idx');
    t.check(
      'start_date <= end_date and days_per_week between 1 and 7 and rate >= 0 and copay >= 0 and copay <= rate and absence_allowance >= 0',
      [],
      'agency_students_check',
    );
  });
  await knex.schema.alterTable('invoices', (t) => {
    t.bigInteger('agency_id').references('agencies.id').onDelete('SET NULL');
    t.index(['agency_id', 'date'], 'invoices_agency_idx');
  });
  await knex.schema.alterTable('payments', (t) => {
    t.bigInteger('agency_id').references('agencies.id').onDelete('SET NULL');
    t.index(['agency_id', 'date'], 'payments_agency_idx');
  });
  // The agency part moved off one family invoice, at most once (a re-run moves nothing twice).
  await knex.raw(
    'create unique index invoices_agency_source_uq on invoices (agency_id, student_id, period_start) where agency_id is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists invoices_agency_source_uq');
  await knex.schema.alterTable('payments', (t) => t.dropColumn('agency_id'));
  await knex.schema.alterTable('invoices', (t) => t.dropColumn('agency_id'));
  await knex.schema.dropTable('agency_students');
  await knex.schema.dropTable('agencies');
}
