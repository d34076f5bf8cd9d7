import { z } from 'zod';
import type { CentrePayInput } from '@kv/auth';
import { parseMoney } from '@kv/shared';
import { badInput, fields, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, SYSTEM_ACTOR, type Actor } from '../../access.ts';
import { issueDueInvoices, runBillingCycle } from './cycle.ts';
import { done } from '../../graphql/notice.ts';
import { isUniqueViolation } from '../../sql.ts';
import { writeAudit } from '../audit/repo.ts';
import { centreNotFound, invalidState } from '../centres/errors.ts';
import { centerBillingPolicy as policy } from './policy.ts';
import * as repo from './repo.ts';
import { applyOutcome, settleInvoice } from './settle.ts';
import { ensureCustomer, isCardError, platformStripe } from './stripe.ts';
import {
  cardDeclined,
  invoiceNotFound,
  noCard,
  notPending,
  nothingToPay,
  paymentInProgress,
  paymentNotFound,
  transferPending,
  planInUse,
  planNameTaken,
  planNotFound,
  providerUnavailable,
} from './errors.ts';

export const PLAN_PERIODS = ['month', 'year'] as const;
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const PAYMENT_METHODS = ['card', 'transfer', 'cheque'] as const;

/** Dollars text (or a number) to cents; the field named in the message. */
const money = (label: string) =>
  z.union([z.string(), z.number()], `${label} must be an amount such as 49.00.`).transform((v, ctx) => {
    const r = parseMoney(v);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: `${label}: ${r.message}` });
      return z.NEVER;
    }
    return r.cents;
  });
const limit = (label: string) => fields.intBetween(label, 1, 1_000_000).nullish();
/** A Stripe payment method id as Stripe.js answers it. */
const paymentMethodId = z
  .string('payment_method_id must be a card reference.')
  .trim()
  .regex(/^pm_[A-Za-z0-9]{6,100}$/, 'payment_method_id must be a card reference (pm_…).');

const createPlanArgs = z.object({
  name: fields.text('name', { max: 100 }),
  amount: money('amount'),
  period: fields.oneOf('period', PLAN_PERIODS).nullish(),
  trial_days: fields.intBetween('trial_days', 0, 365).nullish(),
  grace_days: fields.intBetween('grace_days', 0, 60).nullish(),
  max_locations: limit('max_locations'),
  max_students: limit('max_students'),
  max_cameras: limit('max_cameras'),
  public: z.boolean('public must be true or false.').nullish(),
  note: fields.optionalText(500, 'note'),
});
const updatePlanArgs = z.object({
  id: fields.id('id'),
  name: fields.text('name', { max: 100 }).nullish(),
  amount: money('amount').nullish(),
  period: fields.oneOf('period', PLAN_PERIODS).nullish(),
  trial_days: fields.intBetween('trial_days', 0, 365).nullish(),
  grace_days: fields.intBetween('grace_days', 0, 60).nullish(),
  max_locations: limit('max_locations'),
  max_students: limit('max_students'),
  max_cameras: limit('max_cameras'),
  public: z.boolean('public must be true or false.').nullish(),
  active: z.boolean('active must be true or false.').nullish(),
  note: fields.optionalText(500, 'note'),
});
const plansArgs = z.object({ ...pageArgs, public: z.boolean('public must be true or false.').nullish() });
const attachArgs = z.object({ center_id: fields.id('center_id'), plan_id: fields.id('plan_id') });
const invoicesArgs = z.object({
  ...pageArgs,
  center_id: fields.id('center_id').nullish(),
  status: fields.oneOf('status', INVOICE_STATUSES).nullish(),
});
const paymentsArgs = z.object({
  ...pageArgs,
  center_id: fields.id('center_id').nullish(),
  status: fields.oneOf('status', PAYMENT_STATUSES).nullish(),
  method: fields.oneOf('method', PAYMENT_METHODS).nullish(),
});
const centreArgs = z.object({ center_id: fields.id('center_id') });
export const submitPaymentArgs = z.object({
  center_id: fields.id('center_id'),
  invoice_id: fields.id('invoice_id').nullish(),
  method: fields.oneOf('method', PAYMENT_METHODS),
  payment_method_id: paymentMethodId.nullish(),
  reference: fields.optionalText(200, 'reference'),
});
const idArgs = z.object({ id: fields.id('id') });

const dollars = (cents: number | string) => {
  const c = Number(cents);
  return `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
};

/** GraphQL shapes: amounts as dollars text ("49.00"), limits grouped. */
export const planOut = (p: repo.PlanRow) => ({
  ...p,
  amount: Number(p.amount).toFixed(2),
  public: p.is_public,
  limits: { max_locations: p.max_locations, max_students: p.max_students, max_cameras: p.max_cameras },
  centers_count: p.centers_count ?? 0,
});
export const invoiceOut = (i: repo.InvoiceRow) => ({
  ...i,
  amount: dollars(i.amount_cents),
  paid_amount: dollars(i.paid_cents),
  balance: dollars(Math.max(0, Number(i.amount_cents) - Number(i.paid_cents))),
});
export const paymentOut = (p: repo.PaymentRow) => ({ ...p, amount: dollars(p.amount_cents) });
/** A payment as the centre sees it over the channel (no provider ids, no operator names). */
const centrePaymentOut = (p: repo.PaymentRow & { amount: string }) => ({
  id: p.id,
  invoice_id: p.invoice_id,
  amount: p.amount,
  method: p.method,
  status: p.status,
  reference: p.reference,
  failure_message: p.failure_message,
  created_at: new Date(p.created_at).toISOString(),
});

export function createCenterBillingService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;

  async function liveCentre(id: string) {
    const centre = await repo.findCentre(db, id);
    if (!centre) throw centreNotFound();
    return centre;
  }

  /**
   * Charges one invoice on a card of the centre. The payment row (pending, with its idempotency
   * key `centre:<id>:invoice:<id>:payment:<id>:v1`) is committed before Stripe is called, and one
   * card charge per invoice may be in flight (a unique index): a double click charges once.
   */
  async function chargeInvoice(centreId: string, invoiceId: string, pmId: string, actor: Actor) {
    const customer = await ensureCustomer(rt, centreId);
    let payment: { id: string; amount: number; key: string };
    try {
      payment = await db.transaction(async (trx) => {
        const inv = await trx('center_invoices').where({ id: invoiceId, center_id: centreId }).forUpdate().first('id', 'status');
        if (!inv) throw invoiceNotFound();
        const owed = (await repo.openInvoices(trx, centreId)).find((i) => i.id === invoiceId)?.owed_cents ?? 0;
        if (inv.status !== 'open' || owed <= 0) throw nothingToPay();
        const [row] = await trx('center_payments')
          .insert({
            center_id: centreId,
            invoice_id: invoiceId,
            amount_cents: owed,
            method: 'card',
            status: 'pending',
            payment_method_id: pmId,
            added_by: actor.viewer?.label ?? 'customer',
          })
          .returning('id');
        const key = `centre:${centreId}:invoice:${invoiceId}:payment:${row.id}:v1`;
        await trx('center_payments').where({ id: row.id }).update({ idempotency_key: key });
        await writeAudit(trx, actor, 'center.payment_submit', 'center', centreId, { invoice_id: invoiceId, method: 'card', amount_cents: owed });
        return { id: String(row.id), amount: owed, key };
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw paymentInProgress();
      throw e;
    }
    const stripe = platformStripe(rt);
    let outcome: Parameters<typeof applyOutcome>[2];
    try {
      const pi = await stripe.paymentIntents.create(
        {
          amount: payment.amount,
          currency: 'usd',
          customer,
          payment_method: pmId,
          confirm: true,
          off_session: true,
          metadata: { kv_payment_id: payment.id, kv_center_id: centreId },
        },
        { idempotencyKey: payment.key },
      );
      outcome = { status: pi.status === 'succeeded' ? 'succeeded' : 'pending', paymentIntentId: pi.id, eventCreated: 0 };
    } catch (e) {
      const status = (e as { statusCode?: number }).statusCode ?? 0;
      if (!isCardError(e) && (status < 400 || status >= 500 || status === 429 || status === 409)) {
        // Left pending: the webhook (or the next cycle, with the same key) settles it; never charged twice.
        throw providerUnavailable();
      }
      // A card error, or the provider refused the request itself (an unknown card: 400/404): nothing was charged.
      outcome = isCardError(e)
        ? { status: 'failed', paymentIntentId: e.raw?.payment_intent?.id ?? null, code: e.code ?? 'card_declined', message: e.message, eventCreated: 0 }
        : { status: 'failed', paymentIntentId: null, code: 'card_unusable', message: 'This card can no longer be charged. Pay with another card.', eventCreated: 0 };
    }
    const r = await db.transaction((trx) => applyOutcome(trx, payment.id, outcome));
    if (r.reactivated) await rt.directory.invalidate(r.reactivated);
    return (await repo.findPayment(db, payment.id))!;
  }

  /** Attaches a card (a payment method made by Stripe.js) to the centre's customer and makes it the default. */
  async function saveCard(centreId: string, pmId: string) {
    const customer = await ensureCustomer(rt, centreId);
    const stripe = platformStripe(rt);
    let pm;
    try {
      pm = await stripe.paymentMethods.attach(pmId, { customer });
      await stripe.customers.update(customer, { invoice_settings: { default_payment_method: pmId } });
    } catch (e) {
      if (isCardError(e)) throw cardDeclined(e.message);
      if ((e as { statusCode?: number }).statusCode === 404) throw badInput('payment_method_id', 'This card was not found. Enter it again.');
      throw providerUnavailable();
    }
    if (!pm.card) throw badInput('payment_method_id', 'Only cards can be saved.');
    const switched = await db.transaction(async (trx) => {
      await repo.upsertCard(
        trx,
        centreId,
        { id: pm.id, brand: pm.card!.brand, last4: pm.card!.last4, exp_month: pm.card!.exp_month, exp_year: pm.card!.exp_year, last_event_created: 0 },
        true,
      );
      // A centre that paid by transfer or cheque and saves a card is billed on it from now on.
      return (await trx('centers').where({ id: centreId }).whereNot({ billing_method: 'card' }).update({ billing_method: 'card', changed_at: trx.fn.now() })) > 0;
    });
    if (switched) await rt.directory.invalidate(centreId);
  }

  /** Invoices to pay: the one named (it must be the centre's), or every open one. */
  async function invoicesToPay(centreId: string, invoiceId: string | null | undefined) {
    const open = (await repo.openInvoices(db, centreId)).filter((i) => i.owed_cents > 0);
    if (!invoiceId) return open;
    const inv = await repo.findInvoice(db, invoiceId);
    if (!inv || inv.center_id !== centreId) throw invoiceNotFound();
    const one = open.find((i) => i.id === invoiceId);
    if (!one) throw nothingToPay();
    return [one];
  }

  const service = {
    /** Admin: every plan (or only public ones); anyone else: the public, active plans (`/packages`). */
    async getCenterPlans(actor: Actor, raw: unknown) {
      const { page, first, ...args } = parseArgs(plansArgs, raw);
      const admin = actor.viewer?.role === policy.getCenterPlans;
      const { rows, total } = await repo.listPlans(db, { publicOnly: !admin || Boolean(args.public), offset: (page - 1) * first, limit: first });
      return paginated(rows.map(planOut), total, page, first);
    },

    async createCenterPlan(actor: Actor, raw: unknown) {
      requireRole(actor, policy.createCenterPlan);
      const a = parseArgs(createPlanArgs, raw);
      try {
        const id = await db.transaction(async (trx) => {
          const planId = await repo.insertPlan(trx, {
            name: a.name,
            amount: dollars(a.amount),
            period: a.period ?? 'month',
            trial_days: a.trial_days ?? 0,
            grace_days: a.grace_days ?? 7,
            max_locations: a.max_locations ?? null,
            max_students: a.max_students ?? null,
            max_cameras: a.max_cameras ?? null,
            is_public: a.public ?? false,
            note: a.note ?? null,
            added_by: actor.viewer?.label ?? null,
          });
          await writeAudit(trx, actor, 'center_plan.create', 'center_plan', planId, { name: a.name, amount_cents: a.amount, public: a.public ?? false });
          return planId;
        });
        return done('Plan created.', { plan: planOut((await repo.findPlan(db, id))!) });
      } catch (e) {
        if (isUniqueViolation(e)) throw planNameTaken();
        throw e;
      }
    },

    /**
     * Changes a plan: price, trial and grace days, limits, public, active, note. Invoices already
     * issued keep their amount; the next ones take the new price. The period of a plan centres
     * are on cannot change (their billing periods would overlap): PLAN_IN_USE on `period`.
     */
    async updateCenterPlan(actor: Actor, raw: unknown) {
      requireRole(actor, policy.updateCenterPlan);
      const { id, ...a } = parseArgs(updatePlanArgs, raw);
      try {
        await db.transaction(async (trx) => {
          const before = await trx('center_plans').where({ id }).forUpdate().first();
          if (!before) throw planNotFound('id');
          const patch: Record<string, unknown> = {};
          if (a.name != null) patch.name = a.name;
          if (a.amount != null) patch.amount = dollars(a.amount);
          if (a.period != null && a.period !== before.period) {
            const used = await trx('centers').where({ center_billing_plan_id: id }).whereNot({ status: 'deleted' }).first('id');
            if (used) throw planInUse();
            patch.period = a.period;
          }
          if (a.trial_days != null) patch.trial_days = a.trial_days;
          if (a.grace_days != null) patch.grace_days = a.grace_days;
          for (const k of ['max_locations', 'max_students', 'max_cameras'] as const) if (a[k] !== undefined) patch[k] = a[k];
          if (a.public != null) patch.is_public = a.public;
          if (a.active != null) patch.active = a.active;
          if (a.note !== undefined) patch.note = a.note;
          if (Object.keys(patch).length === 0) return;
          await trx('center_plans').where({ id }).update({ ...patch, updated_at: trx.fn.now() });
          await writeAudit(trx, actor, 'center_plan.update', 'center_plan', id, patch);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw planNameTaken();
        throw e;
      }
      return done('Plan saved.', { plan: planOut((await repo.findPlan(db, id))!) });
    },

    /**
     * Puts a centre on a plan: billing starts when its trial ends (today when it is not on one);
     * its customer at the platform's account is created once (`centre:<id>:customer:v1`).
     */
    async attachCenterPlan(actor: Actor, raw: unknown) {
      requireRole(actor, policy.attachCenterPlan);
      const { center_id, plan_id } = parseArgs(attachArgs, raw);
      await db.transaction(async (trx) => {
        const centre = await repo.lockCentre(trx, center_id);
        if (!centre) throw centreNotFound();
        if (centre.status === 'deleted') throw invalidState(centre.status, 'changed');
        const plan = await repo.findPlan(trx, plan_id);
        if (!plan || !plan.active) throw planNotFound();
        await trx('centers')
          .where({ id: center_id })
          .update({
            center_billing_plan_id: plan_id,
            payment_start: trx.raw(
              `coalesce(payment_start, case when on_trial and trial_start_date is not null and trial_days is not null
                                            then greatest(current_date, trial_start_date + trial_days) else current_date end)`,
            ),
            changed_by: actor.viewer?.label ?? null,
            changed_at: trx.fn.now(),
          });
        await writeAudit(trx, actor, 'center.attach_plan', 'center', center_id, { from: centre.center_billing_plan_id, to: plan_id });
      });
      await rt.directory.invalidate(center_id);
      // The customer is made now when the provider answers; otherwise with the first card.
      await ensureCustomer(rt, center_id).catch(() => undefined);
      return done('Plan attached.', { center: await db('centers').where({ id: center_id }).first() });
    },

    async getCenterInvoices(actor: Actor, raw: unknown) {
      requireRole(actor, policy.getCenterInvoices);
      const { page, first, center_id, status } = parseArgs(invoicesArgs, raw);
      const { rows, total } = await repo.listInvoices(db, { centerId: center_id ?? null, status: status ?? null, offset: (page - 1) * first, limit: first });
      return paginated(rows.map(invoiceOut), total, page, first);
    },

    async getCenterPayments(actor: Actor, raw: unknown) {
      requireRole(actor, policy.getCenterPayments);
      const { page, first, center_id, status, method } = parseArgs(paymentsArgs, raw);
      const { rows, total } = await repo.listPayments(db, {
        centerId: center_id ?? null,
        status: status ?? null,
        method: method ?? null,
        offset: (page - 1) * first,
        limit: first,
      });
      return paginated(rows.map(paymentOut), total, page, first);
    },

    async getCenterCards(actor: Actor, raw: unknown) {
      requireRole(actor, policy.getCenterCards);
      const { center_id } = parseArgs(centreArgs, raw);
      await liveCentre(center_id);
      return repo.cards(db, center_id);
    },

    /** Issues the centre's due invoice (if its period began) and charges every open invoice on the default card. */
    async chargeCenter(actor: Actor, raw: unknown) {
      requireRole(actor, policy.chargeCenter);
      const { center_id } = parseArgs(centreArgs, raw);
      await liveCentre(center_id);
      const card = await repo.defaultCard(db, center_id);
      if (!card) throw noCard();
      await issueDueInvoices(db, { centreId: center_id });
      const open = await invoicesToPay(center_id, null);
      if (open.length === 0) throw nothingToPay();
      const payments = [];
      for (const inv of open) payments.push(await chargeInvoice(center_id, inv.id, card.id, actor));
      const failed = payments.filter((p) => p.status === 'failed').length;
      return {
        ...done(failed ? `${failed} of ${payments.length} charges failed.` : 'Charged.'),
        ...(failed ? { status: false, color: 'red' } : {}),
        payments: payments.map(paymentOut),
      };
    },

    /** As `submitCenterPayment`, for a caller already bound to the centre (the owner over the channel, the funnel). */
    async submitAsCentre(actor: Actor, args: z.infer<typeof submitPaymentArgs>) {
      const { center_id, invoice_id, method, payment_method_id, reference } = args;
      await liveCentre(center_id);
      if (method === 'card') {
        if (payment_method_id) await saveCard(center_id, payment_method_id);
        const card = payment_method_id ?? (await repo.defaultCard(db, center_id))?.id;
        if (!card) throw noCard();
        const payments = [];
        for (const inv of await invoicesToPay(center_id, invoice_id)) {
          const p = await chargeInvoice(center_id, inv.id, card, actor);
          if (p.status === 'failed') throw cardDeclined(p.failure_message ?? '');
          payments.push(p);
        }
        return done(payments.length ? 'Payment received.' : 'Card saved.', { payments: payments.map(paymentOut) });
      }
      if (!invoice_id) throw badInput('invoice_id', 'Choose the invoice this transfer or cheque pays.');
      if (!reference) throw badInput('reference', 'Enter the transfer or cheque reference.');
      const [inv] = await invoicesToPay(center_id, invoice_id);
      const id = await db.transaction(async (trx) => {
        // The invoice first (the lock order of every payment write): one transfer or cheque awaits approval at a time.
        await trx('center_invoices').where({ id: invoice_id }).forUpdate().first('id');
        if (await trx('center_payments').where({ invoice_id, status: 'pending' }).whereNot({ method: 'card' }).first('id')) throw transferPending();
        const [row] = await trx('center_payments')
          .insert({ center_id, invoice_id, amount_cents: inv!.owed_cents, method, status: 'pending', reference, added_by: actor.viewer?.label ?? 'customer' })
          .returning('id');
        await writeAudit(trx, actor, 'center.payment_submit', 'center', center_id, { invoice_id, method, reference, amount_cents: inv!.owed_cents });
        return String(row.id);
      });
      return done('Payment recorded; it stays pending until the platform confirms it arrived.', {
        payments: [paymentOut((await repo.findPayment(db, id))!)],
      });
    },

    /** Card (saved now, or the default), or a transfer/cheque kept pending until approved (admin). */
    async submitCenterPayment(actor: Actor, raw: unknown) {
      requireRole(actor, policy.submitCenterPayment);
      return service.submitAsCentre(actor, parseArgs(submitPaymentArgs, raw));
    },

    /** A pending transfer or cheque arrived: the payment succeeds and settles its invoice (a centre suspended for billing may serve again). */
    async approveCenterPayment(actor: Actor, raw: unknown) {
      requireRole(actor, policy.approveCenterPayment);
      const { id } = parseArgs(idArgs, raw);
      const reactivated = await db.transaction(async (trx) => {
        const seen = await repo.findPayment(trx, id);
        if (!seen) throw paymentNotFound();
        // The invoice first, then the payment: the order every payment write takes.
        if (seen.invoice_id) await trx('center_invoices').where({ id: seen.invoice_id }).forUpdate().first('id');
        const p = (await repo.findPayment(trx, id, { lock: true }))!;
        if (p.status !== 'pending' || p.method === 'card') throw notPending();
        await trx('center_payments')
          .where({ id })
          .update({ status: 'succeeded', approved_by: actor.viewer?.label ?? null, approved_at: trx.fn.now(), updated_at: trx.fn.now() });
        await writeAudit(trx, actor, 'center.payment_approve', 'center', p.center_id, { payment_id: id, method: p.method, amount_cents: p.amount_cents });
        return p.invoice_id ? settleInvoice(trx, p.invoice_id) : null;
      });
      if (reactivated) await rt.directory.invalidate(reactivated);
      return done('Payment approved.', { payments: [paymentOut((await repo.findPayment(db, id))!)] });
    },

    /** The hourly run (job `center-billing-cycle`); `today` moves the date in tests. */
    runCycle: (today?: string) => runBillingCycle(rt, (c, i, card) => chargeInvoice(c, i, card, SYSTEM_ACTOR), today),

    /** The channel's `billing.read`: the centre's own billing and the key Stripe.js adds a card with. */
    async centreRead(centreId: string) {
      const own = await service.ownBilling(centreId);
      const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
      return {
        invoices: own.invoices.map((i) => ({
          id: i.id,
          plan_name: i.plan_name,
          period_start: i.period_start,
          period_end: i.period_end,
          due_date: i.due_date,
          amount: i.amount,
          paid_amount: i.paid_amount,
          balance: i.balance,
          status: i.status,
          paid_at: iso(i.paid_at),
          created_at: iso(i.created_at)!,
        })),
        payments: own.payments.map(centrePaymentOut),
        cards: own.cards.map(({ last_event_created: _e, ...c }) => c),
        publishable_key: rt.stripe.publishableKey,
      };
    },

    /** The channel's `billing.pay`: the owner pays one of the centre's own open invoices by card, or submits a transfer or cheque (pending). */
    async centrePay(centreId: string, input: CentrePayInput) {
      const actor: Actor = { viewer: { id: null, role: 'kvsupport', username: 'centre', label: `${input.paid_by} (centre owner)`.slice(0, 200), sessionId: null }, ip: null };
      const r = await service.submitAsCentre(actor, {
        center_id: centreId,
        invoice_id: input.invoice_id,
        method: input.method ?? 'card',
        payment_method_id: input.payment_method_id ?? null,
        reference: input.reference || null,
      });
      return { message: r.message, payments: (r.payments ?? []).map(centrePaymentOut) };
    },

    /** Read by the owner over the channel: the centre's own invoices, payments and cards (never another's). */
    async ownBilling(centreId: string) {
      const [invoices, payments, cards] = await Promise.all([
        repo.listInvoices(db, { centerId: centreId, status: null, offset: 0, limit: 24 }),
        repo.listPayments(db, { centerId: centreId, status: null, method: null, offset: 0, limit: 24 }),
        repo.cards(db, centreId),
      ]);
      return { invoices: invoices.rows.map(invoiceOut), payments: payments.rows.map(paymentOut), cards };
    },
  };
  return service;
}

export type CenterBillingService = ReturnType<typeof createCenterBillingService>;
