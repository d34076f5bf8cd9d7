import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { setupBilling, type BillingSetup } from './test-fixtures.ts';

let h: Harness;
let w: BillingSetup;
const A = () => h.centres[0]!;
const count = async (table: string) => Number((await A().db.db(table).count({ n: '*' }).first())?.n ?? 0);

const CREATE_BP = `mutation($n: String!, $l: ID!, $rooms: [ID!]) { createBillingProgram(name: $n, location_id: $l, rooms: $rooms, color: "#336699") {
  status billing_program { id name rooms student_count } } }`;
const LIST_BP = 'query($l: ID) { getBillingPrograms(location_id: $l) { id name } }';

beforeAll(async () => {
  h = await createHarness();
  w = await setupBilling(h, A());
});
afterAll(() => h?.close());

describe('billing programs', () => {
  it('are created, filled with children and shown on the child and the room', async () => {
    const r = await w.q(CREATE_BP, { n: 'Full day', l: w.X, rooms: [w.rooms.toddlers] }, w.tokens.mgrX);
    const bp = r.data?.createBillingProgram.billing_program;
    expect(bp).toMatchObject({ name: 'Full day', rooms: [w.rooms.toddlers], student_count: 0 });
    const set = await w.q(
      'mutation($s: [ID!]!, $b: ID) { setStudentBillingProgram(student_ids: $s, billing_program_id: $b) { status } }',
      { s: [w.kids.ana, w.kids.ben], b: bp.id },
      w.tokens.mgrX,
    );
    expect(set.data?.setStudentBillingProgram.status).toBe(true);
    const kid = await w.q(
      'query($id: ID!) { student(id: $id) { billing_program { id name student_count } } }',
      { id: w.kids.ana },
      w.tokens.mgrX,
    );
    expect(kid.data?.student.billing_program).toEqual({ id: bp.id, name: 'Full day', student_count: 2 });
    const rooms = await w.q(
      'query($l: ID!) { roomsByLocation(location_id: $l) { id billing_programs { id } } }',
      { l: w.X },
      w.tokens.mgrX,
    );
    expect(rooms.errors).toBeUndefined();
    const toddlers = rooms.data?.roomsByLocation.find((x: { id: string }) => x.id === w.rooms.toddlers);
    expect(toddlers.billing_programs).toEqual([{ id: bp.id }]);
    // a child of another location cannot join it; nothing changes
    const bad = await w.q(
      'mutation($s: [ID!]!, $b: ID) { setStudentBillingProgram(student_ids: $s, billing_program_id: $b) { status } }',
      { s: [w.kids.yKid], b: bp.id },
      w.tokens.owner,
    );
    expect(field(bad)).toBe('student_ids');
    expect(await A().db.db('student_billing_programs').where({ student_id: w.kids.yKid }).first()).toBeUndefined();
  });

  it('refuses a taken name, a room of another location and a bad colour, naming the field; nothing written', async () => {
    const before = await count('billing_programs');
    expect(code(await w.q(CREATE_BP, { n: 'full DAY', l: w.X }, w.tokens.mgrX))).toBe('NAME_TAKEN');
    expect(field(await w.q(CREATE_BP, { n: 'Other', l: w.X, rooms: [w.rooms.yRoom] }, w.tokens.mgrX))).toBe('rooms');
    const colour = await w.q(
      'mutation($l: ID!) { createBillingProgram(name: "C", location_id: $l, color: "blue") { status } }',
      { l: w.X },
      w.tokens.mgrX,
    );
    expect(field(colour)).toBe('color');
    const dates = await w.q(
      'mutation($l: ID!) { createBillingProgram(name: "D", location_id: $l, start_date: "2026-05-01", end_date: "2026-04-01") { status } }',
      { l: w.X },
      w.tokens.mgrX,
    );
    expect(field(dates)).toBe('end_date');
    expect(await count('billing_programs')).toBe(before);
  });

  it('own location only; teachers, parents, blog editors and managers without billing.manage get nothing', async () => {
    const own = await w.q(LIST_BP, {}, w.tokens.mgrX);
    expect(own.data?.getBillingPrograms.length).toBeGreaterThan(0);
    expect((await w.q(LIST_BP, {}, w.tokens.mgrY)).data?.getBillingPrograms).toEqual([]);
    expect(code(await w.q(LIST_BP, { l: w.X }, w.tokens.mgrY))).toBe('NOT_FOUND');
    const id = own.data?.getBillingPrograms[0].id;
    expect(code(await w.q('mutation($id: ID!) { deleteBillingProgram(id: $id) { status } }', { id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    for (const t of [w.tokens.teacher, w.tokens.parent, w.tokens.blog]) expect(code(await w.q(LIST_BP, {}, t))).toBe('FORBIDDEN');
    expect(code(await w.q(CREATE_BP, { n: 'Teacher', l: w.X }, w.tokens.teacher))).toBe('FORBIDDEN');
    await A().db.db.raw(
      `delete from role_permissions where role_id = (select id from roles where name = 'manager') and permission_id = (select id from permissions where name = 'billing.manage')`,
    );
    try {
      expect(code(await w.q(LIST_BP, {}, w.tokens.mgrX))).toBe('FORBIDDEN');
      expect(code(await w.q(CREATE_BP, { n: 'No right', l: w.X }, w.tokens.mgrX))).toBe('FORBIDDEN');
    } finally {
      await A().db.db.raw(
        `insert into role_permissions (role_id, permission_id) select r.id, p.id from roles r, permissions p where r.name = 'manager' and p.name = 'billing.manage'`,
      );
    }
  });

  it('other centre: A’s billing program is not found on B, and A’s token is refused there', async () => {
    const id = (await w.q(LIST_BP, {}, w.tokens.mgrX)).data?.getBillingPrograms[0].id;
    const B = h.centres[1]!;
    await seedUser(B, { username: 'billowner', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'billowner')).token;
    const onB = (doc: string, vars: Record<string, unknown>, token: string) =>
      import('../attendance/test-fixtures.ts').then((m) => m.q(h, B)(doc, vars, token));
    expect(code(await onB('mutation($id: ID!) { deleteBillingProgram(id: $id) { status } }', { id }, tb))).toBe('NOT_FOUND');
    expect((await onB(LIST_BP, {}, tb)).data?.getBillingPrograms).toEqual([]);
    expect((await onB(LIST_BP, {}, w.tokens.mgrX)).statusCode).toBe(401);
  });

  it('are deleted with their children’s placement', async () => {
    const r = await w.q(CREATE_BP, { n: 'Short lived', l: w.X }, w.tokens.mgrX);
    const id = r.data?.createBillingProgram.billing_program.id;
    await w.q(
      'mutation($s: [ID!]!, $b: ID) { setStudentBillingProgram(student_ids: $s, billing_program_id: $b) { status } }',
      { s: [w.kids.parentKid], b: id },
      w.tokens.mgrX,
    );
    const del = await w.q('mutation($id: ID!) { deleteBillingProgram(id: $id) { status id } }', { id }, w.tokens.mgrX);
    expect(del.data?.deleteBillingProgram).toEqual({ status: true, id });
    expect(await A().db.db('student_billing_programs').where({ student_id: w.kids.parentKid }).first()).toBeUndefined();
    expect(await A().db.db('audit_log').where({ action: 'billing_program.delete', entity_id: id }).first()).toBeDefined();
  });
});

describe('charge categories, presets and variable charges', () => {
  it('a category in use is archived on delete; an unused one is deleted', async () => {
    const make = async (name: string) =>
      (
        await w.q(
          'mutation($l: ID!, $n: String!) { createChargeCategory(location_id: $l, name: $n) { category { id archived } } }',
          { l: w.X, n: name },
          w.tokens.mgrX,
        )
      ).data?.createChargeCategory.category.id;
    const used = await make('Supplies');
    const unused = await make('Field trips');
    const preset = await w.q(
      'mutation($l: ID!, $c: ID) { createBillingPreset(location_id: $l, name: "Art kit", amount: 1250, category_id: $c) { preset { id amount category { id name } } } }',
      { l: w.X, c: used },
      w.tokens.mgrX,
    );
    expect(preset.data?.createBillingPreset.preset).toMatchObject({ amount: 1250, category: { id: used, name: 'Supplies' } });
    const DEL = 'mutation($id: ID!) { deleteChargeCategory(id: $id) { status message } }';
    expect((await w.q(DEL, { id: used }, w.tokens.mgrX)).data?.deleteChargeCategory.message).toMatch(/archived/);
    expect((await w.q(DEL, { id: unused }, w.tokens.mgrX)).data?.deleteChargeCategory.message).toBe('Category deleted.');
    const list = await w.q('query($l: ID!) { getChargeCategories(location_id: $l) { id name archived } }', { l: w.X }, w.tokens.mgrX);
    expect(list.data?.getChargeCategories).toEqual([{ id: used, name: 'Supplies', archived: true }]);
    // an archived category takes no new presets
    const p2 = await w.q(
      'mutation($l: ID!, $c: ID) { createBillingPreset(location_id: $l, name: "Kit 2", amount: 1, category_id: $c) { status } }',
      { l: w.X, c: used },
      w.tokens.mgrX,
    );
    expect(field(p2)).toBe('category_id');
    expect(code(await w.q(DEL, { id: used }, w.tokens.mgrY))).toBe('NOT_FOUND');
  });

  it('refuses negative and fractional amounts, naming the field; nothing written', async () => {
    const before = await count('billing_presets');
    const neg = await w.q(
      'mutation($l: ID!) { createBillingPreset(location_id: $l, name: "Bad", amount: -5) { status } }',
      { l: w.X },
      w.tokens.mgrX,
    );
    expect(code(neg)).toBe('BAD_USER_INPUT');
    expect(field(neg)).toBe('amount');
    const frac = await w.q(
      'mutation($l: ID!, $a: Cents!) { createBillingPreset(location_id: $l, name: "Bad", amount: $a) { status } }',
      { l: w.X, a: 12.5 },
      w.tokens.mgrX,
    );
    expect(code(frac)).toBe('BAD_USER_INPUT');
    expect(await count('billing_presets')).toBe(before);
    const vcBefore = await count('variable_charges');
    const VC = `mutation($l: ID!, $a: Cents!, $m: Cents, $i: Int!) { createVariableCharge(location_id: $l, details: "Late pickup", amount: $a, max_amount: $m, interval: $i, end_time: "18:00") { status variable_charge { id } } }`;
    expect(field(await w.q(VC, { l: w.X, a: 500, m: -1, i: 15 }, w.tokens.mgrX))).toBe('max_amount');
    expect(field(await w.q(VC, { l: w.X, a: 500, m: 1000, i: 0 }, w.tokens.mgrX))).toBe('interval');
    const noWindow = await w.q(
      'mutation($l: ID!) { createVariableCharge(location_id: $l, details: "No time", amount: 5, interval: 5) { status } }',
      { l: w.X },
      w.tokens.mgrX,
    );
    expect(field(noWindow)).toBe('end_time');
    expect(await count('variable_charges')).toBe(vcBefore);
  });

  it('variable charges keep their rooms and days; updated and deleted in scope', async () => {
    const r = await w.q(
      `mutation($l: ID!, $p: [ID!]) { createVariableCharge(location_id: $l, details: "Late pickup", amount: 500, max_amount: 1200, interval: 15, end_time: "18:00", days: [5, 1, 1], programs: $p) {
        variable_charge { id amount max_amount interval end_time days programs } } }`,
      { l: w.X, p: [w.rooms.toddlers] },
      w.tokens.mgrX,
    );
    const vc = r.data?.createVariableCharge.variable_charge;
    expect(vc).toMatchObject({
      amount: 500,
      max_amount: 1200,
      interval: 15,
      end_time: '18:00',
      days: [1, 5],
      programs: [w.rooms.toddlers],
    });
    const up = await w.q(
      'mutation($id: ID!) { updateVariableCharge(id: $id, amount: 600, days: []) { variable_charge { amount days } } }',
      { id: vc.id },
      w.tokens.mgrX,
    );
    expect(up.data?.updateVariableCharge.variable_charge).toEqual({ amount: 600, days: [] });
    expect(code(await w.q('mutation($id: ID!) { deleteVariableCharge(id: $id) { status } }', { id: vc.id }, w.tokens.mgrY))).toBe(
      'NOT_FOUND',
    );
    expect(
      (await w.q('mutation($id: ID!) { deleteVariableCharge(id: $id) { status } }', { id: vc.id }, w.tokens.mgrX)).data
        ?.deleteVariableCharge.status,
    ).toBe(true);
  });
});

describe('plan templates and plans', () => {
  const SAVE_T = `mutation($l: ID, $id: ID, $a: Cents!, $p: String!) { savePlanTemplate(location_id: $l, id: $id, name: "Full time", amount: $a, period: $p, days: [1,2,3,4,5]) {
    template { id name amount period days students } } }`;
  const PLAN = 'id name amount period status start_date paused_from end_date template_id';

  it('a plan from a template takes its name, amount and period; pause, unpause and deactivate', async () => {
    const t = (await w.q(SAVE_T, { l: w.X, a: 120000, p: 'monthly' }, w.tokens.mgrX)).data?.savePlanTemplate.template;
    expect(t).toMatchObject({ amount: 120000, period: 'monthly', days: [1, 2, 3, 4, 5], students: [] });
    const plan = await w.q(
      `mutation($s: ID!, $t: ID) { createBillingPlan(student_id: $s, template_id: $t, start_date: "2026-01-01") { plan { ${PLAN} } } }`,
      { s: w.kids.ana, t: t.id },
      w.tokens.mgrX,
    );
    const p = plan.data?.createBillingPlan.plan;
    expect(p).toMatchObject({ name: 'Full time', amount: 120000, period: 'monthly', status: 'active', template_id: t.id });
    const templates = await w.q('query($l: ID!) { getPlanTemplates(location_id: $l) { id students } }', { l: w.X }, w.tokens.mgrX);
    expect(templates.data?.getPlanTemplates).toEqual([{ id: t.id, students: [w.kids.ana] }]);
    const paused = await w.q(
      `mutation($id: ID!) { pauseBillingPlan(id: $id, date: "2026-02-01") { plan { ${PLAN} } } }`,
      { id: p.id },
      w.tokens.mgrX,
    );
    expect(paused.data?.pauseBillingPlan.plan).toMatchObject({ status: 'paused', paused_from: '2026-02-01' });
    const resumed = await w.q(`mutation($id: ID!) { unpauseBillingPlan(id: $id) { plan { ${PLAN} } } }`, { id: p.id }, w.tokens.mgrX);
    expect(resumed.data?.unpauseBillingPlan.plan).toMatchObject({ status: 'active', paused_from: null });
    expect(field(await w.q(`mutation($id: ID!) { unpauseBillingPlan(id: $id) { status } }`, { id: p.id }, w.tokens.mgrX))).toBe('id');
    expect(
      field(await w.q(`mutation($id: ID!) { deactivateBillingPlan(id: $id, date: "2025-01-01") { status } }`, { id: p.id }, w.tokens.mgrX)),
    ).toBe('date');
    const ended = await w.q(
      `mutation($id: ID!) { deactivateBillingPlan(id: $id, date: "2026-01-31") { plan { ${PLAN} } } }`,
      { id: p.id },
      w.tokens.mgrX,
    );
    expect(ended.data?.deactivateBillingPlan.plan).toMatchObject({ status: 'ended', end_date: '2026-01-31' });
    expect(
      code(await w.q(`mutation($id: ID!) { pauseBillingPlan(id: $id, date: "2026-03-01") { status } }`, { id: p.id }, w.tokens.mgrY)),
    ).toBe('NOT_FOUND');
    expect(
      (await A().db.db('audit_log').where({ entity: 'billing_plan', entity_id: p.id }).orderBy('id').select('action')).map((r) => r.action),
    ).toEqual(['billing_plan.create', 'billing_plan.pause', 'billing_plan.unpause', 'billing_plan.deactivate']);
  });

  it('refuses a bad period, a negative amount and a template of another location; nothing written', async () => {
    const before = await count('billing_plans');
    const templatesBefore = await count('plan_templates');
    expect(field(await w.q(SAVE_T, { l: w.X, a: 100, p: 'daily' }, w.tokens.mgrX))).toBe('period');
    expect(field(await w.q(SAVE_T, { l: w.X, a: -100, p: 'weekly' }, w.tokens.mgrX))).toBe('amount');
    const yt = (await w.q(SAVE_T, { l: w.Y, a: 100, p: 'weekly' }, w.tokens.mgrY)).data?.savePlanTemplate.template;
    const cross = await w.q(
      'mutation($s: ID!, $t: ID) { createBillingPlan(student_id: $s, template_id: $t, start_date: "2026-01-01") { status } }',
      { s: w.kids.ben, t: yt.id },
      w.tokens.owner,
    );
    expect(field(cross)).toBe('template_id');
    const noAmount = await w.q(
      'mutation($s: ID!) { createBillingPlan(student_id: $s, name: "X", period: "weekly", start_date: "2026-01-01") { status } }',
      { s: w.kids.ben },
      w.tokens.mgrX,
    );
    expect(field(noAmount)).toBe('amount');
    expect(await count('billing_plans')).toBe(before);
    expect(await count('plan_templates')).toBe(templatesBefore + 1);
    expect(
      code(
        await w.q(
          'mutation($s: ID!) { createBillingPlan(student_id: $s, name: "X", amount: 5, period: "weekly", start_date: "2026-01-01") { status } }',
          { s: w.kids.yKid },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});

describe('the ledger', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const db = A().db.db;
    const [inv] = await db('invoices')
      .insert({ student_id: w.kids.ben, location_id: w.X, date: '2026-01-01', due_date: '2026-01-01' })
      .returning('id');
    await db('billing_ledger').insert({ location_id: w.X, student_id: w.kids.ben, invoice_id: inv.id, kind: 'charge', amount: 100 });
    await expect(db('billing_ledger').where({ invoice_id: inv.id }).update({ amount: 1 })).rejects.toThrow(/append-only/);
    await expect(db('billing_ledger').where({ invoice_id: inv.id }).del()).rejects.toThrow(/append-only/);
    await expect(db.raw('truncate billing_ledger cascade')).rejects.toThrow(/append-only/);
    expect(Number((await db('billing_ledger').where({ invoice_id: inv.id }).first()).amount)).toBe(100);
  });
});
