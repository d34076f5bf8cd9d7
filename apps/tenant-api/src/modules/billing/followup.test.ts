import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, formatMoney, localParts, splitByLargestRemainder } from '@kv/shared';
import { createHarness, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { messages, q as query } from '../attendance/test-fixtures.ts';
import { countQueries } from '../students/test-fixtures.ts';
import { setupBilling, type BillingSetup } from './test-fixtures.ts';

/**
 * The billing follow-up: the overview, the five reports (totals equal sums of the ledger, the
 * same number of statements whatever the data), and the unpaid reminder (once a child and day).
 */
let h: Harness;
let w: BillingSetup;
const A = () => h.centres[0]!;
const TZ = 'America/Chicago';
const today = () => localParts(new Date(), TZ).date;
const db = () => A().db.db;

const ADD = `mutation($s: ID!, $a: Cents!) { addNewItemToInvoice(student_id: $s, item: { name: "Fee", original_amount: $a }) { invoice { id } } }`;
const PAY = `mutation($s: ID!, $a: Cents!) { savePayment(student_id: $s, amount: $a, method: "cash") { payment { id } } }`;
const OVERVIEW = `query($l: ID!, $f: String) { getBillingOverviewDetails(location_id: $l, filter: $f) {
  location_id filter date period_start period_end outstanding credit balance open_invoices students_owing
  overdue overdue_invoices overdue_students overdue_by_age { label min_days max_days amount invoices students }
  collected payments failed_autopay failed_autopay_amount } }`;
const REMIND = `mutation($s: ID!) { sendUnpaidReminder(student_id: $s) { status message id } }`;
const CSV = 'csv { filename content_type content rows }';
const BALANCE = `query($l: ID!, $f: String!, $t: String!, $p: Int, $n: Int, $csv: Boolean) {
  getBalanceReport(location_id: $l, from: $f, to: $t, page: $p, first: $n, csv: $csv) {
    data { student_id student_name opening charges payments adjustments closing } paginatorInfo { total currentPage lastPage }
    totals { opening charges payments adjustments closing } ${CSV} } }`;
const TRANSACTIONS = `query($l: ID!, $f: String!, $t: String!, $k: String, $s: ID, $csv: Boolean) {
  getTransactionReport(location_id: $l, from: $f, to: $t, kind: $k, student_id: $s, csv: $csv) {
    data { id kind amount student_id } paginatorInfo { total } totals { amount } ${CSV} } }`;
const INVOICES = `query($l: ID!, $f: String!, $t: String!, $st: String, $csv: Boolean) {
  getInvoiceReport(location_id: $l, from: $f, to: $t, status: $st, csv: $csv) {
    data { id status total paid balance } paginatorInfo { total } totals { total paid balance } ${CSV} } }`;
const PAYMENTS = `query($l: ID!, $f: String!, $t: String!, $m: String, $csv: Boolean) {
  getPaymentReport(location_id: $l, from: $f, to: $t, method: $m, csv: $csv) {
    data { id amount applied unapplied refunded net } paginatorInfo { total } totals { amount applied unapplied refunded net } ${CSV} } }`;
const SUMMARY = `query($l: ID!, $f: String!, $t: String!, $csv: Boolean) {
  getBillingSummaryReport(location_id: $l, from: $f, to: $t, csv: $csv) {
    data { kind category entries amount } paginatorInfo { total } totals { entries amount } ${CSV} } }`;

async function ok(doc: string, vars: Record<string, unknown>, token = w.tokens.mgrX) {
  const r = await w.q(doc, vars, token);
  if (!r.data || r.errors) throw new Error(r.body);
  return r.data as Record<string, any>;
}
const charge = async (s: string, cents: number) => String((await ok(ADD, { s, a: cents })).addNewItemToInvoice.invoice.id);
const pay = async (s: string, cents: number) => String((await ok(PAY, { s, a: cents })).savePayment.payment.id);

async function sum(where: string, bindings: string[] = []): Promise<number> {
  const { rows } = await db().raw(`select coalesce(sum(amount), 0) as s from billing_ledger where location_id = ? and ${where}`, [
    w.X,
    ...bindings,
  ]);
  return Number(rows[0].s);
}

beforeAll(async () => {
  h = await createHarness();
  w = await setupBilling(h, A());
  await db()('locations').update({ timezone: TZ });
});
afterAll(async () => {
  await h?.close();
});

describe('getBillingOverviewDetails', () => {
  it('outstanding, overdue by age, collected and failed autopay are sums of the ledger', async () => {
    const t = today();
    // Four invoices overdue 12, 40, 75 and 100 days (one per bucket), one not yet due.
    const ages = [12, 40, 75, 100];
    const ids = [] as string[];
    for (const [i, age] of ages.entries()) {
      const id = await charge(i % 2 ? w.kids.ben : w.kids.ana, 10000 * (i + 1));
      await db()('invoices')
        .where({ id })
        .update({ due_date: addDays(t, -age), date: addDays(t, -age - 7) });
      ids.push(id);
    }
    const current = await charge(w.kids.parentKid, 5000);
    await db()('invoices')
      .where({ id: current })
      .update({ due_date: addDays(t, 5) });
    // Ben's 40-day invoice half paid; a payment with no invoice left as credit.
    await ok(`mutation($s: ID!, $i: [ID!]) { savePayment(student_id: $s, amount: 10000, method: "check", invoice_ids: $i) { status } }`, {
      s: w.kids.ben,
      i: [ids[1]],
    });
    await pay(w.kids.parentKid, 7000); // 5000 on its invoice, 2000 credit
    const o = (await ok(OVERVIEW, { l: w.X, f: 'month' })).getBillingOverviewDetails;
    expect(o).toMatchObject({ location_id: w.X, filter: 'month', date: t, period_end: t, period_start: `${t.slice(0, 8)}01` });
    expect(o.outstanding).toBe(await sum('invoice_id is not null'));
    expect(o.credit).toBe(-(await sum('invoice_id is null')));
    expect(o.balance).toBe(await sum('true'));
    expect(o.outstanding).toBe(10000 + 10000 + 30000 + 40000);
    expect(o.credit).toBe(2000);
    expect(o.open_invoices).toBe(4);
    expect(o.students_owing).toBe(2);
    expect(o.overdue).toBe(90000);
    expect(o.overdue_invoices).toBe(4);
    expect(o.overdue_by_age).toEqual([
      { label: '1-30', min_days: 1, max_days: 30, amount: 10000, invoices: 1, students: 1 },
      { label: '31-60', min_days: 31, max_days: 60, amount: 10000, invoices: 1, students: 1 },
      { label: '61-90', min_days: 61, max_days: 90, amount: 30000, invoices: 1, students: 1 },
      { label: '90+', min_days: 91, max_days: null, amount: 40000, invoices: 1, students: 1 },
    ]);
    expect(o.overdue_by_age.reduce((s: number, b: { amount: number }) => s + b.amount, 0)).toBe(o.overdue);
    expect(o.collected).toBe(17000);
    expect(o.collected).toBe(-(await sum(`payment_id is not null and kind in ('payment', 'refund', 'payment_void')`)));
    expect(o.payments).toBe(2);
    expect(o.failed_autopay).toBe(0);
    expect(o.failed_autopay_amount).toBe(0);
    // a refund lowers what was collected; `all` has no start
    const pid = await pay(w.kids.ana, 500);
    await ok(`mutation($id: ID!) { refundPayment(id: $id, amount: 200) { status } }`, { id: pid });
    const all = (await ok(OVERVIEW, { l: w.X, f: 'all' })).getBillingOverviewDetails;
    expect(all.period_start).toBeNull();
    expect(all.collected).toBe(17300);
    expect(all.balance).toBe(await sum('true'));
    // the other location has none of it
    const y = (await ok(OVERVIEW, { l: w.Y }, w.tokens.owner)).getBillingOverviewDetails;
    expect(y).toMatchObject({ filter: 'month', outstanding: 0, overdue: 0, collected: 0, balance: 0 });
  });

  it('reads the same number of statements with 1 or 30 more invoices', async () => {
    const run = () => w.q(OVERVIEW, { l: w.X, f: 'year' }, w.tokens.mgrX);
    const before = await countQueries(h, A(), run);
    for (let i = 0; i < 30; i++) await charge(i % 2 ? w.kids.ana : w.kids.ben, 100 + i);
    expect(await countQueries(h, A(), run)).toBe(before);
    const report = () => w.q(BALANCE, { l: w.X, f: addDays(today(), -3), t: today(), csv: true }, w.tokens.mgrX);
    const r1 = await countQueries(h, A(), report);
    await pay(w.kids.parentKid, 300);
    expect(await countQueries(h, A(), report)).toBe(r1);
  });

  it('bad input is a typed error naming the field', async () => {
    const bad = await w.q(OVERVIEW, { l: w.X, f: 'decade' }, w.tokens.mgrX);
    expect([code(bad), field(bad)]).toEqual(['BAD_USER_INPUT', 'filter']);
    const badId = await w.q(OVERVIEW, { l: 'x1' }, w.tokens.mgrX);
    expect([code(badId), field(badId)]).toEqual(['BAD_USER_INPUT', 'location_id']);
  });
});

describe('the reports', () => {
  it('each total equals the sum of the ledger, on any mix of charges, payments, voids and refunds (fast-check)', async () => {
    const kids = [w.kids.ana, w.kids.ben, w.kids.parentKid];
    const op = fc.oneof(
      fc.record({ t: fc.constant('charge' as const), k: fc.nat(2), a: fc.integer({ min: 1, max: 250_000 }) }),
      fc.record({ t: fc.constant('pay' as const), k: fc.nat(2), a: fc.integer({ min: 1, max: 250_000 }) }),
      fc.record({ t: fc.constant('void' as const), k: fc.nat(2), a: fc.constant(0) }),
      fc.record({ t: fc.constant('refund' as const), k: fc.nat(2), a: fc.integer({ min: 1, max: 1000 }) }),
    );
    const from = addDays(today(), -30);
    const to = today();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const o of ops) {
          const s = kids[o.k]!;
          if (o.t === 'charge') await charge(s, o.a);
          else if (o.t === 'pay') await pay(s, o.a);
          else if (o.t === 'void') {
            const inv = await db()('invoices').where({ student_id: s, status: 'open' }).orderBy('id', 'desc').first('id');
            if (inv) await w.q(`mutation($id: ID!) { voidInvoice(id: $id, reason: "Test") { status } }`, { id: inv.id }, w.tokens.mgrX);
          } else {
            const p = await db()('payments')
              .where({ student_id: s, status: 'active' })
              .where('amount', '>=', 1000)
              .orderBy('id', 'desc')
              .first('id');
            if (p)
              await w.q(
                `mutation($id: ID!, $a: Cents!) { refundPayment(id: $id, amount: $a) { status } }`,
                { id: p.id, a: o.a },
                w.tokens.mgrX,
              );
          }
        }
        const all = await sum('true');
        const bal = (await ok(BALANCE, { l: w.X, f: from, t: to, n: 100 })).getBalanceReport;
        expect(bal.totals.closing).toBe(all);
        expect(bal.totals.opening + bal.totals.charges - bal.totals.payments + bal.totals.adjustments).toBe(bal.totals.closing);
        for (const r of bal.data) {
          const { rows } = await db().raw('select coalesce(sum(amount), 0) as s from billing_ledger where student_id = ?', [r.student_id]);
          expect(r.closing).toBe(Number(rows[0].s));
          expect(r.opening + r.charges - r.payments + r.adjustments).toBe(r.closing);
        }
        expect(bal.totals.charges).toBe(await sum(`kind = 'charge'`));
        // Tomorrow's balance report: everything is opening, nothing happened in the period.
        const later = (await ok(BALANCE, { l: w.X, f: addDays(to, 1), t: addDays(to, 1) })).getBalanceReport;
        expect(later.totals).toMatchObject({ opening: all, closing: all, charges: 0, payments: 0, adjustments: 0 });
        const tr = (await ok(TRANSACTIONS, { l: w.X, f: from, t: to })).getTransactionReport;
        expect(tr.totals.amount).toBe(all);
        expect(tr.paginatorInfo.total).toBe(
          Number((await db()('billing_ledger').where({ location_id: w.X }).count({ n: '*' }).first())!.n),
        );
        const sm = (await ok(SUMMARY, { l: w.X, f: from, t: to })).getBillingSummaryReport;
        expect(sm.totals.amount).toBe(all);
        expect(sm.totals.entries).toBe(tr.paginatorInfo.total);
        const inv = (await ok(INVOICES, { l: w.X, f: addDays(to, -400), t: to })).getInvoiceReport;
        expect(inv.totals.balance).toBe(await sum('invoice_id is not null'));
        expect(inv.totals.paid).toBe(-(await sum('invoice_id is not null and payment_id is not null')));
        const pr = (await ok(PAYMENTS, { l: w.X, f: from, t: to })).getPaymentReport;
        expect(pr.totals.net).toBe(-(await sum('payment_id is not null')));
        expect(pr.totals.applied + pr.totals.unapplied).toBe(pr.totals.net);
        const { rows } = await db().raw(`select coalesce(sum(amount), 0) as s from payments where location_id = ?`, [w.X]);
        expect(pr.totals.amount).toBe(Number(rows[0].s));
        // Every invoice's running balance is the sum of its ledger entries; the overview adds them up.
        const drift = await db().raw(
          `select i.id from invoices i left join (select invoice_id, sum(amount) as s from billing_ledger group by invoice_id) g on g.invoice_id = i.id
            where i.balance <> coalesce(g.s, 0)`,
        );
        expect(drift.rows).toEqual([]);
        const o = (await ok(OVERVIEW, { l: w.X, f: 'all' })).getBillingOverviewDetails;
        expect(o.outstanding).toBe(await sum('invoice_id is not null'));
        expect(o.balance).toBe(all);
      }),
      { numRuns: 6 },
    );
  });

  it('page and filter; CSV has every row and a total line, in dollars', async () => {
    const from = addDays(today(), -30);
    const p1 = (await ok(BALANCE, { l: w.X, f: from, t: today(), n: 2, p: 1 })).getBalanceReport;
    const p2 = (await ok(BALANCE, { l: w.X, f: from, t: today(), n: 2, p: 2 })).getBalanceReport;
    expect(p1.paginatorInfo).toMatchObject({ total: 3, lastPage: 2, currentPage: 1 });
    expect(p1.data).toHaveLength(2);
    expect(p2.data).toHaveLength(1);
    expect(p1.csv).toBeNull();
    expect(new Set([...p1.data, ...p2.data].map((r: { student_id: string }) => r.student_id)).size).toBe(3);
    const withCsv = (await ok(BALANCE, { l: w.X, f: from, t: today(), n: 1, csv: true })).getBalanceReport;
    expect(withCsv.csv).toMatchObject({
      rows: 3,
      content_type: 'text/csv; charset=utf-8',
      filename: `balance-report_${from}_${today()}.csv`,
    });
    const lines = withCsv.csv.content.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Student,Opening balance,Charges,Payments,Adjustments,Closing balance');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe(
      `Total,${withCsv.totals.opening / 100},${withCsv.totals.charges / 100},${withCsv.totals.payments / 100},${withCsv.totals.adjustments / 100},${withCsv.totals.closing / 100}`,
    );
    const charges = (await ok(TRANSACTIONS, { l: w.X, f: from, t: today(), k: 'charge', s: w.kids.ana })).getTransactionReport;
    expect(charges.data.every((r: { kind: string; student_id: string }) => r.kind === 'charge' && r.student_id === w.kids.ana)).toBe(true);
    expect(charges.totals.amount).toBe(await sum(`kind = 'charge' and student_id = ?`, [w.kids.ana]));
    const voided = (await ok(INVOICES, { l: w.X, f: addDays(today(), -400), t: today(), st: 'void' })).getInvoiceReport;
    expect(voided.data.every((r: { status: string; balance: number }) => r.status === 'void' && r.balance === 0)).toBe(true);
    const checks = (await ok(PAYMENTS, { l: w.X, f: from, t: today(), m: 'check', csv: true })).getPaymentReport;
    expect(checks.paginatorInfo.total).toBe(1);
    expect(checks.csv.content.split('\r\n')[0]).toBe('Payment,Date,Student,Method,Reference,Status,Amount,Applied,Credit,Refunded,Net');
    const sm = (await ok(SUMMARY, { l: w.X, f: from, t: today(), csv: true })).getBillingSummaryReport;
    expect(sm.csv.rows).toBe(sm.paginatorInfo.total);
  });

  it('bad input is a typed error naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [BALANCE, { l: w.X, f: '2026-02-30', t: '2026-03-01' }, 'from'],
      [BALANCE, { l: w.X, f: '2026-03-02', t: '2026-03-01' }, 'to'],
      [BALANCE, { l: w.X, f: '2020-01-01', t: '2026-03-01' }, 'to'],
      [BALANCE, { l: w.X, f: '2026-03-01', t: '2026-03-02', p: 0 }, 'page'],
      [TRANSACTIONS, { l: w.X, f: '2026-03-01', t: '2026-03-02', k: 'gift' }, 'kind'],
      [TRANSACTIONS, { l: w.X, f: '2026-03-01', t: '2026-03-02', s: 'nope' }, 'student_id'],
      [INVOICES, { l: w.X, f: '2026-03-01', t: '2026-03-02', st: 'lost' }, 'status'],
      [PAYMENTS, { l: w.X, f: '2026-03-01', t: '2026-03-02', m: 'gold' }, 'method'],
      [SUMMARY, { l: w.X, f: 'yesterday', t: '2026-03-02' }, 'from'],
    ];
    for (const [doc, vars, name] of cases) {
      const r = await w.q(doc, vars, w.tokens.mgrX);
      expect([code(r), field(r)], JSON.stringify(vars)).toEqual(['BAD_USER_INPUT', name]);
    }
  });
});

describe('access', () => {
  const docs = () => {
    const v = { l: w.X, f: addDays(today(), -7), t: today() };
    return [
      [OVERVIEW, { l: w.X }],
      [BALANCE, v],
      [TRANSACTIONS, v],
      [INVOICES, v],
      [PAYMENTS, v],
      [SUMMARY, v],
      [REMIND, { s: w.kids.ana }],
    ] as [string, Record<string, unknown>][];
  };

  it('other location’s manager: NOT_FOUND; teacher, parent, blog and a manager without billing.manage: FORBIDDEN', async () => {
    const sent = (await messages(A(), 'billing-unpaid-reminder')).length;
    for (const [doc, vars] of docs()) {
      expect(code(await w.q(doc, vars, w.tokens.mgrY)), doc).toBe('NOT_FOUND');
      for (const t of [w.tokens.teacher, w.tokens.parent, w.tokens.blog]) expect(code(await w.q(doc, vars, t)), doc).toBe('FORBIDDEN');
    }
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
    // the own location's manager and the owner reach them
    for (const [doc, vars] of docs().slice(0, 6)) {
      expect((await w.q(doc, vars, w.tokens.mgrX)).errors, doc).toBeUndefined();
      expect((await w.q(doc, vars, w.tokens.owner)).errors, doc).toBeUndefined();
    }
    expect((await messages(A(), 'billing-unpaid-reminder')).length).toBe(sent);
    expect(await db()('billing_unpaid_reminders').count({ n: '*' }).first()).toMatchObject({ n: '0' });
  });

  it('other centre: A’s location and child are not found on B, and A’s token is refused there', async () => {
    const B = h.centres[1]!;
    await seedUser(B, { username: 'fuowner', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'fuowner')).token;
    for (const [doc, vars] of docs()) {
      expect(code(await query(h, B)(doc, vars, tb)), doc).toBe('NOT_FOUND');
      expect((await query(h, B)(doc, vars, w.tokens.mgrX)).statusCode, doc).toBe(401);
    }
  });
});

describe('sendUnpaidReminder', () => {
  it('mails each payer their part of what is owed, once a child and local day', async () => {
    await charge(w.kids.ben, 12345);
    const { rows } = await db().raw(
      `select coalesce(sum(g.amount), 0) as s from billing_ledger g join invoices i on i.id = g.invoice_id where i.student_id = ? and i.status = 'open'`,
      [w.kids.ben],
    );
    const owed = Number(rows[0].s);
    expect(owed).toBeGreaterThan(0);
    // dad pays too, 25 %, and reads Spanish; a reminder sent yesterday does not count today
    await db()('student_users').where({ student_id: w.kids.ben, user_id: w.family.dad }).update({ is_payer: true });
    await db()('users').where({ id: w.family.dad }).update({ locale: 'es' });
    await ok(`mutation($s: ID!, $sh: [PayerShareInput!]!) { saveStudentPayerShares(student_id: $s, shares: $sh) { status } }`, {
      s: w.kids.ben,
      sh: [
        { user_id: w.family.mum, share_type: 'percent', value: 75 },
        { user_id: w.family.dad, share_type: 'percent', value: 25 },
      ],
    });
    await db()('billing_unpaid_reminders').insert({
      student_id: w.kids.ben,
      location_id: w.X,
      local_date: addDays(today(), -1),
      amount: 1,
      recipients: 1,
    });
    const before = (await messages(A(), 'billing-unpaid-reminder')).length;
    // five managers' clicks at once: one reminder
    const runs = await Promise.all(Array.from({ length: 5 }, () => w.q(REMIND, { s: w.kids.ben }, w.tokens.mgrX)));
    expect(runs.filter((r) => r.data?.sendUnpaidReminder?.status === true)).toHaveLength(1);
    for (const r of runs.filter((x) => x.errors)) expect([code(r), field(r)]).toEqual(['REMINDER_ALREADY_SENT', 'student_id']);
    const sent = (await messages(A(), 'billing-unpaid-reminder')).slice(before);
    expect(sent).toHaveLength(2);
    const mum = sent.find((m) => m.user_id === w.family.mum)!;
    const dad = sent.find((m) => m.user_id === w.family.dad)!;
    // payers in name order (dad, mum), as the invoice's payer parts split
    const [dadPart, mumPart] = splitByLargestRemainder(owed, [2500, 7500]) as [number, number];
    expect(mum.recipient).toBe('mum@example.test');
    expect(mum.subject).toContain('Ben Kid');
    expect(mum.body_text).toContain(formatMoney(owed / 100));
    expect(mum.body_text).toContain(`Your part is ${formatMoney(mumPart / 100)}`);
    expect(dad.body_text).toContain(`Tu parte es ${formatMoney(dadPart / 100)}`);
    const row = await db()('billing_unpaid_reminders').where({ student_id: w.kids.ben, local_date: today() }).first();
    expect(row).toMatchObject({ amount: String(owed), recipients: 2, sent_by: w.ids.mgrX });
    expect(await db()('audit_log').where({ action: 'billing.unpaid_reminder', entity_id: w.kids.ben }).first()).toBeDefined();
    // the second call the same day: typed, nothing queued
    const again = await w.q(REMIND, { s: w.kids.ben }, w.tokens.owner);
    expect([code(again), field(again)]).toEqual(['REMINDER_ALREADY_SENT', 'student_id']);
    expect((await messages(A(), 'billing-unpaid-reminder')).length).toBe(before + 2);
  });

  it('refuses a child who owes nothing, one with no payer to mail, and a bad id, naming the field; nothing written', async () => {
    const count = async () => Number((await db()('billing_unpaid_reminders').count({ n: '*' }).first())!.n);
    const n = await count();
    const sent = (await messages(A(), 'billing-unpaid-reminder')).length;
    // settle the parent's child
    const { rows } = await db().raw(
      `select coalesce(sum(g.amount), 0) as s from billing_ledger g join invoices i on i.id = g.invoice_id where i.student_id = ? and i.status = 'open'`,
      [w.kids.parentKid],
    );
    if (Number(rows[0].s) > 0) await pay(w.kids.parentKid, Number(rows[0].s));
    const nothing = await w.q(REMIND, { s: w.kids.parentKid }, w.tokens.mgrX);
    expect([code(nothing), field(nothing)]).toEqual(['NOTHING_OWED', 'student_id']);
    // Ana owes, but her only payer has no usable address
    await charge(w.kids.ana, 1234);
    await db()('users').where({ id: w.family.mum }).update({ email: 'temp12345@sysgen.invalid' });
    try {
      const none = await w.q(REMIND, { s: w.kids.ana }, w.tokens.mgrX);
      expect([code(none), field(none)]).toEqual(['NO_PAYER', 'student_id']);
    } finally {
      await db()('users').where({ id: w.family.mum }).update({ email: 'mum@example.test' });
    }
    const bad = await w.q(REMIND, { s: 'abc' }, w.tokens.mgrX);
    expect([code(bad), field(bad)]).toEqual(['BAD_USER_INPUT', 'student_id']);
    expect(await count()).toBe(n);
    expect((await messages(A(), 'billing-unpaid-reminder')).length).toBe(sent);
  });
});
