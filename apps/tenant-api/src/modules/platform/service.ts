import { z } from 'zod';
import type { RequestContext } from '../../types.ts';
import { ControlPlaneError } from '@kv/auth';
import { badInput, fields, parseArgs } from '@kv/server';
import { id } from '../../core/args.ts';
import { audit } from '../../core/audit.ts';
import { notice } from '../../core/result.ts';
import { inTransaction } from '../../core/tx.ts';
import { centreUnknown, platformUnavailable } from './errors.ts';
import { assertCanReadPlan, assertOwner } from './policy.ts';

/** Maps what the control plane refused to this area's errors (its own refusals would be our bug: logged). */
function fromPlatform(ctx: RequestContext, err: unknown): never {
  if (err instanceof ControlPlaneError && err.status === 404) throw centreUnknown();
  // The platform refused the input (a declined card, nothing owed): the same typed error, naming the field.
  if (err instanceof ControlPlaneError && err.status === 400 && err.field) throw badInput(err.field, err.message);
  if (!(err instanceof ControlPlaneError) || err.status !== 503) ctx.log?.warn({ err }, 'control plane refused a centre call');
  throw platformUnavailable();
}

/** getMyPlan: the centre's plan and trial, as the platform has them now. */
export async function getMyPlan(ctx: RequestContext) {
  assertCanReadPlan(ctx);
  try {
    const { center_id: _id, ...plan } = await ctx.deps.controlPlane.plan(ctx.tenant.id);
    return plan;
  } catch (err) {
    return fromPlatform(ctx, err);
  }
}

/** getMyPlanBilling: the centre's own invoices, payments and cards with the platform (never another centre's: the token names this one). */
export async function getMyPlanBilling(ctx: RequestContext) {
  assertOwner(ctx);
  try {
    return await ctx.deps.controlPlane.billing(ctx.tenant.id);
  } catch (err) {
    return fromPlatform(ctx, err);
  }
}

const payArgs = z.object({
  invoice_id: id,
  payment_method_id: z
    .string('payment_method_id must be a card reference.')
    .trim()
    .regex(/^pm_[A-Za-z0-9]{6,100}$/, 'payment_method_id must be a card reference (pm_…).')
    .nullish(),
  method: fields.oneOf('method', ['card', 'transfer', 'cheque'] as const).nullish(),
  reference: fields.optionalText(200, 'reference'),
});

/**
 * payMyPlanInvoice: the owner pays one of the centre's open platform invoices by card, or submits
 * a transfer or cheque (pending until the platform approves it); audited here as well as at the platform.
 */
export async function payMyPlanInvoice(ctx: RequestContext, raw: unknown) {
  assertOwner(ctx);
  const { invoice_id, payment_method_id, method, reference } = parseArgs(payArgs, raw);
  const by = method ?? 'card';
  if (by !== 'card' && payment_method_id) throw badInput('payment_method_id', 'A card is only given when paying by card.');
  if (by !== 'card' && !reference) throw badInput('reference', 'Enter the transfer or cheque reference.');
  const user = ctx.viewer!.user;
  const name = user ? [user.fname, user.lname].filter(Boolean).join(' ') : '';
  const paidBy: string = name || `user ${ctx.viewer!.id}`;
  let r;
  try {
    r = await ctx.deps.controlPlane.payInvoice(ctx.tenant.id, {
      invoice_id: String(invoice_id),
      method: by,
      payment_method_id: payment_method_id ?? null,
      reference: reference ?? null,
      paid_by: paidBy,
    });
  } catch (err) {
    return fromPlatform(ctx, err);
  }
  await inTransaction(ctx, (trx) =>
    audit(ctx, trx, {
      action: 'platform.invoice_paid',
      entity: 'platform_invoice',
      entity_id: String(invoice_id),
      data: {
        method: by,
        payments: r.payments.map((p) => ({ id: p.id, amount: p.amount, status: p.status })),
        new_card: Boolean(payment_method_id),
        ...(reference ? { reference } : {}),
      },
    }),
  );
  return { ...notice(r.message), payments: r.payments };
}
