import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localParts } from '@kv/shared';
import { createHarness, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { q as query } from '../attendance/test-fixtures.ts';
import { runDailyBilling } from './index.ts';
import { setupBilling, type BillingSetup } from './test-fixtures.ts';

/**
 * Agencies, authorisations, the agency/family split and the subsidy reconciliation: every kind
 * of discrepancy is planted once on its own child and found exactly once; bad input names the
 * field; other location / other centre / a manager without billing.manage reach nothing.
 */
let h: Harness;
let w: BillingSetup;
const A = () => h.centres[0]!;
const db = () => A().db.db;
let today = '';
let from = '';
let agency = '';
const kids: Record<string, string> = {};

async function ok<T = any>(doc: string, vars: Record<string, unknown> = {}, token = w.tokens.mgrX): Promise<T> {
  const r = await w.q(doc, vars, token);
  if (!r.data || r.errors) throw new Error(r.body);
  return r.data as T;
}

const AUTH = `mutation($id: ID!, $s: [AgencyStudentInput!]!) { updateAgencyStudents(id: $id, students: $s) { students { student_id status rate copay } } }`;
const RECON = `query($l: ID!, $f: String!, $t: String!, $a: ID) { getSubsidyReconciliation(location_id: $l, from: $f, to: $t, agency_id: $a) { total_at_risk rows { kind student_id amount_at_risk fix detail invoice_id } } }`;

const auth = (student_id: string, o: Record<string, unknown> = {}) => ({
  student_id,
  authorization_number: `AUTH-${student_id}`,
  start_date: addDays(from, -30),
  end_date: addDays(today, 120),
  days_per_week: 5,
  rate: 20000,
  copay: 0,
  absence_allowance: 31,
  ...o,
});

async function attend(student: string, dates: string[]) {
  if (!dates.length) return;
  await db()('attendances').insert(
    dates.map((d) => ({
      student_id: student,
      location_id: w.X,
      program_id: w.rooms.toddlers,
      date: d,
      start_time: db().raw(`(?::timestamp at time zone 'UTC')`, [`${d} 09:00`]),
      end_time: db().raw(`(?::timestamp at time zone 'UTC')`, [`${d} 15:00`]),
      check_in_method: 'staff',
    })),
  );
}
/** The weekdays (Mon = 0) of week k after `from` (a Monday). */
const week = (k: number, days: number[]) => days.map((d) => addDays(from, 7 * k + d));

beforeAll(async () => {
  h = await createHarness();
  w = await setupBilling(h, A());
  const tz = String((await db()('locations').where({ id: w.X }).first('timezone')).timezone);
  today = localParts(new Date(), tz).date;
  // `from`: the Monday five weeks back, so weeks 0..3 are full and past.
  const dow = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  from = addDays(today, -dow - 35);
  const kid = async (fname: string) =>
    String((await db()('students').insert({ fname, lname: 'Sub', location_id: w.X, program_id: w.rooms.toddlers }).returning('id'))[0].id);
  Object.assign(kids, { over: w.kids.ana, absent: w.kids.ben, expired: w.kids.parentKid });
  for (const k of ['notInvoiced', 'ending', 'shortPay', 'copayUnpaid', 'clean']) kids[k] = await kid(k);
  agency = (
    await ok(
      `mutation($l: ID!) { createAgency(location_id: $l, name: "County Child Care Assistance", email: "cca@example.test") { agency { id } } }`,
      {
        l: w.X,
      },
    )
  ).createAgency.agency.id;
});
afterAll(() => h?.close());

describe('agencies', () => {
  it('creates, lists, updates; a second agency with the same name is refused', async () => {
    const list = await ok(`query($l: ID) { getAgencies(location_id: $l) { id name students_count balance } }`, { l: w.X });
    expect(list.getAgencies).toEqual([{ id: agency, name: 'County Child Care Assistance', students_count: 0, balance: 0 }]);
    const dup = await w.q(
      `mutation($l: ID!) { createAgency(location_id: $l, name: "county child care assistance") { status } }`,
      { l: w.X },
      w.tokens.mgrX,
    );
    expect([code(dup), field(dup)]).toEqual(['NAME_TAKEN', 'name']);
    const up = await ok(`mutation($id: ID!) { updateAgency(id: $id, phone: "555-0100") { agency { phone name } } }`, { id: agency });
    expect(up.updateAgency.agency).toEqual({ phone: '555-0100', name: 'County Child Care Assistance' });
  });

  it('bad input names the field and writes nothing', async () => {
    const before = Number((await db()('agency_students').count({ n: '*' }).first())?.n);
    const cases: [Record<string, unknown>, string][] = [
      [auth(kids.clean!, { end_date: addDays(from, -31) }), 'students.0.end_date'],
      [auth(kids.clean!, { rate: -1 }), 'students.0.rate'],
      [auth(kids.clean!, { rate: 1000, copay: 1001 }), 'students.0.copay'],
      [auth(kids.clean!, { days_per_week: 8 }), 'students.0.days_per_week'],
      [auth(kids.clean!, { start_date: '2026-02-30' }), 'students.0.start_date'],
      [auth(kids.clean!, { authorization_number: ' ' }), 'students.0.authorization_number'],
      [auth(w.kids.yKid), 'students.0.student_id'],
    ];
    for (const [s, f] of cases) {
      const r = await w.q(AUTH, { id: agency, s: [s] }, w.tokens.mgrX);
      expect([code(r), field(r)], JSON.stringify(s)).toEqual(['BAD_USER_INPUT', f]);
    }
    const twice = await w.q(AUTH, { id: agency, s: [auth(kids.clean!), auth(kids.clean!)] }, w.tokens.mgrX);
    expect(field(twice)).toBe('students.1.student_id');
    expect(Number((await db()('agency_students').count({ n: '*' }).first())?.n)).toBe(before);
    const back = await w.q(RECON, { l: w.X, f: today, t: addDays(today, -1) }, w.tokens.mgrX);
    expect([code(back), field(back)]).toEqual(['BAD_USER_INPUT', 'to']);
    const noName = await w.q(`mutation($l: ID!) { createAgency(location_id: $l, name: "") { status } }`, { l: w.X }, w.tokens.mgrX);
    expect(field(noName)).toBe('name');
  });

  it('the agency part plus the family part is the plan amount; an agency short-pay stays owed', async () => {
    // weekly plans whose current period started 3 days ago (so it is due and past)
    const start = addDays(today, -3);
    for (const [k, amount] of [
      ['shortPay', 25000],
      ['copayUnpaid', 10000],
    ] as const)
      await ok(
        `mutation($s: ID!, $a: Cents!, $d: String!) { createBillingPlan(student_id: $s, name: "Weekly", amount: $a, period: "weekly", start_date: $d) { plan { id } } }`,
        { s: kids[k], a: amount, d: start },
      );
    // The authorisations first: the daily run itself issues each plan invoice and splits it.
    await ok(AUTH, {
      id: agency,
      s: [auth(kids.shortPay!, { rate: 20000, copay: 5000 }), auth(kids.copayUnpaid!, { rate: 8000, copay: 2000 })],
    });
    const run = await runDailyBilling(db(), new Date(), [w.X]);
    expect(run.agency_invoices).toBe(2);
    expect(run.invoices).toBeGreaterThanOrEqual(2);
    // a re-run (or the manual re-run of the same code) charges and moves nothing twice
    expect(await runDailyBilling(db(), new Date(), [w.X])).toEqual({ invoices: 0, agency_invoices: 0 });
    expect(
      (await ok(`mutation($id: ID!) { issueAgencyInvoices(id: $id) { invoices { id } } }`, { id: agency })).issueAgencyInvoices.invoices,
    ).toEqual([]);
    const next = await ok(
      `query($id: ID!) { getAgencyNextInvoices(id: $id) { student_id plan_amount agency_amount family_amount period_start } }`,
      { id: agency },
    );
    expect(next.getAgencyNextInvoices).toHaveLength(2);
    for (const n of next.getAgencyNextInvoices) {
      expect(n.agency_amount + n.family_amount).toBe(n.plan_amount);
      expect(n.period_start).toBe(addDays(start, 7));
    }
    expect(next.getAgencyNextInvoices.find((n: any) => n.student_id === kids.shortPay).agency_amount).toBe(15000);

    const issued = (
      await ok(`query($id: ID!) { getAgencyInvoices(id: $id) { data { id student_id total agency_id items { source { kind agency_id } } } } }`, {
        id: agency,
      })
    ).getAgencyInvoices.data;
    expect(issued).toHaveLength(2);
    const inv = (k: string) => issued.find((i: any) => i.student_id === kids[k]);
    expect(inv('shortPay').items[0].source).toEqual({ kind: 'subsidy', agency_id: agency });
    for (const [k, plan] of [
      ['shortPay', 25000],
      ['copayUnpaid', 10000],
    ] as const) {
      const fam = await ok(`query($s: ID!) { getInvoices(student_id: $s) { data { agency_id total balance } } }`, { s: kids[k] });
      const family = fam.getInvoices.data.find((i: any) => !i.agency_id);
      expect(family.balance + inv(k).total).toBe(plan);
    }
    // family pays its part of shortPay; the agency pays 12000 of 15000 and all of copayUnpaid's
    const famShort = (
      await ok(`query($s: ID!) { getInvoices(student_id: $s) { data { id agency_id balance } } }`, { s: kids.shortPay })
    ).getInvoices.data.find((i: any) => !i.agency_id);
    await ok(`mutation($s: ID!, $a: Cents!) { savePayment(student_id: $s, amount: $a, method: "cash") { payment { id } } }`, {
      s: kids.shortPay,
      a: famShort.balance,
    });
    const over = await w.q(
      `mutation($a: ID!) { saveAgencyPayment(agency_id: $a, amount: 99999999, method: "check") { status } }`,
      { a: agency },
      w.tokens.mgrX,
    );
    expect([code(over), field(over)]).toEqual(['BAD_USER_INPUT', 'amount']);
    await ok(
      `mutation($a: ID!, $i: [ID!]) { saveAgencyPayment(agency_id: $a, amount: 12000, method: "check", invoice_ids: $i) { payments { agency_id amount } } }`,
      {
        a: agency,
        i: [inv('shortPay').id],
      },
    );
    await ok(
      `mutation($a: ID!, $i: [ID!]) { saveAgencyPayment(agency_id: $a, amount: 6000, method: "ach", invoice_ids: $i) { payments { id } } }`,
      {
        a: agency,
        i: [inv('copayUnpaid').id],
      },
    );
    // the family's own payments never fill an agency invoice
    const a = await ok(`query($id: ID!) { getAgency(id: $id) { balance } getAgencyPayments(id: $id) { data { amount agency_id } } }`, {
      id: agency,
    });
    expect(a.getAgency.balance).toBe(3000);
    expect(a.getAgencyPayments.data.map((p: any) => p.amount).sort()).toEqual([12000, 6000].sort());

    // Agency debt is not the family's: shortPay's family paid its part (the agency still owes 3000),
    // copayUnpaid's family owes its co-pay part only.
    const account = async (k: string) =>
      (
        await ok(`query($s: ID!) { getAccountDetails(student_id: $s) { balance open_invoices transactions { invoice_id amount } } }`, {
          s: kids[k],
        })
      ).getAccountDetails;
    const short = await account('shortPay');
    expect([short.balance, short.open_invoices]).toEqual([0, 0]);
    expect(short.transactions.some((t: any) => t.invoice_id === inv('shortPay').id)).toBe(false);
    const copay = await account('copayUnpaid');
    expect([copay.balance, copay.open_invoices]).toEqual([4000, 4000]);
    const famInv = (
      await ok(`query($s: ID!) { getInvoices(student_id: $s) { data { agency_id total agency_part balance payers { amount } } } }`, {
        s: kids.copayUnpaid,
      })
    ).getInvoices.data;
    expect(famInv.find((i: any) => !i.agency_id)).toMatchObject({ total: 10000, agency_part: 6000, balance: 4000 });
    expect(famInv.find((i: any) => i.agency_id)).toMatchObject({ total: 6000, agency_part: 0, balance: 0 });
    // the overview: families' outstanding without the agency's; together with credit they are the ledger
    const o = (
      await ok(`query($l: ID!) { getBillingOverviewDetails(location_id: $l, filter: "all") { outstanding agency_outstanding credit balance } }`, {
        l: w.X,
      })
    ).getBillingOverviewDetails;
    const sum = async (where: string) =>
      Number((await db().raw(`select coalesce(sum(g.amount), 0)::bigint as s from billing_ledger g left join invoices i on i.id = g.invoice_id where g.location_id = ? and ${where}`, [w.X])).rows[0].s);
    expect(o.agency_outstanding).toBe(await sum('i.agency_id is not null'));
    expect(o.agency_outstanding).toBeGreaterThanOrEqual(3000);
    expect(o.outstanding).toBe(await sum('g.invoice_id is not null and i.agency_id is null'));
    expect(o.balance).toBe(await sum('true'));
    expect(o.outstanding + o.agency_outstanding - o.credit).toBe(o.balance);
  });

  it('finds each planted discrepancy exactly once, with the money at risk and a fix', async () => {
    await ok(AUTH, {
      id: agency,
      s: [
        // 3 days in week 1 on a 2-day authorisation: one extra day
        auth(kids.over!, { days_per_week: 2, rate: 20000 }),
        // 3 days a week, week 2 missed entirely: 3 absences on an allowance of 1
        auth(kids.absent!, { days_per_week: 3, absence_allowance: 1 }),
        // expired after week 1; attends 2 days in week 2
        auth(kids.expired!, { days_per_week: 2, end_date: addDays(from, 13) }),
        // co-pay of $40 a week, never invoiced
        auth(kids.notInvoiced!, { days_per_week: 1, copay: 4000, absence_allowance: 10 }),
        // ends in 10 days
        auth(kids.ending!, { end_date: addDays(today, 10) }),
        auth(kids.clean!, { days_per_week: 2 }),
      ],
    });
    for (let k = 0; k < 5; k++) {
      await attend(kids.over!, week(k, k === 1 ? [0, 1, 2] : [0, 1]));
      if (k !== 2) await attend(kids.absent!, week(k, [0, 1, 2]));
      await attend(
        kids.expired!,
        week(k, [0, 1]).filter((d) => d < today),
      );
      await attend(
        kids.notInvoiced!,
        week(k, [3]).filter((d) => d < today),
      );
      await attend(
        kids.clean!,
        week(k, [0, 2]).filter((d) => d < today),
      );
    }
    const r = await ok(RECON, { l: w.X, f: from, t: today });
    const rows = r.getSubsidyReconciliation.rows as { kind: string; student_id: string; amount_at_risk: number; fix: string }[];
    const found = rows.map((x) => `${x.kind}:${Object.keys(kids).find((k) => kids[k] === x.student_id)}`).sort();
    expect(found).toEqual(
      [
        'over_authorized:over',
        'absences_over_allowance:absent',
        'authorization_expired:expired',
        'copay_not_invoiced:notInvoiced',
        'authorization_ending:ending',
        'agency_short_pay:shortPay',
        'copay_unpaid:copayUnpaid',
      ].sort(),
    );
    const at = (kind: string) => rows.find((x) => x.kind === kind)!.amount_at_risk;
    expect(at('over_authorized')).toBe(10000); // one day at $200 / 2 a week
    expect(at('absences_over_allowance')).toBe(2 * Math.round(20000 / 3));
    // every day attended after the end (weeks 2 on) at $200 / 2 a week
    const after = [2, 3, 4].flatMap((k) => week(k, [0, 1])).filter((d) => d < today && d > addDays(from, 13)).length;
    expect(at('authorization_expired')).toBe(after * 10000);
    expect(at('agency_short_pay')).toBe(3000);
    expect(at('copay_unpaid')).toBe(4000);
    for (const x of rows) expect(x.fix.length).toBeGreaterThan(10);
    expect(r.getSubsidyReconciliation.total_at_risk).toBe(rows.reduce((s, x) => s + x.amount_at_risk, 0));
    // the agency filter keeps the same rows; an agency of no child there finds nothing
    expect((await ok(RECON, { l: w.X, f: from, t: today, a: agency })).getSubsidyReconciliation.rows).toHaveLength(rows.length);
  });

  it('removes a child from the agency', async () => {
    await ok(`mutation($s: ID!, $a: ID!) { removeAgencyStudent(student_id: $s, agency_id: $a) { status } }`, { s: kids.clean, a: agency });
    const list = await ok(`query($id: ID!) { getAgencyStudentList(id: $id) { student_id } }`, { id: agency });
    expect(list.getAgencyStudentList.map((x: any) => x.student_id)).not.toContain(kids.clean);
    const again = await w.q(
      `mutation($s: ID!, $a: ID!) { removeAgencyStudent(student_id: $s, agency_id: $a) { status } }`,
      { s: kids.clean, a: agency },
      w.tokens.mgrX,
    );
    expect(field(again)).toBe('student_id');
  });
});

describe('access', () => {
  const docs = (): [string, Record<string, unknown>][] => [
    [`query($id: ID!) { getAgency(id: $id) { id } }`, { id: agency }],
    [`query($id: ID!) { getAgencyStudentList(id: $id) { id } }`, { id: agency }],
    [`query($id: ID!) { getAgencyNextInvoices(id: $id) { plan_id } }`, { id: agency }],
    [`query($id: ID!) { getAgencyInvoices(id: $id) { data { id } } }`, { id: agency }],
    [`query($id: ID!) { getAgencyPayments(id: $id) { data { id } } }`, { id: agency }],
    [RECON, { l: w.X, f: from, t: today }],
    [`mutation($id: ID!) { updateAgency(id: $id, name: "Hijack") { status } }`, { id: agency }],
    [AUTH, { id: agency, s: [auth(kids.clean!)] }],
    [`mutation($s: ID!, $a: ID!) { removeAgencyStudent(student_id: $s, agency_id: $a) { status } }`, { s: kids.over, a: agency }],
    [`mutation($id: ID!) { issueAgencyInvoices(id: $id) { status } }`, { id: agency }],
    [`mutation($a: ID!) { saveAgencyPayment(agency_id: $a, amount: 100, method: "cash") { status } }`, { a: agency }],
    [`mutation($id: ID!) { deleteAgency(id: $id) { status } }`, { id: agency }],
  ];

  it('other location’s manager: NOT_FOUND; teacher, parent, blog and a manager without billing.manage: FORBIDDEN', async () => {
    const before = await db()('agency_students').count({ n: '*' }).first();
    for (const [doc, vars] of docs()) {
      expect(code(await w.q(doc, vars, w.tokens.mgrY)), doc).toBe('NOT_FOUND');
      for (const t of [w.tokens.teacher, w.tokens.parent, w.tokens.blog]) expect(code(await w.q(doc, vars, t)), doc).toBe('FORBIDDEN');
    }
    const mine = await ok(`query { getAgencies { id } }`, {}, w.tokens.mgrY);
    expect(mine.getAgencies).toEqual([]);
    await db().raw(
      `delete from role_permissions where role_id = (select id from roles where name = 'manager') and permission_id = (select id from permissions where name = 'billing.manage')`,
    );
    try {
      for (const [doc, vars] of docs()) expect(code(await w.q(doc, vars, w.tokens.mgrX)), doc).toBe('FORBIDDEN');
    } finally {
      await db().raw(
        `insert into role_permissions (role_id, permission_id) select r.id, p.id from roles r, permissions p where r.name = 'manager' and p.name = 'billing.manage'`,
      );
    }
    expect(await db()('agency_students').count({ n: '*' }).first()).toEqual(before);
    expect((await db()('agencies').where({ id: agency }).first('name')).name).toBe('County Child Care Assistance');
  });

  it('other centre: the agency is not found on B, and A’s token is refused there', async () => {
    const B = h.centres[1]!;
    await seedUser(B, { username: 'agowner', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'agowner')).token;
    for (const [doc, vars] of docs().slice(0, 6)) {
      expect(code(await query(h, B)(doc, vars, tb)), doc).toBe('NOT_FOUND');
      expect((await query(h, B)(doc, vars, w.tokens.mgrX)).statusCode, doc).toBe(401);
    }
  });
});
