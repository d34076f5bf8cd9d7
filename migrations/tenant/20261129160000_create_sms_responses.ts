import type { Knex } from 'knex';

/**
 * Inbound SMS (issue 18): replies that are not STOP/START land in `sms_responses`, matched to a
 * contact by phone when one has it (`getSmsResponses`); Twilio's MessageSid makes a redelivered
 * webhook add nothing. `tiny_urls` are the centre's short links (`/s/:code`, http(s) targets
 * only), one code per target. Replies are matched by the phone's last ten digits (an index). The notification tick re-notifies open action items: an index for
 * its scan of every open item.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sms_responses', (t) => {
    t.bigIncrements('id');
    /** E.164 of the sender. */
    t.string('phone', 20).notNullable();
    t.text('body').notNullable();
    t.bigInteger('user_id').references('users.id').onDelete('SET NULL');
    t.string('message_sid', 64);
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index sms_responses_sid_unique on sms_responses (message_sid) where message_sid is not null');
  await knex.raw('create index sms_responses_received_idx on sms_responses (received_at desc, id desc)');
  await knex.raw('create index sms_responses_user_idx on sms_responses (user_id) where user_id is not null');

  // Matching a reply to a contact: the last ten digits of the stored phone, however it was typed.
  await knex.raw("create index users_phone_tail_idx on users (right(regexp_replace(phone, '\\D', '', 'g'), 10)) where deleted_at is null");

  await knex.schema.createTable('tiny_urls', (t) => {
    t.bigIncrements('id');
    t.string('code', 16).notNullable();
    t.text('url').notNullable();
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index tiny_urls_code_unique on tiny_urls (code)');
  await knex.raw('create unique index tiny_urls_url_unique on tiny_urls (md5(url))');

  await knex.raw('create index action_items_open_all_idx on action_items (id) where acknowledged_at is null and closed_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists action_items_open_all_idx');
  await knex.raw('drop index if exists users_phone_tail_idx');
  await knex.schema.dropTableIfExists('tiny_urls');
  await knex.schema.dropTableIfExists('sms_responses');
}
