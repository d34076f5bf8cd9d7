import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeFake, TEST_CARDS } from '@kv/stripe-fake';
import { ControlPlaneError, createControlPlaneClient, inProcessTransport, type ControlPlaneClient } from '@kv/auth';
import { startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import type { Actor } from '../../access.ts';
import { createCenterBillingService, type CenterBillingService } from './service.ts';
import { seedPlatformBilling } from './demo.ts';

/**
 * Plan editing (admin), the operator lists' filters, the demo data, and a centre's own billing
 * over the control-plane channel: each centre reads and pays its own invoices only.
 */
const SK = 'sk_test_ownbilling01';
const PK = 'pk_test_ownbilling01';
let h: ControlPlaneHarness;
let fake: StripeFake;
let billing: CenterBillingService;
let admin: Actor;
let support: Actor;
let client: ControlPlaneClient;
const ids = { A: '', B: '' };

async function rejection(p: Promise<unknown>): Promise<{ code?: string; field?: string; status?: number }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ControlPlaneError) return { code: e.code, field: e.field, status: e.status };
    const err = e as { code?: string; extensions?: { field?: string } };
    return { code: err.code, field: err.extensions?.field };
  }
  throw new Error('expected a rejection');
}

/** What Stripe.js does with the card form: a payment method made with the publishable key. */
async function card(number: string): Promise<string> {
  const r = await fake.request('POST', '/v1/payment_methods', '', `type=card&card[number]=${number}&card[exp_month]=12&card[exp_year]=2031&card[cvc]=123`, {
    authorization: `Bearer ${PK}`,
  });
  return JSON.parse(r.body).id;
}

beforeAll(async () => {
  let app: ControlPlaneHarness['app'] | null = null;
  fake = new StripeFake({
    retryDelays: [],
    deliver: async (_url, body, headers) => (app ? (await app.inject({ method: 'POST', url: '/webhooks/stripe', headers, payload: body })).statusCode : 503),
  });
  const port = await fake.listen();
  h = await startControlPlane({ stripe: { mode: 'fake', host: '127.0.0.1', port, protocol: 'http', secretKey: SK } });
  app = h.app;
  billing = createCenterBillingService(h.rt);
  admin = h.actors.admin;
  support = h.actors.kvsupport;
  for (const slug of ['owna', 'ownb'] as const) {
    const [r] = await h.control.db('centers').insert({ name: `Centre ${slug}`, slug, status: 'active', contact_email: `o@${slug}.example.com` }).returning('id');
    ids[slug === 'owna' ? 'A' : 'B'] = String(r.id);
  }
  // The demo data: plans, 14 months each, the current one open; the cards made at the provider.
  expect(await seedPlatformBilling(h.control.db, ['owna', 'ownb'], { stripe: h.rt.stripe.client() })).toBe(2);
  client = createControlPlaneClient({ tokens: h.rt.tokens, transport: inProcessTransport(h.rt.centreChannel) });
});
afterAll(async () => {
  await fake.close();
  await h.close();
});

describe('updateCenterPlan', () => {
  it('is admin only; bad input is named by field; a plan centres are on keeps its period', async () => {
    const starter = (await billing.getCenterPlans(admin, {})).data.find((p) => p.name === 'Starter')!;
    const growth = (await billing.getCenterPlans(admin, {})).data.find((p) => p.name === 'Growth')!;
    expect((await rejection(billing.updateCenterPlan(support, { id: starter.id, amount: '59.00' }))).code).toBe('FORBIDDEN');
    expect((await h.gql(`mutation { updateCenterPlan(id: ${starter.id}, amount: "59.00") { status } }`, {}, { token: h.tokens.kvsupport })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect(await rejection(billing.updateCenterPlan(admin, { id: starter.id, amount: '5.5.5' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'amount' });
    expect(await rejection(billing.updateCenterPlan(admin, { id: starter.id, trial_days: 400 }))).toEqual({ code: 'BAD_USER_INPUT', field: 'trial_days' });
    expect(await rejection(billing.updateCenterPlan(admin, { id: starter.id, max_cameras: 0 }))).toEqual({ code: 'BAD_USER_INPUT', field: 'max_cameras' });
    expect(await rejection(billing.updateCenterPlan(admin, { id: '999999', amount: '1.00' }))).toEqual({ code: 'PLAN_NOT_FOUND', field: 'id' });
    expect(await rejection(billing.updateCenterPlan(admin, { id: starter.id, name: 'growth' }))).toMatchObject({ code: 'PLAN_NAME_TAKEN', field: 'name' });
    expect(await rejection(billing.updateCenterPlan(admin, { id: growth.id, period: 'year' }))).toEqual({ code: 'PLAN_IN_USE', field: 'period' });

    const r = await billing.updateCenterPlan(admin, { id: starter.id, amount: '59.00', period: 'year', trial_days: 21, max_cameras: null, public: false });
    expect(r.plan).toMatchObject({ amount: '59.00', period: 'year', trial_days: 21, public: false, limits: { max_locations: 1, max_cameras: null } });
    const audit = await h.control.db('audit_log').where({ action: 'center_plan.update', entity_id: starter.id }).first('data');
    expect(audit).toBeTruthy();
  });
});

describe('operator lists and the demo data', () => {
  it('invoices filter by centre and status, payments by status and method; the demo has an open invoice and a pending transfer', async () => {
    const open = await billing.getCenterInvoices(admin, { status: 'open' });
    expect(open.data.map((i) => i.center_id).sort()).toEqual([ids.A, ids.B].sort());
    expect(open.data.every((i) => i.balance === '129.00')).toBe(true);
    const ofA = await billing.getCenterInvoices(admin, { center_id: ids.A, first: 25 });
    expect(ofA.paginatorInfo.total).toBe(14);
    expect(ofA.data.every((i) => i.center_id === ids.A)).toBe(true);
    const page2 = await billing.getCenterInvoices(admin, { page: 2, first: 25 });
    expect(page2.data).toHaveLength(3);
    const pending = await billing.getCenterPayments(admin, { status: 'pending' });
    expect(pending.data).toEqual([expect.objectContaining({ center_id: ids.B, method: 'transfer', amount: '129.00' })]);
    const cheques = await billing.getCenterPayments(admin, { method: 'cheque' });
    expect(cheques.data).toEqual([expect.objectContaining({ center_id: ids.B, status: 'succeeded' })]);
    expect(await rejection(billing.getCenterPayments(admin, { method: 'cash' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'method' });
    expect(await rejection(billing.getCenterInvoices(admin, { status: 'late' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'status' });
    expect((await rejection(billing.getCenterInvoices(support, {}))).code).toBe('FORBIDDEN');
  });
});

describe('a centre’s own billing over the channel', () => {
  it('reads its own invoices, payments and cards, and the publishable key; never the other centre’s', async () => {
    const a = await client.billing(ids.A);
    expect(a.publishable_key).toBe(SK.replace('sk_', 'pk_'));
    expect(a.invoices).toHaveLength(14);
    expect(a.invoices[0]).toMatchObject({ status: 'open', balance: '129.00', plan_name: 'Growth' });
    expect(a.cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', is_default: true })]);
    expect(a.cards[0]!.id).toMatch(/^pm_/);
    expect(a.cards[0]!.id.startsWith('pm_demo')).toBe(false);
    const b = await client.billing(ids.B);
    const aInvoices = new Set(a.invoices.map((i) => i.id));
    expect(b.invoices.some((i) => aInvoices.has(i.id))).toBe(false);
    expect(b.payments.some((p) => p.method === 'transfer' && p.status === 'pending')).toBe(true);
    // A call's input never names a centre.
    expect(await rejection(client.billing('999999'))).toMatchObject({ status: 404 });
    // A token for reading cannot pay, and an input naming a centre is refused as an unknown field.
    const readToken = await h.rt.tokens.signService({ tid: ids.A, purpose: 'billing.read' });
    expect((await h.rt.centreChannel(readToken, 'billing.pay', { invoice_id: '1', paid_by: 'x' })).status).toBe(403);
    const payToken = await h.rt.tokens.signService({ tid: ids.A, purpose: 'billing.pay' });
    const named = await h.rt.centreChannel(payToken, 'billing.pay', { invoice_id: '1', paid_by: 'x', center_id: ids.B });
    expect(named).toMatchObject({ status: 400, body: { error: { field: 'center_id' } } });
  });

  it('pays its own open invoice with a new card; another centre’s invoice, a paid one and a bad card are refused by field', async () => {
    const openA = (await client.billing(ids.A)).invoices.find((i) => i.status === 'open')!;
    const openB = (await client.billing(ids.B)).invoices.find((i) => i.status === 'open')!;
    expect(await rejection(client.payInvoice(ids.A, { invoice_id: openB.id, paid_by: 'Owner A' }))).toMatchObject({ status: 400, field: 'invoice_id' });
    expect(await rejection(client.payInvoice(ids.A, { invoice_id: 'x1', paid_by: 'Owner A' }))).toMatchObject({ status: 400, field: 'invoice_id' });
    expect(await rejection(client.payInvoice(ids.A, { invoice_id: openA.id, payment_method_id: 'card', paid_by: 'Owner A' }))).toMatchObject({
      status: 400,
      field: 'payment_method_id',
    });
    const declined = await card(TEST_CARDS.declined);
    expect(await rejection(client.payInvoice(ids.A, { invoice_id: openA.id, payment_method_id: declined, paid_by: 'Owner A' }))).toMatchObject({
      status: 400,
      code: 'BAD_USER_INPUT',
      field: 'payment_method_id',
    });
    const ok = await card(TEST_CARDS.ok);
    const paid = await client.payInvoice(ids.A, { invoice_id: openA.id, payment_method_id: ok, paid_by: 'Owner A' });
    expect(paid.payments).toEqual([expect.objectContaining({ status: 'succeeded', amount: '129.00', method: 'card' })]);
    const after = await client.billing(ids.A);
    expect(after.invoices.find((i) => i.id === openA.id)).toMatchObject({ status: 'paid', balance: '0.00' });
    expect(after.cards.find((c) => c.is_default)!.id).toBe(ok);
    expect(await rejection(client.payInvoice(ids.A, { invoice_id: openA.id, paid_by: 'Owner A' }))).toMatchObject({ status: 400, field: 'invoice_id' });
    // B's invoice stayed open; the payment row names who paid.
    expect((await client.billing(ids.B)).invoices.find((i) => i.id === openB.id)!.status).toBe('open');
    const row = await h.control.db('center_payments').where({ invoice_id: openA.id, status: 'succeeded' }).first('added_by');
    expect(row.added_by).toBe('Owner A (centre owner)');
  });

  it('the seeded default card is a card the provider knows: paying without a new card charges it', async () => {
    const openB = (await client.billing(ids.B)).invoices.find((i) => i.status === 'open')!;
    // B's transfer is still pending: approving it settles the month instead.
    const transfer = (await billing.getCenterPayments(admin, { center_id: ids.B, status: 'pending' })).data[0]!;
    await billing.approveCenterPayment(admin, { id: transfer.id });
    expect((await client.billing(ids.B)).invoices.find((i) => i.id === openB.id)!.status).toBe('paid');
    // A new month for B, charged on the seeded card.
    const [inv] = await h.control
      .db('center_invoices')
      .insert({ center_id: ids.B, plan_id: null, period_start: '2099-01-01', period_end: '2099-01-31', due_date: '2099-01-01', amount_cents: 12900 })
      .returning('id');
    const r = await client.payInvoice(ids.B, { invoice_id: String(inv.id), paid_by: 'Owner B' });
    expect(r.payments[0]).toMatchObject({ status: 'succeeded' });
  });
});

describe('seedPlatformBilling', () => {
  it('tries again when a webhook writing the same rows deadlocks with it', async () => {
    const db = h.control.db;
    const made = await db('centers')
      .insert([
        { name: 'Centre dla', slug: 'dla', status: 'active' },
        { name: 'Centre dlb', slug: 'dlb', status: 'active' },
      ])
      .returning('id');
    const [a, b] = made.map((r: { id: string }) => String(r.id));
    // A webhook's transaction records centre B's card first (as payment_method.attached does)…
    const webhook = await db.transaction();
    await webhook('center_cards').insert({ id: `pm_demo${b!.padStart(6, '0')}visa`, center_id: b, brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031, is_default: true });
    const seeding = seedPlatformBilling(db, ['dla', 'dlb']);
    // …the seed, having written centre A, waits on that card…
    for (let i = 0; i < 200; i++) {
      const waiting = await db.raw(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into "center_cards"%'`);
      if (waiting.rows[0].n === 1) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    // …and the webhook then touches centre A: a cycle. Postgres rolls back the seed (it waited first).
    const touched = await webhook('centers').where({ id: a }).update({ contact_email: 'billing@dla.example.com' }).then(
      () => 'done',
      (e: { code?: string }) => e.code,
    );
    expect(touched).toBe('done');
    await webhook.commit();
    // The seed's second try finds the webhook's card and completes both centres.
    expect(await seeding).toBe(2);
    expect(await db('center_cards').whereIn('center_id', [a!, b!]).where({ is_default: true }).count({ n: '*' })).toEqual([{ n: '2' }]);
  });
});
