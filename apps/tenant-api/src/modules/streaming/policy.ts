import { roleAtLeast } from '@kv/shared';
import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { managerScope } from '../../core/access.ts';

/**
 * Streaming servers: managers (`cameras.manage`) for the servers of the locations they manage;
 * servers for the whole centre (location_id null) are the owner's. Nobody else sees them.
 */
export const streamManageScope = (ctx: RequestContext) => managerScope(ctx);

export function requireCentreWide(ctx: RequestContext): void {
  if (!roleAtLeast(ctx.viewer!.role, 'center')) throw forbidden('Only the owner manages streaming servers for the whole centre.');
}
