import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { addDays, localParts, zonedInstant } from '@kv/shared';
import { createHarness, signIn, type Harness } from '../../test/harness.ts';
import { code, field, setupCentre, type Setup } from '../locations/test-fixtures.ts';
import { q as query, setupAttendance, type AttendanceSetup } from '../attendance/test-fixtures.ts';
import { rotateFoodMenus } from './index.ts';

let h: Harness;
let s: AttendanceSetup;
let b: Setup;
let db: Knex;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);
const qb = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, h.centres[1]!)(doc, vars, token);
const TZ = 'America/Chicago';
const today = () => localParts(new Date(), TZ).date;

const ITEM = `mutation($l: ID!, $n: String!, $st: String, $c: [String!], $ft: String, $oz: Float, $add: Float, $tot: Float, $al: [ID!]) {
  createFoodMenuItem(location: $l, name: $n, status: $st, components: $c, food_type: $ft, serving_oz: $oz, added_sugar_g: $add, total_sugar_g: $tot, allergens: $al) {
    status item { id name status components allergens { id name } } } }`;
const ITEMS = `query($l: ID!) { getFoodMenuItems(location: $l) { data { id name } paginatorInfo { total } } }`;
const WEEK = `mutation($l: ID!, $n: String!, $d: String!, $st: String) { createFoodMenuWeek(location: $l, name: $n, date: $d, status: $st) { status week { id date status current_week } } }`;
const WEEKS = `query($l: ID!) { getFoodMenuWeeks(location: $l) { data { id name status current_week } paginatorInfo { total } } }`;
const DATA = `query($w: ID!) { getFoodMenuWeekData(week: $w) { week { id } rotate slots { id type } cells { day date slot_id items { id name } warnings clashes { item allergy student_id } } } }`;
const SAVE = `mutation($w: ID!, $c: [FoodMenuCellInput!]!) { saveFoodMenuWeekData(week: $w, cells: $c) { status data { cells { day slot_id items { id } } } } }`;
const SLOT = `mutation($l: ID!, $n: String!, $t: String!, $a: String!, $b: String!) { saveMealSlot(location: $l, name: $n, type: $t, start_time: $a, end_time: $b) { slot { id type } } }`;
const COUNT = `mutation($p: ID!, $d: String!, $s: ID!, $st: [ID!]!) { saveMealCount(program_id: $p, date: $d, slot: $s, students: $st) { status message count { id late students } } }`;
const REPORT = `query($l: ID!, $f: String!, $t: String!) { getMealCountReport(location: $l, from: $f, to: $t) {
  served claimed csv rows { date slot slot_type room served claimed late } errors { student_id slot message } } }`;

const slots: Record<string, string> = {};
const items: Record<string, string> = {};
let peanut: string;

async function item(name: string, components: string[], extra: Record<string, unknown> = {}) {
  const r = await q(ITEM, { l: s.X, n: name, c: components, ...extra }, s.tokens.teacher);
  if (!r.data?.createFoodMenuItem) throw new Error(r.body);
  return String(r.data.createFoodMenuItem.item.id);
}

beforeAll(async () => {
  h = await createHarness({ extra: [{ slug: 'pets', entry: { kind: 'petcare', language_pack: 'dogs' } }] });
  s = await setupAttendance(h, A());
  b = await setupCentre(h, h.centres[1]!);
  db = A().db.db;
  peanut = String((await db('allergies').insert({ name: 'Peanut' }).returning('id'))[0].id);
  await db('student_allergies').insert({ student_id: s.kids.ana, allergy_id: peanut });
  for (const [n, t, a, e] of [
    ['Breakfast', 'breakfast', '07:30', '08:30'],
    ['AM snack', 'snack', '09:30', '10:00'],
    ['Lunch', 'lunch', '11:30', '12:30'],
    ['PM snack', 'snack', '15:00', '15:30'],
    ['Supper', 'supper', '17:30', '18:30'],
  ]) {
    const r = await q(SLOT, { l: s.X, n, t, a, b: e }, s.tokens.mgrX);
    slots[n!] = String(r.data?.saveMealSlot.slot.id);
  }
  items.milk = await item('Milk', ['milk']);
  items.chicken = await item('Chicken', ['meat_alternate']);
  items.peas = await item('Peas', ['vegetable']);
  items.apple = await item('Apple', ['fruit']);
  items.bread = await item('Peanut butter toast', ['grain'], { al: [peanut] });
  items.yogurt = await item('Berry yogurt', ['milk'], { ft: 'yogurt', oz: 6, add: 15, tot: 20 });
});
afterAll(() => h?.close());

describe('items', () => {
  it('bad input is a typed error naming the field, and nothing is written', async () => {
    const before = Number((await db('food_menu_items').count({ n: '*' }))[0]!.n);
    expect(field(await q(ITEM, { l: s.X, n: 'X', st: 'eaten' }, s.tokens.teacher))).toBe('status');
    expect(field(await q(ITEM, { l: s.X, n: 'X', c: ['candy'] }, s.tokens.teacher))).toBe('components.0');
    expect(field(await q(ITEM, { l: s.X, n: 'X', ft: 'soup' }, s.tokens.teacher))).toBe('food_type');
    expect(field(await q(ITEM, { l: s.X, n: 'X', add: -1 }, s.tokens.teacher))).toBe('added_sugar_g');
    expect(field(await q(ITEM, { l: s.X, n: 'X', al: ['999999'] }, s.tokens.teacher))).toBe('allergens');
    expect(field(await q(ITEM, { l: s.X, n: 'milk' }, s.tokens.teacher))).toBe('name');
    expect([code(await q(ITEM, { l: s.X, n: ' ' }, s.tokens.teacher)), field(await q(ITEM, { l: s.X, n: ' ' }, s.tokens.teacher))]).toEqual(
      ['BAD_USER_INPUT', 'name'],
    );
    expect(Number((await db('food_menu_items').count({ n: '*' }))[0]!.n)).toBe(before);
  });

  it('staff of the location only: other location NOT_FOUND, parents and blog FORBIDDEN, other centre sees none', async () => {
    expect(code(await q(ITEM, { l: s.Y, n: 'Pear' }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(code(await q(ITEMS, { l: s.X }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await q(ITEMS, { l: s.X }, s.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await q(ITEMS, { l: s.X }, s.tokens.blog))).toBe('FORBIDDEN');
    const own = await q(ITEMS, { l: s.X }, s.tokens.teacher);
    expect(own.data?.getFoodMenuItems.paginatorInfo.total).toBe(6);
    // Centre B's owner asking for the same location id reads centre B's database only.
    const other = await qb(ITEMS, { l: s.X }, b.tokens.owner);
    expect(other.body).not.toContain('Chicken');
    // A token of centre A is not valid on centre B.
    expect(code(await qb(ITEMS, { l: s.X }, s.tokens.owner))).toBe('UNAUTHENTICATED');
    const upd = await q(
      `mutation($id: ID!) { updateFoodMenuItem(id: $id, status: "available") { item { status } } }`,
      { id: items.peas },
      s.tokens.mgrY,
    );
    expect(code(upd)).toBe('NOT_FOUND');
  });
});

describe('weeks and week data', () => {
  let week: string;
  it('a week starts on a Monday; parents see published weeks of their children’s locations only', async () => {
    expect(field(await q(WEEK, { l: s.X, n: 'Week 1', d: '2025-10-07' }, s.tokens.teacher))).toBe('date');
    expect(field(await q(WEEK, { l: s.X, n: 'Week 1', d: '2025-10-06', st: 'live' }, s.tokens.teacher))).toBe('status');
    const r = await q(WEEK, { l: s.X, n: 'Week 1', d: '2025-10-06', st: 'published' }, s.tokens.teacher);
    week = String(r.data?.createFoodMenuWeek.week.id);
    await q(WEEK, { l: s.X, n: 'Draft', d: '2025-10-13' }, s.tokens.teacher);
    expect((await q(WEEKS, { l: s.X }, s.tokens.teacher)).data?.getFoodMenuWeeks.paginatorInfo.total).toBe(2);
    const parent = await q(WEEKS, { l: s.X }, s.family.mumToken);
    expect(parent.data?.getFoodMenuWeeks.data.map((w: { name: string }) => w.name)).toEqual(['Week 1']);
    expect(code(await q(WEEKS, { l: s.Y }, s.family.mumToken))).toBe('NOT_FOUND');
    expect(code(await q(WEEK, { l: s.X, n: 'Mine', d: '2025-10-20' }, s.family.mumToken))).toBe('FORBIDDEN');
  });

  it('saves the grid, flags an allergy clash for the room’s child and only to that child’s family', async () => {
    const bad = await q(SAVE, { w: week, c: [{ day: 0, slot_id: slots.Lunch, items: ['999999'] }] }, s.tokens.teacher);
    expect(field(bad)).toBe('cells.0.items');
    expect(field(await q(SAVE, { w: week, c: [{ day: 9, slot_id: slots.Lunch, items: [] }] }, s.tokens.teacher))).toBe('cells.0.day');
    const lunch = [items.milk, items.chicken, items.peas, items.apple, items.bread];
    const r = await q(
      SAVE,
      {
        w: week,
        c: [
          { day: 0, slot_id: slots.Lunch, items: lunch },
          { day: 0, slot_id: slots['AM snack'], items: [items.apple] },
        ],
      },
      s.tokens.teacher,
    );
    expect(r.data?.saveFoodMenuWeekData.status).toBe(true);
    const staff = await q(DATA, { w: week }, s.tokens.teacher);
    const cells = staff.data?.getFoodMenuWeekData.cells as {
      day: number;
      slot_id: string;
      warnings: string[];
      clashes: { student_id: string; allergy: string }[];
    }[];
    const monLunch = cells.find((c) => c.day === 0 && c.slot_id === slots.Lunch)!;
    expect(monLunch.clashes).toEqual([expect.objectContaining({ student_id: s.kids.ana, allergy: 'Peanut' })]);
    expect(monLunch.warnings).toEqual([]);
    const snack = cells.find((c) => c.day === 0 && c.slot_id === slots['AM snack'])!;
    expect(snack.warnings).toEqual(['A snack needs two different components.']);
    const mum = await q(DATA, { w: week }, s.family.mumToken);
    expect(
      mum.data?.getFoodMenuWeekData.cells.find((c: { day: number; slot_id: string }) => c.day === 0 && c.slot_id === slots.Lunch).clashes,
    ).toHaveLength(1);
    const otherFamily = await q(DATA, { w: week }, s.tokens.parent);
    expect(
      otherFamily.data?.getFoodMenuWeekData.cells.find((c: { day: number; slot_id: string }) => c.day === 0 && c.slot_id === slots.Lunch)
        .clashes,
    ).toEqual([]);
    expect(code(await q(SAVE, { w: week, c: [] }, s.tokens.mgrY))).toBe('NOT_FOUND');
    // A pet centre's menu has no CACFP meal pattern: no component warnings.
    const pets = (await signIn(h.app, 'pets.test.localhost', 'teacher')).token;
    const petData = await query(h, { ...A(), host: 'pets.test.localhost' })(DATA, { w: week }, pets);
    expect(
      petData.data?.getFoodMenuWeekData.cells.find((c: { day: number; slot_id: string }) => c.day === 0 && c.slot_id === slots['AM snack'])
        .warnings,
    ).toEqual([]);
  });

  it('sugar: a yogurt over 12 g added sugar warns for a week of 2025-10-06, not of 2025-09-29', async () => {
    const early = String((await q(WEEK, { l: s.X, n: 'Before', d: '2025-09-29' }, s.tokens.teacher)).data?.createFoodMenuWeek.week.id);
    const late = String((await q(WEEK, { l: s.X, n: 'After', d: '2025-10-06' }, s.tokens.teacher)).data?.createFoodMenuWeek.week.id);
    const cell = [{ day: 1, slot_id: slots['PM snack'], items: [items.yogurt, items.apple] }];
    await q(SAVE, { w: early, c: cell }, s.tokens.teacher);
    await q(SAVE, { w: late, c: cell }, s.tokens.teacher);
    const warningsOf = async (w: string) =>
      (await q(DATA, { w }, s.tokens.teacher)).data?.getFoodMenuWeekData.cells.find(
        (c: { day: number; slot_id: string }) => c.day === 1 && c.slot_id === slots['PM snack'],
      ).warnings;
    expect(await warningsOf(early)).toEqual([]);
    expect(await warningsOf(late)).toEqual([expect.stringContaining('Berry yogurt: 15 g added sugar per 6 oz')]);
  });

  it('autofill fills only the empty slots; copy keeps the grid', async () => {
    const w = String((await q(WEEK, { l: s.X, n: 'Auto', d: '2026-01-05' }, s.tokens.teacher)).data?.createFoodMenuWeek.week.id);
    await q(SAVE, { w, c: [{ day: 0, slot_id: slots.Lunch, items: [items.peas] }] }, s.tokens.teacher);
    const r = await q(
      `mutation($w: ID!) { autofillFoodMenu(week: $w) { status message data { cells { day slot_id items { id } } } } }`,
      { w },
      s.tokens.teacher,
    );
    const cells = r.data?.autofillFoodMenu.data.cells as { day: number; slot_id: string; items: { id: string }[] }[];
    expect(cells.find((c) => c.day === 0 && c.slot_id === slots.Lunch)!.items.map((i) => i.id)).toEqual([items.peas]);
    expect(cells.filter((c) => c.items.length === 0)).toEqual([]);
    const rows = await db('food_menu_week_items').where({ week_id: w, day: 0, slot_id: slots.Lunch });
    expect(rows).toHaveLength(1);
    const again = await q(`mutation($w: ID!) { autofillFoodMenu(week: $w) { message } }`, { w }, s.tokens.teacher);
    expect(again.data?.autofillFoodMenu.message).toBe('No empty slot to fill.');
    const copy = await q(
      `mutation($w: ID!) { copyFoodMenuWeek(week: $w, name: "Copy", date: "2026-01-12") { week { id date } } }`,
      { w },
      s.tokens.teacher,
    );
    const copied = String(copy.data?.copyFoodMenuWeek.week.id);
    expect(await db('food_menu_week_items').where({ week_id: copied }).count({ n: '*' })).toEqual(
      await db('food_menu_week_items').where({ week_id: w }).count({ n: '*' }),
    );
  });

  it('copies the menu to another location of the scope only', async () => {
    const C = `mutation($a: ID!, $b: ID!) { copyFoodMenuToLocation(location: $a, to_location: $b) { status items weeks } }`;
    expect(code(await q(C, { a: s.X, b: s.Y }, s.tokens.mgrX))).toBe('NOT_FOUND');
    expect(field(await q(C, { a: s.X, b: s.X }, s.tokens.owner))).toBe('to_location');
    const r = await q(C, { a: s.X, b: s.Y }, s.tokens.owner);
    expect(r.data?.copyFoodMenuToLocation).toMatchObject({ status: true, items: 6 });
    expect(Number((await db('food_menu_items').where({ location_id: s.Y }).count({ n: '*' }))[0]!.n)).toBe(6);
  });
});

describe('rotation', () => {
  it('moves current_week once on the location’s local Monday (fake clock), wrapping after the last week', async () => {
    const loc = String((await db('locations').insert({ name: 'Rotating', timezone: TZ }).returning('id'))[0].id);
    const ids: string[] = [];
    for (const d of ['2026-11-02', '2026-11-09', '2026-11-16'])
      ids.push(String((await db('food_menu_weeks').insert({ location_id: loc, name: d, date: d }).returning('id'))[0].id));
    const set = await q(
      `mutation($w: ID!) { saveFoodMenuSettings(week: $w, rotate: true) { settings { week rotate } } }`,
      { w: ids[1] },
      s.tokens.owner,
    );
    expect(set.data?.saveFoodMenuSettings.settings).toEqual({ week: ids[1], rotate: true });
    await db('food_menu_settings').where({ location_id: loc }).update({ rotated_on: null });
    const current = async () => String((await db('food_menu_weeks').where({ location_id: loc, current_week: true }).first('id')).id);
    // Sunday 23:00 in Chicago is Monday 05:00 UTC: not yet Monday there.
    expect(await rotateFoodMenus(db, new Date('2026-11-30T05:00:00Z'))).toBe(0);
    expect(await current()).toBe(ids[1]);
    expect(await rotateFoodMenus(db, new Date('2026-11-30T06:30:00Z'))).toBe(1);
    expect(await current()).toBe(ids[2]);
    expect(await rotateFoodMenus(db, new Date('2026-11-30T20:00:00Z'))).toBe(0);
    expect(await rotateFoodMenus(db, new Date('2026-12-01T12:00:00Z'))).toBe(0);
    expect(await rotateFoodMenus(db, new Date('2026-12-07T12:00:00Z'))).toBe(1);
    expect(await current()).toBe(ids[0]);
  });
});

describe('CACFP meal counts', () => {
  const yesterday = () => addDays(today(), -1);

  beforeAll(async () => {
    await db('attendances').insert({
      student_id: s.kids.ana,
      location_id: s.X,
      program_id: s.rooms.toddlers,
      date: yesterday(),
      start_time: zonedInstant(yesterday(), '07:00', TZ),
      end_time: zonedInstant(yesterday(), '19:00', TZ),
      check_in_method: 'staff',
      check_out_method: 'staff',
    });
  });

  it('bad input, other room or location, parents and other centres are refused', async () => {
    const base = { p: s.rooms.toddlers, d: yesterday(), s: slots.Lunch, st: [s.kids.ana] };
    expect(field(await q(COUNT, { ...base, d: '2026-02-30' }, s.tokens.teacher))).toBe('date');
    expect(field(await q(COUNT, { ...base, d: addDays(today(), 2) }, s.tokens.teacher))).toBe('date');
    expect(field(await q(COUNT, { ...base, st: [s.kids.yKid] }, s.tokens.teacher))).toBe('students');
    expect(field(await q(COUNT, { ...base, st: [s.kids.parentKid] }, s.tokens.teacher))).toBe('students');
    expect(code(await q(COUNT, { ...base, p: s.rooms.yRoom, st: [] }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(code(await q(COUNT, base, s.family.mumToken))).toBe('FORBIDDEN');
    expect(code(await qb(COUNT, base, b.tokens.owner))).toBe('NOT_FOUND');
    const pets = (await signIn(h.app, 'pets.test.localhost', 'teacher')).token;
    const petCount = await query(h, { ...A(), host: 'pets.test.localhost' })(COUNT, base, pets);
    expect(code(petCount)).toBe('FORBIDDEN');
    expect(await db('meal_counts').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('3 meals + 2 snacks served → 2 meals + 1 snack claimed; counted but not checked in is an error; late counts flagged', async () => {
    for (const name of ['Breakfast', 'AM snack', 'Lunch', 'PM snack', 'Supper']) {
      const st = name === 'Lunch' ? [s.kids.ana, s.kids.ben] : [s.kids.ana];
      const r = await q(COUNT, { p: s.rooms.toddlers, d: yesterday(), s: slots[name], st }, s.tokens.teacher);
      expect(r.data?.saveMealCount.count).toMatchObject({ late: true });
    }
    expect(code(await q(REPORT, { l: s.X, f: yesterday(), t: yesterday() }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(REPORT, { l: s.X, f: yesterday(), t: yesterday() }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(field(await q(REPORT, { l: s.X, f: yesterday(), t: addDays(yesterday(), -1) }, s.tokens.mgrX))).toBe('to');
    const r = await q(REPORT, { l: s.X, f: yesterday(), t: yesterday() }, s.tokens.mgrX);
    const rep = r.data?.getMealCountReport;
    const by = Object.fromEntries(rep.rows.map((x: { slot: string; served: number; claimed: number }) => [x.slot, [x.served, x.claimed]]));
    expect(by).toEqual({ Breakfast: [1, 0], 'AM snack': [1, 1], Lunch: [2, 1], 'PM snack': [1, 0], Supper: [1, 1] });
    expect([rep.served, rep.claimed]).toEqual([6, 3]);
    expect(rep.errors).toEqual([{ student_id: s.kids.ben, slot: 'Lunch', message: 'Counted but not checked in.' }]);
    expect(rep.rows.every((x: { late: boolean }) => x.late)).toBe(true);
    expect(rep.csv.split('\r\n')[0]).toBe('Date,Slot,Type,Room,Served,Claimed,Late');
  });

  it('a count during the service is not late; the roster shows who is checked in and allergy clashes', async () => {
    const allDay = String(
      (await q(SLOT, { l: s.X, n: 'All day', t: 'snack', a: '00:00', b: '23:59' }, s.tokens.mgrX)).data?.saveMealSlot.slot.id,
    );
    const r = await q(COUNT, { p: s.rooms.toddlers, d: today(), s: allDay, st: [s.kids.ana] }, s.tokens.teacher);
    expect(r.data?.saveMealCount.count).toMatchObject({ late: false, students: [s.kids.ana] });
    const roster = await q(
      `query($p: ID!, $d: String!, $s: ID!) { getMealCountRoster(program_id: $p, date: $d, slot: $s) { count { late } children { id checked_in counted clashes } } }`,
      { p: s.rooms.toddlers, d: yesterday(), s: slots.Lunch },
      s.tokens.teacher,
    );
    const kids = roster.data?.getMealCountRoster.children as { id: string; checked_in: boolean; counted: boolean; clashes: string[] }[];
    expect(kids.find((k) => k.id === s.kids.ana)).toMatchObject({ checked_in: true, counted: true });
    expect(kids.find((k) => k.id === s.kids.ben)).toMatchObject({ checked_in: false, counted: true });
  });
});
