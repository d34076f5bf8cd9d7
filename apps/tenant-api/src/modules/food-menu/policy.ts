import type { RequestContext } from '../../types.ts';
import {
  assertLocations,
  familyViewer,
  isStaff,
  manageScope,
  readScope,
  reaches,
  staffScope,
  locationNotFound,
  type LocationScope,
} from '../../core/access.ts';
import { childCareOnly } from './errors.ts';

/**
 * Who reaches the food menu and the meal counts (architecture "Data scope is not rank"):
 * - staff with `activities.manage` keep the menus, slots and counts of the locations they reach
 *   (teachers: their locations; managers: the ones they manage; the owner: all);
 * - parents read the published weeks of their children's locations, with only their own
 *   children's allergy clashes;
 * - the CACFP report is for managers with `reports.view`; counts and the report are child care only;
 * - blog editors reach nothing. Locations outside the scope answer NOT_FOUND.
 */
export async function menuWriteScope(ctx: RequestContext, locationId?: string): Promise<LocationScope> {
  const scope = await staffScope(ctx, 'activities.manage');
  if (locationId !== undefined) await assertLocations(ctx, scope, [locationId]);
  return scope;
}

export async function menuReadScope(ctx: RequestContext, locationId: string): Promise<{ scope: LocationScope; parent: boolean }> {
  const v = familyViewer(ctx);
  const scope = await readScope(ctx);
  await assertLocations(ctx, scope, [locationId]);
  return { scope, parent: !isStaff(v) };
}

/** A location of the scope, else NOT_FOUND (for rows found by id). */
export function assertReaches(scope: LocationScope, locationId: string) {
  if (!reaches(scope, String(locationId))) throw locationNotFound();
}

export function assertChildCare(ctx: RequestContext) {
  if (ctx.tenant.kind === 'petcare') throw childCareOnly();
}

export async function countScope(ctx: RequestContext): Promise<LocationScope> {
  assertChildCare(ctx);
  return staffScope(ctx, 'activities.manage');
}

export async function reportScope(ctx: RequestContext, locationId: string): Promise<LocationScope> {
  assertChildCare(ctx);
  const scope = await manageScope(ctx, 'reports.view');
  await assertLocations(ctx, scope, [locationId]);
  return scope;
}
