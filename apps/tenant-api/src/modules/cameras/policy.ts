import type { RequestContext } from '../../types.ts';
import { staffScope, managerScope } from '../../core/access.ts';

/**
 * Camera management (`cameras.manage`): managers for the locations they manage, the owner for all.
 * Staff read the cameras of their own locations. Parents reach cameras only through their
 * children (the live-camera area), never through these operations.
 */
export const cameraManageScope = (ctx: RequestContext) => managerScope(ctx);
export const cameraReadScope = (ctx: RequestContext) => staffScope(ctx);
