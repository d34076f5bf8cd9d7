import type { RequestContext } from '../../types.ts';
import { familyViewer, isStaff, requirePermission, studentScopeOf, type StudentScope } from '../../core/access.ts';

export interface ChatAccess {
  scope: StudentScope;
  staff: boolean;
  userId: string;
}

/**
 * Who reaches chat threads (architecture "Data scope is not rank"), from the students area's
 * scope: the owner every thread; staff holding `messages.send` the threads of the children and
 * rooms of their scope (teachers: their locations and rooms — every educator of a child's rooms
 * answers in the family's thread); a parent the threads of their own children and of their
 * children's rooms, never a child they are black-listed for; blog editors nothing (FORBIDDEN).
 * Threads outside the scope answer NOT_FOUND, so existence is never confirmed.
 */
export async function chatAccess(ctx: RequestContext): Promise<ChatAccess> {
  const v = familyViewer(ctx);
  const staff = isStaff(v);
  if (staff) await requirePermission(ctx, 'messages.send');
  return { scope: await studentScopeOf(ctx), staff, userId: v.id };
}
