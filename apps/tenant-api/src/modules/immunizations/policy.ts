import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { isStaff, requirePermission, requireViewer, studentScopeOf, type StudentScope } from '../../core/access.ts';

/**
 * Who reaches a child's immunizations (the students area's scope, students/policy):
 * - parents: their own children (read, and record doses they were given);
 * - teachers: children of their locations and rooms (read with `students.view`, record with `students.edit`);
 * - managers: children of their locations; the owner: every child;
 * - blog editors: nothing.
 */
export async function readScope(ctx: RequestContext): Promise<StudentScope> {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  if (isStaff(v)) await requirePermission(ctx, 'students.view');
  return studentScopeOf(ctx);
}

export async function writeScope(ctx: RequestContext): Promise<StudentScope> {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  if (isStaff(v)) await requirePermission(ctx, 'students.edit');
  return studentScopeOf(ctx);
}

/** Compliance exports: staff of the child (students.view); parents their own children. */
export const exportScope = readScope;
