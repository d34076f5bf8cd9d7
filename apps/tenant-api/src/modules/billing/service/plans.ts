import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import { localParts } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { assertLocations, reaches, scopeFilter } from '../../../core/access.ts';
import { audit, diff } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction, lockFor } from '../../../core/tx.ts';
import { billedStudent, billingScope } from '../policy.ts';
import * as repo from '../repo/plans.ts';
import { findTemplate } from '../repo/setup.ts';
import { planNotFound, templateNotFound } from '../errors.ts';
import { cents, label, localDate, note, period, weekdays } from '../fields.ts';
import { inScope } from './setup.ts';

const STATUSES = z.enum(['active', 'paused', 'ended'], { message: 'Choose active, paused or ended.' });

export async function getBillingPlans(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ student_id: id.nullish(), location_id: id.nullish(), status: STATUSES.nullish() }), raw);
  if (args.student_id) {
    await billedStudent(ctx, scope, args.student_id);
    return repo.plans(ctx.db, { students: [args.student_id], status: args.status });
  }
  if (args.location_id) await assertLocations(ctx, scope, [args.location_id]);
  return repo.plans(ctx.db, { locations: args.location_id ? [args.location_id] : scopeFilter(scope), status: args.status });
}

export async function createBillingPlan(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(
    z.object({
      student_id: id,
      template_id: id.nullish(),
      name: label('Name').nullish(),
      amount: cents('Amount').nullish(),
      period: period.nullish(),
      days: weekdays.nullish(),
      note,
      start_date: localDate,
    }),
    raw,
  );
  const student = await billedStudent(ctx, scope, args.student_id);
  const template = args.template_id ? inScope(scope, await findTemplate(ctx.db, args.template_id), templateNotFound) : undefined;
  if (template && String(template.location_id) !== String(student.location_id))
    throw badInput('template_id', 'The template belongs to another location.');
  const name = args.name ?? template?.name;
  const amount = args.amount ?? (template ? Number(template.amount) : undefined);
  const per = args.period ?? template?.period;
  if (!name) throw badInput('name', 'Name is required.');
  if (amount === undefined) throw badInput('amount', 'Amount is required.');
  if (!per) throw badInput('period', 'Choose weekly, biweekly or monthly.');
  const planId = await inTransaction(ctx, async (trx) => {
    const pid = await repo.insertPlan(trx, {
      student_id: student.id,
      location_id: student.location_id,
      template_id: template?.id ?? null,
      name,
      amount,
      period: per,
      days: args.days ?? template?.days ?? [],
      note: args.note,
      start_date: args.start_date,
      created_by: ctx.viewer!.id,
    });
    await audit(ctx, trx, {
      action: 'billing_plan.create',
      entity: 'billing_plan',
      entity_id: pid,
      location_id: student.location_id,
      data: { student_id: student.id, name, amount, period: per, start_date: args.start_date },
    });
    return pid;
  });
  return { ...notice('Plan added.'), plan: await repo.findPlan(ctx.db, planId) };
}

async function planInScope(ctx: RequestContext, planId: string) {
  const scope = await billingScope(ctx);
  const plan = await repo.findPlan(ctx.db, planId);
  if (!plan || !reaches(scope, plan.location_id)) throw planNotFound();
  return plan;
}

/** Changes of a plan apply to the invoices issued after them; issued ones stay as they are. */
export async function updateBillingPlan(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(
    z.object({ id, name: label('Name').nullish(), amount: cents('Amount').nullish(), days: weekdays.nullish(), note }),
    raw,
  );
  const before = await planInScope(ctx, args.id);
  const patch: Record<string, unknown> = {};
  if (args.name) patch.name = args.name;
  if (args.amount !== undefined && args.amount !== null) patch.amount = args.amount;
  if (args.days) patch.days = args.days;
  if ((raw as Record<string, unknown>).note !== undefined) patch.note = args.note;
  await changePlan(ctx, before, patch, 'billing_plan.update');
  return { ...notice('Plan saved.'), plan: await repo.findPlan(ctx.db, args.id) };
}

async function changePlan(ctx: RequestContext, before: repo.PlanRow, patch: Record<string, unknown>, action: string) {
  await inTransaction(ctx, async (trx) => {
    await lockFor(trx, `billing:plan:${before.id}`);
    await repo.updatePlan(trx, before.id, patch);
    await audit(ctx, trx, {
      action,
      entity: 'billing_plan',
      entity_id: before.id,
      location_id: before.location_id,
      data: { changes: diff(before, patch, ['name', 'amount', 'days', 'note', 'paused_from', 'end_date']) },
    });
  });
}

/** Pauses a plan from a date: no invoice for a period starting on or after it, until unpaused. */
export async function pauseBillingPlan(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ id, date: localDate }), raw);
  const before = await planInScope(ctx, args.id);
  if (before.status === 'ended') throw badInput('id', 'This plan has ended.');
  if (args.date < before.start_date) throw badInput('date', 'The pause cannot start before the plan.');
  await changePlan(ctx, before, { paused_from: args.date }, 'billing_plan.pause');
  return { ...notice('Plan paused.'), plan: await repo.findPlan(ctx.db, args.id) };
}

export async function unpauseBillingPlan(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ id }), raw);
  const before = await planInScope(ctx, args.id);
  if (!before.paused_from) throw badInput('id', 'This plan is not paused.');
  await changePlan(ctx, before, { paused_from: null }, 'billing_plan.unpause');
  return { ...notice('Plan resumed.'), plan: await repo.findPlan(ctx.db, args.id) };
}

/** Ends a plan on a date: no invoice for a period starting after it. */
export async function deactivateBillingPlan(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ id, date: localDate }), raw);
  const before = await planInScope(ctx, args.id);
  if (args.date < before.start_date) throw badInput('date', 'The plan cannot end before it starts.');
  await changePlan(ctx, before, { end_date: args.date }, 'billing_plan.deactivate');
  return { ...notice('Plan deactivated.'), plan: await repo.findPlan(ctx.db, args.id) };
}

/** A location's today (its time zone). */
export const todayIn = (timezone: string, now = new Date()) => localParts(now, timezone).date;
