import type { RequestContext } from '../../types.ts';
import { staffScope, managerScope } from '../../core/access.ts';

/**
 * Camera schedules belong to a location. Managers (with `cameras.manage`) change the schedules of
 * the locations they manage, the owner every location's; staff read their own locations'.
 */
export const scheduleManageScope = (ctx: RequestContext) => managerScope(ctx);
export const scheduleReadScope = (ctx: RequestContext) => staffScope(ctx);
