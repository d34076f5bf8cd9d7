import { z } from 'zod';
import { parseArgs } from '@kv/server';
import { isTimeZone } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo/locations.ts';
import { visibleLocation } from '../policy.ts';
import { locationName as name, signupCode } from './locations.ts';
import { assertLocations, manageScope, readScope, scopeFilter, type LocationScope, locationNotFound } from '../../../core/access.ts';
import { id, pageArgs, paginated } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';

const view = (scope: LocationScope) => (row: repo.LocationRow) => visibleLocation(scope, row);

export async function location(ctx: RequestContext, raw: unknown) {
  const scope = await readScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  await assertLocations(ctx, scope, [args.id]);
  const row = await repo.findLocation(ctx.db, args.id);
  if (!row) throw locationNotFound();
  return visibleLocation(scope, row);
}

export async function locations(ctx: RequestContext, raw: unknown) {
  const scope = await readScope(ctx);
  const args = parseArgs(z.object({ active: z.boolean().nullish(), ...pageArgs }), raw);
  const { rows, total } = await repo.pageLocations(ctx.db, scopeFilter(scope), { active: args.active, page: args.page, first: args.first });
  return paginated(rows.map(view(scope)), total, args.page, args.first);
}

/** kvsupport's and the owner's list of every location they manage, paginated. */
export async function getAllLocations(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(z.object({ active: z.boolean().nullish(), ...pageArgs }), raw);
  const { rows, total } = await repo.pageLocations(ctx.db, scopeFilter(scope), { active: args.active, page: args.page, first: args.first });
  return paginated(rows, total, args.page, args.first);
}

export async function allManagerLocations(ctx: RequestContext) {
  const scope = await manageScope(ctx);
  return repo.listLocations(ctx.db, scopeFilter(scope));
}

/** The locations a manager manages (default: the viewer), within the viewer's own scope. */
export async function managerAllLocationsList(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(z.object({ user_id: id.nullish() }), raw);
  return repo.locationsManagedBy(ctx.db, args.user_id ?? ctx.viewer!.id, scopeFilter(scope));
}

export async function dropdownLocations(ctx: RequestContext) {
  const scope = await readScope(ctx);
  return (await repo.listLocations(ctx.db, scopeFilter(scope))).map(view(scope));
}

export async function activeLocations(ctx: RequestContext) {
  const scope = await readScope(ctx);
  return (await repo.listLocations(ctx.db, scopeFilter(scope), { active: true })).map(view(scope));
}

export async function checkLocationName(ctx: RequestContext, raw: unknown) {
  await manageScope(ctx);
  const args = parseArgs(z.object({ name, id: id.nullish() }), raw);
  const taken = await repo.locationNameTaken(ctx.db, args.name, args.id);
  return { ...notice(taken ? 'A location with this name already exists.' : 'This name is available.', !taken), available: !taken };
}

export async function checkLocationCode(ctx: RequestContext, raw: unknown) {
  await manageScope(ctx);
  const args = parseArgs(z.object({ signup_code: signupCode, id: id.nullish() }), raw);
  const taken = await repo.signupCodeTaken(ctx.db, args.signup_code, args.id);
  return {
    ...notice(taken ? 'This signup code is already used by another location.' : 'This signup code is available.', !taken),
    available: !taken,
  };
}

export async function checkTimezone(ctx: RequestContext, raw: unknown) {
  await manageScope(ctx);
  const args = parseArgs(z.object({ timezone: z.string().trim().max(64, 'Unknown time zone.') }), raw);
  const valid = isTimeZone(args.timezone);
  return {
    ...notice(valid ? 'This time zone is valid.' : 'Unknown time zone. Choose one such as America/New_York.', valid),
    valid,
    timezone: valid ? args.timezone : null,
  };
}
