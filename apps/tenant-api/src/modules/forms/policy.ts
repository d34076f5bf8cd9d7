import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { isStaff, managerScope, requirePermission, requireViewer, staffScope, studentScopeOf, type LocationScope, type StudentScope } from '../../core/access.ts';

/**
 * Who reaches forms and submissions:
 * - forms: staff the forms of their locations (teachers read, managers build and share); parents
 *   the forms shared with their own children;
 * - submissions: by the child (students/policy.ts scope): parents their own children, teachers
 *   their locations and rooms, managers their locations, the owner all; blog editors nothing.
 */
export type FormScope = { kind: 'staff'; locations: LocationScope } | { kind: 'family'; userId: string };

export async function formReadScope(ctx: RequestContext): Promise<FormScope> {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  if (isStaff(v)) return { kind: 'staff', locations: await staffScope(ctx, 'forms.manage') };
  return { kind: 'family', userId: v.id };
}

/** Managers build, edit and share the forms of their locations (`forms.manage`). */
export async function formManageScope(ctx: RequestContext): Promise<LocationScope> {
  const scope = await managerScope(ctx);
  await requirePermission(ctx, 'forms.manage');
  return scope;
}

/** Children whose submissions the viewer reads (and, for parents and staff, fills). */
export async function submissionScope(ctx: RequestContext): Promise<StudentScope> {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  if (isStaff(v)) await requirePermission(ctx, 'forms.manage');
  return studentScopeOf(ctx);
}

/** Staff review (approve, reject, request a change) the submissions of children in their scope. */
export async function reviewScope(ctx: RequestContext): Promise<StudentScope> {
  if (!isStaff(requireViewer(ctx))) throw forbidden();
  await requirePermission(ctx, 'forms.manage');
  return studentScopeOf(ctx);
}
