import type { Knex } from 'knex';
import { US_SCHEDULE_V2, US_SCHEDULES } from '@kv/shared';

/**
 * The platform's immunization catalogue (issue 20, kvsupport): the vaccines being edited
 * (`immunizations`: name, code, kind child | pet, is_required, up to six doses with their rules)
 * and the frozen schedule versions (`immunization_schedules`), each served to centres as the
 * catalogue item `schedule-<version>` of the channel's `immunizations` catalogue.
 *
 * Seeded with the US schedules (`@kv/shared` US_SCHEDULES, frozen): version 1 (CDC 2025, in effect
 * before 5 December 2025) and version 2 from 2025-12-05 (ACIP's hepatitis B birth-dose change);
 * the editable list starts as version 2's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('immunizations', (t) => {
    t.bigIncrements('id');
    t.string('name', 150).notNullable();
    t.string('code', 40).notNullable();
    t.string('kind', 10).notNullable().defaultTo('child');
    t.boolean('is_required').notNullable().defaultTo(false);
    /** Up to six doses: label, min_age, recommended_age, min_interval, booster_validity. */
    t.jsonb('doses').notNullable().defaultTo('[]');
    t.integer('position').notNullable().defaultTo(0);
    t.timestamps(true, true);
  });
  await knex.raw("alter table immunizations add constraint immunizations_kind_check check (kind in ('child', 'pet'))");
  await knex.raw('create unique index immunizations_code_idx on immunizations (lower(code))');
  await knex.raw('create index immunizations_list_idx on immunizations (kind, position, id)');

  await knex.schema.createTable('immunization_schedules', (t) => {
    t.bigIncrements('id');
    t.integer('version').notNullable().unique();
    t.date('effective_from').notNullable().unique();
    t.string('source_url', 500);
    t.text('note');
    /** The frozen vaccines and rules (never updated). */
    t.jsonb('data').notNullable();
    t.string('published_by', 200);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex('platform_catalogues')
    .insert({
      name: 'immunizations',
      title: 'Immunizations',
      description: 'Versioned immunization schedules (CDC CDSi rules, 4-day grace).',
    })
    .onConflict('name')
    .merge(['title', 'description']);

  await knex('immunizations').insert(
    US_SCHEDULE_V2.immunizations.map((v, i) => ({
      name: v.name,
      code: v.code,
      kind: v.kind,
      is_required: v.is_required,
      doses: JSON.stringify(v.doses),
      position: i + 1,
    })),
  );
  for (const s of US_SCHEDULES) {
    await knex('immunization_schedules').insert({
      version: s.version,
      effective_from: s.effective_from,
      source_url: s.source_url,
      note: s.note,
      data: JSON.stringify(s.immunizations),
      published_by: 'system',
    });
    await knex('platform_catalogue_items')
      .insert({ catalogue: 'immunizations', key: `schedule-${s.version}`, position: s.version, data: JSON.stringify(s) })
      .onConflict(['catalogue', 'key'])
      .merge(['data', 'position']);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex('platform_catalogue_items').where({ catalogue: 'immunizations' }).del();
  await knex('platform_catalogues').where({ name: 'immunizations' }).del();
  await knex.schema.dropTableIfExists('immunization_schedules');
  await knex.schema.dropTableIfExists('immunizations');
}
