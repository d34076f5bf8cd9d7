import type { Knex } from 'knex';

/** Audit log, job outbox, outbound messages and generic settings of a centre. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.bigInteger('actor_user_id');
    t.string('actor_label', 200);
    t.uuid('support_session_id');
    t.string('action', 80).notNullable();
    t.string('entity', 60);
    t.string('entity_id', 60);
    t.jsonb('data').notNullable().defaultTo('{}');
    t.string('ip', 64);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index audit_log_entity_idx on audit_log (entity, entity_id, created_at desc)');
  await knex.raw('create index audit_log_created_idx on audit_log (created_at desc)');

  // Jobs are written here in the same transaction as the data they follow, then dispatched.
  await knex.schema.createTable('outbox', (t) => {
    t.bigIncrements('id');
    t.string('queue', 60).notNullable();
    t.string('name', 80).notNullable();
    t.jsonb('payload').notNullable();
    t.string('dedupe_key', 200).unique();
    t.timestamp('available_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('dispatched_at', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index outbox_pending_idx on outbox (available_at, id) where dispatched_at is null');

  // Every email, SMS and push the centre sends: the delivery log, and the dev mailbox in embedded mode.
  await knex.schema.createTable('outbound_messages', (t) => {
    t.bigIncrements('id');
    t.string('channel', 10).notNullable();
    t.string('recipient', 254).notNullable();
    t.bigInteger('user_id');
    t.string('template', 80);
    t.string('locale', 8);
    t.string('subject', 300);
    t.text('body_text');
    t.text('body_html');
    t.jsonb('data').notNullable().defaultTo('{}');
    t.string('status', 12).notNullable().defaultTo('queued');
    t.string('provider_id', 200);
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
  });
  await knex.raw('create index outbound_messages_created_idx on outbound_messages (created_at desc)');
  await knex.raw('create index outbound_messages_recipient_idx on outbound_messages (lower(recipient), created_at desc)');

  // Spec "Generic setting": id, key, value, object_id (theme settings, stream mode, school profile …).
  await knex.schema.createTable('settings', (t) => {
    t.bigIncrements('id');
    t.string('key', 100).notNullable();
    t.jsonb('value');
    t.bigInteger('object_id');
    t.timestamps(true, true);
  });
  await knex.raw('create unique index settings_key_object_unique on settings (key, coalesce(object_id, 0))');
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['settings', 'outbound_messages', 'outbox', 'audit_log']) await knex.schema.dropTableIfExists(t);
}
