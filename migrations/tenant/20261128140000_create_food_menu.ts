import type { Knex } from 'knex';

/**
 * Food menu (spec §3 "Food menu": items id, name, status; weeks id, name, status, date,
 * current_week; settings week and rotate) and CACFP meal counts (child care only).
 *
 * - `food_menu_items`: a location's items with the attributes the CACFP checks read: the meal
 *   components an item counts as, its food type (cereal and yogurt have dated sugar limits), the
 *   serving weight in ounces and its added and total sugar per serving; allergens are rows of the
 *   centre's allergy list (`food_menu_item_allergens`).
 * - `meal_slots`: a location's meal service times (breakfast, lunch, supper or snack).
 * - `food_menu_weeks` and their cells (`food_menu_week_items`: day 0 = Monday … 6, slot, items).
 * - `food_menu_settings`: per location, whether `current_week` rotates each local Monday, and the
 *   Monday it last did (a rerun of the job on the same day moves nothing).
 * - `meal_counts` / `meal_count_students`: a room's point-of-service count of one slot on one
 *   day, with when it was saved and whether that was late (after the slot's end + 30 min).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('food_menu_items', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 150).notNullable();
    t.string('status', 10).notNullable().defaultTo('active');
    t.specificType('components', 'text[]').notNullable().defaultTo('{}');
    t.string('food_type', 10).notNullable().defaultTo('other');
    t.decimal('serving_oz', 6, 2);
    t.decimal('added_sugar_g', 6, 2);
    t.decimal('total_sugar_g', 6, 2);
    t.timestamps(true, true);
    t.check("status in ('active', 'available')", [], 'food_menu_items_status_check');
    t.check("food_type in ('cereal', 'yogurt', 'other')", [], 'food_menu_items_type_check');
    t.check("components <@ array['milk','meat_alternate','vegetable','fruit','grain']::text[]", [], 'food_menu_items_components_check');
  });
  await knex.raw('create unique index food_menu_items_name_unique on food_menu_items (location_id, lower(name))');
  await knex.raw('create index food_menu_items_location_idx on food_menu_items (location_id, status, name)');

  await knex.schema.createTable('food_menu_item_allergens', (t) => {
    t.bigInteger('item_id').notNullable().references('food_menu_items.id').onDelete('CASCADE');
    t.bigInteger('allergy_id').notNullable().references('allergies.id').onDelete('CASCADE');
    t.primary(['item_id', 'allergy_id']);
  });
  await knex.raw('create index food_menu_item_allergens_allergy_idx on food_menu_item_allergens (allergy_id)');

  await knex.schema.createTable('meal_slots', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 60).notNullable();
    t.string('type', 10).notNullable();
    t.time('start_time').notNullable();
    t.time('end_time').notNullable();
    t.timestamps(true, true);
    t.check("type in ('breakfast', 'lunch', 'supper', 'snack')", [], 'meal_slots_type_check');
    t.check('end_time > start_time', [], 'meal_slots_end_after_start');
  });
  await knex.raw('create index meal_slots_location_idx on meal_slots (location_id, start_time)');
  await knex.raw('create unique index meal_slots_name_unique on meal_slots (location_id, lower(name))');

  await knex.schema.createTable('food_menu_weeks', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('status', 10).notNullable().defaultTo('draft');
    /** The Monday the week starts on. */
    t.date('date').notNullable();
    t.boolean('current_week').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.check("status in ('draft', 'published')", [], 'food_menu_weeks_status_check');
  });
  await knex.raw('create index food_menu_weeks_location_idx on food_menu_weeks (location_id, date, id)');
  await knex.raw('create unique index food_menu_weeks_one_current on food_menu_weeks (location_id) where current_week');

  await knex.schema.createTable('food_menu_week_items', (t) => {
    t.bigInteger('week_id').notNullable().references('food_menu_weeks.id').onDelete('CASCADE');
    t.smallint('day').notNullable();
    t.bigInteger('slot_id').notNullable().references('meal_slots.id').onDelete('CASCADE');
    t.bigInteger('item_id').notNullable().references('food_menu_items.id').onDelete('CASCADE');
    t.smallint('position').notNullable().defaultTo(0);
    t.primary(['week_id', 'day', 'slot_id', 'item_id']);
    t.check('day between 0 and 6', [], 'food_menu_week_items_day_check');
  });
  await knex.raw('create index food_menu_week_items_item_idx on food_menu_week_items (item_id)');
  await knex.raw('create index food_menu_week_items_slot_idx on food_menu_week_items (slot_id)');

  await knex.schema.createTable('food_menu_settings', (t) => {
    t.bigInteger('location_id').primary().references('locations.id').onDelete('CASCADE');
    t.boolean('rotate').notNullable().defaultTo(false);
    t.date('rotated_on');
    t.timestamps(true, true);
  });
  await knex.raw('create index food_menu_settings_rotate_idx on food_menu_settings (location_id) where rotate');

  await knex.schema.createTable('meal_counts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('program_id').notNullable().references('programs.id').onDelete('CASCADE');
    t.bigInteger('slot_id').notNullable().references('meal_slots.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.timestamp('saved_at', { useTz: true }).notNullable();
    /** Saved after the slot's end + 30 min: not a point-of-service count. */
    t.boolean('late').notNullable().defaultTo(false);
    t.bigInteger('counted_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.raw('create unique index meal_counts_room_slot_unique on meal_counts (program_id, date, slot_id)');
  await knex.raw('create index meal_counts_location_date_idx on meal_counts (location_id, date)');

  await knex.schema.createTable('meal_count_students', (t) => {
    t.bigInteger('count_id').notNullable().references('meal_counts.id').onDelete('CASCADE');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.primary(['count_id', 'student_id']);
  });
  await knex.raw('create index meal_count_students_student_idx on meal_count_students (student_id)');
}

export async function down(knex: Knex): Promise<void> {
  for (const t of [
    'meal_count_students',
    'meal_counts',
    'food_menu_settings',
    'food_menu_week_items',
    'food_menu_weeks',
    'meal_slots',
    'food_menu_item_allergens',
    'food_menu_items',
  ])
    await knex.schema.dropTableIfExists(t);
}
