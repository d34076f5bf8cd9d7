import type { Knex } from 'knex';
import { z } from 'zod';
import { badInput, forbidden, parseArgs } from '@kv/server';
import { roleAtLeast } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { readScope, reaches, requirePermission, requireViewer } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction, lockFor } from '../../../core/tx.ts';
import { invoiceNotFound } from '../errors.ts';
import { findInvoice, invoiceList, type InvoiceRow } from '../repo/invoices.ts';
import { contactsWithShares, payerStudentIds, studentsFacts } from '../repo/people.ts';
import * as repo from '../repo/stripe.ts';
import * as ledger from '../repo/ledger.ts';
import { billingScope } from '../policy.ts';
import { centreStripe, isConnectionError, notConfigured, unavailable } from '../stripe/client.ts';
import { applyOutcome, chargeShare, nothingToPay } from './stripe-charge.ts';
import { payerParts } from './pricing.ts';

type Db = Knex | Knex.Transaction;

/** A parent's own card operations: `user` with billing.view (the gate), themselves only. */
async function parentOf(ctx: RequestContext) {
  const v = requireViewer(ctx);
  if (v.role !== 'user') throw forbidden('Card payments are made by the paying parent.');
  await requirePermission(ctx, 'billing.view');
  return v;
}

/** Each open invoice of children a payer pays for, with the payer's share and what is open of it (three statements). */
export async function openSharesOf(db: Db, userId: string, studentIds: string[]) {
  if (!studentIds.length) return [];
  const invoices = (await invoiceList(db, { locations: null, students: studentIds })).filter(
    // The family's invoices only: what an agency owes is never a parent's to pay.
    (i) => i.stored_status === 'open' && Number(i.balance) > 0 && !i.agency_id,
  );
  if (!invoices.length) return [];
  const contacts = await contactsWithShares(db, studentIds);
  const paid = await db('billing_ledger as g')
    .join('payments as p', 'p.id', 'g.payment_id')
    .whereIn(
      'g.invoice_id',
      invoices.map((i) => i.id),
    )
    .where('p.user_id', userId)
    .groupBy('g.invoice_id')
    .select('g.invoice_id', db.raw('-sum(g.amount) as s'));
  const paidBy = new Map(paid.map((r: { invoice_id: string; s: string }) => [String(r.invoice_id), Number(r.s)]));
  return invoices
    .map((inv: InvoiceRow) => {
      const payers = contacts.filter((c) => c.is_payer && String(c.student_id) === String(inv.student_id));
      const share = payerParts(Number(inv.total) - Number(inv.agency_part), payers).find((p) => p.user_id === String(userId))?.amount ?? 0;
      const open = Math.max(0, Math.min(Number(inv.balance), share - (paidBy.get(String(inv.id)) ?? 0)));
      return { invoice_id: String(inv.id), student_id: String(inv.student_id), date: inv.date, due_date: inv.due_date, total: Number(inv.total), balance: Number(inv.balance), share, open };
    })
    .sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : Number(a.invoice_id) - Number(b.invoice_id)));
}

/** Whether parents of a location may pay by card: billing on and the centre's keys saved. */
export async function checkLocationAllowStripePayment(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  if (roleAtLeast(v.role, 'manager')) {
    await requirePermission(ctx, 'billing.manage');
    if (!reaches(await readScope(ctx), args.location_id)) throw badInput('location_id', 'Choose one of your locations.');
  } else {
    await parentOf(ctx);
    const kids = await studentsFacts(ctx.db, await payerStudentIds(ctx.db, v.id));
    if (!kids.some((k) => String(k.location_id) === args.location_id)) throw badInput('location_id', 'Choose the location of a child you pay for.');
  }
  const loc = await ctx.db('locations').where({ id: args.location_id }).first('billing');
  const account = await repo.accountRow(ctx.db);
  const allowed = Boolean(loc?.billing && account);
  return {
    location_id: args.location_id,
    allowed,
    publishable_key: allowed ? account!.publishable_key : null,
    reason: !loc?.billing ? 'Billing is off at this location.' : !account ? 'Card payments are not set up at this centre yet.' : null,
  };
}

/** The children the parent pays for, each with its balance, the parent's open invoices and shares. */
export async function getUserBillingStudents(ctx: RequestContext) {
  const v = await parentOf(ctx);
  const kids = await studentsFacts(ctx.db, await payerStudentIds(ctx.db, v.id));
  if (!kids.length) return [];
  const ids = kids.map((k) => String(k.id));
  const [shares, balance, locations, account] = [
    await openSharesOf(ctx.db, v.id, ids),
    await ledger.familyBalances(ctx.db, ids),
    await ctx.db('locations').whereIn('id', [...new Set(kids.map((k) => k.location_id))]).select('id', 'name', 'billing'),
    await repo.accountRow(ctx.db),
  ];
  const loc = new Map(locations.map((l: { id: string; name: string; billing: boolean }) => [String(l.id), l]));
  return kids
    .sort((a, b) => `${a.fname} ${a.lname}`.localeCompare(`${b.fname} ${b.lname}`))
    .map((k) => {
      const mine = shares.filter((s) => s.student_id === String(k.id));
      const l = loc.get(String(k.location_id));
      return {
        id: String(k.id),
        name: `${k.fname} ${k.lname}`.trim(),
        location_id: String(k.location_id),
        location_name: l?.name ?? '',
        balance: balance.get(String(k.id)) ?? 0,
        my_open: mine.reduce((s, x) => s + x.open, 0),
        allow_card: Boolean(l?.billing && account),
        open_invoices: mine,
      };
    });
}

const cardView = (c: repo.CardRow, def: string | null, today = new Date()) => {
  const endOfExpiry = Date.UTC(c.exp_year, c.exp_month, 0, 23, 59, 59);
  return {
    id: c.id,
    brand: c.brand,
    last4: c.last4,
    exp_month: c.exp_month,
    exp_year: c.exp_year,
    is_default: c.id === def,
    expiring_soon: endOfExpiry - today.getTime() <= 30 * 86_400_000,
  };
};

/** The parent's saved cards (brand, last four, expiry), the default and whether autopay is on. */
export async function getUserPaymentMethods(ctx: RequestContext) {
  const v = await parentOf(ctx);
  const customer = await repo.customerOf(ctx.db, v.id);
  const cards = await repo.cardsOf(ctx.db, v.id);
  const def = customer?.default_payment_method ?? null;
  const account = await repo.accountRow(ctx.db);
  return { publishable_key: account?.publishable_key ?? null, autopay: customer?.autopay ?? false, default_payment_method: def, cards: cards.map((c) => cardView(c, def)) };
}

async function ensureCustomer(ctx: RequestContext, userId: string) {
  const cs = await centreStripe(ctx.deps.config, ctx.db);
  if (!cs) throw notConfigured();
  const existing = await repo.customerOf(ctx.db, userId);
  if (existing) return { cs, customer: existing };
  const user = await ctx.db('users').where({ id: userId }).first('email', 'fname', 'lname');
  let created;
  try {
    created = await cs.stripe.customers.create(
      { email: user?.email ?? undefined, name: `${user?.fname ?? ''} ${user?.lname ?? ''}`.trim(), metadata: { kv_user_id: String(userId), centre: ctx.tenant.slug } },
      { idempotencyKey: `kv-customer-${ctx.tenant.id}-${userId}` },
    );
  } catch (e) {
    if (isConnectionError(e)) throw unavailable();
    throw e;
  }
  const customer = await inTransaction(ctx, async (trx) => {
    await lockFor(trx, `billing:stripe:customer:${userId}`);
    return repo.insertCustomer(trx, userId, created.id);
  });
  return { cs, customer };
}

/** Saves a card Stripe holds for the customer (from a SetupIntent or an event); the first becomes the default. */
async function keepCard(db: Knex, userId: string, pm: { id: string; card?: { brand: string; last4: string; exp_month: number; exp_year: number } | null }) {
  if (!pm.card) return;
  await db.transaction(async (trx) => {
    await lockFor(trx, `billing:stripe:customer:${userId}`);
    await repo.upsertCard(trx, { id: pm.id, user_id: userId, brand: pm.card!.brand, last4: pm.card!.last4, exp_month: pm.card!.exp_month, exp_year: pm.card!.exp_year });
    const c = await repo.customerOf(trx, userId);
    if (c && !c.default_payment_method) await repo.updateCustomer(trx, userId, { default_payment_method: pm.id });
  });
}

/**
 * Adding a card, in two steps: without `setup_intent_id`, a SetupIntent for the parent's
 * customer (its client secret goes to Stripe.js, which takes the card: no card data reaches
 * us); with it, after Stripe.js confirmed, the card is saved (the webhook does the same).
 */
export async function addUserCard(ctx: RequestContext, raw: unknown) {
  const v = await parentOf(ctx);
  const args = parseArgs(z.object({ setup_intent_id: z.string().trim().max(255).regex(/^seti_\w+$/, 'Not a setup intent id.').nullish() }), raw);
  const { cs, customer } = await ensureCustomer(ctx, v.id);
  try {
    if (!args.setup_intent_id) {
      const si = await cs.stripe.setupIntents.create({ customer: customer.customer_id, usage: 'off_session', payment_method_types: ['card'], metadata: { kv_user_id: v.id } });
      return { ...notice('Enter your card.'), client_secret: si.client_secret, setup_intent_id: si.id, publishable_key: cs.account.publishable_key, card: null };
    }
    const si = await cs.stripe.setupIntents.retrieve(args.setup_intent_id).catch(() => null);
    if (!si || si.customer !== customer.customer_id) throw badInput('setup_intent_id', 'This card set-up is not yours.');
    if (si.status !== 'succeeded' || typeof si.payment_method !== 'string')
      throw badInput('setup_intent_id', si.status === 'requires_action' ? 'Complete the card check first.' : 'The card was not saved: try again.');
    const pm = await cs.stripe.paymentMethods.retrieve(si.payment_method);
    await keepCard(ctx.db, v.id, pm);
    const c = await repo.customerOf(ctx.db, v.id);
    const card = await repo.cardById(ctx.db, pm.id);
    return { ...notice('Card saved.'), client_secret: null, setup_intent_id: si.id, publishable_key: cs.account.publishable_key, card: card ? cardView(card, c?.default_payment_method ?? null) : null };
  } catch (e) {
    if (isConnectionError(e)) throw unavailable();
    throw e;
  }
}

async function ownCard(ctx: RequestContext, userId: string, pmId: string, field: string) {
  const card = await repo.cardById(ctx.db, pmId);
  if (!card || String(card.user_id) !== String(userId) || card.detached) throw badInput(field, 'Choose one of your saved cards.');
  return card;
}

export async function setDefaultPaymentMethod(ctx: RequestContext, raw: unknown) {
  const v = await parentOf(ctx);
  const args = parseArgs(z.object({ payment_method_id: z.string().trim().min(1, 'Choose a card.').max(255) }), raw);
  await ownCard(ctx, v.id, args.payment_method_id, 'payment_method_id');
  const { cs, customer } = await ensureCustomer(ctx, v.id);
  try {
    await cs.stripe.customers.update(customer.customer_id, { invoice_settings: { default_payment_method: args.payment_method_id } });
  } catch (e) {
    if (isConnectionError(e)) throw unavailable();
    throw badInput('payment_method_id', 'Stripe refused this card as the default.');
  }
  await inTransaction(ctx, async (trx) => {
    await repo.updateCustomer(trx, v.id, { default_payment_method: args.payment_method_id });
    await audit(ctx, trx, { action: 'billing.card_default', entity: 'user', entity_id: v.id, data: { payment_method: args.payment_method_id } });
  });
  return { ...notice('Default card saved.'), methods: await getUserPaymentMethods(ctx) };
}

/** Autopay on or off: each payer's share is charged to the default card on the due date. */
export async function setUserAutopay(ctx: RequestContext, raw: unknown) {
  const v = await parentOf(ctx);
  const args = parseArgs(z.object({ enabled: z.boolean({ message: 'Choose on or off.' }) }), raw);
  const customer = await repo.customerOf(ctx.db, v.id);
  if (args.enabled && !customer?.default_payment_method) throw badInput('enabled', 'Add a card first: autopay charges your default card.');
  if (customer)
    await inTransaction(ctx, async (trx) => {
      // Turned on now: invoices due from today on are charged, never older ones.
      await repo.updateCustomer(trx, v.id, {
        autopay: args.enabled,
        // (the earliest "today" of the centre's locations: a due date is a local date)
        ...(args.enabled && !customer.autopay
          ? { autopay_since: trx.raw(`(select coalesce(min((now() at time zone timezone)::date), current_date) from locations)`) as unknown as string }
          : {}),
      });
      await audit(ctx, trx, { action: 'billing.autopay', entity: 'user', entity_id: v.id, data: { enabled: args.enabled } });
    });
  return { ...notice(args.enabled ? 'Autopay is on.' : 'Autopay is off.'), methods: await getUserPaymentMethods(ctx) };
}

const chargeView = (c: { id: string; invoice_id: string; amount: string | number; status: string; error_message: string | null; payment_id: string | null }, secret: string | null) => ({
  id: String(c.id),
  invoice_id: String(c.invoice_id),
  amount: Number(c.amount),
  status: c.status,
  error: c.error_message,
  payment_id: c.payment_id ? String(c.payment_id) : null,
  client_secret: secret,
});

/**
 * Pays a payer's open share of an invoice by card (`token`: a saved card, else the default).
 * Parents pay as themselves; billing staff may charge a payer's saved card at their locations.
 * The amount is computed here, never taken from the client.
 */
export async function chargeUserInvoice(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const args = parseArgs(z.object({ user_id: id, id, token: z.string().trim().max(255).nullish() }), raw);
  const inv = await findInvoice(ctx.db, args.id);
  if (roleAtLeast(v.role, 'manager')) {
    const scope = await billingScope(ctx);
    if (!inv || !reaches(scope, inv.location_id)) throw invoiceNotFound();
  } else {
    await parentOf(ctx);
    if (args.user_id !== String(v.id)) throw badInput('user_id', 'You can pay only as yourself.');
    if (!inv || !(await payerStudentIds(ctx.db, v.id, [inv.student_id])).length) throw invoiceNotFound();
  }
  if (!(await payerStudentIds(ctx.db, args.user_id, [inv.student_id])).length) throw badInput('user_id', 'Choose a payer of this child.');
  if (inv.stored_status !== 'open') throw nothingToPay();
  const customer = await repo.customerOf(ctx.db, args.user_id);
  const pm = args.token || customer?.default_payment_method;
  if (!pm) throw badInput('token', 'Add a card first.');
  await ownCard(ctx, args.user_id, pm, 'token');
  const r = await chargeShare(ctx.deps.config, ctx.db, { invoiceId: inv.id, userId: args.user_id, paymentMethod: pm, kind: 'manual', by: v.id });
  const message =
    r.charge.status === 'succeeded'
      ? 'Payment received. Thank you.'
      : r.charge.status === 'requires_action'
        ? 'Your bank asks you to confirm this payment.'
        : r.charge.status === 'pending'
          ? 'The payment is being processed.'
          : `The card was declined: ${r.charge.error_message ?? 'try another card.'}`;
  return { ...notice(message, r.charge.status !== 'failed'), charge: chargeView(r.charge, r.client_secret) };
}

/** After Stripe.js confirmed a payment that needed the payer's authentication: records what Stripe says now. */
export async function syncUserCharge(ctx: RequestContext, raw: unknown) {
  const v = await parentOf(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const charge = await repo.chargeById(ctx.db, args.id);
  if (!charge || String(charge.user_id) !== String(v.id)) throw badInput('id', 'Choose one of your card payments.');
  const cs = await centreStripe(ctx.deps.config, ctx.db);
  if (!cs) throw notConfigured();
  if (charge.payment_intent_id && charge.status !== 'succeeded') {
    const pi = await cs.stripe.paymentIntents.retrieve(charge.payment_intent_id).catch((e) => {
      throw isConnectionError(e) ? unavailable() : e;
    });
    const status = pi.status === 'succeeded' ? 'succeeded' : pi.status === 'requires_action' || pi.status === 'requires_payment_method' ? 'requires_action' : pi.status === 'processing' ? 'pending' : 'failed';
    await ctx.db.transaction((trx) => applyOutcome(trx, charge.id, { status, pi }));
  }
  const now = (await repo.chargeById(ctx.db, charge.id))!;
  let secret: string | null = null;
  if (now.status === 'requires_action' && now.payment_intent_id) secret = (await cs.stripe.paymentIntents.retrieve(now.payment_intent_id)).client_secret;
  return { ...notice(now.status === 'succeeded' ? 'Payment received. Thank you.' : 'The payment is not complete yet.', now.status !== 'failed'), charge: chargeView(now, secret) };
}

/** The parent's card payments waiting for their authentication (billing2 lists them). */
export async function getUserPendingCharges(ctx: RequestContext) {
  const v = await parentOf(ctx);
  const rows = await ctx.db('stripe_charges').where({ user_id: v.id, status: 'requires_action' }).orderBy('created_at', 'desc').limit(50);
  return rows.map((r: repo.ChargeRow) => chargeView(r, null));
}
