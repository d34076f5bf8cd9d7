import { z } from 'zod';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { id } from '../../../core/args.ts';
import { billedStudent, billingScope } from '../policy.ts';
import { upcomingInvoices } from '../repo/upcoming.ts';

/** A child's next invoice of each plan (staff of the child's location; NOT_FOUND outside it). */
export async function getStudentUpcomingInvoices(ctx: RequestContext, raw: unknown, now = new Date()) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ student_id: id }), raw);
  await billedStudent(ctx, scope, args.student_id);
  const rows = await upcomingInvoices(ctx.db, args.student_id, now);
  return rows.map((r) => ({ ...r, plan_id: String(r.plan_id), date: r.period_start, amount: Number(r.amount) }));
}
