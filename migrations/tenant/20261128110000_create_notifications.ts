import type { Knex } from 'knex';

/**
 * The notification centre (spec §3 "Notification settings per user", §7 Communication): one
 * `notifications` row per event and user — unique on (event_key, user_id), so an event delivered
 * twice adds nothing — and each user's notification settings (the 15 fields of §3 plus `digest`).
 * A routine notice held for the daily digest has `held` set until the digest push sums it
 * (`digested_at`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    /** What caused it (`checked_in:<attendance id>`, `activity:<id>`, `media:<photo id>`…). */
    t.string('event_key', 200).notNullable();
    t.string('kind', 30).notNullable();
    t.string('title', 300).notNullable();
    t.string('body', 2000).notNullable();
    t.string('link', 500);
    t.bigInteger('student_id').references('students.id').onDelete('SET NULL');
    /** The location whose digest time releases a held notice. */
    t.bigInteger('location_id').references('locations.id').onDelete('SET NULL');
    t.boolean('held').notNullable().defaultTo(false);
    t.timestamp('digested_at', { useTz: true });
    t.timestamp('seen_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['event_key', 'user_id'], { indexName: 'notifications_event_user_unique' });
  });
  // The bell's list (newest first) and its unseen count.
  await knex.raw('create index notifications_user_idx on notifications (user_id, id desc)');
  await knex.raw('create index notifications_user_unseen_idx on notifications (user_id) where seen_at is null');
  // The digest tick: held notices not summed yet, per location.
  await knex.raw('create index notifications_held_idx on notifications (location_id, user_id) where held and digested_at is null');

  await knex.schema.createTable('user_notification_settings', (t) => {
    t.bigInteger('user_id').primary().references('users.id').onDelete('CASCADE');
    for (const f of [
      'push',
      'food',
      'nap',
      'meds',
      'activity',
      'notes',
      'checks',
      'media',
      'msgs',
      'kudos',
      'health_check',
      'name_to_face',
      'observation',
      'mood',
      'custom',
    ])
      t.boolean(f).notNullable().defaultTo(true);
    t.boolean('digest').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('user_notification_settings');
  await knex.schema.dropTableIfExists('notifications');
}
