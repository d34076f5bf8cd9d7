import { roleAtLeast } from '@kv/shared';
import type { RequestContext } from '../../types.ts';
import { requireViewer, manageScope, requirePermission, staffScope, type LocationScope } from '../../core/access.ts';

/**
 * Attendance and staff-hours reports are for managers of the location (`reports.view`; the
 * owner sees every location). Teachers read their own time clock history in the timeclock area.
 */
export const reportScope = (ctx: RequestContext) => manageScope(ctx, 'reports.view');

/**
 * The children's attendance reports (attendance summary, student attendance report) are also
 * teachers' pages (spec §2 teacher routes): teachers of the location who take attendance
 * (`attendance.manage`) read them for their own locations; managers need `reports.view`.
 */
export async function classReportScope(ctx: RequestContext): Promise<LocationScope> {
  if (roleAtLeast(requireViewer(ctx).role, 'manager')) return reportScope(ctx);
  const scope = await staffScope(ctx);
  await requirePermission(ctx, 'attendance.manage');
  return scope;
}
