import type { Knex } from 'knex';
import { SYSTEM_ACTOR } from '../../access.ts';
import { writeAudit } from '../audit/repo.ts';
import * as repo from './repo.ts';

/** What Stripe (or an operator) says became of a payment. */
export interface Outcome {
  status: 'succeeded' | 'failed' | 'pending';
  paymentIntentId?: string | null;
  code?: string | null;
  message?: string | null;
  /** The webhook event's `created` (0 for the answer of our own call): an older event than the payment saw is stale. */
  eventCreated: number;
}

/**
 * Records an outcome of a payment in the caller's transaction: once succeeded a payment stays so;
 * an event older than the last one applied changes nothing. A success settles the invoice and may
 * bring a centre suspended for billing back. Answers the effect and the centre to forget when its
 * status changed.
 */
export async function applyOutcome(
  trx: Knex.Transaction,
  paymentId: string,
  o: Outcome,
): Promise<{ effect: 'applied' | 'stale'; reactivated: string | null }> {
  // Locks in one order everywhere: the invoice, then its payment, then the centre (a charge in
  // flight holds the invoice while its insert waits on the payment index).
  const first = await repo.findPayment(trx, paymentId);
  if (!first) return { effect: 'stale', reactivated: null };
  if (first.invoice_id) await trx('center_invoices').where({ id: first.invoice_id }).forUpdate().first('id');
  const p = (await repo.findPayment(trx, paymentId, { lock: true }))!;
  if (o.eventCreated && o.eventCreated < Number(p.last_event_created)) return { effect: 'stale', reactivated: null };
  if (p.status === 'succeeded' && o.status !== 'succeeded') return { effect: 'stale', reactivated: null };
  await trx('center_payments')
    .where({ id: paymentId })
    .update({
      status: o.status,
      payment_intent_id: o.paymentIntentId ?? p.payment_intent_id,
      failure_code: o.status === 'failed' ? (o.code ?? 'card_declined') : null,
      failure_message: o.status === 'failed' ? (o.message ?? 'The card was declined.').slice(0, 300) : null,
      last_event_created: Math.max(o.eventCreated, Number(p.last_event_created)),
      updated_at: trx.fn.now(),
    });
  let reactivated: string | null = null;
  if (o.status === 'succeeded' && p.status !== 'succeeded' && p.invoice_id) reactivated = await settleInvoice(trx, p.invoice_id);
  return { effect: 'applied', reactivated };
}

/** Marks an invoice paid once its succeeded payments cover it; answers the centre reactivated by it, if any. */
export async function settleInvoice(trx: Knex.Transaction, invoiceId: string): Promise<string | null> {
  const inv = await trx('center_invoices').where({ id: invoiceId }).forUpdate().first('id', 'center_id', 'amount_cents', 'status');
  if (!inv || inv.status !== 'open') return null;
  const sums = await trx('center_payments').where({ invoice_id: invoiceId, status: 'succeeded' }).sum({ paid: 'amount_cents' });
  const paid = sums[0]?.paid;
  if (Number(paid ?? 0) < Number(inv.amount_cents)) return null;
  await trx('center_invoices').where({ id: invoiceId }).update({ status: 'paid', paid_at: trx.fn.now(), updated_at: trx.fn.now() });
  return reactivateIfPaid(trx, String(inv.center_id));
}

/** A centre suspended for billing serves again once no invoice is overdue beyond its plan's grace days. */
export async function reactivateIfPaid(trx: Knex.Transaction, centreId: string): Promise<string | null> {
  const centre = await repo.lockCentre(trx, centreId);
  if (!centre || centre.status !== 'suspended' || !centre.billing_suspended_at) return null;
  const overdue = await trx('center_invoices as i')
    .leftJoin('center_plans as p', 'p.id', 'i.plan_id')
    .where({ 'i.center_id': centreId, 'i.status': 'open' })
    .whereRaw('i.due_date + coalesce(p.grace_days, 0) < current_date')
    .first('i.id');
  if (overdue) return null;
  await trx('centers')
    .where({ id: centreId })
    .update({ status: 'active', billing_suspended_at: null, changed_by: 'billing', changed_at: trx.fn.now() });
  await writeAudit(trx, SYSTEM_ACTOR, 'center.billing_reactivate', 'center', centreId, {});
  return centreId;
}
