import { roleAtLeast } from '@kv/shared';
import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import {
  assertLocations,
  managerScope,
  reaches,
  readScope,
  requirePermission,
  requireViewer,
  scopeFilter,
  type LocationScope,
} from '../../core/access.ts';
import { studentNotFound } from './errors.ts';
import { payerStudentIds, studentBillingFacts, type StudentFacts } from './repo/people.ts';

/**
 * Who reaches billing:
 * - staff: managers (and the owner) with `billing.manage` (the gate checks it), for the locations
 *   they manage;
 * - parents (`billing.view`): only the children they pay for (`student_users.is_payer`, not
 *   black-listed), and only to read;
 * - teachers and blog editors: nothing (the gate refuses them: they hold neither permission).
 */
export type BillingViewer = { kind: 'staff'; scope: LocationScope } | { kind: 'payer'; userId: string };

/** Staff operations (matrix: manager + billing.manage): the locations the manager bills. */
export const billingScope = (ctx: RequestContext): Promise<LocationScope> => managerScope(ctx);

/** Read operations shared by staff and paying parents. */
export async function billingViewer(ctx: RequestContext): Promise<BillingViewer> {
  const v = requireViewer(ctx);
  if (roleAtLeast(v.role, 'manager')) {
    await requirePermission(ctx, 'billing.manage');
    return { kind: 'staff', scope: await readScope(ctx) };
  }
  if (v.role === 'user') {
    await requirePermission(ctx, 'billing.view');
    return { kind: 'payer', userId: v.id };
  }
  throw forbidden();
}

/** A child the staff scope bills (NOT_FOUND outside it, so existence is never confirmed). */
export async function billedStudent(ctx: RequestContext, scope: LocationScope, studentId: string): Promise<StudentFacts> {
  const s = await studentBillingFacts(ctx.db, studentId);
  if (!s || !reaches(scope, s.location_id)) throw studentNotFound();
  return s;
}

/** A child the viewer may read the billing of: staff by location, a parent only as its payer. */
export async function readableStudent(ctx: RequestContext, who: BillingViewer, studentId: string): Promise<StudentFacts> {
  if (who.kind === 'staff') return billedStudent(ctx, who.scope, studentId);
  const s = await studentBillingFacts(ctx.db, studentId);
  if (!s || !(await payerStudentIds(ctx.db, who.userId, [studentId])).length) throw studentNotFound();
  return s;
}

/** The row filter of a list: location ids (null: all) for staff, the children paid for by a parent. */
export async function listFilter(
  ctx: RequestContext,
  who: BillingViewer,
  locationId: string | null | undefined,
): Promise<{ locations: string[] | null; students: string[] | null; family?: boolean }> {
  if (who.kind === 'staff') {
    if (locationId) {
      await assertLocations(ctx, who.scope, [locationId]);
      return { locations: [locationId], students: null };
    }
    return { locations: scopeFilter(who.scope), students: null };
  }
  // A parent sees the family's invoices: what an agency owes is on the agency's pages.
  return { locations: locationId ? [locationId] : null, students: await payerStudentIds(ctx.db, who.userId), family: true };
}
