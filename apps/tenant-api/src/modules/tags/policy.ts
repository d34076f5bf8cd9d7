import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { isStaff, requireViewer } from '../../core/access.ts';

/**
 * Tags, allergies, medications and relationships are centre-wide lists. Managers (with
 * `students.edit`, checked by the access gate) keep them; staff read them; parents read the allergy, medication and
 * relationship lists (to fill in their own children's details); blog editors none of them.
 * Assigning them to a student follows the student's scope (students policy); to a person, the
 * people scope (users policy).
 */
export async function assertMayReadLists(ctx: RequestContext, parentsToo: boolean): Promise<void> {
  const v = requireViewer(ctx);
  if (v.role === 'user' && parentsToo) return;
  if (!isStaff(v)) throw forbidden();
}
