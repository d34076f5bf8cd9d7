import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@kv/auth';
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

  /** A verified sign-up with a card: the setup token. */
  async function verified(slug: string): Promise<string> {
    const s = await signup.startCustomerSignup(guest(), input(slug, { plan_id: planId }));
    const { token } = await signup.verifyCustomerSignup(guest(), { pin_time: s.pin_time, pin: await pinFor(`nora@${slug}.example.com`) });
    const pm = JSON.parse(
      (
        await fake.request('POST', '/v1/payment_methods', '', `type=card&card[number]=${TEST_CARDS.ok}&card[exp_month]=12&card[exp_year]=2031&card[cvc]=123`, {
          authorization: `Bearer ${PK}`,
        })
      ).body,
    ).id;
    await signup.submitSignupPayment(guest(), { signup_token: token, method: 'card', payment_method_id: pm });
    return token!;
  }

  /** Polls the setup as its page does, until provisioning ends. */
  async function untilReady(token: string) {
    for (let i = 0; i < 600; i++) {
      const st = await signup.getCenterSetup({ viewer: null, ip: '10.66.0.1' }, { token });
      if (st.status !== 'provisioning') return st;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('provisioning did not end');
  }

  it('refuses bad setup input by field and unknown or unverified tokens', async () => {
    const token = await verified('fieldy');
    const ok = { token, time_zone: 'America/Chicago', location_name: 'Main' };
    expect(await rejection(signup.saveCenterSetup(guest(), { ...ok, time_zone: 'Mars/Olympus' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'time_zone' });
    expect(await rejection(signup.saveCenterSetup(guest(), { ...ok, location_name: '  ' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'location_name' });
    expect(await rejection(signup.saveCenterSetup(guest(), { ...ok, manager_fname: 'Max' }))).toEqual({ code: 'BAD_USER_INPUT', field: 'manager_lname' });
    expect(await rejection(signup.saveCenterSetup(guest(), { ...ok, manager_fname: 'Max', manager_lname: 'Moss' }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'manager_email',
    });
    expect(await rejection(signup.saveCenterSetup(guest(), { ...ok, manager_fname: 'Max', manager_lname: 'Moss', manager_email: 'nope' }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'manager_email',
    });
    expect(await rejection(signup.saveCenterSetup(guest(), { ...ok, token: 'not-a-real-token-at-all' }))).toEqual({ code: 'INVALID_LINK', field: 'token' });
    // An expired token (past its 7 days) is refused like an unknown one.
    await h.control.db('customer_signups').where({ slug: 'fieldy' }).update({ setup_expires_at: new Date(Date.now() - 1000) });
    expect(await rejection(signup.saveCenterSetup(guest(), ok))).toEqual({ code: 'INVALID_LINK', field: 'token' });
    expect(await h.control.db('centers').where({ slug: 'fieldy' }).count({ n: '*' })).toEqual([{ n: '0' }]);
    // Over HTTP as a guest: the typed error names the field.
    const r = await h.gql('mutation($t: String!) { saveCenterSetup(token: $t, time_zone: "Nowhere/Town", location_name: "Main") { status } }', { t: token }, { ip: '10.9.2.2' });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'time_zone' });
  });

  it('throttles setup attempts and progress reads per address', async () => {
    const ip: Actor = { viewer: null, ip: '10.8.9.9' };
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 32; i++) codes.push((await rejection(signup.saveCenterSetup(ip, { token: 'not-a-real-token-at-all', time_zone: 'UTC', location_name: 'x' }))).code);
    expect(codes.slice(0, 30).every((c) => c === 'INVALID_LINK')).toBe(true);
    expect(codes.slice(30)).toEqual(['THROTTLED', 'THROTTLED']);
    const reads = [];
    for (let i = 0; i < 601; i++) reads.push(signup.getCenterSetup(ip, { token: 'not-a-real-token-at-all' }).then(() => 'ok', (e) => e.code));
    expect((await Promise.all(reads)).filter((c) => c === 'THROTTLED')).toHaveLength(1);
  });

  it('provisions one centre however many clicks, without waiting for it; the owner, location, manager and one-time link are in its database', async () => {
    const token = await verified('brightstart');
    const setup = { token, time_zone: 'America/Chicago', location_name: 'Bright Start Main', manager_fname: 'Max', manager_lname: 'Moss', manager_email: 'Max@Example.com' };
    const clicks = await Promise.allSettled([signup.saveCenterSetup(guest(), setup), signup.saveCenterSetup(guest(), setup), signup.saveCenterSetup(guest(), setup)]);
    const ok = clicks.filter((c) => c.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    expect(clicks.filter((c) => c.status === 'rejected').map((c) => (c as PromiseRejectedResult).reason.code)).toEqual(['SETUP_ALREADY_DONE', 'SETUP_ALREADY_DONE']);
    const done = (ok[0] as PromiseFulfilledResult<Awaited<ReturnType<SignupService['saveCenterSetup']>>>).value;
    const link = done.url.match(/^http:\/\/brightstart\.localhost:3000\/verify-autologin\/([\w-]{20,})\?redirect=%2Fdashboard$/);
    expect(link).toBeTruthy();
    // Answered before provisioning ends (the request never waits for the job).
    expect((await h.control.db('centers').where({ slug: 'brightstart' }).first('status')).status).toBe('provisioning');
    const st = await untilReady(token);
    expect(st).toMatchObject({ status: 'ready', progress: 100, center_url: 'http://brightstart.localhost:3000', has_card: true, error: null });
    const centres = await h.control.db('centers').where({ slug: 'brightstart' });
    expect(centres).toHaveLength(1);
    expect(centres[0]).toMatchObject({ status: 'active', on_trial: true, trial_days: 14, customer_id: expect.stringMatching(/^cus_/) });
    expect(String(centres[0].center_billing_plan_id)).toBe(planId);
    expect((await h.control.db('center_cards').where({ center_id: centres[0].id }).select('is_default'))).toEqual([{ is_default: true }]);
    // The centre's database: the owner (role center) with their own password and no invitation,
    // the location in its zone, the manager invited to it, one autologin token (the link's hash).
    const db = h.rt.pools.get(String(centres[0].id), await h.rt.directory.connectionUrl(centres[0]));
    const owner = await db('users').where({ username: 'nora@brightstart.example.com' }).first('id', 'password_hash', 'email_confirmed', 'invited');
    expect(owner).toMatchObject({ password_hash: expect.stringMatching(/^\$argon2id\$/), email_confirmed: true, invited: false });
    expect(await db('user_roles').join('roles', 'roles.id', 'user_roles.role_id').where({ user_id: owner.id }).pluck('roles.name')).toEqual(['center']);
    expect(await db('auth_tokens').where({ user_id: owner.id, purpose: 'invite' }).count({ n: '*' })).toEqual([{ n: '0' }]);
    expect(await db('locations').select('name', 'timezone')).toEqual([{ name: 'Bright Start Main', timezone: 'America/Chicago' }]);
    const autologin = await db('auth_tokens').where({ purpose: 'autologin', user_id: owner.id }).select('token_hash', 'expires_at');
    expect(autologin.map((t) => t.token_hash)).toEqual([sha256Hex(link![1]!)]);
    expect(new Date(autologin[0]!.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const manager = await db('users').where({ email: 'max@example.com' }).first('id', 'invited');
    expect(manager.invited).toBe(true);
    expect(await db('location_managers').where({ user_id: manager.id }).count({ n: '*' })).toEqual([{ n: '1' }]);
    expect(await db('outbound_messages').where({ recipient: 'max@example.com' }).pluck('template')).toEqual(['invite']);
    // Spent: a later replay (or a retried provisioning) adds nothing.
    expect((await rejection(signup.saveCenterSetup(guest(), setup))).code).toBe('SETUP_ALREADY_DONE');
    expect((await rejection(signup.submitSignupPayment(guest(), { signup_token: token, method: 'transfer' }))).code).toBe('SETUP_ALREADY_DONE');
    expect(await h.control.db('centers').where({ slug: 'brightstart' }).count({ n: '*' })).toEqual([{ n: '1' }]);
  }, 120_000);

  it('takes transfer or cheque instead of a card, by field', async () => {
    const s = await signup.startCustomerSignup(guest(), input('chequers'));
    const { token } = await signup.verifyCustomerSignup(guest(), { pin_time: s.pin_time, pin: await pinFor('nora@chequers.example.com') });
    expect(await rejection(signup.submitSignupPayment(guest(), { signup_token: token, method: 'bitcoin' }))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'method' });
    await signup.submitSignupPayment(guest(), { signup_token: token, method: 'cheque' });
    expect(await h.control.db('customer_signups').where({ slug: 'chequers' }).first('payment_choice', 'payment_method_id')).toEqual({ payment_choice: 'cheque', payment_method_id: null });
    expect((await signup.getCenterSetup(guest(), { token })).status).toBe('new');
  });
});
