import type { RequestContext } from '../../types.ts';
import { manageScope } from '../locations/policy.ts';

/**
 * Attendance and staff-hours reports are for managers of the location (`reports.view`; the
 * owner sees every location). Teachers read their own time clock history in the timeclock area.
 */
export const reportScope = (ctx: RequestContext) => manageScope(ctx, 'reports.view');
