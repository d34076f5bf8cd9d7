import { roleAtLeast } from '@kv/shared';
import type { RequestContext } from '../../types.ts';
import { manageScope, staffScope } from '../../core/access.ts';

/**
 * Camera management (`cameras.manage`): managers for the locations they manage, the owner for all.
 * Staff read the cameras of their own locations. Parents reach cameras only through their
 * children (the live-camera area), never through these operations.
 */
export const cameraManageScope = (ctx: RequestContext) => manageScope(ctx, 'cameras.manage');
export const cameraReadScope = (ctx: RequestContext) => staffScope(ctx);

/**
 * Camera setup data — stream codes, a camera's groups, the cameras of a schedule or a group — is
 * for staff, whose every way to a camera is already inside their location scope. Parents and blog
 * editors meet a camera only as the live-camera area hands it to them (its own rules decide), so
 * these relations answer them nothing, whatever path led there.
 */
export const seesCameraSetup = (ctx: RequestContext) => Boolean(ctx.viewer && roleAtLeast(ctx.viewer.role, 'teacher'));
