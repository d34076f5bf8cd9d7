import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import {
  hasPermission,
  isStaff,
  managerScope,
  readScope,
  requireViewer,
  scopeFilter,
  staffScope,
  type LocationScope,
} from '../../core/access.ts';
import type { EventVisibility } from './repo.ts';

/**
 * Who sees and changes what of the calendar:
 * - managers (and the owner) manage the calendars of the locations they manage;
 * - staff (`activities.manage`) add, change and delete events of their locations' calendars;
 * - staff read every calendar of their locations, public or staff-only;
 * - parents read the public calendars of their children's locations, and of room events only
 *   those of their children's rooms; blog editors nothing.
 */

/** Calendars are set up by managers of the location. */
export const calendarManageScope = (ctx: RequestContext): Promise<LocationScope> => managerScope(ctx);

/** Events are written by staff of the location. */
export const eventWriteScope = (ctx: RequestContext): Promise<LocationScope> => staffScope(ctx, 'activities.manage');

/** The events visibility of the viewer (parents: their families'; blog editors: refused). */
export async function eventVisibility(ctx: RequestContext): Promise<EventVisibility> {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  if (isStaff(v)) return { kind: 'staff', locationIds: scopeFilter(await readScope(ctx)), privateToo: true };
  return { kind: 'family', userId: v.id };
}

/** The team calendar: staff only; shifts of others need `team.view` (else one's own). */
export async function teamVisibility(ctx: RequestContext): Promise<{ scope: LocationScope; everyone: boolean }> {
  const scope = await staffScope(ctx);
  return { scope, everyone: await hasPermission(ctx, 'team.view') };
}
