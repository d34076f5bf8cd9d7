import type { Knex } from 'knex';
import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { assertLocations, reaches } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { id, idList, pageArgs, paginated } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import { billedStudent, billingScope, billingViewer, listFilter, readableStudent } from '../policy.ts';
import * as repo from '../repo/payments.ts';
import * as ledger from '../repo/ledger.ts';
import { findInvoice, openInvoices, updateInvoice } from '../repo/invoices.ts';
import { plans } from '../repo/plans.ts';
import { programsOfStudents } from '../repo/setup.ts';
import { payerStudentIds } from '../repo/people.ts';
import { paidByCard, paymentNotFound, paymentVoid } from '../errors.ts';
import { localDate, note, positiveCents, reason } from '../fields.ts';
import { lockStudent } from './invoices.ts';
import { todayIn } from './plans.ts';
import { refundCardPayment } from './stripe-refund.ts';

const METHOD = z.enum(['cash', 'check', 'ach'], { message: 'Choose cash, check or ACH.' });

export async function getPayments(ctx: RequestContext, raw: unknown) {
  const who = await billingViewer(ctx);
  const args = parseArgs(z.object({ location_id: id.nullish(), student_id: id.nullish(), ...pageArgs }), raw);
  const f = await listFilter(ctx, who, args.location_id);
  if (args.student_id) {
    await readableStudent(ctx, who, args.student_id);
    f.students = [args.student_id];
  }
  const { rows, total } = await repo.paymentPage(ctx.db, f, args.page, args.first);
  return paginated(rows, total, args.page, args.first);
}

export async function getStudentAllPayments(ctx: RequestContext, raw: unknown) {
  const who = await billingViewer(ctx);
  const args = parseArgs(z.object({ id, location: id.nullish(), from: localDate.nullish(), to: localDate.nullish() }), raw);
  if (args.from && args.to && args.to < args.from) throw badInput('to', 'The end date is before the start date.');
  await readableStudent(ctx, who, args.id);
  return repo.paymentList(ctx.db, {
    locations: args.location ? [args.location] : null,
    students: [args.id],
    from: args.from,
    to: args.to,
    family: who.kind !== 'staff',
  });
}

export async function getPaymentsList(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id, start: localDate, end: localDate }), raw);
  if (args.end < args.start) throw badInput('end', 'The end date is before the start date.');
  await assertLocations(ctx, scope, [args.location_id]);
  return repo.paymentList(ctx.db, { locations: [args.location_id], students: null, from: args.start, to: args.end });
}

/**
 * Puts `amount` of a payment's credit on open invoices (the chosen ones, else the oldest first);
 * answers what is left. With `fresh`, the money arrives now (kind `payment`), else it moves from
 * credit (kind `apply`, a pair of entries).
 */
async function spread(
  trx: Knex.Transaction,
  at: { location_id: string; student_id: string },
  paymentId: string,
  amount: number,
  invoiceIds: string[] | null,
  fresh: boolean,
  by: string,
): Promise<number> {
  let left = amount;
  const entries: ledger.LedgerEntry[] = [];
  for (const inv of await openInvoices(trx, at.student_id, invoiceIds ?? undefined)) {
    if (left <= 0) break;
    const x = Math.min(left, Number(inv.balance));
    entries.push({ ...at, payment_id: paymentId, invoice_id: inv.id, kind: fresh ? 'payment' : 'apply', amount: -x, created_by: by });
    if (!fresh) entries.push({ ...at, payment_id: paymentId, invoice_id: null, kind: 'apply', amount: x, created_by: by });
    left -= x;
  }
  if (fresh && left > 0) entries.push({ ...at, payment_id: paymentId, invoice_id: null, kind: 'payment', amount: -left, created_by: by });
  await ledger.append(trx, entries);
  return left;
}

/** Chosen invoices must be the child's own open invoices with something owed. */
async function checkChosen(trx: Knex.Transaction, studentId: string, ids: string[] | null | undefined) {
  if (!ids?.length) return null;
  const unique = [...new Set(ids)];
  const open = await openInvoices(trx, studentId, unique);
  if (open.length !== unique.length) throw badInput('invoice_ids', 'Choose open invoices of this child with something owed.');
  return unique;
}

/** Records a cash, check or ACH payment and applies it; what no invoice takes is credit. */
export async function savePayment(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(
    z.object({
      student_id: id,
      amount: positiveCents('Amount'),
      method: METHOD,
      date: localDate.nullish(),
      reference: z.string().trim().max(100, 'A reference has at most 100 characters.').nullish(),
      note,
      user_id: id.nullish(),
      invoice_ids: idList.nullish(),
    }),
    raw,
  );
  const student = await billedStudent(ctx, scope, args.student_id);
  if (args.user_id && !(await payerStudentIds(ctx.db, args.user_id, [student.id])).length)
    throw badInput('user_id', 'Choose a payer of this child.');
  const paymentId = await inTransaction(ctx, async (trx) => {
    await lockStudent(trx, student.id);
    const chosen = await checkChosen(trx, student.id, args.invoice_ids);
    const pid = await repo.insertPayment(trx, {
      student_id: student.id,
      location_id: student.location_id,
      user_id: args.user_id ?? null,
      method: args.method,
      reference: args.reference || null,
      amount: args.amount,
      date: args.date ?? todayIn(student.timezone),
      note: args.note,
      created_by: ctx.viewer!.id,
    });
    const credit = await spread(
      trx,
      { location_id: student.location_id, student_id: student.id },
      pid,
      args.amount,
      chosen,
      true,
      ctx.viewer!.id,
    );
    await audit(ctx, trx, {
      action: 'payment.create',
      entity: 'payment',
      entity_id: pid,
      location_id: student.location_id,
      data: { student_id: student.id, amount: args.amount, method: args.method, credit },
    });
    return pid;
  });
  return { ...notice('Payment recorded.'), payment: await repo.findPayment(ctx.db, paymentId) };
}

async function staffPayment(ctx: RequestContext, paymentId: string) {
  const scope = await billingScope(ctx);
  const p = await repo.findPayment(ctx.db, paymentId);
  if (!p || !reaches(scope, p.location_id)) throw paymentNotFound();
  return p;
}

export async function livePayment(trx: Knex.Transaction, paymentId: string) {
  const p = await repo.findPayment(trx, paymentId);
  if (!p) throw paymentNotFound();
  if (p.status === 'void') throw paymentVoid();
  return p;
}

/** Voids a payment: every cent of it leaves the invoices and the credit it sat on. */
export async function voidPayment(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ id, reason: reason.nullish() }), raw);
  const before = await staffPayment(ctx, args.id);
  await inTransaction(ctx, async (trx) => {
    await lockStudent(trx, before.student_id);
    const p = await livePayment(trx, args.id);
    if (p.method === 'card') throw paidByCard();
    const at = { location_id: p.location_id, student_id: p.student_id, payment_id: p.id };
    const places = await ledger.paymentPlaces(trx, p.id);
    await ledger.append(
      trx,
      places.map((pl) => ({
        ...at,
        invoice_id: pl.invoice_id,
        kind: 'payment_void' as const,
        amount: pl.amount,
        reason: args.reason ?? null,
        created_by: ctx.viewer!.id,
      })),
    );
    await repo.setPaymentStatus(trx, p.id, 'void');
    // A waived or transferred invoice this payment was on is owed again (a bounced check): open it.
    const reopened: string[] = [];
    for (const pl of places) {
      if (!pl.invoice_id || pl.amount <= 0) continue;
      const inv = await findInvoice(trx, pl.invoice_id);
      if (inv && inv.stored_status !== 'open' && inv.stored_status !== 'void') {
        await updateInvoice(trx, inv.id, { status: 'open' });
        reopened.push(inv.id);
      }
    }
    await audit(ctx, trx, {
      action: 'payment.void',
      entity: 'payment',
      entity_id: p.id,
      location_id: p.location_id,
      data: { amount: Number(p.amount), places, reopened },
    });
  });
  return { ...notice('Payment voided.'), payment: await repo.findPayment(ctx.db, args.id) };
}

/**
 * The ledger entries giving back `amount` of a payment: from its credit first, then taken off its
 * open invoices (newest first), which are owed again; then the `refund` entry. Never more than is
 * left of it (less `reserved`: card refunds Stripe has not answered yet); what sits on a waived or
 * transferred invoice stays there (void the payment instead). With `force` (Stripe already gave the
 * money back: a refund made in Stripe's dashboard), what no credit or open invoice covers is taken
 * from the credit, so the ledger says what happened. Throws a field error on `amount`.
 */
export async function refundEntries(
  trx: Knex.Transaction,
  p: repo.PaymentRow,
  a: { amount: number; reason: string | null; by: string | null; reserved?: number; force?: boolean; stripeRefundId?: string | null },
): Promise<ledger.LedgerEntry[]> {
  const left = Number(p.amount) - Number(p.refunded) - (a.reserved ?? 0);
  if (!a.force && a.amount > left) throw badInput('amount', `At most $${(Math.max(0, left) / 100).toFixed(2)} of this payment can be refunded.`);
  const at = { location_id: p.location_id, student_id: p.student_id, payment_id: p.id };
  const places = await ledger.paymentPlaces(trx, p.id);
  const credit = Math.max(0, places.find((pl) => pl.invoice_id === null)?.amount ?? 0);
  let need = a.amount - credit;
  const onInvoices = places.filter((pl) => pl.invoice_id !== null && pl.amount > 0);
  const dated = (await Promise.all(onInvoices.map(async (pl) => ({ ...pl, inv: await findInvoice(trx, pl.invoice_id!) })))).filter(
    (pl) => pl.inv?.stored_status === 'open',
  );
  const reachable = credit + dated.reduce((s, pl) => s + pl.amount, 0) - (a.reserved ?? 0);
  if (!a.force && a.amount > reachable)
    throw badInput(
      'amount',
      `At most $${(Math.max(0, reachable) / 100).toFixed(2)} can be refunded: the rest is on closed invoices (void the payment instead).`,
    );
  dated.sort((x, y) => (y.inv!.date === x.inv!.date ? Number(y.invoice_id) - Number(x.invoice_id) : y.inv!.date < x.inv!.date ? -1 : 1));
  const entries: ledger.LedgerEntry[] = [];
  for (const pl of dated) {
    if (need <= 0) break;
    const x = Math.min(need, pl.amount);
    entries.push({ ...at, invoice_id: pl.invoice_id, kind: 'unapply', amount: x, created_by: a.by });
    entries.push({ ...at, invoice_id: null, kind: 'unapply', amount: -x, created_by: a.by });
    need -= x;
  }
  entries.push({
    ...at,
    invoice_id: null,
    kind: 'refund',
    amount: a.amount,
    reason: a.reason,
    created_by: a.by,
    stripe_refund_id: a.stripeRefundId ?? null,
  });
  return entries;
}

/**
 * Gives back part of a payment (spec refundPayment, partial). Cash, check and ACH: the ledger
 * entries at once (`refundEntries`). A card payment: the money goes back through the centre's
 * Stripe account (`refundCardPayment`): no ledger entry until Stripe has refunded it.
 */
export async function refundPayment(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ id, amount: positiveCents('Amount'), reason: reason.nullish() }), raw);
  const before = await staffPayment(ctx, args.id);
  if (before.method === 'card') {
    await refundCardPayment(ctx, before, { amount: args.amount, reason: args.reason ?? null });
    return { ...notice('Refund sent to the card.'), payment: await repo.findPayment(ctx.db, args.id) };
  }
  await inTransaction(ctx, async (trx) => {
    await lockStudent(trx, before.student_id);
    const p = await livePayment(trx, args.id);
    await ledger.append(trx, await refundEntries(trx, p, { amount: args.amount, reason: args.reason ?? null, by: ctx.viewer!.id }));
    await audit(ctx, trx, {
      action: 'payment.refund',
      entity: 'payment',
      entity_id: p.id,
      location_id: p.location_id,
      data: { amount: args.amount, reason: args.reason ?? null },
    });
  });
  return { ...notice('Refund recorded.'), payment: await repo.findPayment(ctx.db, args.id) };
}

/** Takes a payment off an invoice: the amount becomes the payment's credit again. */
export async function unapplyTransaction(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ payment_id: id, invoice_id: id }), raw);
  const before = await staffPayment(ctx, args.payment_id);
  await inTransaction(ctx, async (trx) => {
    await lockStudent(trx, before.student_id);
    const p = await livePayment(trx, args.payment_id);
    const on = (await ledger.paymentPlaces(trx, p.id)).find((pl) => pl.invoice_id === args.invoice_id)?.amount ?? 0;
    if (on <= 0) throw badInput('invoice_id', 'This payment is not on that invoice.');
    const inv = await findInvoice(trx, args.invoice_id);
    if (inv?.stored_status !== 'open')
      throw badInput('invoice_id', `That invoice is ${inv?.stored_status ?? 'gone'}: its payments stay on it.`);
    const at = { location_id: p.location_id, student_id: p.student_id, payment_id: p.id, created_by: ctx.viewer!.id };
    await ledger.append(trx, [
      { ...at, invoice_id: args.invoice_id, kind: 'unapply', amount: on },
      { ...at, invoice_id: null, kind: 'unapply', amount: -on },
    ]);
    await audit(ctx, trx, {
      action: 'payment.unapply',
      entity: 'payment',
      entity_id: p.id,
      location_id: p.location_id,
      data: { invoice_id: args.invoice_id, amount: on },
    });
  });
  return { ...notice('Payment taken off the invoice: it is credit now.'), payment: await repo.findPayment(ctx.db, args.payment_id) };
}

/** Puts a child's credit on open invoices (chosen, or the oldest first). */
export async function applyCredit(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ student_id: id, invoice_ids: idList.nullish() }), raw);
  const student = await billedStudent(ctx, scope, args.student_id);
  const applied = await inTransaction(ctx, async (trx) => {
    await lockStudent(trx, student.id);
    const chosen = await checkChosen(trx, student.id, args.invoice_ids);
    let total = 0;
    for (const c of await ledger.creditsOf(trx, student.id)) {
      const left = await spread(
        trx,
        { location_id: student.location_id, student_id: student.id },
        c.payment_id,
        c.amount,
        chosen,
        false,
        ctx.viewer!.id,
      );
      total += c.amount - left;
    }
    if (!total) throw badInput('student_id', 'There is no credit or nothing is owed.');
    await audit(ctx, trx, {
      action: 'credit.apply',
      entity: 'student',
      entity_id: student.id,
      location_id: student.location_id,
      data: { amount: total },
    });
    return total;
  });
  return { ...notice(`$${(applied / 100).toFixed(2)} of credit applied.`), id: student.id };
}

export async function getCredits(ctx: RequestContext, raw: unknown) {
  const who = await billingViewer(ctx);
  const args = parseArgs(z.object({ student_id: id }), raw);
  await readableStudent(ctx, who, args.student_id);
  return (await ledger.creditsOf(ctx.db, args.student_id)).map((c) => ({ ...c, student_id: args.student_id }));
}

/** A child's account: the balance and credit summed from the ledger, its plans and entries. */
export async function getAccountDetails(ctx: RequestContext, raw: unknown) {
  const who = await billingViewer(ctx);
  const args = parseArgs(z.object({ student_id: id }), raw);
  const s = await readableStudent(ctx, who, args.student_id);
  const [balance, credits, open, planRows, program, transactions] = await Promise.all([
    ledger.studentBalance(ctx.db, s.id),
    ledger.creditsOf(ctx.db, s.id),
    openInvoices(ctx.db, s.id),
    plans(ctx.db, { students: [s.id] }),
    programsOfStudents(ctx.db, [s.id]),
    ledger.entriesOf(ctx.db, s.id),
  ]);
  return {
    student_id: s.id,
    student_name: `${s.fname} ${s.lname}`.trim(),
    location_id: s.location_id,
    balance,
    open_invoices: open.reduce((a, i) => a + Number(i.balance), 0),
    credit: credits.reduce((a, c) => a + c.amount, 0),
    billing_program: program.get(String(s.id)) ?? null,
    plans: planRows,
    transactions,
  };
}
