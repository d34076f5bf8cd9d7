import type { Knex } from 'knex';

/**
 * What the platform publishes to every centre through the control-plane channel: catalogues
 * (immunizations, learning frameworks, newsletter templates, … each filled by its area) and the
 * plans centres are billed on (`centers.center_billing_plan_id`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('platform_catalogues', (t) => {
    t.string('name', 63).primary(); // e.g. immunizations, learning-frameworks, newsletter-templates
    t.string('title', 150).notNullable();
    t.text('description');
    t.timestamps(true, true);
  });
  await knex.schema.createTable('platform_catalogue_items', (t) => {
    t.bigIncrements('id');
    t.string('catalogue', 63).notNullable().references('platform_catalogues.name').onUpdate('CASCADE').onDelete('CASCADE');
    t.string('key', 100).notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.jsonb('data').notNullable().defaultTo('{}');
    t.timestamps(true, true);
    t.unique(['catalogue', 'key']);
  });
  await knex.raw('create index platform_catalogue_items_order_idx on platform_catalogue_items (catalogue, position, key)');

  await knex.schema.createTable('center_plans', (t) => {
    t.bigIncrements('id');
    t.string('name', 100).notNullable();
    t.decimal('amount', 10, 2).notNullable().defaultTo(0);
    t.string('period', 10).notNullable().defaultTo('month'); // month | year
    t.text('note');
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamps(true, true);
  });
  await knex.raw("alter table center_plans add constraint center_plans_period_check check (period in ('month', 'year'))");
  await knex.schema.alterTable('centers', (t) => {
    t.foreign('center_billing_plan_id').references('center_plans.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('centers', (t) => t.dropForeign(['center_billing_plan_id']));
  await knex.schema.dropTableIfExists('center_plans');
  await knex.schema.dropTableIfExists('platform_catalogue_items');
  await knex.schema.dropTableIfExists('platform_catalogues');
}
