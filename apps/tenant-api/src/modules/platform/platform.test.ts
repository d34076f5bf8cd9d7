import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError, createControlPlaneClient, createTokenService, type CentrePlanInfo, type ChannelAnswer } from '@kv/auth';
import { createHarness, gql, seedUser, signIn, TEST_SECRET, type Harness } from '../../test/harness.ts';
import { code } from '../locations/test-fixtures.ts';

let h: Harness;
const A = () => h.centres[0]!;
const B = () => h.centres[1]!;
const tokens: Record<string, string> = {};
const GET = 'query { getMyPlan { plan { id name amount period note } status on_trial trial_ends_on trial_days_left payment_end } }';

const planOf = (centreId: string, over: Partial<CentrePlanInfo> = {}): CentrePlanInfo => ({
  center_id: centreId,
  status: 'active',
  plan: null,
  on_trial: false,
  trial_start_date: null,
  trial_days: null,
  trial_ends_on: null,
  trial_days_left: null,
  payment_start: null,
  payment_end: null,
  billing_method: 'card',
  ...over,
});

/** The control plane's side, as far as this area needs it: it verifies the service token and answers that centre's plan. */
const plans = new Map<string, CentrePlanInfo>();
let down = false;
const verifier = createTokenService({ secret: TEST_SECRET });
async function controlPlane(token: string, purpose: string): Promise<ChannelAnswer> {
  if (down) return { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'down' } } };
  try {
    const { tid } = await verifier.verifyService(token, purpose as 'plan.read');
    const plan = plans.get(tid);
    return plan ? { status: 200, body: { data: plan } } : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'unknown' } } };
  } catch (e) {
    if (e instanceof AuthError) return { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: e.reason } } };
    throw e;
  }
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
  plans.set(
    A().entry.id,
    planOf(A().entry.id, { plan: { id: '3', name: 'Starter', amount: '49.00', period: 'month', note: null }, payment_end: '2026-12-01' }),
  );
  plans.set(B().entry.id, planOf(B().entry.id, { on_trial: true, trial_ends_on: '2026-12-06', trial_days_left: 10 }));
});
afterAll(() => h?.close());

describe('getMyPlan (the centre’s plan, read from the control plane)', () => {
  it('answers each centre its own plan and trial', async () => {
    expect((await gql(h.app, A().host, GET, {}, tokens.center)).data?.getMyPlan).toEqual({
      plan: { id: '3', name: 'Starter', amount: '49.00', period: 'month', note: null },
      status: 'active',
      on_trial: false,
      trial_ends_on: null,
      trial_days_left: null,
      payment_end: '2026-12-01',
    });
    expect((await gql(h.app, B().host, GET, {}, tokens.centreB)).data?.getMyPlan).toMatchObject({
      plan: null,
      on_trial: true,
      trial_ends_on: '2026-12-06',
      trial_days_left: 10,
    });
    expect((await gql(h.app, A().host, GET, {}, tokens.manager)).data?.getMyPlan.plan.name).toBe('Starter');
  });

  it('is for the owner and managers with billing.manage; teachers, guests and other centres’ tokens are refused', async () => {
    expect(code(await gql(h.app, A().host, GET, {}, tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await gql(h.app, A().host, GET))).toBe('UNAUTHENTICATED');
    expect((await gql(h.app, B().host, GET, {}, tokens.center)).statusCode).toBe(401);
    await A().db.db.raw(
      `delete from role_permissions where role_id = (select id from roles where name = 'manager')
          and permission_id = (select id from permissions where name = 'billing.manage')`,
    );
    const manager = (await signIn(h.app, A().host, 'manager')).token;
    expect(code(await gql(h.app, A().host, GET, {}, manager))).toBe('FORBIDDEN');
  });

  it('an unreachable platform, or a centre it does not know, is a typed error', async () => {
    down = true;
    try {
      expect(code(await gql(h.app, A().host, GET, {}, tokens.center))).toBe('PLATFORM_UNAVAILABLE');
    } finally {
      down = false;
    }
    plans.delete(A().entry.id);
    expect(code(await gql(h.app, A().host, GET, {}, tokens.center))).toBe('NOT_FOUND');
  });
});
