import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { setupBilling, type BillingSetup } from './test-fixtures.ts';

/**
 * Every billing operation with bad input: a typed error naming the field, and nothing written
 * (every billing table and the audit log keep their row counts). A second table: the other
 * location's manager meets NOT_FOUND on every row of this one.
 */
let h: Harness;
let w: BillingSetup;
const A = () => h.centres[0]!;
const TABLES = [
  'billing_programs',
  'billing_program_rooms',
  'student_billing_programs',
  'charge_categories',
  'billing_presets',
  'variable_charges',
  'plan_templates',
  'billing_plans',
  'invoices',
  'invoice_items',
  'payments',
  'billing_payer_shares',
  'billing_ledger',
  'audit_log',
];
const counts = async () =>
  Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, Number((await A().db.db(t).count({ n: '*' }).first())?.n)])));

const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness();
  w = await setupBilling(h, A());
  const m = async (doc: string, vars: Record<string, unknown>, pick: (d: any) => string) => {
    const r = await w.q(doc, vars, w.tokens.mgrX);
    if (!r.data) throw new Error(r.body);
    return String(pick(r.data));
  };
  ids.bp = await m(
    'mutation($l: ID!) { createBillingProgram(name: "P", location_id: $l) { billing_program { id } } }',
    { l: w.X },
    (d) => d.createBillingProgram.billing_program.id,
  );
  ids.cat = await m(
    'mutation($l: ID!) { createChargeCategory(location_id: $l, name: "Fees") { category { id } } }',
    { l: w.X },
    (d) => d.createChargeCategory.category.id,
  );
  ids.preset = await m(
    'mutation($l: ID!) { createBillingPreset(location_id: $l, name: "Kit", amount: 100) { preset { id } } }',
    { l: w.X },
    (d) => d.createBillingPreset.preset.id,
  );
  ids.vc = await m(
    'mutation($l: ID!) { createVariableCharge(location_id: $l, details: "Late", amount: 100, interval: 5, end_time: "18:00") { variable_charge { id } } }',
    { l: w.X },
    (d) => d.createVariableCharge.variable_charge.id,
  );
  ids.template = await m(
    'mutation($l: ID) { savePlanTemplate(location_id: $l, name: "T", amount: 100, period: "weekly") { template { id } } }',
    { l: w.X },
    (d) => d.savePlanTemplate.template.id,
  );
  ids.plan = await m(
    'mutation($s: ID!) { createBillingPlan(student_id: $s, name: "Plan", amount: 100, period: "weekly", start_date: "2026-01-05") { plan { id } } }',
    { s: w.kids.ana },
    (d) => d.createBillingPlan.plan.id,
  );
  ids.invoice = await m(
    'mutation($s: ID!) { addNewItemToInvoice(student_id: $s, item: { name: "Fee", original_amount: 5000 }) { invoice { id } } }',
    { s: w.kids.ana },
    (d) => d.addNewItemToInvoice.invoice.id,
  );
  ids.payment = await m(
    'mutation($s: ID!) { savePayment(student_id: $s, amount: 1000, method: "cash") { payment { id } } }',
    { s: w.kids.ana },
    (d) => d.savePayment.payment.id,
  );
});
afterAll(() => h?.close());

type Case = [name: string, doc: string, vars: () => Record<string, unknown>, field: string];
const CASES: Case[] = [
  [
    'createBillingProgram blank name',
    'mutation($l: ID!) { createBillingProgram(name: " ", location_id: $l) { status } }',
    () => ({ l: w.X }),
    'name',
  ],
  [
    'updateBillingProgram end before start',
    'mutation($id: ID!) { updateBillingProgram(id: $id, start_date: "2026-02-01", end_date: "2026-01-01") { status } }',
    () => ({ id: ids.bp }),
    'end_date',
  ],
  [
    'updateBillingProgram room elsewhere',
    'mutation($id: ID!, $r: [ID!]) { updateBillingProgram(id: $id, rooms: $r) { status } }',
    () => ({ id: ids.bp, r: [w.rooms.yRoom] }),
    'rooms',
  ],
  [
    'setStudentBillingProgram no children',
    'mutation($b: ID) { setStudentBillingProgram(student_ids: [], billing_program_id: $b) { status } }',
    () => ({ b: ids.bp }),
    'student_ids',
  ],
  [
    'createChargeCategory blank',
    'mutation($l: ID!) { createChargeCategory(location_id: $l, name: "") { status } }',
    () => ({ l: w.X }),
    'name',
  ],
  [
    'updateChargeCategory too long',
    'mutation($id: ID!, $n: String) { updateChargeCategory(id: $id, name: $n) { status } }',
    () => ({ id: ids.cat, n: 'x'.repeat(121) }),
    'name',
  ],
  [
    'createBillingPreset negative',
    'mutation($l: ID!) { createBillingPreset(location_id: $l, name: "N", amount: -1) { status } }',
    () => ({ l: w.X }),
    'amount',
  ],
  [
    'updateBillingPreset negative',
    'mutation($id: ID!) { updateBillingPreset(id: $id, amount: -1) { status } }',
    () => ({ id: ids.preset }),
    'amount',
  ],
  [
    'updateBillingPreset category elsewhere',
    'mutation($id: ID!) { updateBillingPreset(id: $id, category_id: "999999") { status } }',
    () => ({ id: ids.preset }),
    'category_id',
  ],
  [
    'createVariableCharge bad day',
    'mutation($l: ID!) { createVariableCharge(location_id: $l, details: "D", amount: 1, interval: 5, end_time: "18:00", days: [7]) { status } }',
    () => ({ l: w.X }),
    'days.0',
  ],
  [
    'updateVariableCharge negative max',
    'mutation($id: ID!) { updateVariableCharge(id: $id, max_amount: -5) { status } }',
    () => ({ id: ids.vc }),
    'max_amount',
  ],
  [
    'updateVariableCharge bad time',
    'mutation($id: ID!) { updateVariableCharge(id: $id, end_time: "25:00") { status } }',
    () => ({ id: ids.vc }),
    'end_time',
  ],
  [
    'savePlanTemplate no location',
    'mutation { savePlanTemplate(name: "T", amount: 1, period: "weekly") { status } }',
    () => ({}),
    'location_id',
  ],
  [
    'savePlanTemplate negative',
    'mutation($id: ID) { savePlanTemplate(id: $id, name: "T", amount: -1, period: "weekly") { status } }',
    () => ({ id: ids.template }),
    'amount',
  ],
  ['deletePlanTemplate bad id', 'mutation { deletePlanTemplate(id: "abc") { status } }', () => ({}), 'id'],
  [
    'createBillingPlan bad date',
    'mutation($s: ID!) { createBillingPlan(student_id: $s, name: "P", amount: 1, period: "weekly", start_date: "2026-02-30") { status } }',
    () => ({ s: w.kids.ana }),
    'start_date',
  ],
  [
    'updateBillingPlan negative',
    'mutation($id: ID!) { updateBillingPlan(id: $id, amount: -1) { status } }',
    () => ({ id: ids.plan }),
    'amount',
  ],
  [
    'pauseBillingPlan before start',
    'mutation($id: ID!) { pauseBillingPlan(id: $id, date: "2025-12-01") { status } }',
    () => ({ id: ids.plan }),
    'date',
  ],
  ['unpauseBillingPlan not paused', 'mutation($id: ID!) { unpauseBillingPlan(id: $id) { status } }', () => ({ id: ids.plan }), 'id'],
  [
    'deactivateBillingPlan bad date',
    'mutation($id: ID!) { deactivateBillingPlan(id: $id, date: "soon") { status } }',
    () => ({ id: ids.plan }),
    'date',
  ],
  [
    'addNewItemToInvoice neither',
    'mutation { addNewItemToInvoice(item: { name: "X", original_amount: 1 }) { status } }',
    () => ({}),
    'student_id',
  ],
  [
    'updateInvoiceNote too long',
    'mutation($id: ID!, $n: String) { updateInvoiceNote(id: $id, note: $n) { status } }',
    () => ({ id: ids.invoice, n: 'x'.repeat(2001) }),
    'note',
  ],
  [
    'voidInvoice short reason',
    'mutation($id: ID!) { voidInvoice(id: $id, reason: "x") { status } }',
    () => ({ id: ids.invoice }),
    'reason',
  ],
  [
    'saveWaiveInvoice no reason',
    'mutation($id: ID!) { saveWaiveInvoice(id: $id, reason: " ") { status } }',
    () => ({ id: ids.invoice }),
    'reason',
  ],
  [
    'saveBillTransferInvoice bad date',
    'mutation($id: ID!) { saveBillTransferInvoice(id: $id, reason: "Later", date: "2026-13-01") { status } }',
    () => ({ id: ids.invoice }),
    'date',
  ],
  [
    'applyVariableChargesToStudents too long',
    'mutation($c: [ID!]!) { applyVariableChargesToStudents(charges: $c, start_date: "2026-01-01", end_date: "2026-12-31") { message } }',
    () => ({ c: [ids.vc] }),
    'start_date',
  ],
  [
    'applyVariableChargesToStudents none',
    'mutation { applyVariableChargesToStudents(charges: [], start_date: "2026-01-01", end_date: "2026-01-02") { message } }',
    () => ({}),
    'charges',
  ],
  [
    'saveStudentAttendanceInvoice twice the child',
    'mutation($s: ID!) { saveStudentAttendanceInvoice(date: "2026-01-31", from_date: "2026-01-01", to_date: "2026-01-31", charges: [{ student_id: $s, amount: 1 }, { student_id: $s, amount: 2 }]) { message } }',
    () => ({ s: w.kids.ana }),
    'charges',
  ],
  [
    'savePayment negative',
    'mutation($s: ID!) { savePayment(student_id: $s, amount: -100, method: "cash") { status } }',
    () => ({ s: w.kids.ana }),
    'amount',
  ],
  [
    'savePayment another child’s invoice',
    'mutation($s: ID!, $i: [ID!]) { savePayment(student_id: $s, amount: 100, method: "cash", invoice_ids: $i) { status } }',
    () => ({ s: w.kids.ben, i: [ids.invoice] }),
    'invoice_ids',
  ],
  [
    'voidPayment short reason',
    'mutation($id: ID!) { voidPayment(id: $id, reason: "x") { status } }',
    () => ({ id: ids.payment }),
    'reason',
  ],
  ['refundPayment over', 'mutation($id: ID!) { refundPayment(id: $id, amount: 1001) { status } }', () => ({ id: ids.payment }), 'amount'],
  ['refundPayment zero', 'mutation($id: ID!) { refundPayment(id: $id, amount: 0) { status } }', () => ({ id: ids.payment }), 'amount'],
  [
    'unapplyTransaction not on it',
    'mutation($p: ID!) { unapplyTransaction(payment_id: $p, invoice_id: "99999") { status } }',
    () => ({ p: ids.payment }),
    'invoice_id',
  ],
  [
    'applyCredit nothing owed elsewhere',
    'mutation($s: ID!) { applyCredit(student_id: $s) { status } }',
    () => ({ s: w.kids.ben }),
    'student_id',
  ],
  [
    'saveStudentPayerShares not 100',
    'mutation($s: ID!, $u: ID!) { saveStudentPayerShares(student_id: $s, shares: [{ user_id: $u, share_type: "percent", value: 99 }]) { status } }',
    () => ({ s: w.kids.ana, u: w.family.mum }),
    'shares',
  ],
  ['getInvoices bad status', 'query { getInvoices(status: "late") { paginatorInfo { total } } }', () => ({}), 'status'],
  [
    'getStudentAllInvoices backwards',
    'query($s: ID!) { getStudentAllInvoices(id: $s, from: "2026-02-01", to: "2026-01-01") { id } }',
    () => ({ s: w.kids.ana }),
    'to',
  ],
  [
    'getStudentAllPayments backwards',
    'query($s: ID!) { getStudentAllPayments(id: $s, from: "2026-02-01", to: "2026-01-01") { id } }',
    () => ({ s: w.kids.ana }),
    'to',
  ],
  [
    'getPaymentsList backwards',
    'query($l: ID!) { getPaymentsList(location_id: $l, start: "2026-02-01", end: "2026-01-01") { id } }',
    () => ({ l: w.X }),
    'end',
  ],
  ['getBillingPlans bad status', 'query { getBillingPlans(status: "gone") { id } }', () => ({}), 'status'],
  ['getCredits bad id', 'query { getCredits(student_id: "x") { amount } }', () => ({}), 'student_id'],
  ['getAccountDetails bad id', 'query { getAccountDetails(student_id: "-1") { balance } }', () => ({}), 'student_id'],
  ['getStudentPayersAndNonPayers bad id', 'query { getStudentPayersAndNonPayers(id: "007") { payers { user_id } } }', () => ({}), 'id'],
  ['getChargeCategories bad id', 'query { getChargeCategories(location_id: "x") { id } }', () => ({}), 'location_id'],
  ['getBillingPresets bad id', 'query { getBillingPresets(location_id: "x") { id } }', () => ({}), 'location_id'],
  ['getVariableCharges bad id', 'query { getVariableCharges(location_id: "x") { id } }', () => ({}), 'location_id'],
  ['getPlanTemplates bad id', 'query { getPlanTemplates(location_id: "x") { id } }', () => ({}), 'location_id'],
  ['getBillingPrograms bad id', 'query { getBillingPrograms(location_id: "x") { id } }', () => ({}), 'location_id'],
  ['getPayments bad page', 'query { getPayments(page: 0) { paginatorInfo { total } } }', () => ({}), 'page'],
];

describe('bad input', () => {
  it.each(CASES)('%s → BAD_USER_INPUT naming the field, nothing written', async (_name, doc, vars, f) => {
    const before = await counts();
    const r = await w.q(doc, vars(), w.tokens.mgrX);
    expect(code(r), r.body).toBe('BAD_USER_INPUT');
    expect(field(r), r.body).toBe(f);
    expect(await counts()).toEqual(before);
  });
});

describe('another location’s manager', () => {
  const OTHER: [string, string, () => Record<string, unknown>][] = [
    ['updateBillingProgram', 'mutation($id: ID!) { updateBillingProgram(id: $id, name: "Y") { status } }', () => ({ id: ids.bp })],
    ['updateChargeCategory', 'mutation($id: ID!) { updateChargeCategory(id: $id, name: "Y") { status } }', () => ({ id: ids.cat })],
    ['deleteBillingPreset', 'mutation($id: ID!) { deleteBillingPreset(id: $id) { status } }', () => ({ id: ids.preset })],
    ['updateVariableCharge', 'mutation($id: ID!) { updateVariableCharge(id: $id, amount: 1) { status } }', () => ({ id: ids.vc })],
    ['deletePlanTemplate', 'mutation($id: ID!) { deletePlanTemplate(id: $id) { status } }', () => ({ id: ids.template })],
    ['updateBillingPlan', 'mutation($id: ID!) { updateBillingPlan(id: $id, amount: 1) { status } }', () => ({ id: ids.plan })],
    ['saveWaiveInvoice', 'mutation($id: ID!) { saveWaiveInvoice(id: $id, reason: "Nope") { status } }', () => ({ id: ids.invoice })],
    [
      'saveBillTransferInvoice',
      'mutation($id: ID!) { saveBillTransferInvoice(id: $id, reason: "Nope", date: "2026-12-01") { status } }',
      () => ({ id: ids.invoice }),
    ],
    ['savePayment', 'mutation($s: ID!) { savePayment(student_id: $s, amount: 1, method: "cash") { status } }', () => ({ s: w.kids.ana })],
    ['voidPayment', 'mutation($id: ID!) { voidPayment(id: $id) { status } }', () => ({ id: ids.payment })],
    ['applyCredit', 'mutation($s: ID!) { applyCredit(student_id: $s) { status } }', () => ({ s: w.kids.ana })],
    ['getCredits', 'query($s: ID!) { getCredits(student_id: $s) { amount } }', () => ({ s: w.kids.ana })],
    [
      'getStudentPayersAndNonPayers',
      'query($s: ID!) { getStudentPayersAndNonPayers(id: $s) { payers { user_id } } }',
      () => ({ s: w.kids.ana }),
    ],
    [
      'getPaymentsList',
      'query($l: ID!) { getPaymentsList(location_id: $l, start: "2026-01-01", end: "2026-01-31") { id } }',
      () => ({ l: w.X }),
    ],
    ['getBillingPlans', 'query($s: ID) { getBillingPlans(student_id: $s) { id } }', () => ({ s: w.kids.ana })],
    [
      'saveStudentAttendanceInvoice',
      'mutation($s: ID!) { saveStudentAttendanceInvoice(date: "2026-01-31", from_date: "2026-01-01", to_date: "2026-01-31", charges: [{ student_id: $s, amount: 1 }]) { message } }',
      () => ({ s: w.kids.ana }),
    ],
  ];
  it.each(OTHER)('%s → NOT_FOUND, nothing written', async (_name, doc, vars) => {
    const before = await counts();
    expect(code(await w.q(doc, vars(), w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(await counts()).toEqual(before);
  });
});
