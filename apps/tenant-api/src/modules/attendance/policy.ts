import { roleAtLeast } from '@kv/shared';
import { forbidden } from '@kv/server';
import type { RequestContext, Viewer } from '../../types.ts';
import { managerScope, requireViewer, staffScope, type LocationScope } from '../../core/access.ts';

/**
 * Who may check children in and out (architecture "Data scope is not rank"):
 * - a parent (`user`) their own children whose pivot allows pickup and is not black-listed, from
 *   their phone (when the location allows it, with the location's QR code when that is on);
 * - staff (teacher and above, with `attendance.manage`) the children of the locations they reach
 *   (teachers: their locations; managers: the ones they manage; the owner: all). A staff session
 *   plus a family's PIN is the kiosk: the PIN's contact must be allowed to pick up every child;
 * - blog editors never touch child data.
 * Corrections and the check-in settings are for managers of the location; reports need
 * `reports.view`. Ids outside the scope answer NOT_FOUND, so existence is never confirmed.
 */
export type CheckInAccess = { kind: 'parent'; viewer: Viewer } | { kind: 'staff'; viewer: Viewer; scope: LocationScope };

/** Staff who take attendance at the locations they reach. */
export const attendanceStaffScope = (ctx: RequestContext): Promise<LocationScope> => staffScope(ctx, 'attendance.manage');

/** The access of whoever saves a check-in or check-out. */
export async function checkInAccess(ctx: RequestContext): Promise<CheckInAccess> {
  const v = requireViewer(ctx);
  if (v.role === 'user') return { kind: 'parent', viewer: v };
  if (!roleAtLeast(v.role, 'teacher')) throw forbidden();
  return { kind: 'staff', viewer: v, scope: await attendanceStaffScope(ctx) };
}

/** Managers correct records of the locations they manage. */
export const correctionScope = (ctx: RequestContext) => managerScope(ctx);

/** Check-in settings are part of a location's setup. */
export const checkInSettingsScope = (ctx: RequestContext) => managerScope(ctx);
