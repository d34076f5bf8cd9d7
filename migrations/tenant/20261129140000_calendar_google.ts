import type { Knex } from 'knex';

/**
 * Google Calendar (issue 21). `calendar_google_links`: a calendar linked to a Google calendar, the
 * refresh token (and the current access token) encrypted with `encryptSecret`, never in plain text;
 * `status` `reconnect` once Google refuses the grant. `calendar_google_states`: the single-use nonce
 * of each consent (`getGoogleCalendarAuthUrl`), with the PKCE verifier (encrypted), taken once by
 * `saveGoogleCalendarToken`. Events: `google_dirty` marks a row the push job has still to send
 * (new rows are dirty); `calendar_google_deletions` keeps the Google ids of deleted rows until the
 * push job has deleted them there.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calendar_google_links', (t) => {
    t.bigInteger('calendar_id').primary().references('calendars.id').onDelete('CASCADE');
    t.string('google_calendar_id', 255).notNullable();
    t.text('refresh_token_enc').notNullable();
    t.text('access_token_enc');
    t.timestamp('access_expires_at', { useTz: true });
    t.string('status', 20).notNullable().defaultTo('connected');
    t.bigInteger('connected_by').references('users.id').onDelete('SET NULL');
    t.timestamp('connected_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** Lease of the push job (one push per calendar at a time). */
    t.timestamp('push_lease_until', { useTz: true });
    t.check("status in ('connected', 'reconnect')", [], 'calendar_google_links_status_check');
  });

  await knex.schema.createTable('calendar_google_states', (t) => {
    t.string('nonce', 64).primary();
    t.bigInteger('calendar_id').notNullable().references('calendars.id').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('verifier_enc').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
  });
  await knex.raw('create index calendar_google_states_expires_idx on calendar_google_states (expires_at)');

  await knex.schema.alterTable('calendar_events', (t) => {
    t.boolean('google_dirty').notNullable().defaultTo(true);
  });
  await knex.raw('create index calendar_events_google_dirty_idx on calendar_events (calendar_id, date) where google_dirty');

  await knex.schema.createTable('calendar_google_deletions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('calendar_id').notNullable().references('calendars.id').onDelete('CASCADE');
    t.string('external_id', 255).notNullable();
  });
  await knex.raw('create index calendar_google_deletions_calendar_idx on calendar_google_deletions (calendar_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('calendar_google_deletions');
  await knex.raw('drop index if exists calendar_events_google_dirty_idx');
  await knex.schema.alterTable('calendar_events', (t) => t.dropColumn('google_dirty'));
  await knex.schema.dropTableIfExists('calendar_google_states');
  await knex.schema.dropTableIfExists('calendar_google_links');
}
