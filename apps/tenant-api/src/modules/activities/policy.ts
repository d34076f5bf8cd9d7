import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import {
  familyViewer,
  isStaff,
  managerScope,
  requirePermission,
  staffScope,
  studentScopeOf,
  type StudentScope,
} from '../../core/access.ts';

/**
 * Who reaches daily activities (architecture "Data scope is not rank"):
 * - staff with `activities.manage` write and read the entries of the children in their student
 *   scope (teachers: their locations and rooms; managers: the locations they manage; the owner:
 *   all) and the room feeds of the locations they reach;
 * - managers of a location approve its entries;
 * - a parent reads their own children's entries that are approved and not staff-only;
 * - blog editors reach nothing.
 * Ids outside the scope answer NOT_FOUND, so existence is never confirmed.
 */
export async function activityWriteScope(ctx: RequestContext): Promise<StudentScope> {
  if (!isStaff(familyViewer(ctx))) throw forbidden();
  await requirePermission(ctx, 'activities.manage');
  return studentScopeOf(ctx);
}

/** Readers of a child's day: staff (activities.manage) in their scope, parents their own children. */
export async function activityReadScope(ctx: RequestContext): Promise<{ scope: StudentScope; parent: boolean }> {
  const v = familyViewer(ctx);
  if (isStaff(v)) await requirePermission(ctx, 'activities.manage');
  return { scope: await studentScopeOf(ctx), parent: !isStaff(v) };
}

/** The room feed: staff of the room's location. */
export const roomFeedScope = (ctx: RequestContext) => staffScope(ctx, 'activities.manage');

/** Approving entries: managers of the entries' locations. */
export const approvalScope = (ctx: RequestContext) => managerScope(ctx);
