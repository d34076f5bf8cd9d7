import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { q as query } from '../attendance/test-fixtures.ts';
import { issueDueInvoices } from './repo/invoices.ts';
import { upcomingInvoices } from './repo/upcoming.ts';
import { setupBilling, type BillingSetup } from './test-fixtures.ts';

/** getStudentUpcomingInvoices: each plan's next invoice, cut as the invoice run will cut it. */
let h: Harness;
let w: BillingSetup;
const A = () => h.centres[0]!;
const db = () => A().db.db;
const UPCOMING = 'query($s: ID!) { getStudentUpcomingInvoices(student_id: $s) { plan_id name date period_start period_end amount } }';
const plans: Record<string, string> = {};

async function plan(name: string, period: string, start: string, amount = 10000) {
  const r = await w.q(
    'mutation($s: ID!, $n: String!, $p: String!, $d: String!, $a: Cents!) { createBillingPlan(student_id: $s, name: $n, period: $p, start_date: $d, amount: $a) { plan { id } } }',
    { s: w.kids.ana, n: name, p: period, d: start, a: amount },
    w.tokens.mgrX,
  );
  if (!r.data) throw new Error(r.body);
  plans[name] = String(r.data.createBillingPlan.plan.id);
}

/** Noon in Chicago (the location's zone) on a date. */
const noon = (date: string) => new Date(`${date}T18:00:00Z`);

beforeAll(async () => {
  h = await createHarness();
  w = await setupBilling(h, A());
  await db()('locations').update({ timezone: 'America/Chicago' });
  await plan('Monthly', 'monthly', '2026-01-15');
  await plan('Weekly', 'weekly', '2026-03-02', 5000);
  await plan('Later', 'monthly', '2026-04-01', 7000);
  await plan('Paused', 'monthly', '2026-01-01');
  await plan('Ending', 'monthly', '2026-01-15');
  const pause = await w.q(
    'mutation($id: ID!) { pauseBillingPlan(id: $id, date: "2026-03-01") { status } }',
    { id: plans.Paused },
    w.tokens.mgrX,
  );
  const end = await w.q(
    'mutation($id: ID!) { deactivateBillingPlan(id: $id, date: "2026-03-12") { status } }',
    { id: plans.Ending },
    w.tokens.mgrX,
  );
  if (!pause.data || !end.data) throw new Error(`${pause.body} ${end.body}`);
});
afterAll(async () => {
  await h?.close();
});

describe('getStudentUpcomingInvoices', () => {
  it('the period after today’s, the first period of a plan not started, none for a paused or ended plan', async () => {
    const rows = await upcomingInvoices(db(), w.kids.ana, noon('2026-03-10'));
    expect(rows.map((r) => ({ ...r, plan_id: String(r.plan_id), amount: Number(r.amount) }))).toEqual([
      { plan_id: plans.Monthly, name: 'Monthly', amount: 10000, period_start: '2026-03-15', period_end: '2026-04-14' },
      { plan_id: plans.Weekly, name: 'Weekly', amount: 5000, period_start: '2026-03-16', period_end: '2026-03-22' },
      { plan_id: plans.Later, name: 'Later', amount: 7000, period_start: '2026-04-01', period_end: '2026-04-30' },
    ]);
  });

  it('is what the invoice run issues on that day', async () => {
    const rows = await upcomingInvoices(db(), w.kids.ana, noon('2026-03-10'));
    for (const r of rows) {
      await issueDueInvoices(db(), noon(r.period_start), [w.X]);
      const issued = await db()('invoices').where({ plan_id: r.plan_id }).whereRaw(`period_start = ?::date`, [r.period_start]).first();
      expect(issued, r.name).toBeDefined();
      expect(await db()('invoices').where({ plan_id: plans.Paused }).whereRaw(`period_start >= '2026-03-01'`).first()).toBeUndefined();
    }
    expect(await db()('invoices').where({ plan_id: plans.Ending }).whereRaw(`period_start > '2026-03-12'`).first()).toBeUndefined();
  });

  it('a location that does not bill has none', async () => {
    await db()('locations').where({ id: w.X }).update({ billing: false });
    try {
      expect(await upcomingInvoices(db(), w.kids.ana, noon('2026-03-10'))).toEqual([]);
    } finally {
      await db()('locations').where({ id: w.X }).update({ billing: true });
    }
  });

  it('own location only; other managers, teachers, parents and managers without billing.manage get nothing', async () => {
    const own = await w.q(UPCOMING, { s: w.kids.ana }, w.tokens.mgrX);
    expect(own.data?.getStudentUpcomingInvoices.length).toBeGreaterThan(0);
    expect(own.data?.getStudentUpcomingInvoices[0]).toMatchObject({ plan_id: expect.any(String), amount: expect.any(Number) });
    expect(code(await w.q(UPCOMING, { s: w.kids.ana }, w.tokens.mgrY))).toBe('NOT_FOUND');
    for (const t of [w.tokens.teacher, w.tokens.parent, w.tokens.blog])
      expect(code(await w.q(UPCOMING, { s: w.kids.ana }, t))).toBe('FORBIDDEN');
    await db().raw(
      `delete from role_permissions where role_id = (select id from roles where name = 'manager') and permission_id = (select id from permissions where name = 'billing.manage')`,
    );
    try {
      expect(code(await w.q(UPCOMING, { s: w.kids.ana }, w.tokens.mgrX))).toBe('FORBIDDEN');
    } finally {
      await db().raw(
        `insert into role_permissions (role_id, permission_id) select r.id, p.id from roles r, permissions p where r.name = 'manager' and p.name = 'billing.manage'`,
      );
    }
  });

  it('other centre: the child is not found on B, and A’s token is refused there', async () => {
    const B = h.centres[1]!;
    await seedUser(B, { username: 'upcomingowner', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'upcomingowner')).token;
    expect(code(await query(h, B)(UPCOMING, { s: w.kids.ana }, tb))).toBe('NOT_FOUND');
    expect((await query(h, B)(UPCOMING, { s: w.kids.ana }, w.tokens.mgrX)).statusCode).toBe(401);
  });

  it('bad input names the field', async () => {
    const r = await w.q(UPCOMING, { s: 'nope' }, w.tokens.mgrX);
    expect(code(r)).toBe('BAD_USER_INPUT');
    expect(field(r)).toBe('student_id');
  });
});
