import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeFake, TEST_CARDS } from '@kv/stripe-fake';
import { startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import type { Actor } from '../../access.ts';
import { createCenterBillingService } from '../center-billing/service.ts';
import { createSignupService, type SignupService } from './service.ts';

/**
 * The sign-up funnel: subdomain check, sign-up with a PIN by email, verification, the card at the
 * platform's account, and the setup that provisions one centre however many clicks, leaving the
 * owner a one-time sign-in link.
 */
const SK = 'sk_test_platform0002';
const PK = 'pk_test_platform0002';
let h: ControlPlaneHarness;
let fake: StripeFake;
let signup: SignupService;
let n = 0;
const guest = (): Actor => ({ viewer: null, ip: `10.7.0.${++n}` });

async function rejection(p: Promise<unknown>): Promise<{ code?: string; field?: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: string; extensions?: { field?: string } };
    return { code: err.code, field: err.extensions?.field };
  }
  throw new Error('expected a rejection');
}

const input = (slug: string, extra: Record<string, unknown> = {}) => ({
  fname: 'Nora',
  lname: 'Nguyen',
  email: `nora@${slug}.example.com`,
  password: 'a long enough secret',
  center_name: `Little ${slug}`,
  subdomain: slug,
  kind: 'childcare',
  ...extra,
});

/** The PIN from the mail queued for `email` (the dev mailbox reads the same rows). */
async function pinFor(email: string): Promise<string> {
  const row = await h.control.db('outbound_messages').where({ recipient: email }).orderBy('id', 'desc').first('data');
  return String(row.data.pin);
}

describe('sign-up funnel', () => {
  let planId: string;

  beforeAll(async () => {
    fake = new StripeFake({ retryDelays: [], deliver: async () => 200 });
    const port = await fake.listen();
    h = await startControlPlane({ stripe: { mode: 'fake', host: '127.0.0.1', port, protocol: 'http', secretKey: SK } });
    signup = createSignupService(h.rt);
    const billing = createCenterBillingService(h.rt);
    planId = (await billing.createCenterPlan(h.actors.admin, { name: 'Starter', amount: '29.00', trial_days: 14, public: true })).plan.id;
  });
  afterAll(async () => {
    await fake.close();
    await h.close();
  });

  it('checks subdomains: free, reserved, taken, malformed (field named)', async () => {
    expect(await signup.checkCenterSlug(guest(), { slug: 'Sunny-Days' })).toMatchObject({ available: true, slug: 'sunny-days' });
    expect(await signup.checkCenterSlug(guest(), { slug: 'admin' })).toMatchObject({ available: false });
    await h.control.db('centers').insert({ name: 'Taken', slug: 'taken', status: 'active' });
    expect(await signup.checkCenterSlug(guest(), { slug: 'taken' })).toMatchObject({ available: false });
    expect(await rejection(signup.checkCenterSlug(guest(), { slug: 'a' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'slug' });
  });

  it('refuses bad sign-up input by field, and throttles guests', async () => {
    expect(await rejection(signup.startCustomerSignup(guest(), input('bad-one', { email: 'nope' })))).toEqual({ code: 'BAD_USER_INPUT', field: 'email' });
    expect(await rejection(signup.startCustomerSignup(guest(), input('bad-two', { password: 'short' })))).toEqual({ code: 'BAD_USER_INPUT', field: 'password' });
    expect(await rejection(signup.startCustomerSignup(guest(), input('bad-three', { kind: 'zoo' })))).toEqual({ code: 'BAD_USER_INPUT', field: 'kind' });
    expect(await rejection(signup.startCustomerSignup(guest(), input('taken')))).toEqual({ code: 'BAD_USER_INPUT', field: 'subdomain' });
    expect(await rejection(signup.startCustomerSignup(guest(), input('bad-four', { plan_id: '999999' })))).toEqual({ code: 'PLAN_NOT_FOUND', field: 'plan_id' });
    const ip: Actor = { viewer: null, ip: '10.8.8.8' };
    const codes = [];
    for (let i = 0; i < 12; i++) codes.push((await rejection(signup.startCustomerSignup(ip, input('x', { email: 'bad' })))).code);
    expect(codes.slice(0, 10).every((c) => c === 'BAD_USER_INPUT')).toBe(true);
    expect(codes.slice(10)).toEqual(['THROTTLED', 'THROTTLED']);
    const checks = [];
    for (let i = 0; i < 121; i++) checks.push(signup.checkCenterSlug(ip, { slug: 'free-one' }).then(() => 'ok', (e) => e.code));
    expect((await Promise.all(checks)).filter((c) => c === 'THROTTLED')).toHaveLength(1);
    // Over HTTP as a guest: the throttle's 429 and typed error.
    const r = await h.gql('query($s: String!) { checkCenterSlug(slug: $s) { available } }', { s: '--' }, { ip: '10.9.1.1' });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'slug' });
  });

  it('verifies the PIN: wrong codes count, five end the request', async () => {
    const s = await signup.startCustomerSignup(guest(), input('pinny'));
    expect(await rejection(signup.verifyCustomerSignup(guest(), { pin_time: s.pin_time, pin: '12' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'pin' });
    const pin = await pinFor('nora@pinny.example.com');
    const wrong = pin === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await rejection(signup.verifyCustomerSignup(guest(), { pin_time: s.pin_time, pin: wrong }))).code).toBe('INVALID_PIN');
    expect((await rejection(signup.verifyCustomerSignup(guest(), { pin_time: s.pin_time, pin }))).code).toBe('INVALID_PIN');
    // Someone else cannot take a subdomain a live request holds.
    expect(await rejection(signup.startCustomerSignup(guest(), input('pinny', { email: 'other@example.com' })))).toEqual({ code: 'BAD_USER_INPUT', field: 'subdomain' });
  });

  it('signs up and saves the card at the platform account before the centre exists', async () => {
    const s = await signup.startCustomerSignup(guest(), input('brightstart', { plan_id: planId }));
    const pin = await pinFor('nora@brightstart.example.com');
    const { token } = await signup.verifyCustomerSignup(guest(), { pin_time: s.pin_time, pin });
    expect((await rejection(signup.verifyCustomerSignup(guest(), { pin_time: s.pin_time, pin }))).code).toBe('INVALID_PIN');
    const pm = JSON.parse(
      (
        await fake.request('POST', '/v1/payment_methods', '', `type=card&card[number]=${TEST_CARDS.ok}&card[exp_month]=12&card[exp_year]=2031&card[cvc]=123`, {
          authorization: `Bearer ${PK}`,
        })
      ).body,
    ).id;
    expect(await rejection(signup.submitSignupPayment(guest(), { signup_token: 'not-a-real-token-at-all', method: 'card', payment_method_id: pm }))).toEqual({
      code: 'INVALID_LINK',
      field: 'token',
    });
    await signup.submitSignupPayment(guest(), { signup_token: token, method: 'card', payment_method_id: pm });
    const row = await h.control.db('customer_signups').where({ slug: 'brightstart' }).first('customer_id', 'payment_method_id', 'card');
    expect(row).toMatchObject({ customer_id: expect.stringMatching(/^cus_/), payment_method_id: pm, card: { brand: 'visa', last4: '4242' } });
  });
});
