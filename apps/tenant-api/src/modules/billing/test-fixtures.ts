import type { Harness, TestCentre } from '../../test/harness.ts';
import { q as query, setupAttendance, type AttendanceSetup } from '../attendance/test-fixtures.ts';

/**
 * Billing test world on top of the attendance fixtures: location X bills (Y does not, until a test
 * turns it on); mum pays for Ana and Ben, dad is a contact of both but not a payer; the
 * fixtures' parent pays for their own child at X.
 */
export interface BillingSetup extends AttendanceSetup {
  q: (doc: string, vars?: Record<string, unknown>, token?: string) => ReturnType<ReturnType<typeof query>>;
}

export async function setupBilling(h: Harness, c: TestCentre, prefix = ''): Promise<BillingSetup> {
  const s = await setupAttendance(h, c, prefix);
  const db = c.db.db;
  await db('locations').where({ id: s.X }).update({ billing: true });
  await db('student_users').where({ user_id: s.family.mum }).update({ is_payer: true });
  await db('student_users').where({ user_id: s.ids.parent }).update({ is_payer: true });
  return { ...s, q: query(h, c) };
}

/** Sum of a child's ledger, straight from the table. */
export async function ledgerSum(c: TestCentre, studentId: string): Promise<number> {
  const r = await c.db.db('billing_ledger').where({ student_id: studentId }).sum({ s: 'amount' }).first();
  return Number(r?.s ?? 0);
}

export const INVOICE_FIELDS =
  'id status total balance paid note student_id items { name amount original_amount discount discount_type discounts source { kind plan_id period_start period_end days minutes date } } payers { user_id amount }';
