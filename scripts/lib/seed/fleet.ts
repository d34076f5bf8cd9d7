import { performance } from 'node:perf_hooks';
import { Faker, base, en } from '@faker-js/faker';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import {
  SYSTEM_ACTOR,
  createCenterBillingService,
  createCentreService,
  issueDueInvoices,
  provisionCenterAlone,
  runtimeFor,
  seedCentreBackup,
  seedPlatformBilling,
  suspendOverdue,
  type ControlPlaneDeps,
} from '@kv/control-plane';
import { NO_GENERATION, type CentreDefinition } from './definition.ts';
import { seedCentre } from './index.ts';

/**
 * The platform billing states the demo fleet shows, one centre or more each (centre-billing's
 * model: trial, plan, card, invoices open/paid, payments pending/succeeded/failed by card,
 * transfer or cheque, the billing suspension after the plan's grace days, an operator's
 * suspension, the safeguarded delete's grace period, a centre on no plan).
 */
export const FLEET_STATES = [
  'trialing',
  'trialing_card',
  'trial_over_no_card',
  'paid',
  'private_plan',
  'past_due_failed',
  'suspended_billing',
  'suspended_operator',
  'transfer_pending',
  'cheque_pending',
  'deleted_in_grace',
  'no_plan',
] as const;
export type FleetState = (typeof FLEET_STATES)[number];

/** Fleet centres' subdomains: `fleet-01` …; their names come from a seeded faker. */
export const FLEET_SLUG_PREFIX = 'fleet-';
export const FLEET_SIZE = 26;
const FAKER_SEED = 20_261_202;
const CARD = { ok: '4242424242424242', chargeDeclined: '4000000000000341' } as const;
const SUFFIXES = ['Early Learning', 'Kids Academy', 'Little Steps', 'Childcare Centre', 'Play School', 'Day Nursery', 'Learning Tree'];

/** What the fleet needs of the running platform (scripts/lib/platform.ts `Platform`, or a test's). */
export interface FleetPlatform {
  cpDeps: ControlPlaneDeps;
  centreDb(centreId: string): Promise<Knex>;
  /** The tenant side's centre pools: the seed's own pool to a centre it deletes is closed first. */
  pools: { evict(key: string): void };
}

export interface FleetOptions {
  passwordHash: string;
  /** How many centres (default 26, so the operator lists page past 25); states repeat in order. */
  count?: number;
  /** Centres made at once (1 or 2: the platform serves meanwhile). */
  concurrency?: number;
  log?: (line: string) => void;
}

export interface FleetCentre {
  slug: string;
  name: string;
  state: FleetState;
}

/** The fleet's centres: slug, faker-made name and billing state, the same on every run. */
export function fleetCentres(count = FLEET_SIZE): FleetCentre[] {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(FAKER_SEED);
  return Array.from({ length: count }, (_, i) => ({
    slug: `${FLEET_SLUG_PREFIX}${String(i + 1).padStart(2, '0')}`,
    name: `${faker.location.city()} ${faker.helpers.arrayElement(SUFFIXES)}`.slice(0, 150),
    state: FLEET_STATES[i % FLEET_STATES.length]!,
  }));
}

/** A small centre: one location with two rooms, the owner; the generator adds a manager, a teacher and three families. */
function definition(c: FleetCentre): CentreDefinition {
  const loc = 'Main';
  const email = `owner@${c.slug}.example.com`;
  return {
    slug: c.slug,
    name: c.name,
    kind: 'childcare',
    language_pack: 'default',
    contact_email: email,
    locations: [
      {
        name: loc,
        timezone: 'America/Chicago',
        address: '1 Main Street, Springfield, IL 62701',
        phone: '2175550100',
        email: `main@${c.slug}.example.com`,
        is_signup: false,
        signup_code: c.slug.toUpperCase(),
        color_code: '#7367F0',
        rooms: [
          { name: 'Toddlers', color_code: '#28C76F', ratio: 6, ages: [12, 36] },
          { name: 'Preschool', color_code: '#FF9F43', ratio: 10, ages: [36, 60] },
        ],
      },
    ],
    staff: [{ username: 'center', fname: 'Owner', lname: c.name.split(' ')[0]!, role: 'center', email }],
    families: [],
    generate: { ...NO_GENERATION, families: 3, children: 4, staff: 2 },
  };
}

type Billing = ReturnType<typeof createCenterBillingService>;

interface Ctx {
  platform: FleetPlatform;
  deps: ControlPlaneDeps;
  db: Knex;
  billing: Billing;
  stripe: Stripe | null;
  plans: { starter: string; growth: string; founders: string };
}

/** A card made at the platform's account (the Stripe fake's test numbers); null without a provider. */
async function newCard(ctx: Ctx, number: string): Promise<string | null> {
  if (!ctx.stripe) return null;
  const pm = await ctx.stripe.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 8, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' },
  } as Stripe.PaymentMethodCreateParams);
  return pm.id;
}

/** Saves a card and charges the open invoices on it, as the owner's "pay" does; a declined charge stays a failed payment. */
async function payByCard(ctx: Ctx, centreId: string, number: string): Promise<void> {
  if (await ctx.db('center_cards').where({ center_id: centreId }).first('id')) return;
  const pm = await newCard(ctx, number);
  if (!pm) return;
  await ctx.billing.submitCenterPayment(SYSTEM_ACTOR, { center_id: centreId, method: 'card', payment_method_id: pm }).catch((e: { code?: string }) => {
    if (e.code !== 'CARD_DECLINED') throw e;
  });
}

/**
 * The centre's billing history before its plan is attached: a trial that began `trialAgo` days
 * ago, or billing that began `billedAgo` days ago (the invoice's due date). History only: what
 * happens next goes through the billing operations.
 */
async function backdate(ctx: Ctx, centreId: string, h: { trialAgo?: number; billedAgo?: number }): Promise<void> {
  if (h.trialAgo !== undefined) await ctx.db.raw('update centers set trial_start_date = current_date - ?::int where id = ? and center_billing_plan_id is null', [h.trialAgo, centreId]);
  if (h.billedAgo !== undefined) await ctx.db.raw('update centers set payment_start = current_date - ?::int where id = ? and center_billing_plan_id is null', [h.billedAgo, centreId]);
}

async function attach(ctx: Ctx, centreId: string, planId: string): Promise<void> {
  const row = await ctx.db('centers').where({ id: centreId }).first('center_billing_plan_id');
  if (!row?.center_billing_plan_id) await ctx.billing.attachCenterPlan(SYSTEM_ACTOR, { center_id: centreId, plan_id: planId });
  await issueDueInvoices(ctx.db, { centreId });
}

async function openInvoice(ctx: Ctx, centreId: string): Promise<string | null> {
  const inv = await ctx.db('center_invoices').where({ center_id: centreId, status: 'open' }).orderBy('period_start', 'desc').first('id');
  return inv ? String(inv.id) : null;
}

async function payLater(ctx: Ctx, centreId: string, method: 'transfer' | 'cheque'): Promise<void> {
  const invoice = await openInvoice(ctx, centreId);
  if (!invoice || (await ctx.db('center_payments').where({ invoice_id: invoice, method }).first('id'))) return;
  await ctx.billing.submitCenterPayment(SYSTEM_ACTOR, {
    center_id: centreId,
    invoice_id: invoice,
    method,
    reference: method === 'transfer' ? `TRF ${invoice.padStart(6, '0')}` : `Cheque ${2000 + Number(invoice)}`,
  });
}

/** Drives a provisioned centre into its billing state through the platform's own operations. */
async function applyState(ctx: Ctx, centre: { id: string; slug: string; status: string }, state: FleetState): Promise<void> {
  const centres = createCentreService(runtimeFor(ctx.deps));
  const id = centre.id;
  switch (state) {
    case 'trialing':
      await backdate(ctx, id, { trialAgo: 3 });
      return attach(ctx, id, ctx.plans.starter);
    case 'trialing_card':
      await backdate(ctx, id, { trialAgo: 9 });
      await attach(ctx, id, ctx.plans.growth);
      return payByCard(ctx, id, CARD.ok);
    case 'trial_over_no_card':
      // Started 20 days ago on a 14-day trial, no card: the directory answers 402 and the first invoice waits.
      await backdate(ctx, id, { trialAgo: 20 });
      return attach(ctx, id, ctx.plans.starter);
    case 'paid':
      await backdate(ctx, id, { billedAgo: 5 });
      await attach(ctx, id, ctx.plans.growth);
      return payByCard(ctx, id, CARD.ok);
    case 'private_plan':
      await backdate(ctx, id, { billedAgo: 2 });
      await attach(ctx, id, ctx.plans.founders);
      return payByCard(ctx, id, CARD.ok);
    case 'past_due_failed':
      // Due 4 days ago, Growth's grace is 10 days: still serving, the card declined.
      await backdate(ctx, id, { billedAgo: 4 });
      await attach(ctx, id, ctx.plans.growth);
      return payByCard(ctx, id, CARD.chargeDeclined);
    case 'suspended_billing':
      // Due 12 days ago, Starter's grace is 7 days: the billing run's suspension.
      await backdate(ctx, id, { billedAgo: 12 });
      await attach(ctx, id, ctx.plans.starter);
      await payByCard(ctx, id, CARD.chargeDeclined);
      await suspendOverdue(ctx.db);
      return;
    case 'suspended_operator':
      await backdate(ctx, id, { billedAgo: 1 });
      await attach(ctx, id, ctx.plans.growth);
      await payByCard(ctx, id, CARD.ok);
      if (centre.status === 'active') await centres.suspendCenter(SYSTEM_ACTOR, { id });
      return;
    case 'transfer_pending':
      await attach(ctx, id, ctx.plans.growth);
      return payLater(ctx, id, 'transfer');
    case 'cheque_pending':
      await attach(ctx, id, ctx.plans.starter);
      return payLater(ctx, id, 'cheque');
    case 'deleted_in_grace': {
      // The safeguarded delete: a backup and a passed drill, suspended, the host typed.
      if (centre.status === 'deleted') return;
      await attach(ctx, id, ctx.plans.starter);
      await seedCentreBackup(ctx.deps, id);
      // The pools this seed opened (its data, the drill) end before the delete closes the database.
      ctx.platform.pools.evict(id);
      runtimeFor(ctx.deps).pools.evict(id);
      if (centre.status === 'active') await centres.suspendCenter(SYSTEM_ACTOR, { id });
      const host = `${centre.slug}.${runtimeFor(ctx.deps).config.platformDomain}`;
      await centres.deleteCenter(SYSTEM_ACTOR, { id, confirm_hostname: host });
      return;
    }
    case 'no_plan':
      return;
  }
}

/**
 * The demo fleet: `count` small centres (default 26) made through provisioning (addCenter's job),
 * each with a few staff and children, then driven into its billing state by the billing and
 * centre operations. Idempotent: a centre that exists in its state (on a plan, deleted, or active
 * on none) is left as it is; one stopped half-way (still provisioning, failed, no plan yet) is
 * finished. Answers how many were made and how many were there already.
 */
export async function seedFleet(platform: FleetPlatform, opts: FleetOptions): Promise<{ made: number; existing: number; states: Record<FleetState, number> }> {
  const rt = runtimeFor(platform.cpDeps);
  const db = rt.controlDb;
  // The demo plans (and nothing else: no centre slugs).
  await seedPlatformBilling(db, []);
  const planId = async (name: string) => String((await db('center_plans').whereRaw('lower(name) = lower(?)', [name]).first('id')).id);
  const ctx: Ctx = {
    platform,
    deps: platform.cpDeps,
    db,
    billing: createCenterBillingService(rt),
    // Demo cards are made at the local fake only, never at a live account.
    stripe: platform.cpDeps.stripe?.mode === 'fake' ? rt.stripe.client() : null,
    plans: { starter: await planId('Starter'), growth: await planId('Growth'), founders: await planId('Founders (private)') },
  };
  const list = fleetCentres(opts.count);
  const states = Object.fromEntries(FLEET_STATES.map((s) => [s, 0])) as Record<FleetState, number>;
  let made = 0;
  let existing = 0;
  const queue = [...list];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const before = await db('centers').where({ slug: c.slug }).first('status', 'center_billing_plan_id');
      // Done before: a plan attached (or a centre on no plan that is active), or deleted.
      const done = before && (before.status === 'deleted' || (before.center_billing_plan_id && c.state !== 'deleted_in_grace') || (c.state === 'no_plan' && before.status === 'active'));
      if (done) {
        existing++;
        states[c.state]++;
        continue;
      }
      const def = definition(c);
      const centre = await provisionCenterAlone(platform.cpDeps, {
        name: c.name,
        slug: c.slug,
        kind: 'childcare',
        language_pack: 'default',
        contact_email: def.contact_email,
        owner_fname: def.staff[0]!.fname,
        owner_lname: def.staff[0]!.lname,
        owner_username: 'center',
        on_trial: c.state.startsWith('trial'),
        trial_days: c.state.startsWith('trial') ? 14 : null,
      });
      const id = String(centre.id);
      if (centre.status === 'active') {
        await seedCentre(await platform.centreDb(id), def, {
          passwordHash: opts.passwordHash,
          steps: ['locations', 'staff', 'families'],
        });
      }
      await applyState(ctx, { id, slug: c.slug, status: centre.status }, c.state);
      made++;
      states[c.state]++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(2, opts.concurrency ?? 1)) }, worker));
  return { made, existing, states };
}

/**
 * `npm start`'s fleet: after the demo seed, while the platform serves, one centre at a time; one
 * line when done (or when it stopped). Never throws: a failure is that line.
 */
export function seedFleetInBackground(platform: FleetPlatform, opts: FleetOptions & { log: (line: string) => void }): Promise<void> {
  const t0 = performance.now();
  return seedFleet(platform, opts).then(
    (r) => {
      opts.log(`Demo fleet: ${r.made + r.existing} small centres in every billing state (${r.made} made now) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    },
    (e: unknown) => opts.log(`Demo fleet stopped: ${e instanceof Error ? e.message : String(e)}`),
  );
}
