import { z } from 'zod';
import { queueMessage } from '@kv/messaging';
import { addDays, formatMoney, isPlaceholderEmail } from '@kv/shared';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { assertLocations } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction, mapUniqueViolations } from '../../../core/tx.ts';
import { billedStudent, billingScope } from '../policy.ts';
import { openInvoices } from '../repo/invoices.ts';
import { AGE_BUCKETS, insertReminder, overview, payersOf } from '../repo/reports.ts';
import { noPayer, nothingOwed, reminderSent } from '../errors.ts';
import { payerParts } from './pricing.ts';
import { lockStudent } from './invoices.ts';
import { todayIn } from './plans.ts';

/** The period `collected` and `failed_autopay` cover, up to and including the location's today. */
export const OVERVIEW_FILTERS = ['today', 'week', 'month', 'quarter', 'year', 'all'] as const;
const FILTER = z.enum(OVERVIEW_FILTERS, { message: 'Choose today, week, month, quarter, year or all.' });

/** The first day of the period `filter` on the location's `today` (null: since the beginning). */
export function periodStart(filter: (typeof OVERVIEW_FILTERS)[number], today: string): string | null {
  const [y, m] = today.split('-') as [string, string];
  switch (filter) {
    case 'today':
      return today;
    case 'week':
      return addDays(today, -6);
    case 'month':
      return `${y}-${m}-01`;
    case 'quarter':
      return `${y}-${String(Math.floor((Number(m) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
    case 'year':
      return `${y}-01-01`;
    case 'all':
      return null;
  }
}

const n = (v: unknown) => Number(v ?? 0);

/** Spec getBillingOverviewDetails(location_id, filter): a location's money at a glance, all from the ledger. */
export async function getBillingOverviewDetails(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id, filter: FILTER.nullish().transform((f) => f ?? 'month') }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const loc = await ctx.db('locations').where({ id: args.location_id }).first('timezone');
  const today = todayIn(loc.timezone);
  const from = periodStart(args.filter, today);
  const r = await overview(ctx.db, { locationId: args.location_id, today, from, to: addDays(today, 1), timezone: loc.timezone });
  return {
    location_id: args.location_id,
    filter: args.filter,
    date: today,
    period_start: from,
    period_end: today,
    outstanding: n(r.outstanding),
    agency_outstanding: n(r.agency_outstanding),
    credit: n(r.credit),
    balance: n(r.balance),
    open_invoices: n(r.open_invoices),
    students_owing: n(r.students_owing),
    overdue: n(r.overdue),
    overdue_invoices: n(r.overdue_invoices),
    overdue_students: n(r.overdue_students),
    overdue_by_age: AGE_BUCKETS.map((b, i) => ({
      ...b,
      amount: n(r[`b${i}_amount`]),
      invoices: n(r[`b${i}_invoices`]),
      students: n(r[`b${i}_students`]),
    })),
    collected: n(r.collected),
    payments: n(r.payments),
    failed_autopay: n(r.failed_autopay),
    failed_autopay_amount: n(r.failed_autopay_amount),
  };
}

const usableEmail = (e: string | null): e is string => Boolean(e && e.includes('@') && !isPlaceholderEmail(e));

/**
 * Spec sendUnpaidReminder(student_id): emails each payer of the child their part of what is owed
 * on open invoices; at most once a child and local day (a unique row, written with the mail in one
 * transaction: a second call that day is REMINDER_ALREADY_SENT and queues nothing).
 */
export async function sendUnpaidReminder(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ student_id: id }), raw);
  const student = await billedStudent(ctx, scope, args.student_id);
  const today = todayIn(student.timezone);
  return inTransaction(ctx, async (trx) => {
    await lockStudent(trx, student.id);
    const open = await openInvoices(trx, student.id);
    const total = open.reduce((s, i) => s + Number(i.balance), 0);
    if (total <= 0) throw nothingOwed();
    const payers = await payersOf(trx, student.id);
    const parts = new Map(payerParts(total, payers).map((p) => [p.user_id, p.amount]));
    const to = payers.filter((p) => usableEmail(p.email) && (parts.get(String(p.user_id)) ?? 0) > 0);
    if (!to.length) throw noPayer();
    await mapUniqueViolations(
      insertReminder(trx, {
        student_id: student.id,
        location_id: student.location_id,
        local_date: today,
        amount: total,
        recipients: to.length,
        sent_by: ctx.viewer!.id,
      }),
      { billing_unpaid_reminders_day_unique: reminderSent },
    );
    const oldestDue = open[0]!.due_date;
    for (const p of to)
      await queueMessage(trx, {
        channel: 'email',
        to: p.email!,
        userId: String(p.user_id),
        template: 'billing-unpaid-reminder',
        locale: p.locale,
        centreId: ctx.tenant.id,
        data: {
          centre: ctx.tenant.name,
          fname: p.fname,
          child: `${student.fname} ${student.lname}`.trim(),
          amount: formatMoney(parts.get(String(p.user_id))! / 100),
          total: formatMoney(total / 100),
          invoices: open.length,
          due: oldestDue,
        },
      });
    await audit(ctx, trx, {
      action: 'billing.unpaid_reminder',
      entity: 'student',
      entity_id: student.id,
      location_id: student.location_id,
      data: { amount: total, recipients: to.length },
    });
    return { ...notice(`Reminder sent to ${to.length} payer${to.length === 1 ? '' : 's'}.`), id: student.id };
  });
}
