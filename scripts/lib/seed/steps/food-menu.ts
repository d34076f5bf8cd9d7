import { addDays, localParts, weekdayOf, zonedInstant } from '@kv/shared';
import { allocateIds, insertMany, type SeedStep } from '../context.ts';

type Item = [
  name: string,
  components: string[],
  extra?: { food_type?: string; serving_oz?: number; added?: number; total?: number; allergens?: string[] },
];

/** 35 child-care items: one cereal (Frosted Crunch) over the 6 g added sugar per dry ounce limit. */
const CHILD_ITEMS: Item[] = [
  ['1% milk', ['milk'], { allergens: ['Dairy'] }],
  ['Whole milk', ['milk'], { allergens: ['Dairy'] }],
  ['Plain yogurt', ['milk', 'meat_alternate'], { food_type: 'yogurt', serving_oz: 6, added: 0, total: 8, allergens: ['Dairy'] }],
  ['Vanilla yogurt', ['meat_alternate'], { food_type: 'yogurt', serving_oz: 6, added: 9, total: 17, allergens: ['Dairy'] }],
  ['Oat rings cereal', ['grain'], { food_type: 'cereal', serving_oz: 1, added: 1, total: 1, allergens: ['Gluten'] }],
  ['Bran flakes', ['grain'], { food_type: 'cereal', serving_oz: 1, added: 5, total: 5, allergens: ['Gluten'] }],
  ['Frosted Crunch cereal', ['grain'], { food_type: 'cereal', serving_oz: 1, added: 11, total: 12, allergens: ['Gluten'] }],
  ['Whole-wheat toast', ['grain'], { allergens: ['Gluten'] }],
  ['Oatmeal', ['grain']],
  ['Brown rice', ['grain']],
  ['Whole-grain pasta', ['grain'], { allergens: ['Gluten', 'Eggs'] }],
  ['Corn tortilla', ['grain']],
  ['Whole-wheat crackers', ['grain'], { allergens: ['Gluten'] }],
  ['Blueberry muffin', ['grain'], { allergens: ['Gluten', 'Eggs', 'Dairy'] }],
  ['Baked chicken', ['meat_alternate']],
  ['Turkey meatballs', ['meat_alternate'], { allergens: ['Eggs'] }],
  ['Black bean tacos', ['meat_alternate']],
  ['Scrambled eggs', ['meat_alternate'], { allergens: ['Eggs'] }],
  ['Cheese cubes', ['meat_alternate'], { allergens: ['Dairy'] }],
  ['Peanut butter', ['meat_alternate'], { allergens: ['Peanuts'] }],
  ['Baked fish sticks', ['meat_alternate'], { allergens: ['Gluten'] }],
  ['Hummus', ['meat_alternate']],
  ['Steamed broccoli', ['vegetable']],
  ['Carrot sticks', ['vegetable']],
  ['Green beans', ['vegetable']],
  ['Sweet potato', ['vegetable']],
  ['Cucumber slices', ['vegetable']],
  ['Corn', ['vegetable']],
  ['Peas', ['vegetable']],
  ['Banana', ['fruit']],
  ['Apple slices', ['fruit']],
  ['Orange wedges', ['fruit']],
  ['Strawberries', ['fruit']],
  ['Pear slices', ['fruit']],
  ['Pineapple chunks', ['fruit']],
];

/** 35 pet-care items (the pet centre has no CACFP counts; components and sugar do not apply). */
const PET_ITEMS: Item[] = [
  ...[
    'Chicken & rice kibble',
    'Lamb & rice kibble',
    'Salmon kibble',
    'Grain-free turkey kibble',
    'Puppy kibble',
    'Senior kibble',
    'Light kibble',
  ].map((n): Item => [n, [], { allergens: n.includes('Chicken') ? ['Chicken'] : n.includes('Grain-free') ? [] : ['Grain'] }]),
  ...['Beef stew (wet)', 'Chicken pâté (wet)', 'Turkey loaf (wet)', 'Duck & pumpkin (wet)', 'Venison (wet)', 'Rabbit (wet)'].map(
    (n): Item => [n, [], { allergens: n.includes('Beef') ? ['Beef'] : n.includes('Chicken') ? ['Chicken'] : [] }],
  ),
  ...[
    'Peanut-free biscuits',
    'Dental chew',
    'Sweet potato chews',
    'Freeze-dried liver',
    'Carrot sticks',
    'Apple slices (no seeds)',
    'Blueberries',
    'Pumpkin purée',
    'Plain yogurt spoonful',
    'Cottage cheese',
    'Boiled egg',
    'Green beans',
    'Frozen banana',
    'Chicken broth ice cube',
    'Beef jerky strip',
    'Salmon skin roll',
    'Lickable mat (peanut-free)',
    'Rice & chicken bland diet',
    'Puppy milk replacer',
    'Oat & honey treat',
    'Cucumber coins',
    'Watermelon cubes (seedless)',
  ].map((n): Item => [
    n,
    [],
    {
      allergens: /chicken/i.test(n)
        ? ['Chicken']
        : /beef/i.test(n)
          ? ['Beef']
          : /yogurt|cottage/i.test(n)
            ? ['Dairy']
            : /oat|biscuit/i.test(n)
              ? ['Grain']
              : [],
    },
  ]),
];

const CHILD_SLOTS = [
  ['Breakfast', 'breakfast', '07:30', '08:30'],
  ['AM snack', 'snack', '09:30', '10:00'],
  ['Lunch', 'lunch', '11:30', '12:30'],
  ['PM snack', 'snack', '15:00', '15:30'],
] as const;
const PET_SLOTS = [
  ['Morning feed', 'breakfast', '08:00', '08:30'],
  ['Midday treat', 'snack', '12:00', '12:30'],
  ['Evening feed', 'supper', '16:30', '17:00'],
] as const;

/** What each slot type plans: components for child care, a count of items for pets. */
const PLAN: Record<string, string[]> = {
  breakfast: ['milk', 'fruit', 'grain'],
  lunch: ['milk', 'meat_alternate', 'vegetable', 'fruit', 'grain'],
  supper: ['milk', 'meat_alternate', 'vegetable', 'fruit', 'grain'],
  snack: ['fruit', 'grain'],
};

/**
 * Per location: meal slots, 35 menu items (allergens from the centre's allergy list), 4 published
 * weeks from this Monday with every weekday planned, the first current and rotating. Child care
 * only: 10 weekdays of point-of-service meal counts per room and slot from attendance's records
 * (a few children not ticked, one count a day saved late).
 */
export const foodMenuStep: SeedStep = {
  name: 'food-menu',
  async run({ trx, def, faker, now, locations, rooms, ownerId }) {
    const pets = def.kind === 'petcare';
    const allergyIds = new Map((await trx('allergies').select('id', 'name')).map((a) => [String(a.name), String(a.id)]));
    const catalogue = pets ? PET_ITEMS : CHILD_ITEMS;
    const slotDefs = pets ? PET_SLOTS : CHILD_SLOTS;
    const allRooms = await rooms();
    const counter = await ownerId();
    let itemCount = 0;
    let weekCount = 0;
    let countCount = 0;
    for (const loc of await locations()) {
      const itemIds = await allocateIds(trx, 'food_menu_items', catalogue.length);
      await insertMany(
        trx,
        'food_menu_items',
        catalogue.map(([name, components, x], i) => ({
          id: itemIds[i],
          location_id: loc.id,
          name,
          status: i % 9 === 8 ? 'available' : 'active',
          components: `{${components.join(',')}}`,
          food_type: x?.food_type ?? 'other',
          serving_oz: x?.serving_oz ?? null,
          added_sugar_g: x?.added ?? null,
          total_sugar_g: x?.total ?? null,
        })),
      );
      await insertMany(
        trx,
        'food_menu_item_allergens',
        catalogue.flatMap(([, , x], i) =>
          (x?.allergens ?? []).filter((a) => allergyIds.has(a)).map((a) => ({ item_id: itemIds[i], allergy_id: allergyIds.get(a) })),
        ),
      );
      itemCount += catalogue.length;
      const slotIds = await allocateIds(trx, 'meal_slots', slotDefs.length);
      await insertMany(
        trx,
        'meal_slots',
        slotDefs.map(([name, type, start_time, end_time], i) => ({
          id: slotIds[i],
          location_id: loc.id,
          name,
          type,
          start_time,
          end_time,
        })),
      );

      const local = localParts(now, loc.timezone).date;
      const dow = new Date(`${local}T00:00:00Z`).getUTCDay();
      const monday = addDays(local, -((dow + 6) % 7));
      const weekIds = await allocateIds(trx, 'food_menu_weeks', 4);
      await insertMany(
        trx,
        'food_menu_weeks',
        weekIds.map((id, w) => ({
          id,
          location_id: loc.id,
          name: `Week ${w + 1}`,
          status: 'published',
          date: addDays(monday, 7 * w),
          current_week: w === 0,
        })),
      );
      weekCount += 4;
      await insertMany(trx, 'food_menu_settings', [{ location_id: loc.id, rotate: true, rotated_on: dow === 1 ? local : null }]);
      const active = catalogue.map((c, i) => ({ id: itemIds[i]!, components: c[1], index: i })).filter((x) => x.index % 9 !== 8);
      const cells: Record<string, unknown>[] = [];
      weekIds.forEach((weekId, w) => {
        for (let day = 0; day < 5; day++)
          slotDefs.forEach(([, type], si) => {
            const chosen: string[] = [];
            if (pets) chosen.push(...faker.helpers.arrayElements(active, type === 'snack' ? 1 : 2).map((x) => x.id));
            else
              for (const c of PLAN[type]!) {
                if (active.some((x) => chosen.includes(x.id) && x.components.includes(c))) continue;
                const fits = active.filter((x) => x.components.includes(c) && !chosen.includes(x.id));
                if (fits.length) chosen.push(fits[(w * 5 + day + si) % fits.length]!.id);
              }
            chosen.forEach((item_id, position) => cells.push({ week_id: weekId, day, slot_id: slotIds[si], item_id, position }));
          });
      });
      // The over-limit cereal is on the menu: Tuesday breakfast of week 2.
      if (!pets) {
        const frosted = itemIds[CHILD_ITEMS.findIndex((c) => c[0] === 'Frosted Crunch cereal')]!;
        const cell = cells.find((c) => c.week_id === weekIds[1] && c.day === 1 && c.slot_id === slotIds[0] && c.position === 2);
        if (cell) cell.item_id = frosted;
      }
      await insertMany(trx, 'food_menu_week_items', cells);

      if (pets) continue;
      // 10 weekdays of counts before today, from who was checked in during each slot.
      const days: string[] = [];
      for (let d = addDays(local, -1); days.length < 10; d = addDays(d, -1)) if (!['sat', 'sun'].includes(weekdayOf(d))) days.push(d);
      const stays = await trx('attendances')
        .where({ location_id: loc.id })
        .whereIn('date', days)
        .whereNull('deleted_at')
        .whereNotNull('program_id')
        .select('student_id', 'program_id', trx.raw("to_char(date, 'YYYY-MM-DD') as date"), 'start_time', 'end_time');
      const locRooms = allRooms.filter((r) => r.location_id === loc.id);
      const countRows: Record<string, unknown>[] = [];
      const countKids: string[][] = [];
      for (const date of days) {
        const lateAt = faker.number.int({ min: 0, max: locRooms.length * slotDefs.length - 1 });
        let n = 0;
        for (const room of locRooms)
          slotDefs.forEach(([, , start, end], si) => {
            const from = zonedInstant(date, start, loc.timezone);
            const to = zonedInstant(date, end, loc.timezone);
            const present = stays
              .filter(
                (s) => s.date === date && String(s.program_id) === room.id && s.start_time <= to && (!s.end_time || s.end_time >= from),
              )
              .map((s) => String(s.student_id));
            const ticked = [...new Set(present)].filter(() => faker.datatype.boolean(0.95));
            const late = n++ === lateAt;
            if (!ticked.length) return;
            countRows.push({
              location_id: loc.id,
              program_id: room.id,
              slot_id: slotIds[si],
              date,
              saved_at: new Date(to.getTime() + (late ? 75 : -10) * 60_000).toISOString(),
              late,
              counted_by: counter,
            });
            countKids.push(ticked);
          });
      }
      const countIds = await allocateIds(trx, 'meal_counts', countRows.length);
      await insertMany(
        trx,
        'meal_counts',
        countRows.map((r, i) => ({ id: countIds[i], ...r })),
      );
      await insertMany(
        trx,
        'meal_count_students',
        countKids.flatMap((kids, i) => kids.map((student_id) => ({ count_id: countIds[i], student_id }))),
      );
      countCount += countRows.length;
    }
    return `${itemCount} menu items, ${weekCount} weeks${pets ? '' : `, ${countCount} meal counts`}`;
  },
};
