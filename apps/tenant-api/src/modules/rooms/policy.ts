import type { RequestContext } from '../../types.ts';
import { manageScope, staffScope } from '../../core/access.ts';

/**
 * Rooms (programs) are part of a location's setup (`locations.manage`); camera groups of its
 * cameras (`cameras.manage`). Managers change those of the locations they manage, the owner all;
 * staff read their own locations'.
 */
export const roomManageScope = (ctx: RequestContext) => manageScope(ctx, 'locations.manage');
export const groupManageScope = (ctx: RequestContext) => manageScope(ctx, 'cameras.manage');
export const roomReadScope = (ctx: RequestContext) => staffScope(ctx);
