import type { Knex } from 'knex';

/**
 * Newsletters (issue 18, the newsletters part). Spec §3 Newsletter: id, name, template, key, image,
 * is_temp, uploaded, published, log, tags. `template` is the sanitised HTML with its CSS inlined;
 * `is_temp` marks a centre's own template (the platform's come through the control-plane channel's
 * catalogue `newsletter-templates`); `key` names the platform template it was made from.
 *
 * A send (`newsletter_sends`) is one job; each mail is an `outbound_messages` row with a unique
 * `dedupe_key` (`newsletter:<send>:<address>`), so a restarted job never mails an address twice.
 * `email_unsubscribes` is the centre's unsubscribed-email list (the link in every bulk mail,
 * RFC 8058 one-click POST, or the confirm link of the guest page).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletters', (t) => {
    t.bigIncrements('id');
    t.string('name', 150).notNullable();
    t.text('template').notNullable().defaultTo('');
    t.string('key', 100);
    t.string('image', 500);
    t.boolean('is_temp').notNullable().defaultTo(false);
    t.boolean('uploaded').notNullable().defaultTo(false);
    t.boolean('published').notNullable().defaultTo(false);
    t.timestamp('published_at', { useTz: true });
    t.jsonb('log').notNullable().defaultTo('[]');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.raw('create index newsletters_list_idx on newsletters (is_temp, updated_at desc, id desc)');
  await knex.raw('create index newsletters_published_idx on newsletters (published_at desc) where published');
  await knex.raw('create index newsletters_tags_idx on newsletters using gin (tags)');
  await knex.raw('create index newsletters_name_idx on newsletters (lower(name) text_pattern_ops)');

  await knex.schema.createTable('newsletter_sends', (t) => {
    t.bigIncrements('id');
    t.bigInteger('newsletter_id').notNullable().references('newsletters.id').onDelete('CASCADE');
    t.string('subject', 300).notNullable();
    t.jsonb('audience').notNullable();
    /** queued → sending → done */
    t.string('status', 12).notNullable().defaultTo('queued');
    t.integer('total').notNullable().defaultTo(0);
    t.integer('queued').notNullable().defaultTo(0);
    t.integer('skipped').notNullable().defaultTo(0);
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
  });
  await knex.raw('create index newsletter_sends_newsletter_idx on newsletter_sends (newsletter_id, id desc)');

  await knex.schema.createTable('email_unsubscribes', (t) => {
    t.bigIncrements('id');
    /** Lower-cased. */
    t.string('email', 254).notNullable();
    /** link | one_click | confirm | manual | seed */
    t.string('source', 20).notNullable().defaultTo('link');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index email_unsubscribes_email_unique on email_unsubscribes (email)');
  await knex.raw('create index email_unsubscribes_created_idx on email_unsubscribes (created_at desc, id desc)');
  await knex.raw('create index sms_unsubscribes_created_idx on sms_unsubscribes (created_at desc, id desc)');

  await knex.schema.alterTable('outbound_messages', (t) => {
    /** Unique per logical mail (a newsletter send and address): queued once whatever retries. */
    t.string('dedupe_key', 200);
    /** Extra mail headers (List-Unsubscribe, List-Unsubscribe-Post). */
    t.jsonb('headers');
  });
  await knex.raw('create unique index outbound_messages_dedupe_unique on outbound_messages (dedupe_key text_pattern_ops) where dedupe_key is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists outbound_messages_dedupe_unique');
  await knex.schema.alterTable('outbound_messages', (t) => {
    t.dropColumn('dedupe_key');
    t.dropColumn('headers');
  });
  await knex.raw('drop index if exists sms_unsubscribes_created_idx');
  for (const t of ['email_unsubscribes', 'newsletter_sends', 'newsletters']) await knex.schema.dropTableIfExists(t);
}
