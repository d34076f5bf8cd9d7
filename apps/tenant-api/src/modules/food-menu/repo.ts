import type { Knex } from 'knex';
import { pageWithTotal } from '@kv/db';

type Db = Knex | Knex.Transaction;

export interface ItemRow {
  id: string;
  location_id: string;
  name: string;
  status: string;
  components: string[];
  food_type: string;
  serving_oz: string | null;
  added_sugar_g: string | null;
  total_sugar_g: string | null;
}
export interface WeekRow {
  id: string;
  location_id: string;
  name: string;
  status: string;
  date: string;
  current_week: boolean;
}
export interface SlotRow {
  id: string;
  location_id: string;
  name: string;
  type: 'breakfast' | 'lunch' | 'supper' | 'snack';
  start_time: string;
  end_time: string;
}
export interface CellRow {
  week_id: string;
  day: number;
  slot_id: string;
  item_id: string;
  position: number;
}
export interface CountRow {
  id: string;
  location_id: string;
  program_id: string;
  slot_id: string;
  date: string;
  saved_at: Date;
  late: boolean;
}

const ITEM_COLUMNS = ['id', 'location_id', 'name', 'status', 'components', 'food_type', 'serving_oz', 'added_sugar_g', 'total_sugar_g'];
const weekColumns = (db: Db) => ['id', 'location_id', 'name', 'status', db.raw("to_char(date, 'YYYY-MM-DD') as date"), 'current_week'];
const slotColumns = (db: Db) => [
  'id',
  'location_id',
  'name',
  'type',
  db.raw("to_char(start_time, 'HH24:MI') as start_time"),
  db.raw("to_char(end_time, 'HH24:MI') as end_time"),
];

// ── items ────────────────────────────────────────────────────────────────────

export async function pageItems(
  db: Db,
  locationId: string,
  search: string | null | undefined,
  status: string | null | undefined,
  page: number,
  first: number,
) {
  const filtered = () => {
    const q = db('food_menu_items').where({ location_id: locationId });
    if (search) q.whereILike('name', `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (status) q.where({ status });
    return q;
  };
  return pageWithTotal<ItemRow>(
    db,
    filtered()
      .orderBy([{ column: 'name' }, { column: 'id' }])
      .select(ITEM_COLUMNS),
    filtered,
    page,
    first,
  );
}

export const itemsOfLocation = (db: Db, locationId: string): Promise<ItemRow[]> =>
  db('food_menu_items').where({ location_id: locationId }).orderBy(['name', 'id']).select(ITEM_COLUMNS);

export const findItems = (db: Db, ids: readonly string[]): Promise<ItemRow[]> =>
  ids.length ? db('food_menu_items').whereIn('id', ids).select(ITEM_COLUMNS) : Promise.resolve([]);

export async function itemNameTaken(db: Db, locationId: string, name: string, exceptId?: string) {
  const q = db('food_menu_items').where({ location_id: locationId }).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) q.whereNot({ id: exceptId });
  return Boolean(await q.first('id'));
}

export async function insertItem(trx: Knex.Transaction, row: Record<string, unknown>): Promise<ItemRow> {
  const [r] = await trx('food_menu_items').insert(row).returning(ITEM_COLUMNS);
  return r;
}

export async function updateItem(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<ItemRow> {
  const [r] = await trx('food_menu_items')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning(ITEM_COLUMNS);
  return r;
}

export async function setAllergens(trx: Knex.Transaction, itemId: string, allergyIds: readonly string[]) {
  await trx('food_menu_item_allergens').where({ item_id: itemId }).delete();
  if (allergyIds.length) await trx('food_menu_item_allergens').insert(allergyIds.map((a) => ({ item_id: itemId, allergy_id: a })));
}

/** Allergens of items: item id → allergy rows (one query). */
export async function allergensOf(db: Db, itemIds: readonly string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const out = new Map<string, { id: string; name: string }[]>();
  if (!itemIds.length) return out;
  const rows = await db('food_menu_item_allergens as f')
    .join('allergies as a', 'a.id', 'f.allergy_id')
    .whereIn('f.item_id', itemIds)
    .orderBy('a.name')
    .select('f.item_id', 'a.id', 'a.name', 'a.created_at', 'a.updated_at');
  for (const r of rows) {
    const list = out.get(String(r.item_id)) ?? [];
    list.push({ id: String(r.id), name: r.name, created_at: r.created_at, updated_at: r.updated_at } as never);
    out.set(String(r.item_id), list);
  }
  return out;
}

export async function existingAllergies(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  return new Set((await db('allergies').whereIn('id', ids).pluck('id')).map(String));
}

// ── weeks ────────────────────────────────────────────────────────────────────

export async function pageWeeks(
  db: Db,
  locationId: string,
  opts: { published: boolean; current: boolean | null | undefined },
  page: number,
  first: number,
) {
  const filtered = () => {
    const q = db('food_menu_weeks').where({ location_id: locationId });
    if (opts.published) q.where({ status: 'published' });
    if (opts.current !== null && opts.current !== undefined) q.where({ current_week: opts.current });
    return q;
  };
  return pageWithTotal<WeekRow>(
    db,
    filtered()
      .orderBy([{ column: 'date' }, { column: 'id' }])
      .select(weekColumns(db)),
    filtered,
    page,
    first,
  );
}

export const findWeek = (db: Db, id: string): Promise<WeekRow | undefined> => db('food_menu_weeks').where({ id }).first(weekColumns(db));
export const weeksOfLocation = (db: Db, locationId: string): Promise<WeekRow[]> =>
  db('food_menu_weeks').where({ location_id: locationId }).orderBy(['date', 'id']).select(weekColumns(db));

export async function insertWeek(trx: Knex.Transaction, row: Record<string, unknown>): Promise<WeekRow> {
  const [r] = await trx('food_menu_weeks').insert(row).returning('id');
  return (await findWeek(trx, String(r.id)))!;
}

export async function updateWeek(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<WeekRow> {
  await trx('food_menu_weeks')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() });
  return (await findWeek(trx, id))!;
}

/** Makes one week the location's current one (the partial unique index keeps it one). */
export async function setCurrentWeek(trx: Knex.Transaction, locationId: string, weekId: string | null) {
  await trx('food_menu_weeks').where({ location_id: locationId, current_week: true }).update({ current_week: false });
  if (weekId) await trx('food_menu_weeks').where({ id: weekId }).update({ current_week: true, updated_at: trx.fn.now() });
}

export const cellsOf = (db: Db, weekId: string): Promise<CellRow[]> =>
  db('food_menu_week_items')
    .where({ week_id: weekId })
    .orderBy(['day', 'slot_id', 'position'])
    .select('week_id', 'day', 'slot_id', 'item_id', 'position');

export async function replaceCells(trx: Knex.Transaction, weekId: string, cells: { day: number; slot_id: string; items: string[] }[]) {
  await trx('food_menu_week_items').where({ week_id: weekId }).delete();
  await insertCells(trx, weekId, cells);
}

export async function insertCells(trx: Knex.Transaction, weekId: string, cells: { day: number; slot_id: string; items: string[] }[]) {
  const rows = cells.flatMap((c) =>
    [...new Set(c.items)].map((item_id, position) => ({ week_id: weekId, day: c.day, slot_id: c.slot_id, item_id, position })),
  );
  for (let i = 0; i < rows.length; i += 500) await trx('food_menu_week_items').insert(rows.slice(i, i + 500));
}

// ── settings ─────────────────────────────────────────────────────────────────

export async function settingsOf(db: Db, locationId: string) {
  return (await db('food_menu_settings')
    .where({ location_id: locationId })
    .first('rotate', db.raw("to_char(rotated_on, 'YYYY-MM-DD') as rotated_on"))) as
    { rotate: boolean; rotated_on: string | null } | undefined;
}

export async function saveSettings(trx: Knex.Transaction, locationId: string, rotate: boolean, rotatedOn: string | null) {
  await trx('food_menu_settings')
    .insert({ location_id: locationId, rotate, rotated_on: rotatedOn })
    .onConflict('location_id')
    .merge({ rotate, rotated_on: rotatedOn, updated_at: trx.fn.now() });
}

/** Locations whose menu rotates, with their zone and last rotation. */
export async function rotatingLocations(db: Db) {
  return (await db('food_menu_settings as s')
    .join('locations as l', 'l.id', 's.location_id')
    .where('s.rotate', true)
    .whereNull('l.deleted_at')
    .select('l.id', 'l.timezone', db.raw("to_char(s.rotated_on, 'YYYY-MM-DD') as rotated_on"))) as {
    id: string;
    timezone: string;
    rotated_on: string | null;
  }[];
}

// ── slots ────────────────────────────────────────────────────────────────────

export const slotsOf = (db: Db, locationId: string): Promise<SlotRow[]> =>
  db('meal_slots').where({ location_id: locationId }).orderBy(['start_time', 'id']).select(slotColumns(db));
export const findSlot = (db: Db, id: string): Promise<SlotRow | undefined> => db('meal_slots').where({ id }).first(slotColumns(db));

export async function upsertSlot(trx: Knex.Transaction, id: string | null, row: Record<string, unknown>): Promise<SlotRow> {
  if (id) {
    await trx('meal_slots')
      .where({ id })
      .update({ ...row, updated_at: trx.fn.now() });
    return (await findSlot(trx, id))!;
  }
  const [r] = await trx('meal_slots').insert(row).returning('id');
  return (await findSlot(trx, String(r.id)))!;
}

// ── locations, rooms, children ───────────────────────────────────────────────

export const locationOf = (db: Db, id: string): Promise<{ id: string; timezone: string } | undefined> =>
  db('locations').where({ id }).whereNull('deleted_at').first('id', 'timezone');

export const programOf = (db: Db, id: string): Promise<{ id: string; location_id: string; name: string } | undefined> =>
  db('programs').where({ id }).whereNull('deleted_at').first('id', 'location_id', 'name');

export const programsOfLocation = (db: Db, locationId: string): Promise<{ id: string; name: string }[]> =>
  db('programs').where({ location_id: locationId }).whereNull('deleted_at').select('id', 'name');

/** Active children of a location (optionally of one room), with their allergies' ids and names. */
export async function childrenWithAllergies(db: Db, locationId: string, programId?: string) {
  const q = db('students as s')
    .where('s.location_id', locationId)
    .whereNull('s.deleted_at')
    .where('s.status', true)
    .leftJoin('student_allergies as sa', 'sa.student_id', 's.id')
    .leftJoin('allergies as a', 'a.id', 'sa.allergy_id')
    .groupBy('s.id')
    .orderBy(['s.fname', 's.lname', 's.id'])
    .select(
      's.id',
      's.fname',
      's.lname',
      's.program_id',
      db.raw("coalesce(json_agg(json_build_object('id', a.id::text, 'name', a.name)) filter (where a.id is not null), '[]') as allergies"),
    );
  if (programId) q.where('s.program_id', programId);
  return (await q) as { id: string; fname: string; lname: string; program_id: string | null; allergies: { id: string; name: string }[] }[];
}

// ── counts ───────────────────────────────────────────────────────────────────

const countColumns = (db: Db) => [
  'id',
  'location_id',
  'program_id',
  'slot_id',
  db.raw("to_char(date, 'YYYY-MM-DD') as date"),
  'saved_at',
  'late',
];

export const findCount = (db: Db, programId: string, date: string, slotId: string): Promise<CountRow | undefined> =>
  db('meal_counts').where({ program_id: programId, date, slot_id: slotId }).first(countColumns(db));

export async function countStudents(db: Db, countIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!countIds.length) return out;
  for (const r of await db('meal_count_students').whereIn('count_id', countIds).orderBy('student_id').select('count_id', 'student_id')) {
    const list = out.get(String(r.count_id)) ?? [];
    list.push(String(r.student_id));
    out.set(String(r.count_id), list);
  }
  return out;
}

export async function saveCount(
  trx: Knex.Transaction,
  row: { location_id: string; program_id: string; slot_id: string; date: string; saved_at: Date; late: boolean; counted_by: string },
  students: readonly string[],
): Promise<CountRow> {
  const [r] = await trx('meal_counts')
    .insert(row)
    .onConflict(['program_id', 'date', 'slot_id'])
    .merge({ saved_at: row.saved_at, late: row.late, counted_by: row.counted_by, updated_at: trx.fn.now() })
    .returning('id');
  const id = String(r.id);
  await trx('meal_count_students').where({ count_id: id }).delete();
  if (students.length) await trx('meal_count_students').insert(students.map((s) => ({ count_id: id, student_id: s })));
  return (await trx('meal_counts').where({ id }).first(countColumns(trx)))!;
}

/** Every count of a location's days with its children (two range reads). */
export async function countsOfRange(db: Db, locationId: string, from: string, to: string) {
  const counts: CountRow[] = await db('meal_counts')
    .where({ location_id: locationId })
    .whereBetween('date', [from, to])
    .orderBy(['date', 'slot_id', 'program_id'])
    .select(countColumns(db));
  const students = await countStudents(
    db,
    counts.map((c) => String(c.id)),
  );
  return counts.map((c) => ({ ...c, students: students.get(String(c.id)) ?? [] }));
}

export async function studentNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db('students').whereIn('id', ids).select('id', 'fname', 'lname');
  return new Map(rows.map((r) => [String(r.id), `${r.fname} ${r.lname}`]));
}
