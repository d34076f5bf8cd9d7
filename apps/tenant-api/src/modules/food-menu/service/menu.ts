import type { Knex } from 'knex';
import { z } from 'zod';
import { fields, parseArgs } from '@kv/server';
import { addDays, localParts, weekdayOf } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { assertReaches, menuReadScope, menuWriteScope } from '../policy.ts';
import {
  itemNameTaken,
  itemNotFound,
  itemOfOtherLocation,
  mondayOnly,
  sameLocation,
  slotNameTaken,
  slotNotFound,
  unknownAllergy,
  weekNotFound,
} from '../errors.ts';
import { COMPONENTS, FOOD_TYPES, SLOT_TYPES, componentWarning, sugarWarning, type SlotType } from '../cacfp.ts';
import { inTransaction, lockFor, mapUniqueViolations } from '../../../core/tx.ts';
import { audit } from '../../../core/audit.ts';
import { id, idList, pageArgs, paginated } from '../../../core/args.ts';
import { localDate, localTime } from '../../../core/time.ts';
import { notice } from '../../../core/result.ts';
import { studentScopeOf } from '../../../core/access.ts';

const name = fields.name('Name');
const status = fields.oneOf('Status', ['active', 'available'] as const);
const weekStatus = fields.oneOf('Status', ['draft', 'published'] as const);
const components = z.array(fields.oneOf('Component', COMPONENTS)).max(5, 'At most five components.');
const grams = (label: string) =>
  z.number(`${label} must be a number.`).min(0, `${label} cannot be negative.`).max(1000, `${label} is too large.`).nullish();
const itemFields = {
  status,
  components,
  food_type: fields.oneOf('Food type', FOOD_TYPES),
  serving_oz: z.number('Serving must be a number.').positive('Serving must be more than 0 oz.').max(100, 'Serving is too large.').nullish(),
  added_sugar_g: grams('Added sugar'),
  total_sugar_g: grams('Total sugar'),
  allergens: idList,
};
const monday = localDate.refine((d) => weekdayOf(d) === 'mon', 'A menu week starts on a Monday.');

const ITEM_AUDIT = ['name', 'status', 'components', 'food_type', 'serving_oz', 'added_sugar_g', 'total_sugar_g'];

function itemRow(a: Partial<Record<string, unknown>>) {
  const out: Record<string, unknown> = {};
  for (const k of ITEM_AUDIT) if (a[k] !== undefined) out[k] = a[k];
  return out;
}

async function checkAllergens(db: Knex, ids: string[] | undefined) {
  if (!ids?.length) return;
  const found = await repo.existingAllergies(db, ids);
  if (ids.some((i) => !found.has(i))) throw unknownAllergy();
}

// ── items ────────────────────────────────────────────────────────────────────

export async function getFoodMenuItems(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({
      location: id,
      search: z.string().trim().max(100, 'Search at most 100 characters.').nullish(),
      status: status.nullish(),
      ...pageArgs,
    }),
    raw,
  );
  await menuWriteScope(ctx, a.location);
  const { rows, total } = await repo.pageItems(ctx.db, a.location, a.search, a.status, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

export async function createFoodMenuItem(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({
      location: id,
      name,
      ...itemFields,
      status: status.nullish().transform((v) => v ?? 'active'),
      components: components.nullish().transform((v) => v ?? []),
      food_type: itemFields.food_type.nullish().transform((v) => v ?? 'other'),
      allergens: idList.nullish(),
    }),
    raw,
  );
  await menuWriteScope(ctx, a.location);
  await checkAllergens(ctx.db, a.allergens ?? undefined);
  if (await repo.itemNameTaken(ctx.db, a.location, a.name)) throw itemNameTaken();
  const item = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      const r = await repo.insertItem(trx, { location_id: a.location, ...itemRow({ ...a, components: [...new Set(a.components)] }) });
      await repo.setAllergens(trx, String(r.id), [...new Set(a.allergens ?? [])]);
      await audit(ctx, trx, {
        action: 'food_menu_item.create',
        entity: 'food_menu_item',
        entity_id: String(r.id),
        location_id: a.location,
        data: { name: a.name },
      });
      return r;
    }),
    { food_menu_items_name_unique: itemNameTaken },
  );
  return { ...notice('Item added.'), item };
}

export async function updateFoodMenuItem(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({
      id,
      name: name.optional(),
      status: status.optional(),
      components: components.optional(),
      food_type: itemFields.food_type.optional(),
      serving_oz: itemFields.serving_oz,
      added_sugar_g: itemFields.added_sugar_g,
      total_sugar_g: itemFields.total_sugar_g,
      allergens: idList.optional(),
    }),
    raw,
  );
  const scope = await menuWriteScope(ctx);
  const [before] = await repo.findItems(ctx.db, [a.id]);
  if (!before) throw itemNotFound();
  assertReaches(scope, before.location_id);
  await checkAllergens(ctx.db, a.allergens);
  if (a.name && (await repo.itemNameTaken(ctx.db, before.location_id, a.name, a.id))) throw itemNameTaken();
  const item = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      const patch = itemRow({ ...a, components: a.components ? [...new Set(a.components)] : undefined });
      const r = Object.keys(patch).length ? await repo.updateItem(trx, a.id, patch) : before;
      if (a.allergens) await repo.setAllergens(trx, a.id, [...new Set(a.allergens)]);
      await audit(ctx, trx, {
        action: 'food_menu_item.update',
        entity: 'food_menu_item',
        entity_id: a.id,
        location_id: before.location_id,
        data: { fields: Object.keys(patch), allergens: a.allergens ?? null },
      });
      return r;
    }),
    { food_menu_items_name_unique: itemNameTaken },
  );
  return { ...notice('Item saved.'), item };
}

export async function deleteFoodMenuItem(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ id }), raw);
  const scope = await menuWriteScope(ctx);
  const [before] = await repo.findItems(ctx.db, [a.id]);
  if (!before) throw itemNotFound();
  assertReaches(scope, before.location_id);
  await inTransaction(ctx, async (trx) => {
    await trx('food_menu_items').where({ id: a.id }).delete();
    await audit(ctx, trx, {
      action: 'food_menu_item.delete',
      entity: 'food_menu_item',
      entity_id: a.id,
      location_id: before.location_id,
      data: { name: before.name },
    });
  });
  return { ...notice('Item deleted.'), id: a.id };
}

// ── weeks ────────────────────────────────────────────────────────────────────

export async function getFoodMenuWeeks(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ location: id, current_week: z.boolean().nullish(), ...pageArgs }), raw);
  const { parent } = await menuReadScope(ctx, a.location);
  const { rows, total } = await repo.pageWeeks(ctx.db, a.location, { published: parent, current: a.current_week }, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

async function weekInScope(ctx: RequestContext, weekId: string) {
  const scope = await menuWriteScope(ctx);
  const week = await repo.findWeek(ctx.db, weekId);
  if (!week) throw weekNotFound();
  assertReaches(scope, week.location_id);
  return week;
}

export async function createFoodMenuWeek(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({ location: id, name, status: weekStatus.nullish(), date: monday, current_week: z.boolean().nullish() }),
    raw,
  );
  await menuWriteScope(ctx, a.location);
  const week = await inTransaction(ctx, async (trx) => {
    await lockFor(trx, `food-menu:${a.location}`);
    const w = await repo.insertWeek(trx, { location_id: a.location, name: a.name, status: a.status ?? 'draft', date: a.date });
    if (a.current_week) await repo.setCurrentWeek(trx, a.location, String(w.id));
    await audit(ctx, trx, {
      action: 'food_menu_week.create',
      entity: 'food_menu_week',
      entity_id: String(w.id),
      location_id: a.location,
      data: { name: a.name, date: a.date },
    });
    return (await repo.findWeek(trx, String(w.id)))!;
  });
  return { ...notice('Week added.'), week };
}

export async function updateFoodMenuWeek(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({ id, name: name.optional(), status: weekStatus.optional(), date: monday.optional(), current_week: z.boolean().optional() }),
    raw,
  );
  const before = await weekInScope(ctx, a.id);
  const week = await inTransaction(ctx, async (trx) => {
    await lockFor(trx, `food-menu:${before.location_id}`);
    const patch: Record<string, unknown> = {};
    for (const k of ['name', 'status', 'date'] as const) if (a[k] !== undefined) patch[k] = a[k];
    if (Object.keys(patch).length) await repo.updateWeek(trx, a.id, patch);
    if (a.current_week === true) await repo.setCurrentWeek(trx, before.location_id, a.id);
    if (a.current_week === false && before.current_week) await repo.setCurrentWeek(trx, before.location_id, null);
    await audit(ctx, trx, {
      action: 'food_menu_week.update',
      entity: 'food_menu_week',
      entity_id: a.id,
      location_id: before.location_id,
      data: { ...patch, current_week: a.current_week },
    });
    return (await repo.findWeek(trx, a.id))!;
  });
  return { ...notice('Week saved.'), week };
}

export async function deleteFoodMenuWeek(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ id }), raw);
  const before = await weekInScope(ctx, a.id);
  await inTransaction(ctx, async (trx) => {
    await trx('food_menu_weeks').where({ id: a.id }).delete();
    await audit(ctx, trx, {
      action: 'food_menu_week.delete',
      entity: 'food_menu_week',
      entity_id: a.id,
      location_id: before.location_id,
      data: { name: before.name },
    });
  });
  return { ...notice('Week deleted.'), id: a.id };
}

// ── week data ────────────────────────────────────────────────────────────────

/** The grid of a week: Monday to Friday (and a weekend day that has items) × the location's slots. */
export async function weekData(db: Knex | Knex.Transaction, week: repo.WeekRow, ownChildren: Set<string> | null, cacfp = true) {
  // One after another: `db` may be a transaction (one connection).
  const slots = await repo.slotsOf(db, week.location_id);
  const cells = await repo.cellsOf(db, String(week.id));
  const settings = await repo.settingsOf(db, week.location_id);
  const children = await repo.childrenWithAllergies(db, week.location_id);
  const itemIds = [...new Set(cells.map((c) => String(c.item_id)))];
  const items = await repo.findItems(db, itemIds);
  const allergens = await repo.allergensOf(db, itemIds);
  const byId = new Map(items.map((i) => [String(i.id), { ...i, allergens: allergens.get(String(i.id)) ?? [] }]));
  const kids = ownChildren ? children.filter((c) => ownChildren.has(String(c.id))) : children;
  const days = [0, 1, 2, 3, 4, ...[5, 6].filter((d) => cells.some((c) => c.day === d))];
  const out = [];
  for (const day of days)
    for (const slot of slots) {
      const here = cells
        .filter((c) => c.day === day && String(c.slot_id) === String(slot.id))
        .map((c) => byId.get(String(c.item_id))!)
        .filter(Boolean);
      const warnings: string[] = [];
      if (cacfp && here.length) {
        const w = componentWarning(
          slot.type as SlotType,
          here.flatMap((i) => i.components),
        );
        if (w) warnings.push(w);
      }
      const date = addDays(week.date, day);
      if (cacfp)
        for (const i of here) {
          const s = sugarWarning(i, week.date);
          if (s) warnings.push(s);
        }
      const clashes = here.flatMap((i) =>
        i.allergens.flatMap((al) =>
          kids
            .filter((k) => k.allergies.some((x) => String(x.id) === String(al.id)))
            .map((k) => ({ item_id: i.id, item: i.name, allergy: al.name, student_id: k.id, student_name: `${k.fname} ${k.lname}` })),
        ),
      );
      out.push({ day, date, slot_id: slot.id, items: here, warnings, clashes });
    }
  return { week, slots, cells: out, rotate: settings?.rotate ?? false };
}

async function ownChildrenOf(ctx: RequestContext): Promise<Set<string>> {
  const scope = await studentScopeOf(ctx);
  if (scope.kind !== 'own') return new Set();
  return new Set((await ctx.db('student_users').where({ user_id: scope.userId, black_list: false }).pluck('student_id')).map(String));
}

export async function getFoodMenuWeekData(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ week: id }), raw);
  const week = await repo.findWeek(ctx.db, a.week);
  if (!week) throw weekNotFound();
  const { parent } = await menuReadScope(ctx, week.location_id).catch(() => {
    throw weekNotFound();
  });
  if (parent && week.status !== 'published') throw weekNotFound();
  return weekData(ctx.db, week, parent ? await ownChildrenOf(ctx) : null, childCare(ctx));
}

const cellInput = z.object({ day: fields.intBetween('Day', 0, 6), slot_id: id, items: idList });

/** Every slot and item must be the week's location's. */
async function checkCells(db: Knex, locationId: string, cells: { slot_id: string; items: string[] }[]) {
  const slots = new Set((await repo.slotsOf(db, locationId)).map((s) => String(s.id)));
  cells.forEach((c, i) => {
    if (!slots.has(c.slot_id)) throw slotNotFound(`cells.${i}.slot_id`);
  });
  const ids = [...new Set(cells.flatMap((c) => c.items))];
  const items = await repo.findItems(db, ids);
  const ok = new Set(items.filter((i) => String(i.location_id) === String(locationId)).map((i) => String(i.id)));
  cells.forEach((c, i) => {
    if (c.items.some((x) => !ok.has(x))) throw itemOfOtherLocation(`cells.${i}.items`);
  });
}

export async function saveFoodMenuWeekData(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ week: id, cells: z.array(cellInput).max(70, 'At most 70 cells.') }), raw);
  const week = await weekInScope(ctx, a.week);
  await checkCells(ctx.db, week.location_id, a.cells);
  const data = await inTransaction(ctx, async (trx) => {
    await lockFor(trx, `food-menu-week:${week.id}`);
    await repo.replaceCells(trx, a.week, a.cells);
    await audit(ctx, trx, {
      action: 'food_menu_week.data',
      entity: 'food_menu_week',
      entity_id: a.week,
      location_id: week.location_id,
      data: { cells: a.cells.length },
    });
    return weekData(trx, week, null, childCare(ctx));
  });
  return { ...notice('Menu saved.'), data };
}

export async function copyFoodMenuWeek(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ week: id, name, date: monday }), raw);
  const src = await weekInScope(ctx, a.week);
  const week = await inTransaction(ctx, async (trx) => {
    const w = await repo.insertWeek(trx, { location_id: src.location_id, name: a.name, status: src.status, date: a.date });
    await trx.raw(
      'insert into food_menu_week_items (week_id, day, slot_id, item_id, position) select ?, day, slot_id, item_id, position from food_menu_week_items where week_id = ?',
      [w.id, src.id],
    );
    await audit(ctx, trx, {
      action: 'food_menu_week.copy',
      entity: 'food_menu_week',
      entity_id: String(w.id),
      location_id: src.location_id,
      data: { from: src.id },
    });
    return w;
  });
  return { ...notice('Week copied.'), week };
}

export async function saveFoodMenuSettings(ctx: RequestContext, raw: unknown, now = new Date()) {
  const a = parseArgs(z.object({ week: id, rotate: z.boolean('Rotate must be true or false.') }), raw);
  const week = await weekInScope(ctx, a.week);
  const loc = (await repo.locationOf(ctx.db, week.location_id))!;
  const local = localParts(now, loc.timezone);
  await inTransaction(ctx, async (trx) => {
    await lockFor(trx, `food-menu:${week.location_id}`);
    await repo.setCurrentWeek(trx, week.location_id, a.week);
    // Chosen on a Monday: this Monday's rotation is this choice.
    const prior = await repo.settingsOf(trx, week.location_id);
    await repo.saveSettings(trx, week.location_id, a.rotate, local.weekday === 'mon' ? local.date : (prior?.rotated_on ?? null));
    await audit(ctx, trx, {
      action: 'food_menu.settings',
      entity: 'location',
      entity_id: week.location_id,
      location_id: week.location_id,
      data: { week: a.week, rotate: a.rotate },
    });
  });
  return { ...notice('Menu settings saved.'), settings: { week: a.week, rotate: a.rotate } };
}

/**
 * Fills only the empty cells of Monday to Friday: from the latest other week of the location that
 * has that cell, else with active items covering the slot's components (rotated by day).
 */
export async function autofillFoodMenu(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ week: id }), raw);
  const week = await weekInScope(ctx, a.week);
  const data = await inTransaction(ctx, async (trx) => {
    await lockFor(trx, `food-menu-week:${week.id}`);
    const slots = await repo.slotsOf(trx, week.location_id);
    const cells = await repo.cellsOf(trx, String(week.id));
    const others = await trx('food_menu_week_items as c')
      .join('food_menu_weeks as w', 'w.id', 'c.week_id')
      .join('food_menu_items as i', 'i.id', 'c.item_id')
      .where('w.location_id', week.location_id)
      .whereNot('w.id', week.id)
      .where('i.status', 'active')
      .orderBy([{ column: 'w.date', order: 'desc' }, { column: 'w.id', order: 'desc' }, 'c.position'])
      .select('c.week_id', 'c.day', 'c.slot_id', 'c.item_id');
    const items = await repo.itemsOfLocation(trx, week.location_id);
    const filled = new Set(cells.map((c) => `${c.day}:${c.slot_id}`));
    const active = items.filter((i) => i.status === 'active');
    const add: { day: number; slot_id: string; items: string[] }[] = [];
    for (let day = 0; day < 5; day++)
      for (const slot of slots) {
        if (filled.has(`${day}:${slot.id}`)) continue;
        const source = others.filter((o) => o.day === day && String(o.slot_id) === String(slot.id));
        const firstWeek = source[0]?.week_id;
        let chosen = source.filter((o) => o.week_id === firstWeek).map((o) => String(o.item_id));
        if (!chosen.length)
          chosen = childCare(ctx) ? pickFor(slot.type as SlotType, active, day) : pickAny(active, day, slot.type === 'snack' ? 1 : 2);
        if (chosen.length) add.push({ day, slot_id: String(slot.id), items: chosen });
      }
    await repo.insertCells(trx, String(week.id), add);
    await audit(ctx, trx, {
      action: 'food_menu_week.autofill',
      entity: 'food_menu_week',
      entity_id: String(week.id),
      location_id: week.location_id,
      data: { cells: add.length },
    });
    return { data: await weekData(trx, week, null, childCare(ctx)), filled: add.length };
  });
  return {
    ...notice(data.filled ? `${data.filled} empty slot${data.filled === 1 ? '' : 's'} filled.` : 'No empty slot to fill.'),
    data: data.data,
  };
}

/** CACFP checks (components, sugar) are child care's; a pet centre's menu has none. */
const childCare = (ctx: RequestContext) => ctx.tenant.kind !== 'petcare';

/** `n` active items rotated by day (a pet centre's menu: no meal pattern). */
function pickAny(active: repo.ItemRow[], day: number, n: number): string[] {
  if (!active.length) return [];
  return [...new Set(Array.from({ length: n }, (_, i) => String(active[(day * n + i) % active.length]!.id)))];
}

/** One active item per needed component (two different ones for a snack), rotated by day. */
function pickFor(type: SlotType, active: repo.ItemRow[], day: number): string[] {
  const need: string[] =
    type === 'snack'
      ? ['fruit', 'grain']
      : type === 'breakfast'
        ? ['milk', 'fruit', 'grain']
        : ['milk', 'meat_alternate', 'vegetable', 'fruit', 'grain'];
  const chosen = new Set<string>();
  for (const c of need) {
    if (active.some((i) => chosen.has(String(i.id)) && i.components.includes(c))) continue;
    const fits = active.filter((i) => i.components.includes(c) && !chosen.has(String(i.id)));
    if (fits.length) chosen.add(String(fits[day % fits.length]!.id));
  }
  return [...chosen];
}

/** Copies items (merged by name), meal slots (by name) and weeks with their grids to another location. */
export async function copyFoodMenuToLocation(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ location: id, to_location: id }), raw);
  if (a.location === a.to_location) throw sameLocation();
  await menuWriteScope(ctx, a.location);
  await menuWriteScope(ctx, a.to_location);
  const result = await inTransaction(ctx, async (trx) => {
    await lockFor(trx, `food-menu:${a.to_location}`);
    const items = await repo.itemsOfLocation(trx, a.location);
    const slots = await repo.slotsOf(trx, a.location);
    const weeks = await repo.weeksOfLocation(trx, a.location);
    const targetItems = await repo.itemsOfLocation(trx, a.to_location);
    const targetSlots = await repo.slotsOf(trx, a.to_location);
    const itemMap = new Map<string, string>();
    const byName = new Map(targetItems.map((i) => [i.name.toLowerCase(), String(i.id)]));
    const allergens = await repo.allergensOf(
      trx,
      items.map((i) => String(i.id)),
    );
    let newItems = 0;
    for (const i of items) {
      let target = byName.get(i.name.toLowerCase());
      if (!target) {
        const r = await repo.insertItem(trx, { location_id: a.to_location, ...itemRow({ ...i }) });
        target = String(r.id);
        await repo.setAllergens(
          trx,
          target,
          (allergens.get(String(i.id)) ?? []).map((x) => x.id),
        );
        newItems++;
      }
      itemMap.set(String(i.id), target);
    }
    const slotMap = new Map<string, string>();
    const slotByName = new Map(targetSlots.map((s) => [s.name.toLowerCase(), String(s.id)]));
    for (const s of slots) {
      let target = slotByName.get(s.name.toLowerCase());
      if (!target)
        target = String(
          (
            await repo.upsertSlot(trx, null, {
              location_id: a.to_location,
              name: s.name,
              type: s.type,
              start_time: s.start_time,
              end_time: s.end_time,
            })
          ).id,
        );
      slotMap.set(String(s.id), target);
    }
    for (const w of weeks) {
      const nw = await repo.insertWeek(trx, { location_id: a.to_location, name: w.name, status: w.status, date: w.date });
      const cells = await repo.cellsOf(trx, String(w.id));
      const grouped = new Map<string, { day: number; slot_id: string; items: string[] }>();
      for (const c of cells) {
        const k = `${c.day}:${c.slot_id}`;
        const g = grouped.get(k) ?? { day: c.day, slot_id: slotMap.get(String(c.slot_id))!, items: [] };
        g.items.push(itemMap.get(String(c.item_id))!);
        grouped.set(k, g);
      }
      await repo.insertCells(trx, String(nw.id), [...grouped.values()]);
    }
    await audit(ctx, trx, {
      action: 'food_menu.copy_to_location',
      entity: 'location',
      entity_id: a.to_location,
      location_id: a.to_location,
      data: { from: a.location, items: newItems, weeks: weeks.length },
    });
    return { items: newItems, weeks: weeks.length };
  });
  return {
    ...notice(`Copied ${result.weeks} week${result.weeks === 1 ? '' : 's'} and ${result.items} new item${result.items === 1 ? '' : 's'}.`),
    ...result,
  };
}

// ── meal slots ───────────────────────────────────────────────────────────────

export async function getMealSlots(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ location: id }), raw);
  await menuReadScope(ctx, a.location);
  return repo.slotsOf(ctx.db, a.location);
}

export async function saveMealSlot(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z
      .object({ id: id.nullish(), location: id, name, type: fields.oneOf('Type', SLOT_TYPES), start_time: localTime, end_time: localTime })
      .refine((v) => v.end_time > v.start_time, { message: 'The end time must be after the start time.', path: ['end_time'] }),
    raw,
  );
  const scope = await menuWriteScope(ctx, a.location);
  if (a.id) {
    const before = await repo.findSlot(ctx.db, a.id);
    if (!before || String(before.location_id) !== a.location) throw slotNotFound('id');
    assertReaches(scope, before.location_id);
  }
  const slot = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      const s = await repo.upsertSlot(trx, a.id ?? null, {
        location_id: a.location,
        name: a.name,
        type: a.type,
        start_time: a.start_time,
        end_time: a.end_time,
      });
      await audit(ctx, trx, {
        action: a.id ? 'meal_slot.update' : 'meal_slot.create',
        entity: 'meal_slot',
        entity_id: String(s.id),
        location_id: a.location,
        data: { name: a.name, type: a.type },
      });
      return s;
    }),
    { meal_slots_name_unique: slotNameTaken },
  );
  return { ...notice('Meal slot saved.'), slot };
}

export async function deleteMealSlot(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ id }), raw);
  const scope = await menuWriteScope(ctx);
  const before = await repo.findSlot(ctx.db, a.id);
  if (!before) throw slotNotFound('id');
  assertReaches(scope, before.location_id);
  await inTransaction(ctx, async (trx) => {
    await trx('meal_slots').where({ id: a.id }).delete();
    await audit(ctx, trx, {
      action: 'meal_slot.delete',
      entity: 'meal_slot',
      entity_id: a.id,
      location_id: before.location_id,
      data: { name: before.name },
    });
  });
  return { ...notice('Meal slot deleted.'), id: a.id };
}

export { mondayOnly };
