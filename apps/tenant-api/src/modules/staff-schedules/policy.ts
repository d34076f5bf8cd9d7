import type { RequestContext } from '../../types.ts';
import { hasPermission, managerScope, requireViewer, staffScope, type LocationScope } from '../../core/access.ts';

/**
 * Who sees and changes staff schedules:
 * - managers (and the owner) write schedules, time off and absences of their locations' staff and
 *   approve time off (`team.edit`, checked by the gate);
 * - staff read their locations' schedules: everyone's with `team.view`, else their own; they ask
 *   for their own time off (pending until a manager approves it);
 * - parents and blog editors: nothing.
 */
export const staffScheduleManageScope = (ctx: RequestContext): Promise<LocationScope> => managerScope(ctx);

export async function staffScheduleReadScope(ctx: RequestContext): Promise<{ scope: LocationScope; everyone: boolean; viewerId: string }> {
  const scope = await staffScope(ctx);
  return { scope, everyone: await hasPermission(ctx, 'team.view'), viewerId: requireViewer(ctx).id };
}
