import type { RequestContext } from '../../types.ts';
import { manageScope, staffScope, managerScope } from '../../core/access.ts';

/**
 * The staff time clock:
 * - every staff member (teacher and above) clocks themselves in and out at the locations they
 *   belong to, with breaks and room moves, and reads their own history;
 * - a staff session of a location with a team member's PIN (the kiosk) acts for that member;
 * - managers act for the team of the locations they manage (`attendance.manage`), correct records,
 *   and manage the location's time clock link (`locations.manage`);
 * - the time clock page (`/time-clock-page/:location`) is a guest: the link's token plus the
 *   staff member's PIN authenticate each punch;
 * - reports need `reports.view` (managers).
 */
export const selfClockScope = (ctx: RequestContext) => staffScope(ctx);
export const teamClockScope = (ctx: RequestContext) => manageScope(ctx, 'attendance.manage');
export const linkManageScope = (ctx: RequestContext) => managerScope(ctx);
export const timeclockReportScope = (ctx: RequestContext) => manageScope(ctx, 'reports.view');
