import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError, createControlPlaneClient, createTokenService, type CentreBillingInfo, type ChannelAnswer } from '@kv/auth';
import { createHarness, gql, seedUser, signIn, TEST_SECRET, type Harness } from '../../test/harness.ts';
import { code } from '../locations/test-fixtures.ts';

/**
 * My Plan's billing (getMyPlanBilling, payMyPlanInvoice): the owner only, each centre its own (the
 * control plane answers the centre the service token names), the platform's refusals typed by field.
 */
let h: Harness;
const A = () => h.centres[0]!;
const B = () => h.centres[1]!;
const tokens: Record<string, string> = {};
const GET = 'query { getMyPlanBilling { invoices { id status balance due_date } payments { id status } cards { last4 is_default } publishable_key } }';
const PAY = 'mutation($invoice_id: ID!, $pm: String) { payMyPlanInvoice(invoice_id: $invoice_id, payment_method_id: $pm) { status message payments { id status amount } } }';
const PAY_BY_HAND =
  'mutation($invoice_id: ID!, $method: String, $ref: String, $pm: String) { payMyPlanInvoice(invoice_id: $invoice_id, method: $method, reference: $ref, payment_method_id: $pm) { status message payments { id status amount method reference } } }';

const invoice = (id: string, status: 'open' | 'paid') => ({
  id,
  plan_name: 'Growth',
  period_start: '2026-11-01',
  period_end: '2026-11-30',
  due_date: '2026-12-05',
  amount: '129.00',
  paid_amount: status === 'paid' ? '129.00' : '0.00',
  balance: status === 'paid' ? '0.00' : '129.00',
  status,
  paid_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
});
const billingOf = new Map<string, CentreBillingInfo>();
const paid: { tid: string; input: Record<string, unknown> }[] = [];
let down = false;
const verifier = createTokenService({ secret: TEST_SECRET });

/** The control plane's side: verifies the service token and answers (or pays) that centre's billing only. */
async function controlPlane(token: string, purpose: string, input: unknown): Promise<ChannelAnswer> {
  if (down) return { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'down' } } };
  let tid: string;
  try {
    tid = (await verifier.verifyService(token, purpose as 'billing.read')).tid;
  } catch (e) {
    if (e instanceof AuthError) return { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: e.reason } } };
    throw e;
  }
  const mine = billingOf.get(tid);
  if (!mine) return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'unknown' } } };
  if (purpose === 'billing.read') return { status: 200, body: { data: mine } };
  const args = input as { invoice_id: string; method?: 'card' | 'transfer' | 'cheque'; payment_method_id?: string | null; reference?: string | null };
  const inv = mine.invoices.find((i) => i.id === args.invoice_id);
  if (!inv) return { status: 400, body: { error: { code: 'BAD_USER_INPUT', message: 'Invoice not found.', field: 'invoice_id' } } };
  if (args.payment_method_id === 'pm_declined0001')
    return { status: 400, body: { error: { code: 'BAD_USER_INPUT', message: 'Your card was declined.', field: 'payment_method_id' } } };
  paid.push({ tid, input: args });
  if (args.method === 'transfer' || args.method === 'cheque') {
    const pending = { id: '78', invoice_id: inv.id, amount: '129.00', method: args.method, status: 'pending' as const, reference: args.reference ?? null, failure_message: null, created_at: new Date().toISOString() };
    return { status: 200, body: { data: { message: 'Payment recorded.', payments: [pending] } } };
  }
  inv.status = 'paid';
  const payment = { id: '77', invoice_id: inv.id, amount: '129.00', method: 'card' as const, status: 'succeeded' as const, reference: null, failure_message: null, created_at: new Date().toISOString() };
  return { status: 200, body: { data: { message: 'Payment received.', payments: [payment] } } };
}

beforeAll(async () => {
  h = await createHarness({
    controlPlane: createControlPlaneClient({ tokens: createTokenService({ secret: TEST_SECRET }), transport: controlPlane }),
  });
  for (const c of [A(), B()]) {
    for (const role of ['teacher', 'manager', 'center']) await seedUser(c, { username: role, role });
  }
  for (const role of ['teacher', 'manager', 'center']) tokens[role] = (await signIn(h.app, A().host, role)).token;
  tokens.centreB = (await signIn(h.app, B().host, 'center')).token;
  billingOf.set(A().entry.id, {
    invoices: [invoice('11', 'open'), invoice('10', 'paid')],
    payments: [],
    cards: [{ id: 'pm_seeded0001', brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2029, is_default: true }],
    publishable_key: 'pk_test_kvplatform',
  });
  billingOf.set(B().entry.id, { invoices: [invoice('21', 'open')], payments: [], cards: [], publishable_key: 'pk_test_kvplatform' });
});
afterAll(() => h?.close());

describe('getMyPlanBilling', () => {
  it('answers the owner the centre’s own invoices, cards and key; the other centre its own', async () => {
    const a = await gql(h.app, A().host, GET, {}, tokens.center);
    expect(a.data?.getMyPlanBilling.invoices.map((i: { id: string }) => i.id)).toEqual(['11', '10']);
    expect(a.data?.getMyPlanBilling.cards).toEqual([{ last4: '4242', is_default: true }]);
    expect(a.data?.getMyPlanBilling.publishable_key).toBe('pk_test_kvplatform');
    const b = await gql(h.app, B().host, GET, {}, tokens.centreB);
    expect(b.data?.getMyPlanBilling.invoices.map((i: { id: string }) => i.id)).toEqual(['21']);
  });

  it('is for the owner only: managers (even with billing.manage), teachers and guests are refused; a token of another centre is not accepted', async () => {
    expect(code(await gql(h.app, A().host, GET, {}, tokens.manager))).toBe('FORBIDDEN');
    expect(code(await gql(h.app, A().host, GET, {}, tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await gql(h.app, A().host, GET))).toBe('UNAUTHENTICATED');
    expect((await gql(h.app, B().host, GET, {}, tokens.center)).statusCode).toBe(401);
  });

  it('an unreachable platform is a typed error', async () => {
    down = true;
    try {
      expect(code(await gql(h.app, A().host, GET, {}, tokens.center))).toBe('PLATFORM_UNAVAILABLE');
    } finally {
      down = false;
    }
  });
});

describe('payMyPlanInvoice', () => {
  it('refuses all but the owner, and bad input by field before calling the platform', async () => {
    for (const t of [tokens.manager, tokens.teacher]) expect(code(await gql(h.app, A().host, PAY, { invoice_id: '11' }, t))).toBe('FORBIDDEN');
    const bad = await gql(h.app, A().host, PAY, { invoice_id: 'abc' }, tokens.center);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'invoice_id' });
    const card = await gql(h.app, A().host, PAY, { invoice_id: '11', pm: 'tok_visa' }, tokens.center);
    expect(card.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'payment_method_id' });
    expect(paid).toHaveLength(0);
  });

  it('another centre’s invoice and a declined card come back typed by field; the owner pays their own', async () => {
    const other = await gql(h.app, A().host, PAY, { invoice_id: '21' }, tokens.center);
    expect(other.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'invoice_id' });
    const declined = await gql(h.app, A().host, PAY, { invoice_id: '11', pm: 'pm_declined0001' }, tokens.center);
    expect(declined.errors?.[0]).toMatchObject({ message: 'Your card was declined.', extensions: { field: 'payment_method_id' } });
    const ok = await gql(h.app, A().host, PAY, { invoice_id: '11', pm: 'pm_newcard0001' }, tokens.center);
    expect(ok.data?.payMyPlanInvoice).toMatchObject({ status: true, payments: [{ status: 'succeeded', amount: '129.00' }] });
    expect(paid).toEqual([{ tid: A().entry.id, input: { invoice_id: '11', method: 'card', payment_method_id: 'pm_newcard0001', reference: null, paid_by: 'center Tester' } }]);
    const audit = await A().db.db('audit_log').where({ action: 'platform.invoice_paid', entity_id: '11' }).first('actor_user_id');
    expect(audit?.actor_user_id).toBeTruthy();
    expect(billingOf.get(B().entry.id)!.invoices[0]!.status).toBe('open');
  });

  it('a transfer or cheque needs its reference (named before calling the platform) and comes back pending', async () => {
    paid.length = 0;
    const noRef = await gql(h.app, B().host, PAY_BY_HAND, { invoice_id: '21', method: 'transfer' }, tokens.centreB);
    expect(noRef.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reference' });
    const badMethod = await gql(h.app, B().host, PAY_BY_HAND, { invoice_id: '21', method: 'bitcoin', ref: 'X-1' }, tokens.centreB);
    expect(badMethod.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'method' });
    const withCard = await gql(h.app, B().host, PAY_BY_HAND, { invoice_id: '21', method: 'cheque', ref: 'CHQ-1', pm: 'pm_newcard0001' }, tokens.centreB);
    expect(withCard.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'payment_method_id' });
    expect(paid).toHaveLength(0);
    const ok = await gql(h.app, B().host, PAY_BY_HAND, { invoice_id: '21', method: 'transfer', ref: ' WIRE-88 ' }, tokens.centreB);
    expect(ok.data?.payMyPlanInvoice).toMatchObject({ status: true, payments: [{ status: 'pending', method: 'transfer', reference: 'WIRE-88' }] });
    expect(paid).toEqual([{ tid: B().entry.id, input: { invoice_id: '21', method: 'transfer', payment_method_id: null, reference: 'WIRE-88', paid_by: 'center Tester' } }]);
    const audit = await B().db.db('audit_log').where({ action: 'platform.invoice_paid', entity_id: '21' }).first('data');
    expect(audit?.data).toMatchObject({ method: 'transfer', reference: 'WIRE-88' });
    expect(billingOf.get(B().entry.id)!.invoices[0]!.status).toBe('open');
  });
});
