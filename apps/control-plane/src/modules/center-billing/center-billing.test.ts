import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeFake, TEST_CARDS } from '@kv/stripe-fake';
import { startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import type { Actor } from '../../access.ts';
import { createCenterBillingService, type CenterBillingService } from './service.ts';

/**
 * Platform billing against the local Stripe fake: plans, a centre's customer, cards, charges
 * (once however many clicks), transfers approved by an admin, signed webhooks applied once per
 * event id (anchors F4), and suspension after the plan's grace days until paid.
 */
const SK = 'sk_test_platform0001';
const PK = 'pk_test_platform0001';
const HOOK = 'http://localhost:3000/webhooks/stripe';
let h: ControlPlaneHarness;
let fake: StripeFake;
let billing: CenterBillingService;
let admin: Actor;
let support: Actor;
const guest: Actor = { viewer: null, ip: '10.1.1.1' };

async function rejection(p: Promise<unknown>): Promise<{ code?: string; field?: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: string; extensions?: { field?: string } };
    return { code: err.code, field: err.extensions?.field };
  }
  throw new Error('expected a rejection');
}

const isoDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function centre(slug: string): Promise<string> {
  const [r] = await h.control.db('centers').insert({ name: `Centre ${slug}`, slug, status: 'active', contact_email: `o@${slug}.example.com` }).returning('id');
  return String(r.id);
}

/** What Stripe.js does with the card form: a payment method made with the publishable key. */
async function card(number: string): Promise<string> {
  const r = await fake.request('POST', '/v1/payment_methods', '', `type=card&card[number]=${number}&card[exp_month]=12&card[exp_year]=2031&card[cvc]=123`, {
    authorization: `Bearer ${PK}`,
  });
  return JSON.parse(r.body).id;
}

const send = (payload: string, signature: string) =>
  h.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

async function plan(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await billing.createCenterPlan(admin, { name, amount: '49.00', trial_days: 0, grace_days: 7, public: true, ...extra });
  return r.plan.id;
}

describe('platform billing', () => {
  let growth: string;

  beforeAll(async () => {
    let app: ControlPlaneHarness['app'] | null = null;
    fake = new StripeFake({
      retryDelays: [],
      deliver: async (_url, body, headers) =>
        app ? (await app.inject({ method: 'POST', url: '/webhooks/stripe', headers, payload: body })).statusCode : 503,
    });
    const port = await fake.listen();
    h = await startControlPlane({ stripe: { mode: 'fake', host: '127.0.0.1', port, protocol: 'http', secretKey: SK } });
    app = h.app;
    billing = createCenterBillingService(h.rt);
    admin = h.actors.admin;
    support = h.actors.kvsupport;
    growth = await plan('Growth');
  });
  afterAll(async () => {
    await fake.close();
    await h.close();
  });

  it('registers the platform endpoint at the account once', async () => {
    const rows = await h.control.db('platform_stripe_endpoints').select('url');
    expect(rows).toEqual([{ url: HOOK }]);
  });

  it('creates plans (admin only, bad input named by field); guests and kvsupport see the public ones', async () => {
    const hidden = await plan('Private deal', { public: false, amount: '19.99', period: 'year', max_students: 40 });
    expect((await rejection(billing.createCenterPlan(support, { name: 'X', amount: '1' }))).code).toBe('FORBIDDEN');
    expect(await rejection(billing.createCenterPlan(admin, { name: 'X', amount: '1.999' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'amount' });
    expect(await rejection(billing.createCenterPlan(admin, { name: 'X', amount: '-3' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'amount' });
    expect(await rejection(billing.createCenterPlan(admin, { name: 'X', amount: '3', period: 'week' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'period' });
    expect(await rejection(billing.createCenterPlan(admin, { name: 'X', amount: '3', grace_days: 99 }))).toEqual({ code: 'BAD_USER_INPUT', field: 'grace_days' });
    expect(await rejection(billing.createCenterPlan(admin, { name: ' ', amount: '3' }))).toMatchObject({ field: 'name' });
    expect((await rejection(billing.createCenterPlan(admin, { name: 'growth', amount: '3' }))).code).toBe('PLAN_NAME_TAKEN');

    const all = await billing.getCenterPlans(admin, {});
    expect(all.data.map((p) => p.id)).toEqual(expect.arrayContaining([growth, hidden]));
    expect(all.data.find((p) => p.id === hidden)).toMatchObject({ amount: '19.99', period: 'year', public: false, limits: { max_students: 40 } });
    for (const actor of [guest, support]) {
      const pub = await billing.getCenterPlans(actor, { public: false });
      expect(pub.data.map((p) => p.id)).toContain(growth);
      expect(pub.data.map((p) => p.id)).not.toContain(hidden);
    }
    // Over HTTP, as /packages asks: no sign-in needed.
    const r = await h.gql('{ getCenterPlans { data { name amount public } paginatorInfo { total } } }');
    expect(r.data.getCenterPlans.data).toEqual(expect.arrayContaining([{ name: 'Growth', amount: '49.00', public: true }]));
    expect(r.data.getCenterPlans.data.some((p: { name: string }) => p.name === 'Private deal')).toBe(false);
  });

  it('refuses kvsupport and guests on every admin operation over HTTP', async () => {
    const c = await centre('refused');
    const docs = [
      ['{ getCenterInvoices { data { id } } }', {}],
      ['{ getCenterPayments { data { id } } }', {}],
      [`{ getCenterCards(center_id: ${c}) { id } }`, {}],
      [`mutation { attachCenterPlan(center_id: ${c}, plan_id: ${growth}) { status } }`, {}],
      [`mutation { chargeCenter(center_id: ${c}) { status } }`, {}],
      [`mutation { submitCenterPayment(center_id: ${c}, method: "cheque") { status } }`, {}],
      ['mutation { approveCenterPayment(id: 1) { status } }', {}],
      ['mutation { createCenterPlan(name: "Z", amount: "1") { status } }', {}],
    ] as const;
    for (const [doc] of docs) {
      expect((await h.gql(doc, {}, { token: h.tokens.kvsupport })).errors?.[0]?.extensions?.code, doc).toBe('FORBIDDEN');
      expect((await h.gql(doc, {})).errors?.[0]?.extensions?.code, doc).toBe('UNAUTHENTICATED');
    }
  });

  it('attaches a plan: one customer per centre, mapped by the unique customer_id; bad ids named', async () => {
    const c = await centre('attach');
    expect(await rejection(billing.attachCenterPlan(admin, { center_id: c, plan_id: '999999' }))).toEqual({ code: 'PLAN_NOT_FOUND', field: 'plan_id' });
    expect(await rejection(billing.attachCenterPlan(admin, { center_id: 'abc', plan_id: growth }))).toEqual({ code: 'BAD_USER_INPUT', field: 'center_id' });
    expect((await rejection(billing.attachCenterPlan(admin, { center_id: '999999', plan_id: growth }))).code).toBe('CENTER_NOT_FOUND');
    await billing.attachCenterPlan(admin, { center_id: c, plan_id: growth });
    await billing.attachCenterPlan(admin, { center_id: c, plan_id: growth });
    const row = await h.control.db('centers').where({ id: c }).first('customer_id', 'payment_start', 'center_billing_plan_id');
    expect(row.customer_id).toMatch(/^cus_/);
    expect(String(row.center_billing_plan_id)).toBe(growth);
    expect(fake.eventsOf(SK).filter((e) => e.type === 'customer.created' && e.data.object.metadata.kv_center_id === c)).toHaveLength(1);
  });

  it('pays by card once however many clicks; the card is saved; webhooks settle nothing twice', async () => {
    const c = await centre('clicks');
    await billing.attachCenterPlan(admin, { center_id: c, plan_id: growth });
    await billing.runCycle();
    const [inv] = (await billing.getCenterInvoices(admin, { center_id: c })).data;
    expect(inv).toMatchObject({ status: 'open', amount: '49.00', balance: '49.00', period_start: isoDay() });
    const pm = await card(TEST_CARDS.ok);
    const tries = await Promise.allSettled(
      Array.from({ length: 5 }, () => billing.submitCenterPayment(admin, { center_id: c, invoice_id: inv!.id, method: 'card', payment_method_id: pm })),
    );
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    for (const t of tries) if (t.status === 'rejected') expect(['PAYMENT_IN_PROGRESS', 'NOTHING_TO_PAY']).toContain((t.reason as { code: string }).code);
    await fake.settle();
    const payments = await h.control.db('center_payments').where({ center_id: c });
    expect(payments.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(fake.eventsOf(SK).filter((e) => e.type === 'payment_intent.succeeded' && e.data.object.metadata.kv_center_id === c)).toHaveLength(1);
    expect((await billing.getCenterInvoices(admin, { center_id: c })).data[0]).toMatchObject({ status: 'paid', balance: '0.00' });
    expect(await billing.getCenterCards(admin, { center_id: c })).toEqual([
      expect.objectContaining({ id: pm, brand: 'visa', last4: '4242', is_default: true }),
    ]);
    // Charging again: nothing is owed.
    expect((await rejection(billing.chargeCenter(admin, { center_id: c }))).code).toBe('NOTHING_TO_PAY');
    // An invoice of another centre cannot be paid through this one.
    const other = await centre('other-clicks');
    expect(await rejection(billing.submitCenterPayment(admin, { center_id: other, invoice_id: inv!.id, method: 'cheque', reference: 'x' }))).toEqual({
      code: 'INVOICE_NOT_FOUND',
      field: 'invoice_id',
    });
    expect(await rejection(billing.submitCenterPayment(admin, { center_id: c, method: 'card', payment_method_id: 'tok_1' }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'payment_method_id',
    });
    expect(await rejection(billing.submitCenterPayment(admin, { center_id: c, method: 'bitcoin' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'method' });
  });

  it('a failed payment suspends the centre after the grace days; paying brings it back', async () => {
    const c = await centre('grace');
    await billing.attachCenterPlan(admin, { center_id: c, plan_id: growth });
    await billing.runCycle();
    const [inv] = (await billing.getCenterInvoices(admin, { center_id: c })).data;
    const bad = await card(TEST_CARDS.chargeDeclined);
    expect(await rejection(billing.submitCenterPayment(admin, { center_id: c, invoice_id: inv!.id, method: 'card', payment_method_id: bad }))).toEqual({
      code: 'CARD_DECLINED',
      field: 'payment_method_id',
    });
    await fake.settle();
    expect(await h.control.db('center_payments').where({ center_id: c }).select('status')).toEqual([{ status: 'failed' }]);
    // Within the grace days the centre keeps serving.
    await h.control.db('center_invoices').where({ id: inv!.id }).update({ due_date: isoDay(-7) });
    expect((await billing.runCycle()).suspended).not.toContain(c);
    await h.control.db('center_invoices').where({ id: inv!.id }).update({ due_date: isoDay(-8) });
    const run = await billing.runCycle();
    expect(run.suspended).toContain(c);
    expect(await h.control.db('centers').where({ id: c }).first('status')).toMatchObject({ status: 'suspended' });
    // The cycle tries the (declined) default card once a day only.
    expect(await h.control.db('center_payments').where({ center_id: c }).count({ n: '*' })).toEqual([{ n: '1' }]);
    // A good card pays it: active again.
    await billing.submitCenterPayment(admin, { center_id: c, invoice_id: inv!.id, method: 'card', payment_method_id: await card(TEST_CARDS.ok) });
    expect(await h.control.db('centers').where({ id: c }).first('status', 'billing_suspended_at')).toEqual({ status: 'active', billing_suspended_at: null });
    // A manual suspension is never lifted by a payment.
    await h.control.db('centers').where({ id: c }).update({ status: 'suspended' });
    await billing.runCycle();
    expect(await h.control.db('centers').where({ id: c }).first('status')).toMatchObject({ status: 'suspended' });
  });

  it('keeps a transfer or cheque pending until an admin approves it', async () => {
    const c = await centre('cheque');
    await billing.attachCenterPlan(admin, { center_id: c, plan_id: growth });
    await billing.runCycle();
    const [inv] = (await billing.getCenterInvoices(admin, { center_id: c })).data;
    expect(await rejection(billing.submitCenterPayment(admin, { center_id: c, invoice_id: inv!.id, method: 'cheque' }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'reference',
    });
    expect(await rejection(billing.submitCenterPayment(admin, { center_id: c, method: 'transfer', reference: 'W-1' }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'invoice_id',
    });
    const sub = await billing.submitCenterPayment(admin, { center_id: c, invoice_id: inv!.id, method: 'cheque', reference: 'CHK 1042' });
    const p = sub.payments[0]!;
    expect(p).toMatchObject({ status: 'pending', method: 'cheque', amount: '49.00', reference: 'CHK 1042' });
    expect((await billing.getCenterInvoices(admin, { center_id: c })).data[0]!.status).toBe('open');
    expect((await rejection(billing.approveCenterPayment(support, { id: p.id }))).code).toBe('FORBIDDEN');
    await billing.approveCenterPayment(admin, { id: p.id });
    expect((await billing.getCenterInvoices(admin, { center_id: c })).data[0]!.status).toBe('paid');
    expect(await rejection(billing.approveCenterPayment(admin, { id: p.id }))).toEqual({ code: 'PAYMENT_NOT_PENDING', field: 'id' });
    expect(await rejection(billing.approveCenterPayment(admin, { id: '999999' }))).toEqual({ code: 'PAYMENT_NOT_FOUND', field: 'id' });
    const page = await billing.getCenterPayments(admin, { center_id: c, method: 'cheque' });
    expect(page.data).toHaveLength(1);
    expect(await rejection(billing.getCenterPayments(admin, { status: 'lost' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'status' });
  });

  describe('webhooks (anchors F4)', () => {
    let c: string;
    let customer: string;
    let payment: string;

    beforeAll(async () => {
      c = await centre('hooks');
      await billing.attachCenterPlan(admin, { center_id: c, plan_id: growth });
      customer = (await h.control.db('centers').where({ id: c }).first('customer_id')).customer_id;
      await billing.runCycle();
      const [inv] = (await billing.getCenterInvoices(admin, { center_id: c })).data;
      const [row] = await h.control.db('center_payments')
        .insert({ center_id: c, invoice_id: inv!.id, amount_cents: 4900, method: 'card', status: 'pending' })
        .returning('id');
      payment = String(row.id);
    });

    const event = (id: string, type: string, created: number, object: Record<string, unknown>) =>
      JSON.stringify({ id, object: 'event', type, created, data: { object } });
    const intent = (extra: Record<string, unknown> = {}) => ({
      id: `pi_hook${payment}`,
      object: 'payment_intent',
      amount: 4900,
      customer,
      metadata: { kv_payment_id: payment, kv_center_id: c },
      ...extra,
    });

    it('refuses tampered, stale and unsigned deliveries with 400, writing nothing', async () => {
      const now = Math.floor(Date.now() / 1000);
      const good = event('evt_tamper1', 'payment_intent.succeeded', now, intent());
      const sig = fake.signFor(SK, HOOK, good);
      expect((await send(good.replace('4900', '1'), sig)).statusCode).toBe(400);
      expect((await send(good, fake.signFor(SK, HOOK, good, now - 301))).statusCode).toBe(400);
      expect((await send(good, fake.signFor(SK, HOOK, good, now + 301))).statusCode).toBe(400);
      expect((await h.app.inject({ method: 'POST', url: '/webhooks/stripe', payload: good, headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
      expect(await h.control.db('platform_stripe_events').where({ id: 'evt_tamper1' })).toHaveLength(0);
      expect(await h.control.db('center_payments').where({ id: payment }).first('status')).toEqual({ status: 'pending' });
    });

    it('answers 200 and ignores an unknown customer', async () => {
      const body = event('evt_stranger', 'payment_intent.succeeded', Math.floor(Date.now() / 1000), intent({ customer: 'cus_stranger' }));
      expect((await send(body, fake.signFor(SK, HOOK, body))).statusCode).toBe(200);
      expect(await h.control.db('platform_stripe_events').where({ id: 'evt_stranger' }).first('effect')).toEqual({ effect: 'ignored' });
      expect(await h.control.db('center_payments').where({ id: payment }).first('status')).toEqual({ status: 'pending' });
    });

    it('applies each event once however often and in whatever order it arrives; older events are stale', async () => {
      const t = Math.floor(Date.now() / 1000);
      const failed = event('evt_fail1', 'payment_intent.payment_failed', t, intent({ last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } }));
      const paid = event('evt_paid1', 'payment_intent.succeeded', t + 5, intent());
      const older = event('evt_old1', 'payment_intent.payment_failed', t - 5, intent({ last_payment_error: { code: 'card_declined', message: 'x' } }));
      // The later success first, five times at once, then the earlier failure five times, then an older one.
      const deliveries = [
        ...Array.from({ length: 5 }, () => [paid, fake.signFor(SK, HOOK, paid)] as const),
        ...Array.from({ length: 5 }, () => [failed, fake.signFor(SK, HOOK, failed)] as const),
      ];
      const answers = await Promise.all(deliveries.map(([b, s]) => send(b, s)));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect((await send(older, fake.signFor(SK, HOOK, older))).statusCode).toBe(200);
      const events = await h.control.db('platform_stripe_events').whereIn('id', ['evt_fail1', 'evt_paid1', 'evt_old1']).orderBy('id').select('id', 'effect');
      expect(events).toEqual([
        { id: 'evt_fail1', effect: 'stale' },
        { id: 'evt_old1', effect: 'stale' },
        { id: 'evt_paid1', effect: 'applied' },
      ]);
      expect(await h.control.db('center_payments').where({ id: payment }).first('status', 'payment_intent_id')).toEqual({
        status: 'succeeded',
        payment_intent_id: `pi_hook${payment}`,
      });
      expect((await billing.getCenterInvoices(admin, { center_id: c })).data[0]!.status).toBe('paid');
    });

    it('never takes a payment of another centre, even with its id in the metadata', async () => {
      const other = await centre('hooks-other');
      const [row] = await h.control.db('center_payments').insert({ center_id: other, amount_cents: 100, method: 'card', status: 'pending' }).returning('id');
      const body = event('evt_cross', 'payment_intent.succeeded', Math.floor(Date.now() / 1000), intent({ id: 'pi_cross', metadata: { kv_payment_id: String(row.id) } }));
      expect((await send(body, fake.signFor(SK, HOOK, body))).statusCode).toBe(200);
      expect(await h.control.db('center_payments').where({ id: row.id }).first('status')).toEqual({ status: 'pending' });
    });
  });
});
