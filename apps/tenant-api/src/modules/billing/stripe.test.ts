import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localParts } from '@kv/shared';
import { StripeFake, TEST_CARDS } from '@kv/stripe-fake';
import { securityHeaders } from '@kv/server';
import { createHarness, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { q as query } from '../attendance/test-fixtures.ts';
import { setupBilling, type BillingSetup } from './test-fixtures.ts';
import { runAutopay } from './stripe/jobs.ts';

/**
 * Card payments against the local Stripe fake: the owner's keys, parents' cards, the payer's
 * share charged once however many clicks, signed webhooks applied once, autopay retries.
 */
let h: Harness;
let w: BillingSetup;
let fake: StripeFake;
/** While true, the fake's webhook deliveries fail (a webhook Stripe could not deliver yet). */
let holdHooks = false;
const A = () => h.centres[0]!;
const db = () => A().db.db;
const TZ = 'America/Chicago';
const PK = 'pk_test_centreA0001';
const SK = 'sk_test_centreA0001';
const HOOK_URL = 'http://a.test.localhost:3000/webhooks/stripe';

const SAVE_KEYS = `mutation($p: String!, $s: String!) { savePaymentProviderKeys(publishable_key: $p, secret_key: $s) {
  status keys { configured publishable_key secret_key livemode webhook_url webhook_secrets } } }`;
const ADD_CARD = `mutation($si: ID) { addUserCard(setup_intent_id: $si) { status client_secret setup_intent_id publishable_key
  card { id brand last4 exp_month exp_year is_default } } }`;
const CHARGE = `mutation($u: ID!, $id: ID!, $t: String) { chargeUserInvoice(user_id: $u, id: $id, token: $t) {
  status message charge { id amount status error client_secret payment_id } } }`;
const ADD_ITEM = `mutation($s: ID!, $a: Cents!) { addNewItemToInvoice(student_id: $s, item: { name: "Tuition", original_amount: $a }) { invoice { id } } }`;
const STUDENTS = `{ getUserBillingStudents { id name balance my_open allow_card open_invoices { invoice_id share open balance } } }`;

async function ok(doc: string, vars: Record<string, unknown>, token: string) {
  const r = await w.q(doc, vars, token);
  if (!r.data || r.errors) throw new Error(r.body);
  return r.data as Record<string, any>;
}

/** What Stripe.js does with the card element: a PaymentMethod with the publishable key, then the SetupIntent confirmed. */
async function confirmSetup(pk: string, secret: string, number: string, exp = '12/2031') {
  const [m, y] = exp.split('/');
  const pm = JSON.parse(
    (await fake.request('POST', '/v1/payment_methods', '', `type=card&card[number]=${number}&card[exp_month]=${m}&card[exp_year]=${y}&card[cvc]=123`, {
      authorization: `Bearer ${pk}`,
    })).body,
  );
  const id = secret.split('_secret_')[0];
  return fake.request('POST', `/v1/setup_intents/${id}/confirm`, '', `client_secret=${secret}&payment_method=${pm.id}`, { authorization: `Bearer ${pk}` });
}

async function addCard(token: string, number: string, exp?: string) {
  const start = (await ok(ADD_CARD, {}, token)).addUserCard;
  await confirmSetup(start.publishable_key, start.client_secret, number, exp);
  return (await ok(ADD_CARD, { si: start.setup_intent_id }, token)).addUserCard.card;
}

const invoice = async (student: string, cents: number) =>
  String((await ok(ADD_ITEM, { s: student, a: cents }, w.tokens.mgrX)).addNewItemToInvoice.invoice.id);

beforeAll(async () => {
  h = await createHarness();
  w = await setupBilling(h, A());
  await db()('locations').update({ timezone: TZ });
  fake = new StripeFake({
    retryDelays: [],
    deliver: async (url, body, headers) => {
      if (holdHooks) return 503;
      const u = new URL(url);
      const r = await h.app.inject({ method: 'POST', url: u.pathname, headers: { ...headers, host: u.hostname }, payload: body });
      return r.statusCode;
    },
  });
  const port = await fake.listen();
  h.deps.config.stripe = { mode: 'fake', host: '127.0.0.1', port, protocol: 'http' };
});
afterAll(async () => {
  await fake?.close();
  await h?.close();
});

describe('payment provider keys', () => {
  it('the owner only; bad keys name their field; the secret is stored encrypted and shown masked', async () => {
    expect(code(await w.q(SAVE_KEYS, { p: PK, s: SK }, w.tokens.mgrX))).toBe('FORBIDDEN');
    expect(code(await w.q('{ getPaymentProviderKeys { configured } }', {}, w.family.mumToken))).toBe('FORBIDDEN');
    expect(field(await w.q(SAVE_KEYS, { p: 'nope', s: SK }, w.tokens.owner))).toBe('publishable_key');
    expect(field(await w.q(SAVE_KEYS, { p: PK, s: 'pk_test_centreA0001' }, w.tokens.owner))).toBe('secret_key');
    expect(field(await w.q(SAVE_KEYS, { p: 'pk_live_centreA0001', s: SK }, w.tokens.owner))).toBe('publishable_key');
    expect(field(await w.q(SAVE_KEYS, { p: PK, s: 'sk_test_invalidkey01' }, w.tokens.owner))).toBe('secret_key');
    const r = (await ok(SAVE_KEYS, { p: PK, s: SK }, w.tokens.owner)).savePaymentProviderKeys;
    expect(r.keys).toEqual({
      configured: true,
      publishable_key: 'pk_test_••••0001',
      secret_key: 'sk_test_••••0001',
      livemode: false,
      webhook_url: HOOK_URL,
      webhook_secrets: 1,
    });
    const row = await db()('stripe_accounts').first();
    expect(row.secret_key_enc).not.toContain(SK);
    expect(JSON.stringify(row.webhook_secrets_enc)).not.toContain('whsec_');
    // A rotation keeps the previous secret beside the new one; a third save retires the oldest.
    expect((await ok(SAVE_KEYS, { p: PK, s: SK }, w.tokens.owner)).savePaymentProviderKeys.keys.webhook_secrets).toBe(2);
    expect((await ok(SAVE_KEYS, { p: PK, s: SK }, w.tokens.owner)).savePaymentProviderKeys.keys.webhook_secrets).toBe(2);
    expect(await db()('audit_log').where({ action: 'billing.payment_provider_keys' }).count({ n: '*' }).first()).toEqual({ n: '3' });
  });

  it('parents of a billing location may pay by card; other locations are refused by name', async () => {
    const r = await ok('query($l: ID!) { checkLocationAllowStripePayment(location_id: $l) { allowed publishable_key } }', { l: w.X }, w.family.mumToken);
    expect(r.checkLocationAllowStripePayment).toEqual({ allowed: true, publishable_key: PK });
    const y = await w.q('query($l: ID!) { checkLocationAllowStripePayment(location_id: $l) { allowed } }', { l: w.Y }, w.family.mumToken);
    expect(field(y)).toBe('location_id');
    expect(code(await w.q('query($l: ID!) { checkLocationAllowStripePayment(location_id: $l) { allowed } }', { l: w.X }, w.tokens.teacher))).toBe('FORBIDDEN');
  });
});

describe('cards and paying a share', () => {
  it('a parent adds a card through a SetupIntent: no card data reaches the database', async () => {
    const card = await addCard(w.family.mumToken, TEST_CARDS.ok);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031, is_default: true });
    const { rows } = await db().raw(`select to_jsonb(p)::text as t from stripe_payment_methods p`);
    expect(rows.map((r: { t: string }) => r.t).join()).not.toContain('4242424242424242');
    // Someone else's set-up intent is not theirs to finish.
    const start = (await ok(ADD_CARD, {}, w.family.mumToken)).addUserCard;
    expect(field(await w.q(ADD_CARD, { si: start.setup_intent_id }, w.tokens.parent))).toBe('setup_intent_id');
    // A declined card is not saved.
    const bad = (await ok(ADD_CARD, {}, w.tokens.parent)).addUserCard;
    await confirmSetup(bad.publishable_key, bad.client_secret, TEST_CARDS.declined);
    expect(field(await w.q(ADD_CARD, { si: bad.setup_intent_id }, w.tokens.parent))).toBe('setup_intent_id');
    expect(code(await w.q(ADD_CARD, {}, w.tokens.mgrX))).toBe('FORBIDDEN');
  });

  it('two payers 50/50: the parent pays exactly their half; the amount comes from the server', async () => {
    await db()('student_users').where({ user_id: w.family.dad, student_id: w.kids.ana }).update({ is_payer: true });
    await ok(
      `mutation($s: ID!, $sh: [PayerShareInput!]!) { saveStudentPayerShares(student_id: $s, shares: $sh) { status } }`,
      { s: w.kids.ana, sh: [{ user_id: w.family.mum, share_type: 'percent', value: 50 }, { user_id: w.family.dad, share_type: 'percent', value: 50 }] },
      w.tokens.mgrX,
    );
    const id = await invoice(w.kids.ana, 10001);
    const mine = (await ok(STUDENTS, {}, w.family.mumToken)).getUserBillingStudents.find((s: { id: string }) => s.id === w.kids.ana);
    const share = mine.open_invoices.find((i: { invoice_id: string }) => i.invoice_id === id);
    // Largest remainder: the odd cent goes to one payer; the halves add up to the total.
    expect([5000, 5001]).toContain(share.share);
    expect(share).toMatchObject({ open: share.share, balance: 10001 });
    const r = (await ok(CHARGE, { u: w.family.mum, id }, w.family.mumToken)).chargeUserInvoice;
    expect(r).toMatchObject({ status: true, charge: { amount: share.share, status: 'succeeded' } });
    const inv = await ok(`query($s: ID!) { getInvoices(student_id: $s) { data { id balance payers { user_id amount } } } }`, { s: w.kids.ana }, w.tokens.mgrX);
    const after = inv.getInvoices.data.find((i: { id: string }) => i.id === id);
    expect(after.balance).toBe(10001 - share.share);
    expect(after.payers.find((p: { user_id: string }) => p.user_id === w.family.dad).amount).toBe(10001 - share.share);
    const pay = await db()('payments').where({ id: r.charge.payment_id }).first();
    expect(pay).toMatchObject({ method: 'card', status: 'active', user_id: w.family.mum });
    expect(code(await w.q(CHARGE, { u: w.family.mum, id }, w.family.mumToken))).toBe('NOTHING_OWED');
  });

  it('own / other family / other location / manager without billing.manage / other centre', async () => {
    const id = await invoice(w.kids.ben, 3000);
    expect(field(await w.q(CHARGE, { u: w.family.dad, id }, w.family.mumToken))).toBe('user_id');
    expect(code(await w.q(CHARGE, { u: w.ids.parent, id }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(code(await w.q(CHARGE, { u: w.family.mum, id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(CHARGE, { u: w.family.mum, id }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(field(await w.q(CHARGE, { u: w.family.mum, id, t: 'pm_not_mine' }, w.family.mumToken))).toBe('token');
    expect(field(await w.q(CHARGE, { u: w.family.mum, id: 'x' }, w.family.mumToken))).toBe('id');
    await db().raw(
      `delete from role_permissions where role_id = (select id from roles where name = 'manager') and permission_id = (select id from permissions where name = 'billing.manage')`,
    );
    try {
      expect(code(await w.q(CHARGE, { u: w.family.mum, id }, w.tokens.mgrX))).toBe('FORBIDDEN');
    } finally {
      await db().raw(
        `insert into role_permissions (role_id, permission_id) select r.id, p.id from roles r, permissions p where r.name = 'manager' and p.name = 'billing.manage'`,
      );
    }
    const B = h.centres[1]!;
    await seedUser(B, { username: 'stripeowner', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'stripeowner')).token;
    const onB = query(h, B);
    expect(code(await onB(CHARGE, { u: w.family.mum, id }, tb))).toBe('NOT_FOUND');
    expect((await onB(CHARGE, { u: w.family.mum, id }, w.family.mumToken)).statusCode).toBe(401);
    expect((await onB('{ getPaymentProviderKeys { configured } }', {}, tb)).data?.getPaymentProviderKeys.configured).toBe(false);
  });

  it('20 concurrent chargeUserInvoice → one charge', async () => {
    const id = await invoice(w.kids.ben, 4200);
    const before = fake.eventsOf(SK).filter((e) => e.type === 'payment_intent.created').length;
    const all = await Promise.all(Array.from({ length: 20 }, () => w.q(CHARGE, { u: w.family.mum, id }, w.family.mumToken)));
    const succeeded = all.filter((r) => r.data?.chargeUserInvoice?.charge.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
    for (const r of all.filter((x) => !x.data?.chargeUserInvoice)) expect(['PAYMENT_IN_PROGRESS', 'NOTHING_OWED']).toContain(code(r));
    expect(fake.eventsOf(SK).filter((e) => e.type === 'payment_intent.created').length - before).toBe(1);
    const paid = await db()('stripe_charges').where({ invoice_id: id }).select('status', 'amount');
    expect(paid).toEqual([{ status: 'succeeded', amount: '4200' }]);
    const r = await db()('billing_ledger').where({ invoice_id: id }).sum({ s: 'amount' }).first();
    expect(Number(r?.s)).toBe(0);
  });
});

describe('webhooks', () => {
  const send = (payload: string, sig: string) =>
    h.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { host: A().host, 'content-type': 'application/json', 'stripe-signature': sig }, payload });

  it('100 events × 5 concurrent, shuffled, plus stale, tampered, unknown customer and old ones → exactly 100 effects', async () => {
    await fake.settle();
    const customer = (await db()('stripe_customers').where({ user_id: w.family.mum }).first()).customer_id;
    const cardId = (await db()('stripe_payment_methods').where({ user_id: w.family.mum }).first()).id;
    const charges: string[] = [];
    for (let i = 0; i < 100; i++) {
      const [inv] = await db()('invoices').insert({ student_id: w.kids.ben, location_id: w.X, date: '2026-01-01', due_date: '2026-01-10' }).returning('id');
      const [item] = await db()('invoice_items').insert({ invoice_id: inv.id, name: 'Hook', original_amount: 100, amount: 100, source: JSON.stringify({ kind: 'manual' }) }).returning('id');
      await db()('billing_ledger').insert({ location_id: w.X, student_id: w.kids.ben, invoice_id: inv.id, invoice_item_id: item.id, kind: 'charge', amount: 100 });
      const [c] = await db()('stripe_charges')
        .insert({ invoice_id: inv.id, student_id: w.kids.ben, location_id: w.X, user_id: w.family.mum, amount: 100, payment_method: cardId, kind: 'manual', idempotency_key: `hook-${i}`, payment_intent_id: `pi_hook_${i}` })
        .returning('id');
      charges.push(String(c.id));
    }
    const base = Math.floor(Date.now() / 1000) - 60;
    const event = (i: number, type: string, created: number, cust = customer, extra: object = {}) =>
      JSON.stringify({ id: `evt_hook_${type}_${i}`, object: 'event', type, created, livemode: false, api_version: '2025-10-29',
        data: { object: { id: `pi_hook_${i}`, object: 'payment_intent', customer: cust, amount: 100, amount_received: 100, status: type.endsWith('succeeded') ? 'succeeded' : 'requires_payment_method', metadata: {}, ...extra } } });
    const deliveries: { payload: string; sig: string }[] = [];
    for (let i = 0; i < 100; i++) {
      const payload = event(i, 'payment_intent.succeeded', base + i);
      const sig = fake.signFor(SK, HOOK_URL, payload);
      for (let k = 0; k < 5; k++) deliveries.push({ payload, sig });
    }
    deliveries.sort(() => Math.random() - 0.5);
    const statuses: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        while (next < deliveries.length) {
          const d = deliveries[next++]!;
          statuses.push((await send(d.payload, d.sig)).statusCode);
        }
      }),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    // stale: a failure older than the success each charge saw
    for (let i = 0; i < 10; i++) {
      const p = event(i, 'payment_intent.payment_failed', base - 100, customer, { last_payment_error: { code: 'card_declined', message: 'Declined' } });
      expect((await send(p, fake.signFor(SK, HOOK_URL, p))).statusCode).toBe(200);
    }
    // tampered: the signature no longer matches the body
    const good = event(200, 'payment_intent.succeeded', base);
    expect((await send(good.replace('"amount":100', '"amount":999999'), fake.signFor(SK, HOOK_URL, good))).statusCode).toBe(400);
    expect((await send(good, 't=1,v1=deadbeef')).statusCode).toBe(400);
    // signed more than 300 s ago
    expect((await send(good, fake.signFor(SK, HOOK_URL, good, Math.floor(Date.now() / 1000) - 301))).statusCode).toBe(400);
    // unknown customer: answered 200, ignored
    const stranger = event(300, 'payment_intent.succeeded', base, 'cus_nobody');
    expect((await send(stranger, fake.signFor(SK, HOOK_URL, stranger))).statusCode).toBe(200);

    const payments = await db()('payments').whereIn('stripe_charge_id', charges).count({ n: '*' }).first();
    expect(Number(payments?.n)).toBe(100);
    const applied = await db()('stripe_events').where('id', 'like', 'evt_hook_%').where({ effect: 'applied' }).count({ n: '*' }).first();
    expect(Number(applied?.n)).toBe(100);
    expect(Number((await db()('stripe_events').where('id', 'like', 'evt_hook_%').where({ effect: 'stale' }).count({ n: '*' }).first())?.n)).toBe(10);
    expect(await db()('stripe_events').where({ id: 'evt_hook_payment_intent.succeeded_300' }).first('effect')).toEqual({ effect: 'ignored' });
    expect(await db()('stripe_events').where({ id: 'evt_hook_payment_intent.succeeded_200' }).first()).toBeUndefined();
    const paid = await db()('stripe_charges').whereIn('id', charges).where({ status: 'succeeded' }).count({ n: '*' }).first();
    expect(Number(paid?.n)).toBe(100);
    const owed = await db().raw(
      `select coalesce(sum(g.amount), 0) as s from billing_ledger g join stripe_charges c on c.invoice_id = g.invoice_id where c.id = any(?::bigint[])`,
      [charges],
    );
    expect(Number(owed.rows[0].s)).toBe(0);
  });
});

describe('autopay', () => {
  it('a declined autopay retries on days 1, 3 and 5, alerting the payer and the managers each time', async () => {
    await addCard(w.tokens.parent, TEST_CARDS.chargeDeclined);
    await ok('mutation { setUserAutopay(enabled: true) { methods { autopay } } }', {}, w.tokens.parent);
    const today = localParts(new Date(), TZ).date;
    // Due before autopay was turned on: never charged without asking.
    const older = await invoice(w.kids.parentKid, 900);
    await db()('invoices').where({ id: older }).update({ due_date: '2020-01-01' });
    const id = await invoice(w.kids.parentKid, 2500);
    await db()('invoices').where({ id }).update({ due_date: today });
    const config = h.deps.config;
    const run = (days: number) => runAutopay(db(), A().entry.id, config, new Date(Date.now() + days * 86_400_000));
    const attempts = async () => (await db()('stripe_charges').where({ invoice_id: id, kind: 'autopay' }).orderBy('attempt').select('attempt', 'status')).map((r) => `${r.attempt}:${r.status}`);
    expect((await run(0)).failed).toBe(1);
    expect((await run(0)).failed).toBe(0); // the same day: nothing more
    expect((await run(1)).failed).toBe(1);
    expect((await run(2)).failed).toBe(0);
    expect((await run(3)).failed).toBe(1);
    expect((await run(5)).failed).toBe(1);
    expect((await run(6)).failed).toBe(0); // no more retries
    expect(await attempts()).toEqual(['0:failed', '1:failed', '2:failed', '3:failed']);
    expect(await db()('stripe_charges').where({ invoice_id: older })).toEqual([]);
    const alerts = await db()('notifications').where({ user_id: w.ids.parent, kind: 'alert' }).where('title', 'Autopay failed').count({ n: '*' }).first();
    expect(Number(alerts?.n)).toBe(4);
    const staff = await db()('notifications').where({ user_id: w.ids.mgrX, kind: 'alert' }).where('title', 'Autopay failed').count({ n: '*' }).first();
    expect(Number(staff?.n)).toBe(4);
    const failed = await db()('payments').where({ student_id: w.kids.parentKid, status: 'failed', method: 'card' }).count({ n: '*' }).first();
    expect(Number(failed?.n)).toBe(4);
    const owed = await db()('billing_ledger').where({ invoice_id: id }).sum({ s: 'amount' }).first();
    expect(Number(owed?.s)).toBe(2500);
  });

  it('a card expiring within 30 days warns its owner and the managers once', async () => {
    const now = new Date();
    await addCard(w.tokens.parent, TEST_CARDS.ok, `${now.getUTCMonth() + 1}/${now.getUTCFullYear()}`);
    const first = await runAutopay(db(), A().entry.id, h.deps.config);
    expect(first.warned).toBe(1);
    expect((await runAutopay(db(), A().entry.id, h.deps.config)).warned).toBe(0);
    const n = await db()('notifications').where({ user_id: w.ids.parent, title: 'Your card expires soon' }).count({ n: '*' }).first();
    expect(Number(n?.n)).toBe(1);
    const m = await db()('notifications').where({ user_id: w.ids.mgrX, title: 'Your card expires soon' }).count({ n: '*' }).first();
    expect(Number(m?.n)).toBe(1);
  });
});

describe('Stripe.js', () => {
  it('fake mode: app-config.json names the stand-in, served on the centre host; its browser calls take a publishable key only', async () => {
    const cfg = await h.app.inject({ method: 'GET', url: '/app-config.json', headers: { host: A().host } });
    expect(JSON.parse(cfg.body).stripeJs).toBe('/dev/stripe/v3.js');
    const js = await h.app.inject({ method: 'GET', url: '/dev/stripe/v3.js', headers: { host: A().host } });
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain('confirmCardSetup');
    const secret = await h.app.inject({ method: 'POST', url: '/dev/stripe/v1/customers', headers: { host: A().host, authorization: `Bearer ${SK}` }, payload: 'email=x' });
    expect(secret.statusCode).toBe(401);
    const pm = await h.app.inject({
      method: 'POST',
      url: '/dev/stripe/v1/payment_methods',
      headers: { host: A().host, authorization: `Bearer ${PK}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `type=card&card[number]=${TEST_CARDS.ok}&card[exp_month]=12&card[exp_year]=2031&card[cvc]=123`,
    });
    expect(JSON.parse(pm.body)).toMatchObject({ card: { last4: '4242' } });
    expect(JSON.parse(pm.body).card.number).toBeUndefined();
  });

  it('live mode allows js.stripe.com in the CSP; fake mode does not', () => {
    expect(securityHeaders(true, [], true)['content-security-policy']).toContain('script-src \'self\' https://js.stripe.com');
    expect(securityHeaders(true, [], false)['content-security-policy']).not.toContain('stripe.com');
  });
});

describe('card refunds', () => {
  const REFUND = `mutation($id: ID!, $a: Cents!) { refundPayment(id: $id, amount: $a, reason: "Closed day") { status payment { id amount refunded status } } }`;
  const refundRows = async (pid: string) =>
    (await db()('billing_ledger').where({ payment_id: pid, kind: 'refund' }).orderBy('id').select('amount', 'stripe_refund_id')).map((r) => ({
      amount: Number(r.amount),
      stripe: r.stripe_refund_id !== null,
    }));
  const ledgerCount = async () => Number((await db()('billing_ledger').count({ n: '*' }).first())?.n);
  const stripeRefunds = (pi: string) =>
    fake.eventsOf(SK).filter((e) => e.type === 'refund.created' && e.data.object.payment_intent === pi).map((e) => e.data.object.amount);
  let pid = '';
  let pi = '';

  beforeAll(async () => {
    const id = await invoice(w.kids.ben, 6000);
    const r = (await ok(CHARGE, { u: w.family.mum, id }, w.family.mumToken)).chargeUserInvoice;
    expect(r.charge.status).toBe('succeeded');
    pid = String(r.charge.payment_id);
    const p = await db()('payments as p').join('stripe_charges as c', 'c.id', 'p.stripe_charge_id').where('p.id', pid).first('p.method', 'c.payment_intent_id');
    expect(p.method).toBe('card');
    pi = p.payment_intent_id;
    await fake.settle();
  });

  it('a partial refund goes to Stripe; its charge.refunded webhook changes nothing more', async () => {
    const r = (await ok(REFUND, { id: pid, a: 1500 }, w.tokens.mgrX)).refundPayment;
    expect(r.payment).toMatchObject({ amount: 6000, refunded: 1500, status: 'active' });
    expect(stripeRefunds(pi)).toEqual([1500]);
    await fake.settle();
    expect(await refundRows(pid)).toEqual([{ amount: 1500, stripe: true }]);
    const row = await db()('stripe_refunds').where({ payment_id: pid }).first();
    expect(row).toMatchObject({ status: 'succeeded', amount: '1500' });
    expect(row.idempotency_key).toMatch(/^kv-refund-/);
    expect(row.stripe_refund_id).toMatch(/^re_/);
    // The webhook and the API answer race; whichever is second finds it written.
    expect(await db()('stripe_events').where({ type: 'charge.refunded' }).count({ n: '*' }).first()).toEqual({ n: '1' });
    // The invoice it was on is owed again by the refunded amount (payment money taken off it).
    const acc = (await ok(`query($s: ID!) { getAccountDetails(student_id: $s) { open_invoices } }`, { s: w.kids.ben }, w.tokens.mgrX)).getAccountDetails;
    expect(acc.open_invoices).toBeGreaterThanOrEqual(1500);
  });

  it('bad input, other location and a manager without billing.manage reach nothing and call no Stripe', async () => {
    const before = await ledgerCount();
    expect([code(await w.q(REFUND, { id: pid, a: 4501 }, w.tokens.mgrX)), field(await w.q(REFUND, { id: pid, a: 4501 }, w.tokens.mgrX))]).toEqual([
      'BAD_USER_INPUT',
      'amount',
    ]);
    expect(field(await w.q(REFUND, { id: pid, a: -5 }, w.tokens.mgrX))).toBe('amount');
    expect(code(await w.q(REFUND, { id: pid, a: 100 }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(REFUND, { id: pid, a: 100 }, w.family.mumToken))).toBe('FORBIDDEN');
    // Voiding it in the ledger alone would leave the money at Stripe: refused, the refund is the way.
    const VOID = `mutation($id: ID!) { voidPayment(id: $id, reason: "Duplicate") { status } }`;
    expect([code(await w.q(VOID, { id: pid }, w.tokens.mgrX)), field(await w.q(VOID, { id: pid }, w.tokens.mgrX))]).toEqual(['PAID_BY_CARD', 'id']);
    expect(await ledgerCount()).toBe(before);
    expect(stripeRefunds(pi)).toEqual([1500]);
    expect(await db()('stripe_refunds').where({ payment_id: pid }).count({ n: '*' }).first()).toEqual({ n: '1' });
  });

  it("a refund made in Stripe's dashboard reaches the ledger once, by its webhook", async () => {
    const r = await fake.request('POST', '/v1/refunds', '', `payment_intent=${pi}&amount=500`, { authorization: `Bearer ${SK}` });
    expect(r.status).toBe(200);
    await fake.settle();
    expect(await refundRows(pid)).toEqual([
      { amount: 1500, stripe: true },
      { amount: 500, stripe: true },
    ]);
    // the same event delivered again: recorded once, no effect
    const ev = fake.eventsOf(SK).filter((e) => e.type === 'charge.refunded').at(-1)!;
    const body = JSON.stringify(ev);
    const again = await h.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { host: new URL(HOOK_URL).hostname, 'content-type': 'application/json', 'stripe-signature': fake.signFor(SK, HOOK_URL, body) },
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    expect(await refundRows(pid)).toHaveLength(2);
  });

  it('Stripe refusing leaves no ledger row and answers REFUND_FAILED; the late webhook reconciles', async () => {
    // The rest is refunded in Stripe while its webhook cannot be delivered yet.
    holdHooks = true;
    await fake.request('POST', '/v1/refunds', '', `payment_intent=${pi}`, { authorization: `Bearer ${SK}` });
    await fake.settle();
    holdHooks = false;
    const before = await ledgerCount();
    const r = await w.q(REFUND, { id: pid, a: 1000 }, w.tokens.mgrX);
    expect([code(r), field(r)]).toEqual(['REFUND_FAILED', 'amount']);
    expect(r.body).not.toMatch(/ch_|re_|pi_/);
    expect(await ledgerCount()).toBe(before);
    expect(await db()('stripe_refunds').where({ payment_id: pid, status: 'failed' }).count({ n: '*' }).first()).toEqual({ n: '1' });
    // Stripe's retry of the held event arrives: the dashboard refund of the remaining 4000 is written once.
    const ev = fake.eventsOf(SK).filter((e) => e.type === 'charge.refunded').at(-1)!;
    const body = JSON.stringify(ev);
    for (let i = 0; i < 2; i++)
      await h.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { host: new URL(HOOK_URL).hostname, 'content-type': 'application/json', 'stripe-signature': fake.signFor(SK, HOOK_URL, body) },
        payload: body,
      });
    expect((await refundRows(pid)).map((x) => x.amount)).toEqual([1500, 500, 4000]);
    const p = (await ok(`query($s: ID!) { getPayments(student_id: $s) { data { id refunded } } }`, { s: w.kids.ben }, w.tokens.mgrX)).getPayments.data.find(
      (x: any) => x.id === pid,
    );
    expect(p.refunded).toBe(6000);
  });

  it('Stripe unreachable: PAYMENT_PROVIDER_UNAVAILABLE, nothing on the ledger, the key kept for the reconciliation', async () => {
    const id = await invoice(w.kids.ben, 3000);
    const paid = (await ok(CHARGE, { u: w.family.mum, id }, w.family.mumToken)).chargeUserInvoice;
    const p2 = String(paid.charge.payment_id);
    const saved = h.deps.config.stripe!;
    h.deps.config.stripe = { ...saved, port: 1 };
    const before = await ledgerCount();
    let r;
    try {
      r = await w.q(REFUND, { id: p2, a: 700 }, w.tokens.mgrX);
    } finally {
      h.deps.config.stripe = saved;
    }
    expect(code(r)).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await ledgerCount()).toBe(before);
    const row = await db()('stripe_refunds').where({ payment_id: p2 }).first();
    expect(row.status).toBe('pending');
    // While it is pending, its amount is reserved: at most 2300 more can be asked.
    expect(field(await w.q(REFUND, { id: p2, a: 2301 }, w.tokens.mgrX))).toBe('amount');
    // The hourly reconciliation sends it again with its own key: refunded once.
    await runAutopay(db(), A().entry.id, h.deps.config, new Date(Date.now() + 11 * 60_000));
    await fake.settle();
    expect(await refundRows(p2)).toEqual([{ amount: 700, stripe: true }]);
    expect((await db()('stripe_refunds').where({ id: row.id }).first()).status).toBe('succeeded');
  });
});
