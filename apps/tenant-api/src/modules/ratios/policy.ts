import type { RequestContext } from '../../types.ts';
import { staffScope, managerScope } from '../../core/access.ts';

/**
 * Room ratios: the required ratio is part of a location's setup (`locations.manage`, managers of
 * the location, the owner everywhere); the live ratio page and dashboard widget are for staff of
 * the location (teachers their locations, managers the ones they manage). Parents and blog
 * editors never see them.
 */
export const ratioManageScope = (ctx: RequestContext) => managerScope(ctx);
export const ratioReadScope = (ctx: RequestContext) => staffScope(ctx);
