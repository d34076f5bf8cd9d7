import type { Knex } from 'knex';

/**
 * The platform's newsletters and templates (issue 18, admin): spec §3 Newsletter fields. Templates
 * (`is_temp`) are served to centres as the catalogue `newsletter-templates` of the control-plane
 * channel: each template write keeps its `platform_catalogue_items` row (key `template-<id>`) in
 * the same transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletter_templates', (t) => {
    t.bigIncrements('id');
    t.string('name', 150).notNullable();
    t.text('template').notNullable().defaultTo('');
    t.string('key', 100);
    t.string('image', 500);
    t.boolean('is_temp').notNullable().defaultTo(true);
    t.boolean('uploaded').notNullable().defaultTo(false);
    t.boolean('published').notNullable().defaultTo(false);
    t.jsonb('log').notNullable().defaultTo('[]');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.bigInteger('created_by');
    t.timestamps(true, true);
  });
  await knex.raw('create index newsletter_templates_list_idx on newsletter_templates (is_temp, id desc)');
  await knex.raw('create index newsletter_templates_name_idx on newsletter_templates (lower(name) text_pattern_ops)');
  await knex('platform_catalogues')
    .insert({ name: 'newsletter-templates', title: 'Newsletter templates', description: 'The platform’s newsletter templates, offered to every centre.' })
    .onConflict('name')
    .ignore();
}

export async function down(knex: Knex): Promise<void> {
  await knex('platform_catalogue_items').where({ catalogue: 'newsletter-templates' }).del();
  await knex('platform_catalogues').where({ name: 'newsletter-templates' }).del();
  await knex.schema.dropTableIfExists('newsletter_templates');
}
