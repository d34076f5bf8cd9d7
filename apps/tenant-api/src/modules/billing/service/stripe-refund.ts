import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { AppError } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { audit } from '../../../core/audit.ts';
import { inTransaction } from '../../../core/tx.ts';
import * as ledger from '../repo/ledger.ts';
import * as payments from '../repo/payments.ts';
import * as repo from '../repo/stripe.ts';
import { centreStripe, isConnectionError, notConfigured, unavailable } from '../stripe/client.ts';
import { lockStudent } from './invoices.ts';
import { livePayment, refundEntries } from './payments.ts';

export const REFUND_FAILED = 'REFUND_FAILED';

/** Stripe refused a refund: a typed error on `amount`, in our words (never Stripe's ids). */
export function refundFailed(code: string | null): AppError {
  const message =
    code === 'amount_too_large'
      ? 'Stripe refused the refund: it is more than is left of this card payment.'
      : code === 'charge_already_refunded'
        ? 'Stripe refused the refund: this card payment was already refunded in Stripe.'
        : 'Stripe refused the refund. Nothing was refunded.';
  return new AppError(REFUND_FAILED, message, { field: 'amount' });
}

/**
 * Writes a card refund's ledger entries once (the API's answer and Stripe's `charge.refunded`
 * webhook both come here; whichever is first writes, the other finds it succeeded), in the
 * caller's transaction, under the child's lock. Answers whether it wrote anything.
 */
export async function applyRefund(
  trx: Knex.Transaction,
  refundId: string,
  stripeRefundId: string,
  a: { force: boolean; by: string | null },
): Promise<boolean> {
  const first = await repo.refundById(trx, refundId);
  if (!first) return false;
  await lockStudent(trx, first.student_id);
  const r = (await trx('stripe_refunds').where({ id: refundId }).forUpdate().first()) as repo.RefundRow;
  if (r.status === 'succeeded') return false;
  const p = (await payments.findPayment(trx, r.payment_id))!;
  const entries = await refundEntries(trx, p, {
    amount: Number(r.amount),
    reason: r.reason,
    by: a.by,
    // Its own amount is reserved while pending: not counted against itself.
    reserved: (await repo.pendingRefunds(trx, r.payment_id)) - (r.status === 'pending' ? Number(r.amount) : 0),
    force: a.force,
    stripeRefundId: r.id,
  });
  await ledger.append(trx, entries);
  await repo.updateRefund(trx, r.id, { status: 'succeeded', stripe_refund_id: stripeRefundId, error_code: null, error_message: null });
  return true;
}

/**
 * A card payment's refund through the centre's Stripe account. Under the child's lock the amount
 * is checked against what is left of the payment (less refunds still in flight) and the refund
 * row with its idempotency key is committed before Stripe is called. Stripe refunds: the ledger
 * entries are written (`applyRefund`). Stripe refuses: the row is `failed`, no ledger entry,
 * REFUND_FAILED on `amount`. Stripe unreachable: the row stays pending with its key (the hourly
 * reconciliation asks again with the same key, so the money goes back once) and the answer is
 * PAYMENT_PROVIDER_UNAVAILABLE; nothing is on the ledger until Stripe says it refunded.
 */
export async function refundCardPayment(ctx: RequestContext, before: payments.PaymentRow, args: { amount: number; reason: string | null }) {
  const cs = await centreStripe(ctx.deps.config, ctx.db);
  if (!cs) throw notConfigured();
  const row = await inTransaction(ctx, async (trx) => {
    await lockStudent(trx, before.student_id);
    const p = await livePayment(trx, before.id);
    // Validates the amount (field error on `amount`); the entries are written when Stripe has refunded.
    await refundEntries(trx, p, { amount: args.amount, reason: args.reason, by: ctx.viewer!.id, reserved: await repo.pendingRefunds(trx, p.id) });
    return repo.insertRefund(trx, {
      payment_id: p.id,
      student_id: p.student_id,
      location_id: p.location_id,
      amount: args.amount,
      reason: args.reason,
      idempotency_key: `kv-refund-${randomUUID()}`,
      created_by: ctx.viewer!.id,
    });
  });
  await sendRefund(ctx.db, cs.stripe, row, ctx.viewer!.id);
  await inTransaction(ctx, (trx) =>
    audit(ctx, trx, {
      action: 'payment.refund',
      entity: 'payment',
      entity_id: before.id,
      location_id: before.location_id,
      data: { amount: args.amount, reason: args.reason, stripe_refund: row.id },
    }),
  );
}

/** Calls Stripe for a stored refund (its key makes a repeat harmless) and records the outcome. */
export async function sendRefund(db: Knex, stripe: Stripe, row: repo.RefundRow, by: string | null): Promise<void> {
  const charge = await db('payments as p')
    .join('stripe_charges as c', 'c.id', 'p.stripe_charge_id')
    .where('p.id', row.payment_id)
    .first('c.payment_intent_id');
  if (!charge?.payment_intent_id) {
    await repo.updateRefund(db, row.id, { status: 'failed', error_code: 'no_payment_intent', error_message: 'The card payment has no Stripe payment.' });
    throw refundFailed(null);
  }
  let re: Stripe.Refund;
  try {
    re = await stripe.refunds.create(
      {
        payment_intent: charge.payment_intent_id,
        amount: Number(row.amount),
        metadata: { kv_refund_id: String(row.id), payment_id: String(row.payment_id) },
      },
      { idempotencyKey: row.idempotency_key },
    );
  } catch (e) {
    if (isConnectionError(e)) throw unavailable();
    const err = e as { code?: string; message?: string };
    await repo.updateRefund(db, row.id, {
      status: 'failed',
      error_code: err.code?.slice(0, 60) ?? 'refund_failed',
      error_message: (err.message ?? 'Refund refused').slice(0, 300),
    });
    throw refundFailed(err.code ?? null);
  }
  if (re.status === 'failed' || re.status === 'canceled') {
    await repo.updateRefund(db, row.id, { status: 'failed', stripe_refund_id: re.id, error_code: re.status, error_message: re.failure_reason ?? null });
    throw refundFailed(null);
  }
  await db.transaction((trx) => applyRefund(trx, row.id, re.id, { force: true, by }));
}

/**
 * Stripe's `charge.refunded` (in the webhook's transaction, with its event row): every refund of
 * the charge this centre has not written yet is written once: ours by its `kv_refund_id` (the API
 * answer may not have come back), one made in Stripe's dashboard as a new refund row. Answers
 * whether anything changed.
 */
export async function reconcileChargeRefunded(trx: Knex.Transaction, ch: Stripe.Charge): Promise<'applied' | 'stale' | 'ignored'> {
  const piId = typeof ch.payment_intent === 'string' ? ch.payment_intent : (ch.payment_intent?.id ?? null);
  const customerId = typeof ch.customer === 'string' ? ch.customer : (ch.customer?.id ?? null);
  const customer = customerId ? await repo.customerById(trx, customerId) : undefined;
  if (!customer || !piId) return 'ignored';
  const charge = await repo.chargeByIntent(trx, piId);
  if (!charge?.payment_id || String(charge.user_id) !== String(customer.user_id)) return 'ignored';
  let applied = false;
  for (const re of [...(ch.refunds?.data ?? [])].reverse()) {
    if (re.status !== 'succeeded' && re.status !== 'pending') continue;
    let row = (await repo.refundByStripeId(trx, re.id)) ?? (re.metadata?.kv_refund_id ? await repo.refundById(trx, re.metadata.kv_refund_id) : undefined);
    if (row && String(row.payment_id) !== String(charge.payment_id)) continue;
    if (!row)
      row = await repo.insertRefund(trx, {
        payment_id: charge.payment_id,
        student_id: charge.student_id,
        location_id: charge.location_id,
        amount: re.amount,
        reason: 'Refunded in Stripe',
        idempotency_key: `stripe-${re.id}`.slice(0, 100),
        created_by: null,
      });
    if (await applyRefund(trx, row.id, re.id, { force: true, by: null })) applied = true;
  }
  return applied ? 'applied' : 'stale';
}

/** Reconciliation: refunds still pending after 10 minutes are sent again with their own key. */
export async function reconcilePendingRefunds(db: Knex, stripe: Stripe, now = new Date()): Promise<number> {
  const stuck = (await db('stripe_refunds')
    .where({ status: 'pending' })
    .where('updated_at', '<', new Date(now.getTime() - 10 * 60_000))
    .orderBy('id')
    .limit(200)) as repo.RefundRow[];
  let n = 0;
  for (const r of stuck) {
    await sendRefund(db, stripe, r, null).catch(() => undefined);
    n++;
  }
  return n;
}
