import type { RequestContext } from '../../types.ts';
import { staffScope, managerScope } from '../../core/access.ts';

/**
 * Rooms (programs) are part of a location's setup (`locations.manage`); camera groups of its
 * cameras (`cameras.manage`). Managers change those of the locations they manage, the owner all;
 * staff read their own locations'.
 */
export const roomManageScope = (ctx: RequestContext) => managerScope(ctx);
export const groupManageScope = (ctx: RequestContext) => managerScope(ctx);
export const roomReadScope = (ctx: RequestContext) => staffScope(ctx);
