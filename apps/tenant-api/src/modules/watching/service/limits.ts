import { z } from 'zod';
import type { Knex } from 'knex';
import { parseArgs } from '@kv/server';
import { notice } from '../../../core/result.ts';
import type { RequestContext } from '../../../types.ts';
import { requireViewer, type LocationScope } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import * as repo from '../repo.ts';
import { localDate, remainingLogins, dailyLimit } from '../rules.ts';
import { reportScope, watchAccess } from '../policy.ts';
import { sessionNotFound } from '../errors.ts';

/** Camera logins per day: what a viewer has left, and a manager's reset or change of a contact's limit. */

async function loginStatus(db: Knex, userId: string, locationId: string, at: Date) {
  const tz = (await repo.locationTimezone(db, locationId)) ?? 'UTC';
  const date = localDate(at, tz);
  const [ls, us, used] = await Promise.all([
    db('location_settings').where({ location_id: locationId }).first('enable_max_login_feature', 'max_daily_logins'),
    db('user_settings')
      .where({ user_id: userId })
      .first('max_daily_camera_logins', 'extra_camera_logins', db.raw("to_char(extra_camera_logins_on, 'YYYY-MM-DD') as extra_on")),
    db('camera_daily_logins').where({ user_id: userId, location_id: locationId, date }).first('logins'),
  ]);
  const location = {
    timezone: tz,
    enable_max_login_feature: Boolean(ls?.enable_max_login_feature),
    max_daily_logins: ls?.max_daily_logins ?? null,
    only_checked_in: true,
    user_time_out: null,
  };
  const extraOn = us?.extra_on as string | undefined;
  const limit = {
    own: us?.max_daily_camera_logins ?? null,
    extra: extraOn && (extraOn === date || extraOn === at.toISOString().slice(0, 10)) ? Number(us?.extra_camera_logins ?? 0) : 0,
    used: Number(used?.logins ?? 0),
  };
  return {
    user_id: userId,
    location_id: locationId,
    date,
    enabled: location.enable_max_login_feature,
    limit: dailyLimit(location, limit),
    used: limit.used,
    extra_today: limit.extra,
    remaining: remainingLogins(location, limit),
  };
}

/** The viewer's camera logins today at a location (default: each of their children's locations). */
export async function checkRemainingLogins(ctx: RequestContext, raw: unknown) {
  await watchAccess(ctx);
  const a = parseArgs(z.object({ location_id: id.nullish() }), raw);
  const v = requireViewer(ctx);
  const mine = await repo.contactLocationIds(ctx.db, v.id);
  const ids = a.location_id ? mine.filter((l) => l === a.location_id) : mine;
  const at = new Date();
  return Promise.all(ids.map((l) => loginStatus(ctx.db, v.id, l, at)));
}

async function contactAt(ctx: RequestContext, scope: LocationScope, userId: string, locationId: string | null): Promise<string> {
  const locs = await repo.contactLocationIds(ctx.db, userId);
  const inScope = locs.filter((l) => scope.all || scope.ids.has(l));
  const loc = locationId ? inScope.find((l) => l === locationId) : inScope[0];
  if (!loc) throw sessionNotFound();
  return loc;
}

/** Managers: set a contact's logins used today back to 0 (the contact may log in again). */
export async function resetUserLogins(ctx: RequestContext, raw: unknown) {
  const scope = await reportScope(ctx);
  const a = parseArgs(z.object({ user_id: id, location_id: id.nullish() }), raw);
  return writeLogins(ctx, scope, a.user_id, a.location_id ?? null, 0, 'camera.logins.reset');
}

/** Managers: set how many logins a contact has used today. */
export async function updateUserLogins(ctx: RequestContext, raw: unknown) {
  const scope = await reportScope(ctx);
  const a = parseArgs(
    z.object({
      user_id: id,
      location_id: id.nullish(),
      logins: z.number().int().min(0, 'Logins cannot be negative.').max(1000, 'Too many logins.'),
    }),
    raw,
  );
  return writeLogins(ctx, scope, a.user_id, a.location_id ?? null, a.logins, 'camera.logins.update');
}

async function writeLogins(
  ctx: RequestContext,
  scope: LocationScope,
  userId: string,
  locationId: string | null,
  logins: number,
  action: string,
) {
  const loc = await contactAt(ctx, scope, userId, locationId);
  const at = new Date();
  const date = localDate(at, (await repo.locationTimezone(ctx.db, loc)) ?? 'UTC');
  await ctx.db.transaction(async (trx) => {
    await repo.setLogins(trx, userId, loc, date, logins);
    await audit(ctx, trx, { action, entity: 'user', entity_id: userId, location_id: loc, data: { date, logins } });
  });
  return { ...notice('Camera logins saved.'), logins: await loginStatus(ctx.db, userId, loc, at) };
}
