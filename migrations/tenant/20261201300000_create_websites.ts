import type { Knex } from 'knex';

/**
 * The centre's public website and blog (issue 22, part `utilities`): each site is served at
 * `/site/<slug>` (and `/site/<slug>/<page>`) on the centre host and reported to the platform over
 * the control-plane channel, where an operator may take it offline.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('websites', (t) => {
    t.uuid('id').primary();
    t.string('slug', 60).notNullable().unique();
    t.string('title', 150).notNullable();
    t.string('kind', 20).notNullable(); // website | blog
    t.string('description', 500);
    // [{ path, title, body }]: path '' is the home page; body is plain text in paragraphs.
    t.jsonb('pages').notNullable().defaultTo('[]');
    t.boolean('published').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table websites add constraint websites_kind_check check (kind in ('website', 'blog'))`);
  await knex.raw(`alter table websites add constraint websites_slug_check check (slug ~ '^[a-z0-9][a-z0-9-]*$')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('websites');
}
