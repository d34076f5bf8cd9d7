import type { Knex } from 'knex';

/**
 * Calendar (issue 21): calendars per location (public ones reach parents; the others are staff
 * only; `google_calendar_id` is kept for the later sync) and their events (spec §3 Event). A series
 * is one row per occurrence sharing `recursive_id`, each with the location's local `date` and
 * wall-clock `start_time` / `end_time` (so 9:00 stays 9:00 across a DST change) and the instants
 * those name in the location's zone (`starts_at`, `ends_at`). An event with rooms
 * (`calendar_event_programs`) reaches only those rooms' families; without, the whole location.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calendars', (t) => {
    t.bigIncrements('id');
    t.string('name', 150).notNullable();
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('google_calendar_id', 255);
    t.boolean('is_public').notNullable().defaultTo(true);
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.raw('create index calendars_location_idx on calendars (location_id, is_public)');

  await knex.schema.createTable('calendar_events', (t) => {
    t.bigIncrements('id');
    t.bigInteger('calendar_id').notNullable().references('calendars.id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.text('details');
    t.date('date').notNullable();
    t.string('start_time', 5);
    t.string('end_time', 5);
    t.boolean('full_day').notNullable().defaultTo(false);
    t.timestamp('starts_at', { useTz: true }).notNullable();
    t.timestamp('ends_at', { useTz: true }).notNullable();
    t.uuid('recursive_id');
    t.boolean('recursing').notNullable().defaultTo(false);
    /** Weekdays of the series (`sun` … `sat`). */
    t.specificType('days', 'text[]').notNullable().defaultTo('{}');
    /** Last day of the series (inclusive). */
    t.date('recurs_until');
    t.string('external_id', 255);
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.check('full_day or (start_time is not null and end_time is not null and end_time > start_time)', [], 'calendar_events_times_check');
    t.check('ends_at >= starts_at', [], 'calendar_events_instants_check');
  });
  await knex.raw('create index calendar_events_location_date_idx on calendar_events (location_id, date)');
  await knex.raw('create index calendar_events_calendar_idx on calendar_events (calendar_id, date)');
  await knex.raw('create index calendar_events_series_idx on calendar_events (recursive_id, date) where recursive_id is not null');

  await knex.schema.createTable('calendar_event_programs', (t) => {
    t.bigInteger('event_id').notNullable().references('calendar_events.id').onDelete('CASCADE');
    t.bigInteger('program_id').notNullable().references('programs.id').onDelete('CASCADE');
    t.primary(['event_id', 'program_id']);
  });
  await knex.raw('create index calendar_event_programs_program_idx on calendar_event_programs (program_id, event_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('calendar_event_programs');
  await knex.schema.dropTableIfExists('calendar_events');
  await knex.schema.dropTableIfExists('calendars');
}
