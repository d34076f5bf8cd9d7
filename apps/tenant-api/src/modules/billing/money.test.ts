import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { addDays, localParts } from '@kv/shared';
import { createHarness, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { contextFor, poolFor, q as query } from '../attendance/test-fixtures.ts';
import { INVOICE_FIELDS, ledgerSum, setupBilling, type BillingSetup } from './test-fixtures.ts';
import { issueDueInvoices } from './repo/invoices.ts';
import { runBillingJob } from './jobs.ts';
import * as invoices from './service/invoices.ts';
import * as payments from './service/payments.ts';
import { creditsOf, studentBalance } from './repo/ledger.ts';
import { openInvoices } from './repo/invoices.ts';

let h: Harness;
let w: BillingSetup;
let pool: Knex;
const A = () => h.centres[0]!;
const TZ = 'America/Chicago';
const today = () => localParts(new Date(), TZ).date;
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await A().db.db(table).where(where).count({ n: '*' }).first())?.n ?? 0);

const ADD = `mutation($id: ID, $s: ID, $item: InvoiceItemInput!) { addNewItemToInvoice(id: $id, student_id: $s, item: $item) { status invoice { ${INVOICE_FIELDS} } } }`;
const PAY = `mutation($s: ID!, $a: Cents!, $m: String!, $inv: [ID!], $u: ID) { savePayment(student_id: $s, amount: $a, method: $m, invoice_ids: $inv, user_id: $u) {
  payment { id amount applied unapplied refunded status applications { invoice_id amount } } } }`;

async function charge(studentId: string, cents: number, name = 'Fee') {
  const r = await w.q(ADD, { s: studentId, item: { name, original_amount: cents } }, w.tokens.mgrX);
  if (!r.data) throw new Error(r.body);
  return r.data.addNewItemToInvoice.invoice;
}

beforeAll(async () => {
  h = await createHarness();
  w = await setupBilling(h, A());
  pool = poolFor(A(), 12);
});
afterAll(async () => {
  await pool?.destroy();
  await h?.close();
});

describe('the invoice run', () => {
  it('issues each active plan’s invoice of the current period once, however often and concurrently it runs', async () => {
    const db = A().db.db;
    const start = addDays(today(), -40);
    const mk = async (studentId: string, extra: Record<string, unknown> = {}) =>
      String(
        (
          await db('billing_plans')
            .insert({
              student_id: studentId,
              location_id: w.X,
              name: 'Tuition',
              amount: 100000,
              period: 'monthly',
              start_date: start,
              ...extra,
            })
            .returning('id')
        )[0].id,
      );
    const active = await mk(w.kids.ben);
    const weekly = await mk(w.kids.parentKid, { period: 'weekly', amount: 25000 });
    const paused = await mk(w.kids.ana, { paused_from: addDays(today(), -60 + 20) });
    const ended = await mk(w.kids.ana, { end_date: addDays(today(), -39) });
    const otherLocation = String(
      (
        await db('billing_plans')
          .insert({ student_id: w.kids.yKid, location_id: w.Y, name: 'Y', amount: 5, period: 'weekly', start_date: start })
          .returning('id')
      )[0].id,
    );
    const runs = await Promise.all(Array.from({ length: 6 }, () => issueDueInvoices(pool, new Date())));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await issueDueInvoices(db, new Date())).toBe(0);
    const job = await runBillingJob({ data: { centreId: A().entry.id }, log: () => {} }, { dbFor: async () => db });
    expect(job.invoices).toBe(0);
    expect(await count('invoices', { plan_id: active })).toBe(1);
    expect(await count('invoices', { plan_id: weekly })).toBe(1);
    for (const p of [paused, ended, otherLocation]) expect(await count('invoices', { plan_id: p })).toBe(0);
    const inv = await db('invoices').where({ plan_id: active }).first();
    expect(await count('billing_ledger', { invoice_id: inv.id, kind: 'charge' })).toBe(1);
    expect(await ledgerSum(A(), w.kids.ben)).toBe(100000);
    // the item keeps its source: the plan period containing today
    const list = await w.q(
      `query($s: ID!) { getStudentAllInvoices(id: $s) { ${INVOICE_FIELDS} period_start period_end due_date } }`,
      { s: w.kids.ben },
      w.tokens.mgrX,
    );
    const [shown] = list.data!.getStudentAllInvoices;
    expect(shown.items[0].source).toMatchObject({ kind: 'plan', plan_id: active });
    expect(shown.period_start <= today() && today() <= shown.period_end).toBe(true);
    expect(shown).toMatchObject({ total: 100000, balance: 100000, status: 'open' });
    // the job scheduled its next hour through the outbox
    expect(await count('outbox', { name: 'billing-run' })).toBeGreaterThan(0);
    // the Y location does not bill until it is turned on
    await db('locations').where({ id: w.Y }).update({ billing: true });
    expect(await issueDueInvoices(db, new Date())).toBe(1);
    await db('locations').where({ id: w.Y }).update({ billing: false });
  });
});

describe('the invoice run in the location’s time zone', () => {
  it('starts a period at the location’s midnight, not the server’s', async () => {
    const db = A().db.db;
    await db('locations').where({ id: w.Y }).update({ billing: true });
    try {
      const [plan] = await db('billing_plans')
        .insert({ student_id: w.kids.yKid, location_id: w.Y, name: 'Weekly', amount: 700, period: 'weekly', start_date: '2026-03-02' })
        .returning('id');
      // 05:30 UTC is still Sunday 1 March, 23:30 in Chicago: the plan has not started there
      expect(await issueDueInvoices(db, new Date('2026-03-02T05:30:00Z'), [w.Y])).toBe(0);
      // 06:30 UTC is Monday 00:30 in Chicago: the first week is due
      expect(await issueDueInvoices(db, new Date('2026-03-02T06:30:00Z'), [w.Y])).toBe(1);
      const inv = await db('invoices')
        .where({ plan_id: plan.id })
        .first(db.raw(`to_char(period_start, 'YYYY-MM-DD') as s`), db.raw(`to_char(period_end, 'YYYY-MM-DD') as e`));
      expect(inv).toEqual({ s: '2026-03-02', e: '2026-03-08' });
      expect(await issueDueInvoices(db, new Date('2026-03-08T12:00:00Z'), [w.Y])).toBe(0);
      expect(await issueDueInvoices(db, new Date('2026-03-09T07:00:00Z'), [w.Y])).toBe(1);
    } finally {
      await db('locations').where({ id: w.Y }).update({ billing: false });
    }
  });
});

describe('invoices', () => {
  it('an item keeps its discount: percents round half-up on the item', async () => {
    const inv = (
      await w.q(
        ADD,
        { s: w.kids.ana, item: { name: 'Art kit', original_amount: 1005, discount: 10, discount_type: 'percent' } },
        w.tokens.mgrX,
      )
    ).data?.addNewItemToInvoice.invoice;
    expect(inv.items[0]).toMatchObject({
      original_amount: 1005,
      amount: 904,
      discount: 10,
      discount_type: 'percent',
      source: { kind: 'manual' },
    });
    expect(inv.total).toBe(904);
    const more = await w.q(
      ADD,
      { id: inv.id, item: { name: 'Snacks', original_amount: 500, discount: 100, discount_type: 'fixed' } },
      w.tokens.mgrX,
    );
    expect(more.data?.addNewItemToInvoice.invoice).toMatchObject({ total: 1304, balance: 1304 });
  });

  it('bad items are refused naming the field, and nothing is written', async () => {
    const before = [await count('invoices'), await count('invoice_items'), await count('billing_ledger')];
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Neg', original_amount: -100 }, 'item.original_amount'],
      [{ name: 'Big discount', original_amount: 100, discount: 200, discount_type: 'fixed' }, 'item.discount'],
      [{ name: 'Neg discount', original_amount: 100, discount: -5, discount_type: 'percent' }, 'item.discount'],
      [{ name: 'Three decimals', original_amount: 100, discount: 1.125, discount_type: 'percent' }, 'item.discount'],
      [{ name: 'Kind', original_amount: 100, discount: 5, discount_type: 'half' }, 'item.discount_type'],
      [{ name: '', original_amount: 100 }, 'item.name'],
    ];
    for (const [item, f] of cases) {
      const r = await w.q(ADD, { s: w.kids.ana, item }, w.tokens.mgrX);
      expect(code(r), JSON.stringify(item)).toBe('BAD_USER_INPUT');
      expect(field(r), JSON.stringify(item)).toBe(f);
    }
    expect(code(await w.q(ADD, { s: w.kids.ana, item: { name: 'X', original_amount: 1.5 } }, w.tokens.mgrX))).toBe('BAD_USER_INPUT');
    expect([await count('invoices'), await count('invoice_items'), await count('billing_ledger')]).toEqual(before);
  });

  it('void sends payments to credit; waive and transfer leave the balance equal to the ledger', async () => {
    const kid = w.kids.parentKid;
    const a = await charge(kid, 5000);
    const pay = await w.q(PAY, { s: kid, a: 2000, m: 'cash', inv: [a.id] }, w.tokens.mgrX);
    expect(pay.data?.savePayment.payment).toMatchObject({ applied: 2000, unapplied: 0 });
    const voided = await w.q(
      `mutation($id: ID!) { voidInvoice(id: $id, reason: "Billed twice") { invoice { status balance paid } } }`,
      { id: a.id },
      w.tokens.mgrX,
    );
    expect(voided.data?.voidInvoice.invoice).toEqual({ status: 'void', balance: 0, paid: 0 });
    const credits = await w.q('query($s: ID!) { getCredits(student_id: $s) { payment_id amount } }', { s: kid }, w.tokens.mgrX);
    expect(credits.data?.getCredits).toEqual([{ payment_id: pay.data?.savePayment.payment.id, amount: 2000 }]);
    expect(code(await w.q(`mutation($id: ID!) { voidInvoice(id: $id) { status } }`, { id: a.id }, w.tokens.mgrX))).toBe('INVOICE_CLOSED');
    expect(code(await w.q(ADD, { id: a.id, item: { name: 'Late', original_amount: 1 } }, w.tokens.mgrX))).toBe('INVOICE_CLOSED');

    const b = await charge(kid, 3000);
    const waived = await w.q(
      `mutation($id: ID!) { saveWaiveInvoice(id: $id, reason: "Hardship", note: "Approved by the director") { invoice { status balance note } } }`,
      { id: b.id },
      w.tokens.mgrX,
    );
    expect(waived.data?.saveWaiveInvoice.invoice).toEqual({ status: 'waived', balance: 0, note: 'Approved by the director' });
    expect(
      field(
        await w.q(
          `mutation($id: ID!) { saveWaiveInvoice(id: $id, reason: "") { status } }`,
          { id: (await charge(kid, 10)).id },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('reason');

    const c = await charge(kid, 4000);
    const moved = await w.q(
      `mutation($id: ID!, $d: String!) { saveBillTransferInvoice(id: $id, reason: "Next month", date: $d) { invoice { id date total balance items { source { kind } } } } }`,
      { id: c.id, d: addDays(today(), 30) },
      w.tokens.mgrX,
    );
    expect(moved.data?.saveBillTransferInvoice.invoice).toMatchObject({
      date: addDays(today(), 30),
      total: 4000,
      balance: 4000,
      items: [{ source: { kind: 'transfer' } }],
    });
    const old = await w.q(
      `query($s: ID!) { getInvoices(student_id: $s, status: "transferred") { data { id balance } } }`,
      { s: kid },
      w.tokens.mgrX,
    );
    expect(old.data?.getInvoices.data).toEqual([{ id: c.id, balance: 0 }]);
    const account = await w.q(
      'query($s: ID!) { getAccountDetails(student_id: $s) { balance open_invoices credit transactions { kind amount } } }',
      { s: kid },
      w.tokens.mgrX,
    );
    const acc = account.data?.getAccountDetails;
    expect(acc.balance).toBe(await ledgerSum(A(), kid));
    expect(acc.balance).toBe(acc.open_invoices - acc.credit);
    expect(acc.transactions.map((t: { kind: string }) => t.kind)).toContain('void');
  });

  it('parents see only the invoices of children they pay for; other families and centres see nothing', async () => {
    const inv = await charge(w.kids.ana, 777, 'Parent visible');
    const LIST = `query { getInvoices { data { id student_id } paginatorInfo { total } } }`;
    const mum = await w.q(LIST, {}, w.family.mumToken);
    expect(mum.data?.getInvoices.data.every((i: { student_id: string }) => [w.kids.ana, w.kids.ben].includes(i.student_id))).toBe(true);
    expect(mum.data?.getInvoices.data.map((i: { id: string }) => i.id)).toContain(inv.id);
    // dad is a contact of Ana, not a payer
    const dad = await signIn(h.app, A().host, 'dad');
    expect((await w.q(LIST, {}, dad.token)).data?.getInvoices.paginatorInfo.total).toBe(0);
    expect(code(await w.q('query($s: ID!) { getStudentAllInvoices(id: $s) { id } }', { s: w.kids.ana }, dad.token))).toBe('NOT_FOUND');
    // another family's parent
    expect(code(await w.q('query($s: ID!) { getAccountDetails(student_id: $s) { balance } }', { s: w.kids.ana }, w.tokens.parent))).toBe(
      'NOT_FOUND',
    );
    expect(
      (await w.q('query($s: ID!) { getAccountDetails(student_id: $s) { balance } }', { s: w.kids.parentKid }, w.tokens.parent)).data
        ?.getAccountDetails.balance,
    ).toBe(await ledgerSum(A(), w.kids.parentKid));
    // parents never write; teachers and blog editors never read
    expect(code(await w.q(ADD, { s: w.kids.ana, item: { name: 'X', original_amount: 1 } }, w.family.mumToken))).toBe('FORBIDDEN');
    for (const t of [w.tokens.teacher, w.tokens.blog]) expect(code(await w.q(LIST, {}, t))).toBe('FORBIDDEN');
    // the other location's manager
    expect(code(await w.q('query($s: ID!) { getStudentAllInvoices(id: $s) { id } }', { s: w.kids.ana }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(`mutation($id: ID!) { updateInvoiceNote(id: $id, note: "x") { status } }`, { id: inv.id }, w.tokens.mgrY))).toBe(
      'NOT_FOUND',
    );
    // a manager without billing.manage
    await A().db.db.raw(
      `delete from role_permissions where role_id = (select id from roles where name = 'manager') and permission_id = (select id from permissions where name = 'billing.manage')`,
    );
    try {
      expect(code(await w.q(LIST, {}, w.tokens.mgrX))).toBe('FORBIDDEN');
      expect(code(await w.q(ADD, { s: w.kids.ana, item: { name: 'X', original_amount: 1 } }, w.tokens.mgrX))).toBe('FORBIDDEN');
    } finally {
      await A().db.db.raw(
        `insert into role_permissions (role_id, permission_id) select r.id, p.id from roles r, permissions p where r.name = 'manager' and p.name = 'billing.manage'`,
      );
    }
    // another centre
    const B = h.centres[1]!;
    await seedUser(B, { username: 'bbill', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'bbill')).token;
    expect(code(await query(h, B)(`mutation($id: ID!) { voidInvoice(id: $id) { status } }`, { id: inv.id }, tb))).toBe('NOT_FOUND');
    expect((await query(h, B)(LIST, {}, w.tokens.mgrX)).statusCode).toBe(401);
  });

  it('attendance and late-pickup charges come from attendance, once however often they are applied', async () => {
    const db = A().db.db;
    const d1 = addDays(today(), -3);
    const d2 = addDays(today(), -2);
    const at = (date: string, time: string) => db.raw(`(?::timestamp at time zone ?)`, [`${date} ${time}`, TZ]);
    await db('attendances').insert([
      {
        student_id: w.kids.ben,
        location_id: w.X,
        program_id: w.rooms.toddlers,
        date: d1,
        start_time: at(d1, '08:00'),
        end_time: at(d1, '18:20'),
        check_in_method: 'staff',
      },
      {
        student_id: w.kids.ben,
        location_id: w.X,
        program_id: w.rooms.toddlers,
        date: d2,
        start_time: at(d2, '08:00'),
        end_time: at(d2, '18:50'),
        check_in_method: 'staff',
      },
      {
        student_id: w.kids.ana,
        location_id: w.X,
        program_id: w.rooms.toddlers,
        date: d2,
        start_time: at(d2, '08:00'),
        end_time: at(d2, '17:00'),
        check_in_method: 'staff',
      },
    ]);
    const vc = (
      await w.q(
        `mutation($l: ID!) { createVariableCharge(location_id: $l, details: "Late pickup", amount: 500, max_amount: 1200, interval: 15, end_time: "18:00") { variable_charge { id } } }`,
        { l: w.X },
        w.tokens.mgrX,
      )
    ).data?.createVariableCharge.variable_charge.id;
    const APPLY = `mutation($c: [ID!]!, $s: String!, $e: String!) { applyVariableChargesToStudents(charges: $c, start_date: $s, end_date: $e) { message invoices { student_id total items { amount source { kind minutes date } } } } }`;
    const first = await w.q(APPLY, { c: [vc], s: d1, e: d2 }, w.tokens.mgrX);
    const invs = first.data?.applyVariableChargesToStudents.invoices;
    expect(invs).toHaveLength(1);
    // 20 min → 2 intervals → $10; 50 min → 4 intervals → $20, capped at $12
    expect(invs[0]).toMatchObject({ student_id: w.kids.ben, total: 2200 });
    expect(invs[0].items.map((i: { amount: number; source: { minutes: number } }) => [i.amount, i.source.minutes])).toEqual([
      [1000, 20],
      [1200, 50],
    ]);
    expect((await w.q(APPLY, { c: [vc], s: d1, e: d2 }, w.tokens.mgrX)).data?.applyVariableChargesToStudents.invoices).toEqual([]);
    expect(code(await w.q(APPLY, { c: [vc], s: d1, e: d2 }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(field(await w.q(APPLY, { c: [vc], s: d2, e: d1 }, w.tokens.mgrX))).toBe('end_date');

    const ATT = `mutation($d: String!, $f: String!, $t: String!, $c: [AttendanceChargeInput!]!) { saveStudentAttendanceInvoice(date: $d, from_date: $f, to_date: $t, charges: $c) { invoices { student_id total items { detail source { kind days } } } } }`;
    const vars = {
      d: today(),
      f: d1,
      t: d2,
      c: [
        { student_id: w.kids.ben, amount: 4500 },
        { student_id: w.kids.ana, amount: 4500 },
      ],
    };
    const att = await w.q(ATT, vars, w.tokens.mgrX);
    const byKid = Object.fromEntries(att.data?.saveStudentAttendanceInvoice.invoices.map((i: { student_id: string }) => [i.student_id, i]));
    expect(byKid[w.kids.ben]).toMatchObject({ total: 9000, items: [{ source: { kind: 'attendance', days: 2 } }] });
    expect(byKid[w.kids.ana]).toMatchObject({ total: 4500, items: [{ source: { kind: 'attendance', days: 1 } }] });
    expect((await w.q(ATT, vars, w.tokens.mgrX)).data?.saveStudentAttendanceInvoice.invoices).toEqual([]);
    const before = await count('invoices');
    expect(field(await w.q(ATT, { ...vars, c: [{ student_id: w.kids.ben, amount: -1 }] }, w.tokens.mgrX))).toBe('charges.0.amount');
    expect(code(await w.q(ATT, { ...vars, c: [{ student_id: w.kids.yKid, amount: 1 }] }, w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(await count('invoices')).toBe(before);
  });
});

describe('payments', () => {
  it('pay the chosen or the oldest invoices; the rest is credit', async () => {
    const kid = w.kids.ben;
    const open = await openInvoices(A().db.db, kid);
    const owed = open.reduce((a, i) => a + Number(i.balance), 0);
    const pay = await w.q(PAY, { s: kid, a: owed + 500, m: 'check' }, w.tokens.mgrX);
    const p = pay.data?.savePayment.payment;
    expect(p).toMatchObject({ amount: owed + 500, applied: owed, unapplied: 500 });
    expect(p.applications.map((x: { invoice_id: string }) => x.invoice_id)).toEqual(open.map((i) => i.id));
    expect(await openInvoices(A().db.db, kid)).toEqual([]);
    expect(await ledgerSum(A(), kid)).toBe(-500);
    // chosen invoices: only this child's open ones
    const other = await charge(w.kids.ana, 100);
    const wrong = await w.q(PAY, { s: kid, a: 100, m: 'cash', inv: [other.id] }, w.tokens.mgrX);
    expect(field(wrong)).toBe('invoice_ids');
    expect(field(await w.q(PAY, { s: kid, a: -100, m: 'cash' }, w.tokens.mgrX))).toBe('amount');
    expect(field(await w.q(PAY, { s: kid, a: 0, m: 'cash' }, w.tokens.mgrX))).toBe('amount');
    expect(field(await w.q(PAY, { s: kid, a: 100, m: 'bitcoin' }, w.tokens.mgrX))).toBe('method');
    expect(field(await w.q(PAY, { s: kid, a: 100, m: 'cash', u: w.family.dad }, w.tokens.mgrX))).toBe('user_id');
    expect(await ledgerSum(A(), kid)).toBe(-500);
  });

  it('refunds in part, never over; unapply and void; balances stay the ledger’s sum', async () => {
    const kid = w.kids.ana;
    const inv = await charge(kid, 6000, 'Refund test');
    const p = (await w.q(PAY, { s: kid, a: 6000, m: 'ach', inv: [inv.id], u: w.family.mum }, w.tokens.mgrX)).data?.savePayment.payment;
    const REFUND = `mutation($id: ID!, $a: Cents!) { refundPayment(id: $id, amount: $a, reason: "Overpaid") { payment { refunded applied unapplied } } }`;
    const over = await w.q(REFUND, { id: p.id, a: 6001 }, w.tokens.mgrX);
    expect(field(over)).toBe('amount');
    expect(await count('billing_ledger', { payment_id: p.id, kind: 'refund' })).toBe(0);
    expect((await w.q(REFUND, { id: p.id, a: 2500 }, w.tokens.mgrX)).data?.refundPayment.payment).toEqual({
      refunded: 2500,
      applied: 3500,
      unapplied: 0,
    });
    expect(field(await w.q(REFUND, { id: p.id, a: 3501 }, w.tokens.mgrX))).toBe('amount');
    const back = await w.q(`query($s: ID!) { getStudentAllInvoices(id: $s) { id balance } }`, { s: kid }, w.tokens.mgrX);
    expect(back.data?.getStudentAllInvoices.find((i: { id: string }) => i.id === inv.id).balance).toBe(2500);
    const un = await w.q(
      `mutation($p: ID!, $i: ID!) { unapplyTransaction(payment_id: $p, invoice_id: $i) { payment { applied unapplied } } }`,
      { p: p.id, i: inv.id },
      w.tokens.mgrX,
    );
    expect(un.data?.unapplyTransaction.payment).toEqual({ applied: 0, unapplied: 3500 });
    expect(
      field(
        await w.q(
          `mutation($p: ID!, $i: ID!) { unapplyTransaction(payment_id: $p, invoice_id: $i) { status } }`,
          { p: p.id, i: inv.id },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('invoice_id');
    const v = await w.q(
      `mutation($id: ID!) { voidPayment(id: $id) { payment { status applied unapplied } } }`,
      { id: p.id },
      w.tokens.mgrX,
    );
    expect(v.data?.voidPayment.payment).toEqual({ status: 'void', applied: 0, unapplied: 0 });
    expect(code(await w.q(REFUND, { id: p.id, a: 1 }, w.tokens.mgrX))).toBe('PAYMENT_VOID');
    expect(code(await w.q(REFUND, { id: p.id, a: 1 }, w.tokens.mgrY))).toBe('NOT_FOUND');
    const list = await w.q(
      `query($l: ID!, $s: String!, $e: String!) { getPaymentsList(location_id: $l, start: $s, end: $e) { id status } }`,
      { l: w.X, s: today(), e: today() },
      w.tokens.mgrX,
    );
    expect(list.data?.getPaymentsList.map((x: { id: string }) => x.id)).toContain(p.id);
    const mine = await w.q(`query($s: ID!) { getStudentAllPayments(id: $s) { id user_id } }`, { s: kid }, w.family.mumToken);
    expect(mine.data?.getStudentAllPayments.find((x: { id: string }) => x.id === p.id)).toEqual({ id: p.id, user_id: w.family.mum });
    expect(await studentBalance(A().db.db, kid)).toBe(await ledgerSum(A(), kid));
  });

  it('payments on a waived invoice stay there; voiding one (a bounced check) opens the invoice again', async () => {
    const kid = w.kids.ben;
    const inv = await charge(kid, 8000, 'Waive then bounce');
    const p = (await w.q(PAY, { s: kid, a: 3000, m: 'check', inv: [inv.id] }, w.tokens.mgrX)).data?.savePayment.payment;
    await w.q(`mutation($id: ID!) { saveWaiveInvoice(id: $id, reason: "Hardship") { status } }`, { id: inv.id }, w.tokens.mgrX);
    const un = await w.q(
      `mutation($p: ID!, $i: ID!) { unapplyTransaction(payment_id: $p, invoice_id: $i) { status } }`,
      { p: p.id, i: inv.id },
      w.tokens.mgrX,
    );
    expect(field(un)).toBe('invoice_id');
    expect(field(await w.q(`mutation($id: ID!) { refundPayment(id: $id, amount: 100) { status } }`, { id: p.id }, w.tokens.mgrX))).toBe(
      'amount',
    );
    await w.q(`mutation($id: ID!) { voidPayment(id: $id, reason: "Bounced") { status } }`, { id: p.id }, w.tokens.mgrX);
    const after = await w.q(`query($s: ID!) { getStudentAllInvoices(id: $s) { id status balance } }`, { s: kid }, w.tokens.mgrX);
    expect(after.data?.getStudentAllInvoices.find((i: { id: string }) => i.id === inv.id)).toEqual({
      id: inv.id,
      status: 'open',
      balance: 3000,
    });
  });

  it('concurrent payments on one invoice never apply more than it owes', async () => {
    const kid = w.kids.parentKid;
    const inv = await charge(kid, 10000, 'Race');
    const before = await ledgerSum(A(), kid);
    const ctx = contextFor(h, A(), pool, w.ids.mgrX, ['manager']);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        payments.savePayment(ctx, { student_id: kid, amount: 3000, method: 'cash', invoice_ids: [inv.id] }).then(
          () => 'paid',
          (e: { code?: string; extensions?: { field?: string } }) => `${e.code}:${e.extensions?.field}`,
        ),
      ),
    );
    // 3 × $30 and the fourth's $10 fill the $100 invoice (its $20 is credit); then it is paid.
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(4);
    expect(outcomes.filter((o) => o !== 'paid')).toEqual(Array(4).fill('BAD_USER_INPUT:invoice_ids'));
    const rows = await A().db.db('billing_ledger').where({ invoice_id: inv.id }).sum({ s: 'amount' }).first();
    expect(Number(rows?.s)).toBe(0);
    expect(await ledgerSum(A(), kid)).toBe(before - 4 * 3000);
    expect((await creditsOf(A().db.db, kid)).reduce((a, c) => a + c.amount, 0)).toBeGreaterThanOrEqual(2000);
  });
});

describe('payer shares', () => {
  const SAVE = `mutation($s: ID!, $sh: [PayerShareInput!]!) { saveStudentPayerShares(student_id: $s, shares: $sh) { status } }`;

  it('must add up to the whole and name payers only; nothing written otherwise', async () => {
    const kid = w.kids.ana;
    await A().db.db('student_users').where({ student_id: kid, user_id: w.family.dad }).update({ is_payer: true });
    const bad: [unknown[], string][] = [
      [
        [
          { user_id: w.family.mum, share_type: 'percent', value: 60 },
          { user_id: w.family.dad, share_type: 'percent', value: 30 },
        ],
        'shares',
      ],
      [
        [
          { user_id: w.family.mum, share_type: 'percent', value: 50 },
          { user_id: w.family.dad, share_type: 'fixed', value: 50 },
        ],
        'shares',
      ],
      [[{ user_id: w.ids.parent, share_type: 'percent', value: 100 }], 'shares.0.user_id'],
      [
        [
          { user_id: w.family.mum, share_type: 'percent', value: -10 },
          { user_id: w.family.dad, share_type: 'percent', value: 110 },
        ],
        'shares.0.value',
      ],
      [
        [
          { user_id: w.family.mum, share_type: 'percent', value: 33.333 },
          { user_id: w.family.dad, share_type: 'percent', value: 66.667 },
        ],
        'shares.0.value',
      ],
      [[{ user_id: w.family.mum, share_type: 'fixed', value: 100 }], 'shares'],
    ];
    for (const [sh, f] of bad) expect(field(await w.q(SAVE, { s: kid, sh }, w.tokens.mgrX)), JSON.stringify(sh)).toBe(f);
    expect(await count('billing_payer_shares')).toBe(0);
    expect(code(await w.q(SAVE, { s: kid, sh: [] }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(SAVE, { s: kid, sh: [] }, w.family.mumToken))).toBe('FORBIDDEN');
  });

  it('two payers at 50/50 split an odd invoice by largest remainder; both see it', async () => {
    const kid = w.kids.ana;
    const ok = await w.q(
      SAVE,
      {
        s: kid,
        sh: [
          { user_id: w.family.mum, share_type: 'percent', value: 50 },
          { user_id: w.family.dad, share_type: 'percent', value: 50 },
        ],
      },
      w.tokens.mgrX,
    );
    expect(ok.data?.saveStudentPayerShares.status).toBe(true);
    const payers = await w.q(
      'query($s: ID!) { getStudentPayersAndNonPayers(id: $s) { payers { user_id share_type share } non_payers { user_id } } }',
      { s: kid },
      w.tokens.mgrX,
    );
    expect(payers.data?.getStudentPayersAndNonPayers.payers).toHaveLength(2);
    expect(payers.data?.getStudentPayersAndNonPayers.payers[0]).toMatchObject({ share_type: 'percent', share: 50 });
    const inv = await charge(kid, 1001, 'Odd');
    const parts = Object.fromEntries(inv.payers.map((p: { user_id: string; amount: number }) => [p.user_id, p.amount]));
    expect(parts[w.family.mum] + parts[w.family.dad]).toBe(1001);
    expect(Math.abs(parts[w.family.mum] - parts[w.family.dad])).toBe(1);
    const dad = await signIn(h.app, A().host, 'dad');
    expect(
      (await w.q('query($s: ID!) { getStudentAllInvoices(id: $s) { id } }', { s: kid }, dad.token)).data?.getStudentAllInvoices.map(
        (i: { id: string }) => i.id,
      ),
    ).toContain(inv.id);
  });
});

describe('balances equal the ledger (property)', () => {
  it('for any sequence of charges, payments, refunds, voids, waives and unapplies', { timeout: 120_000 }, async () => {
    const ctx = contextFor(h, A(), A().db.db, w.ids.mgrX, ['manager']);
    const kid = await (async () => {
      const [s] = await A().db.db('students').insert({ fname: 'Prop', lname: 'Kid', location_id: w.X }).returning('id');
      return String(s.id);
    })();
    const op = fc.oneof(
      fc.record({ t: fc.constant('charge' as const), a: fc.integer({ min: 0, max: 50_000 }), pct: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ t: fc.constant('pay' as const), a: fc.integer({ min: 1, max: 60_000 }) }),
      fc.record({
        t: fc.constantFrom(
          'void' as const,
          'waive' as const,
          'transfer' as const,
          'refund' as const,
          'unapply' as const,
          'voidPayment' as const,
          'credit' as const,
        ),
        i: fc.nat(),
        a: fc.integer({ min: 1, max: 70_000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const db = A().db.db;
        for (const o of ops) {
          const invs = await db('invoices').where({ student_id: kid }).orderBy('id').select('id');
          const pays = await db('payments').where({ student_id: kid }).orderBy('id').select('id');
          const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);
          const tryIt = (p: Promise<unknown>) =>
            p.catch((e: { code?: string }) => {
              if (!['BAD_USER_INPUT', 'INVOICE_CLOSED', 'PAYMENT_VOID'].includes(String(e.code))) throw e;
            });
          if (o.t === 'charge')
            await tryIt(
              invoices.addNewItemToInvoice(ctx, {
                student_id: kid,
                item: { name: 'P', original_amount: o.a, discount: o.pct, discount_type: 'percent' },
              }),
            );
          else if (o.t === 'pay') await tryIt(payments.savePayment(ctx, { student_id: kid, amount: o.a, method: 'cash' }));
          else if (o.t === 'credit') await tryIt(payments.applyCredit(ctx, { student_id: kid }));
          else if (['void', 'waive', 'transfer'].includes(o.t)) {
            const inv = pick(invs, o.i);
            if (!inv) continue;
            if (o.t === 'void') await tryIt(invoices.voidInvoice(ctx, { id: String(inv.id) }));
            if (o.t === 'waive') await tryIt(invoices.saveWaiveInvoice(ctx, { id: String(inv.id), reason: 'Prop' }));
            if (o.t === 'transfer')
              await tryIt(invoices.saveBillTransferInvoice(ctx, { id: String(inv.id), reason: 'Prop', date: today() }));
          } else {
            const p = pick(pays, o.i);
            if (!p) continue;
            if (o.t === 'refund') await tryIt(payments.refundPayment(ctx, { id: String(p.id), amount: o.a }));
            if (o.t === 'voidPayment') await tryIt(payments.voidPayment(ctx, { id: String(p.id) }));
            if (o.t === 'unapply') {
              const inv = pick(invs, o.i);
              if (inv) await tryIt(payments.unapplyTransaction(ctx, { payment_id: String(p.id), invoice_id: String(inv.id) }));
            }
          }
        }
        const balance = await studentBalance(db, kid);
        const open = (await openInvoices(db, kid)).reduce((a, i) => a + Number(i.balance), 0);
        const credit = (await creditsOf(db, kid)).reduce((a, c) => a + c.amount, 0);
        expect(balance).toBe(await ledgerSum(A(), kid));
        expect(balance).toBe(open - credit);
        // no invoice owes less than nothing, no payment holds negative credit
        const neg = await db.raw(
          `select (select count(*) from (select invoice_id from billing_ledger where student_id = ? and invoice_id is not null group by invoice_id having sum(amount) < 0) x)::int as inv,
                  (select count(*) from (select payment_id from billing_ledger where student_id = ? and invoice_id is null group by payment_id having sum(amount) > 0) y)::int as pay`,
          [kid, kid],
        );
        expect(neg.rows[0]).toEqual({ inv: 0, pay: 0 });
        // a void, waived or transferred invoice owes nothing
        const closed = await db.raw(
          `select count(*)::int as n from invoices i where i.student_id = ? and i.status <> 'open'
             and (select coalesce(sum(amount), 0) from billing_ledger g where g.invoice_id = i.id) <> 0`,
          [kid],
        );
        expect(closed.rows[0].n).toBe(0);
      }),
      { numRuns: 25 },
    );
  });
});
