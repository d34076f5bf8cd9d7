import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { isStaff, requirePermission, requireViewer, studentScopeOf, type StudentScope } from '../../core/access.ts';

/**
 * Who sees and changes children's schedules:
 * - reads: the viewer's student scope — teachers the children of their locations and rooms,
 *   managers of their locations, parents their own children; blog editors nothing;
 * - schedules are written by staff taking attendance (`attendance.manage`) within that scope;
 * - vacations and absences also by parents for their own children (as `markStudentsAbsent`).
 */
export async function scheduleReadScope(ctx: RequestContext): Promise<StudentScope> {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  if (isStaff(v)) await requirePermission(ctx, 'students.view');
  return studentScopeOf(ctx);
}

export async function scheduleWriteScope(ctx: RequestContext): Promise<StudentScope> {
  if (!isStaff(requireViewer(ctx))) throw forbidden();
  await requirePermission(ctx, 'attendance.manage');
  return studentScopeOf(ctx);
}

export async function vacationWriteScope(ctx: RequestContext): Promise<StudentScope> {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  if (isStaff(v)) await requirePermission(ctx, 'attendance.manage');
  return studentScopeOf(ctx);
}
