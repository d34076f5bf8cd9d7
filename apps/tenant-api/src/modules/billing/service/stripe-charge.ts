import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { AppError } from '@kv/server';
import { violatedUnique } from '../../../core/tx.ts';
import * as ledger from '../repo/ledger.ts';
import { findInvoice, openInvoices } from '../repo/invoices.ts';
import { contactsWithShares, studentBillingFacts } from '../repo/people.ts';
import { insertPayment } from '../repo/payments.ts';
import * as repo from '../repo/stripe.ts';
import { centreStripe, type StripeSettings, isCardError, isConnectionError, notConfigured, StripeError } from '../stripe/client.ts';
import { payerParts } from './pricing.ts';
import { lockStudent } from './invoices.ts';
import { todayIn } from './plans.ts';

type Db = Knex | Knex.Transaction;

export const inProgress = () =>
  new AppError(StripeError.InProgress, 'A card payment of this invoice is already in progress.', { field: 'id' });
export const nothingToPay = () => new AppError('NOTHING_OWED', 'Your share of this invoice is paid.', { field: 'id' });

/**
 * A payer's open share of an invoice: their part of its total (shares, else equal parts, by
 * largest remainder) less what their own payments put on it, never more than the invoice owes.
 */
export async function openShare(db: Db, invoiceId: string, userId: string): Promise<{ share: number; open: number; balance: number }> {
  const inv = await findInvoice(db, invoiceId);
  // An agency's invoice is the agency's to pay: no payer has a share of it.
  if (!inv || inv.stored_status !== 'open' || inv.agency_id) return { share: 0, open: 0, balance: 0 };
  const payers = (await contactsWithShares(db, [inv.student_id])).filter((c) => c.is_payer);
  const share = payerParts(Number(inv.total) - Number(inv.agency_part), payers).find((p) => p.user_id === String(userId))?.amount ?? 0;
  const paid = await repo.paidByUser(db, invoiceId, userId);
  const balance = Number(inv.balance);
  return { share, balance, open: Math.max(0, Math.min(balance, share - paid)) };
}

export interface ChargeResult {
  charge: repo.ChargeRow;
  /** requires_action: the secret Stripe.js confirms the payment with (the payer's authentication). */
  client_secret: string | null;
}

/**
 * Charges a payer's open share of an invoice on a saved card. The charge row and its
 * idempotency key are committed before Stripe is called, under the child's lock: a second call
 * while one is in flight is PAYMENT_IN_PROGRESS, one after it sees nothing owed, and a retry of
 * the same row reuses the key, so Stripe charges once.
 */
export async function chargeShare(
  config: StripeSettings,
  db: Knex,
  input: { invoiceId: string; userId: string; paymentMethod: string; kind: 'manual' | 'autopay'; attempt?: number; by: string | null },
): Promise<ChargeResult> {
  const cs = await centreStripe(config, db);
  if (!cs) throw notConfigured();
  const customer = await repo.customerOf(db, input.userId);
  if (!customer) throw notConfigured();
  const charge = await db.transaction(async (trx) => {
    const inv = await findInvoice(trx, input.invoiceId);
    if (!inv) throw nothingToPay();
    await lockStudent(trx, inv.student_id);
    if (await repo.chargeInFlight(trx, input.invoiceId, input.userId)) throw inProgress();
    const { open } = await openShare(trx, input.invoiceId, input.userId);
    if (open <= 0) throw nothingToPay();
    try {
      return await repo.insertCharge(trx, {
        invoice_id: inv.id,
        student_id: inv.student_id,
        location_id: inv.location_id,
        user_id: input.userId,
        amount: open,
        payment_method: input.paymentMethod,
        kind: input.kind,
        attempt: input.attempt ?? 0,
        idempotency_key: `kv-charge-${randomUUID()}`,
        created_by: input.by,
      });
    } catch (e) {
      if (violatedUnique(e)) throw inProgress();
      throw e;
    }
  });
  return callStripe(config, db, cs.stripe, charge, customer.customer_id);
}

/** Calls Stripe for a stored charge (its key makes a repeat harmless) and records the outcome. */
export async function callStripe(
  config: StripeSettings,
  db: Knex,
  stripe: Stripe,
  charge: repo.ChargeRow,
  customerId: string,
): Promise<ChargeResult> {
  let pi: Stripe.PaymentIntent;
  try {
    pi = await stripe.paymentIntents.create(
      {
        amount: Number(charge.amount),
        currency: 'usd',
        customer: customerId,
        payment_method: charge.payment_method,
        confirm: true,
        off_session: charge.kind === 'autopay',
        metadata: { kv_charge_id: String(charge.id), invoice_id: String(charge.invoice_id), user_id: String(charge.user_id) },
      },
      { idempotencyKey: charge.idempotency_key },
    );
  } catch (e) {
    if (isCardError(e)) {
      const failedPi = (e.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
      const code = e.code ?? 'card_declined';
      await db.transaction((trx) => applyOutcome(trx, charge.id, { status: code === 'authentication_required' ? 'requires_action' : 'failed', pi: failedPi ?? null, code, message: e.message }));
      return { charge: (await repo.chargeById(db, charge.id))!, client_secret: code === 'authentication_required' ? (failedPi?.client_secret ?? null) : null };
    }
    // An outage: the row stays pending with its key; the reconciliation asks Stripe again.
    if (isConnectionError(e)) return { charge, client_secret: null };
    throw e;
  }
  const status = pi.status === 'succeeded' ? 'succeeded' : pi.status === 'requires_action' ? 'requires_action' : pi.status === 'processing' ? 'pending' : 'failed';
  await db.transaction((trx) => applyOutcome(trx, charge.id, { status, pi, code: pi.last_payment_error?.code ?? null, message: pi.last_payment_error?.message ?? null }));
  return { charge: (await repo.chargeById(db, charge.id))!, client_secret: status === 'requires_action' ? pi.client_secret : null };
}

export interface Outcome {
  status: 'pending' | 'succeeded' | 'failed' | 'requires_action';
  pi: Stripe.PaymentIntent | null;
  code?: string | null;
  message?: string | null;
  /** The webhook event's `created`: an older one than the charge has seen is stale. */
  eventCreated?: number;
}

/**
 * Records what Stripe says of a charge, in the caller's transaction (the webhook's, with its
 * event row): success writes the card payment and puts it on the invoice (what it no longer owes
 * is credit), a failed autopay writes a `failed` payment row (the overview counts them). A
 * succeeded charge never changes again; an event older than the last one applied is stale.
 * Answers whether anything changed.
 */
export async function applyOutcome(trx: Knex.Transaction, chargeId: string, o: Outcome): Promise<'applied' | 'stale' | 'unchanged'> {
  const first = await repo.chargeById(trx, chargeId);
  if (!first) return 'unchanged';
  await lockStudent(trx, first.student_id);
  const charge = (await trx('stripe_charges').where({ id: chargeId }).forUpdate().first()) as repo.ChargeRow;
  if (o.eventCreated !== undefined && o.eventCreated < Number(charge.last_event_created)) return 'stale';
  if (charge.status === 'succeeded') return 'unchanged';
  const patch: Record<string, unknown> = {
    status: o.status,
    ...(o.pi ? { payment_intent_id: o.pi.id } : {}),
    ...(o.eventCreated !== undefined ? { last_event_created: o.eventCreated } : {}),
    error_code: o.status === 'succeeded' ? null : (o.code ?? null),
    error_message: o.status === 'succeeded' ? null : (o.message?.slice(0, 300) ?? null),
  };
  if (o.status === 'succeeded') {
    const student = (await studentBillingFacts(trx, charge.student_id))!;
    const amount = Number(o.pi?.amount_received || charge.amount);
    const paymentId = await insertPayment(trx, {
      student_id: charge.student_id,
      location_id: charge.location_id,
      user_id: charge.user_id,
      method: 'card',
      reference: o.pi?.id ?? null,
      amount,
      date: todayIn(student.timezone),
      note: charge.kind === 'autopay' ? 'Autopay' : null,
      created_by: charge.user_id,
      stripe_charge_id: charge.id,
    });
    // The invoice first, then the child's oldest open invoices; what is left is credit.
    const at = { location_id: charge.location_id, student_id: charge.student_id };
    let left = amount;
    const entries: ledger.LedgerEntry[] = [];
    const open = await openInvoices(trx, charge.student_id);
    open.sort((a, b) => (a.id === String(charge.invoice_id) ? -1 : b.id === String(charge.invoice_id) ? 1 : 0));
    for (const inv of open) {
      if (left <= 0) break;
      const x = Math.min(left, Number(inv.balance));
      entries.push({ ...at, payment_id: paymentId, invoice_id: inv.id, kind: 'payment', amount: -x, created_by: charge.user_id });
      left -= x;
    }
    if (left > 0) entries.push({ ...at, payment_id: paymentId, invoice_id: null, kind: 'payment', amount: -left, created_by: charge.user_id });
    await ledger.append(trx, entries);
    patch.payment_id = paymentId;
  } else if (o.status === 'failed' && charge.kind === 'autopay' && charge.status !== 'failed') {
    const student = (await studentBillingFacts(trx, charge.student_id))!;
    await insertPayment(trx, {
      student_id: charge.student_id,
      location_id: charge.location_id,
      user_id: charge.user_id,
      method: 'card',
      reference: o.pi?.id ?? null,
      amount: Number(charge.amount),
      date: todayIn(student.timezone),
      note: `Autopay failed (attempt ${charge.attempt + 1}): ${o.message ?? o.code ?? 'declined'}`.slice(0, 2000),
      status: 'failed',
      created_by: charge.user_id,
    });
  }
  await repo.updateCharge(trx, chargeId, patch);
  return 'applied';
}
