import type { Knex } from 'knex';

/**
 * Customer websites (issue 22, part `utilities`): the public website and blog pages each centre's
 * tenant API serves, as the centre last reported them over the control-plane channel
 * (`websites.report`), and whether an operator took one offline (its pages then answer 404 on
 * the centre host: the directory entry carries the offline slugs).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('customer_websites', (t) => {
    t.bigIncrements('id');
    t.bigInteger('center_id').notNullable().references('centers.id').onDelete('CASCADE');
    // The centre's own id of the site (its `websites.id`) and the path label it is served under: /site/<slug>.
    t.uuid('site_id').notNullable();
    t.string('slug', 60).notNullable();
    t.string('title', 150).notNullable();
    t.string('kind', 20).notNullable(); // website | blog
    t.integer('pages').notNullable().defaultTo(0);
    t.boolean('published').notNullable().defaultTo(true);
    t.timestamp('site_updated_at', { useTz: true });
    t.timestamp('reported_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Set while an operator keeps the site offline; cleared when it is brought back.
    t.timestamp('offline_at', { useTz: true });
    t.string('offline_by', 200);
    t.string('offline_reason', 500);
    t.unique(['center_id', 'site_id']);
  });
  // The screen's filters: centre, kind, offline; its order: title. The directory's lookup of a centre's offline slugs.
  await knex.raw('create index customer_websites_centre_idx on customer_websites (center_id, title, id)');
  await knex.raw('create index customer_websites_kind_idx on customer_websites (kind, title, id)');
  await knex.raw('create index customer_websites_offline_idx on customer_websites (center_id, slug) where offline_at is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('customer_websites');
}
