import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlPlaneError, createControlPlaneClient, inProcessTransport, type ControlPlaneClient } from '@kv/auth';
import { trialOverUnbilled } from '@kv/directory';
import { startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import type { Actor } from '../../access.ts';
import { createCenterBillingService, type CenterBillingService } from '../center-billing/service.ts';
import { createSignupService, type SignupService } from './service.ts';

/**
 * Transfer or cheque chosen in the funnel carries through: the centre made from the sign-up is
 * billed by invoice, is not cut off when its trial ends, and its owner's transfer stays pending
 * until an operator approves it; left pending past the grace days, it suspends the centre.
 */
let h: ControlPlaneHarness;
let signup: SignupService;
let billing: CenterBillingService;
let client: ControlPlaneClient;
let n = 0;
const guest = (): Actor => ({ viewer: null, ip: `10.17.${Math.floor(++n / 200)}.${n % 200}` });

async function rejection(p: Promise<unknown>): Promise<{ code?: string; field?: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ControlPlaneError) return { code: e.code, field: e.field };
    const err = e as { code?: string; extensions?: { field?: string } };
    return { code: err.code, field: err.extensions?.field };
  }
  throw new Error('expected a rejection');
}

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('a funnel sign-up paying by transfer', () => {
  let planId: string;
  let centreId: string;

  beforeAll(async () => {
    h = await startControlPlane();
    signup = createSignupService(h.rt);
    billing = createCenterBillingService(h.rt);
    client = createControlPlaneClient({ tokens: h.rt.tokens, transport: inProcessTransport(h.rt.centreChannel) });
    planId = (
      await billing.createCenterPlan(h.actors.admin, { name: 'Starter', amount: '29.00', trial_days: 14, grace_days: 7, public: true })
    ).plan.id;
  });
  afterAll(async () => {
    await h.close();
  });

  it('makes a centre billed by transfer, without a card', async () => {
    const s = await signup.startCustomerSignup(guest(), {
      fname: 'Tess',
      lname: 'Tran',
      email: 'tess@wired.example.com',
      password: 'a long enough secret',
      center_name: 'Wired Kids',
      subdomain: 'wired',
      kind: 'childcare',
      plan_id: planId,
    });
    const pin = (await h.control.db('outbound_messages').where({ recipient: 'tess@wired.example.com' }).orderBy('id', 'desc').first('data'))
      .data.pin;
    const { token } = await signup.verifyCustomerSignup(guest(), { pin_time: s.pin_time, pin: String(pin) });
    await signup.submitSignupPayment(guest(), { signup_token: token, method: 'transfer' });
    centreId = (await signup.saveCenterSetup(guest(), { token, time_zone: 'America/Chicago', location_name: 'Main' })).center_id;
    // Provisioning runs as its job: poll the setup as its page does.
    for (let i = 0; i < 600 && (await signup.getCenterSetup(guest(), { token })).status === 'provisioning'; i++)
      await new Promise((r) => setTimeout(r, 100));
    const centre = await h.control.db('centers').where({ id: centreId }).first('status', 'billing_method', 'on_trial', 'trial_days');
    expect(centre).toEqual({ status: 'active', billing_method: 'transfer', on_trial: true, trial_days: 14 });
    expect(await h.control.db('center_cards').where({ center_id: centreId }).count({ n: '*' })).toEqual([{ n: '0' }]);
    expect(await client.plan(centreId)).toMatchObject({ billing_method: 'transfer', plan: { id: planId } });
    expect(await h.rt.directory.resolve('wired.localhost')).toMatchObject({ billing_method: 'transfer', on_trial: true });
  }, 120_000);

  it('issues the invoice at the trial end instead of the 402, and waits for the owner to pay', async () => {
    // The trial began 14 days ago: today is its first day past the end.
    await h.control
      .db('centers')
      .where({ id: centreId })
      .update({ trial_start_date: h.control.db.raw('current_date - 14'), payment_start: h.control.db.raw('current_date') });
    await h.rt.directory.invalidate(centreId);
    const entry = (await h.rt.directory.resolve('wired.localhost'))!;
    expect(entry.trial_ends_on).toBe(dateIn(0));
    expect(trialOverUnbilled(entry)).toBe(false);
    // The same centre billed by card without one would be cut off.
    expect(trialOverUnbilled({ ...entry, billing_method: 'card' })).toBe(true);
    const run = await billing.runCycle();
    expect(run).toMatchObject({ issued: 1, charged: 0, suspended: [] });
    const invoices = (await billing.getCenterInvoices(h.actors.admin, { center_id: centreId })).data;
    expect(invoices).toMatchObject([{ status: 'open', amount: '29.00', balance: '29.00', due_date: dateIn(0) }]);
    expect(await h.control.db('center_payments').where({ center_id: centreId }).count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('refuses bad payment input by field', async () => {
    const [inv] = (await billing.getCenterInvoices(h.actors.admin, { center_id: centreId })).data;
    const pay = (input: Record<string, unknown>) =>
      client.payInvoice(centreId, { invoice_id: inv!.id, paid_by: 'Tess Tran', ...input } as never);
    expect(await rejection(pay({ method: 'transfer' }))).toMatchObject({ field: 'reference' });
    expect(await rejection(pay({ method: 'bitcoin', reference: 'X' }))).toMatchObject({ field: 'method' });
    expect(await rejection(pay({ method: 'cheque', reference: 'x'.repeat(201) }))).toMatchObject({ field: 'reference' });
    expect(await rejection(pay({ invoice_id: '999999', method: 'transfer', reference: 'WIRE-1' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'invoice_id',
    });
    expect(
      await rejection(billing.submitCenterPayment(h.actors.admin, { center_id: centreId, method: 'transfer', reference: 'WIRE-1' })),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'invoice_id',
    });
    expect(
      await rejection(billing.submitCenterPayment(h.actors.admin, { center_id: centreId, invoice_id: inv!.id, method: 'wampum' })),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'method',
    });
    expect(
      await rejection(
        billing.submitCenterPayment(h.actors.kvsupport, { center_id: centreId, invoice_id: inv!.id, method: 'transfer', reference: 'W' }),
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await h.control.db('center_payments').where({ center_id: centreId }).count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it("keeps the owner's transfer pending until approved; pending past the grace days suspends, approval pays and restores", async () => {
    const [inv] = (await billing.getCenterInvoices(h.actors.admin, { center_id: centreId })).data;
    const paid = await client.payInvoice(centreId, {
      invoice_id: inv!.id,
      method: 'transfer',
      reference: 'WIRE-7731',
      paid_by: 'Tess Tran',
    });
    expect(paid.payments).toMatchObject([{ method: 'transfer', status: 'pending', reference: 'WIRE-7731', amount: '29.00' }]);
    // One transfer awaits approval at a time (a double click records one).
    expect(
      await rejection(
        client.payInvoice(centreId, { invoice_id: inv!.id, method: 'transfer', reference: 'WIRE-7731', paid_by: 'Tess Tran' }),
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'invoice_id',
    });
    expect((await billing.getCenterInvoices(h.actors.admin, { center_id: centreId })).data[0]).toMatchObject({ status: 'open' });
    // Within the grace days nothing happens; past them the pending transfer does not hold off the suspension.
    expect((await billing.runCycle(dateIn(7))).suspended).toEqual([]);
    expect((await billing.runCycle(dateIn(8))).suspended).toEqual([centreId]);
    const pending = (await billing.getCenterPayments(h.actors.admin, { center_id: centreId, status: 'pending' })).data;
    expect(pending).toMatchObject([{ method: 'transfer', reference: 'WIRE-7731' }]);
    await billing.approveCenterPayment(h.actors.admin, { id: pending[0]!.id });
    expect((await billing.getCenterInvoices(h.actors.admin, { center_id: centreId })).data[0]).toMatchObject({
      status: 'paid',
      balance: '0.00',
    });
    expect(await h.control.db('centers').where({ id: centreId }).first('status', 'billing_suspended_at')).toEqual({
      status: 'active',
      billing_suspended_at: null,
    });
    expect((await client.billing(centreId)).payments).toMatchObject([{ method: 'transfer', status: 'succeeded' }]);
  });
});
