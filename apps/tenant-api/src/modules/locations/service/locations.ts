import { z } from 'zod';
import { badInput, fields, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo/locations.ts';
import { locationHasStudents, nameTaken, signupCodeTaken } from '../errors.ts';
import { assertLocations, manageScope, locationNotFound } from '../../../core/access.ts';
import { audit, diff } from '../../../core/audit.ts';
import { hexColour, httpUrl, id, optionalText, blankToNull } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { timezone } from '../../../core/time.ts';
import { applyNamedSchedule, scheduleDatesInput } from '../../schedules/index.ts';

export const locationName = fields.name('Location name').pipe(z.string().max(150, 'Location name must be at most 150 characters.'));
export const signupCode = z
  .string()
  .trim()
  .min(3, 'The signup code needs at least 3 characters.')
  .max(40, 'The signup code must be at most 40 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - or _ in the signup code.');
const phone = z
  .string()
  .trim()
  .max(32, 'The phone number is too long.')
  .regex(/^[0-9+()\-.\s]*$/, 'Enter a valid phone number.')
  .nullish()
  .transform(blankToNull);
const email = z
  .union([fields.email(), z.literal('')])
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v.toLowerCase() : null));
const managers = z.array(fields.id()).min(1, 'Choose at least one manager.').max(100, 'Too many managers.');

const details = {
  timezone: timezone.optional(),
  email,
  phone,
  longitude: z.number().min(-180, 'Longitude is between -180 and 180.').max(180, 'Longitude is between -180 and 180.').nullish(),
  latitude: z.number().min(-90, 'Latitude is between -90 and 90.').max(90, 'Latitude is between -90 and 90.').nullish(),
  address: optionalText(300, 'The address'),
  pin_url: httpUrl,
  map_url: httpUrl,
  color: hexColour.nullish(),
  schedule_name: z.string().trim().max(100, 'The schedule name must be at most 100 characters.').nullish(),
  scheduledates: scheduleDatesInput.nullish(),
};

const signup = {
  is_signup: z.boolean().nullish(),
  signup_code: signupCode.nullish().or(z.literal('').transform(() => null)),
};

/** Turning signup on needs a code (given in the same arguments). */
const signupHasCode = (a: { is_signup?: boolean | null; signup_code?: string | null }) => !a.is_signup || Boolean(a.signup_code);
const SIGNUP_NEEDS_CODE = { path: ['signup_code'], message: 'A signup code is required when signup is on.' };

const createInput = z
  .object({
    name: locationName,
    ...details,
    ...signup,
    managers,
  })
  .refine(signupHasCode, SIGNUP_NEEDS_CODE);

const updateInput = z.object({
  id,
  name: locationName.optional(),
  ...details,
  ...signup,
  active: z.boolean().nullish(),
  managers: managers.nullish(),
});

const EDITABLE = [
  'name',
  'timezone',
  'email',
  'phone',
  'longitude',
  'latitude',
  'address',
  'pin_url',
  'map_url',
  'color_code',
  'active',
  'is_signup',
  'signup_code',
  'billing',
  'location_billing_request',
  'schedule_id',
] as const;

/** Unique indexes can still race: map their violation to the field error the check would give. */
function mapUniqueViolation(e: unknown): never {
  const err = e as { code?: string; constraint?: string };
  if (err?.code === '23505' && err.constraint === 'locations_name_unique') throw nameTaken();
  if (err?.code === '23505' && err.constraint === 'locations_signup_code_unique') throw signupCodeTaken();
  throw e;
}

async function assertManagers(ctx: RequestContext, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  const ok = new Set(await repo.managerUserIds(ctx.db, wanted));
  if (wanted.some((i) => !ok.has(i))) throw badInput('managers', 'Choose managers from the centre’s managers.');
  return wanted;
}

// ── writes ───────────────────────────────────────────────────────────────────

export async function createNewLocation(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(createInput, raw);
  const managerIds = await assertManagers(ctx, args.managers);
  // A manager who creates a location keeps managing it.
  if (!scope.all && !managerIds.includes(ctx.viewer!.id)) managerIds.push(ctx.viewer!.id);
  if (await repo.locationNameTaken(ctx.db, args.name)) throw nameTaken();
  if (args.signup_code && (await repo.signupCodeTaken(ctx.db, args.signup_code))) throw signupCodeTaken();
  const created = await ctx.db
    .transaction(async (trx) => {
      let row = await repo.insertLocation(trx, {
        name: args.name,
        timezone: args.timezone ?? 'America/New_York',
        email: args.email,
        phone: args.phone,
        longitude: args.longitude ?? null,
        latitude: args.latitude ?? null,
        address: args.address,
        pin_url: args.pin_url,
        map_url: args.map_url,
        is_signup: Boolean(args.is_signup),
        signup_code: args.signup_code ?? null,
        signup_code_set_at: args.signup_code ? trx.fn.now() : null,
        color_code: args.color ?? null,
      });
      await repo.setLocationManagers(trx, row.id, managerIds);
      await audit(ctx, trx, {
        action: 'location.create',
        entity: 'location',
        entity_id: row.id,
        location_id: row.id,
        data: { name: row.name, managers: managerIds },
      });
      if (args.schedule_name) {
        const scheduleId = await applyNamedSchedule(ctx, trx, row.id, args.schedule_name, args.scheduledates ?? undefined);
        row = await repo.updateLocation(trx, row.id, { schedule_id: scheduleId });
      }
      return row;
    })
    .catch(mapUniqueViolation);
  return { ...notice('Location created.'), location: created };
}

export async function updateLocation(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(updateInput, raw);
  await assertLocations(ctx, scope, [args.id]);
  const before = await repo.findLocation(ctx.db, args.id);
  if (!before) throw locationNotFound();
  if (args.name && (await repo.locationNameTaken(ctx.db, args.name, args.id))) throw nameTaken();
  // Signup is checked as it will be after the save, so the switch and the code change together or not at all.
  const isSignup = args.is_signup ?? Boolean(before.is_signup);
  const code = args.signup_code !== undefined ? args.signup_code : before.signup_code;
  const signupTouched = args.is_signup != null || args.signup_code !== undefined;
  if (signupTouched && isSignup && !code) throw badInput('signup_code', 'A signup code is required when signup is on.');
  if (args.signup_code && (await repo.signupCodeTaken(ctx.db, args.signup_code, args.id))) throw signupCodeTaken();
  const managerIds = args.managers ? await assertManagers(ctx, args.managers) : null;
  const patch: Record<string, unknown> = {};
  if (args.is_signup != null) patch.is_signup = args.is_signup;
  if (args.signup_code !== undefined) patch.signup_code = args.signup_code;
  for (const k of ['name', 'timezone', 'email', 'phone', 'longitude', 'latitude', 'address', 'pin_url', 'map_url', 'active'] as const) {
    if (args[k] !== undefined && !(args[k] === null && (k === 'active' || k === 'timezone'))) patch[k] = args[k];
  }
  if (args.color !== undefined) patch.color_code = args.color;
  if ('email' in patch && (patch.email ?? null) !== (before.email ?? null)) patch.email_verified_at = null;
  const updated = await ctx.db
    .transaction(async (trx) => {
      if (args.schedule_name !== undefined) {
        patch.schedule_id = args.schedule_name
          ? await applyNamedSchedule(ctx, trx, args.id, args.schedule_name, args.scheduledates ?? undefined)
          : null;
      }
      const row = Object.keys(patch).length ? await repo.updateLocation(trx, args.id, patch) : before;
      const changes = diff(before, row, EDITABLE);
      if (managerIds) {
        const old = await repo.managerIdsOf(trx, args.id);
        await repo.setLocationManagers(trx, args.id, managerIds);
        if (old.join(',') !== [...managerIds].sort().join(',')) changes.managers = [old, [...managerIds].sort()];
      }
      if (Object.keys(changes).length) {
        await audit(ctx, trx, {
          action: 'location.update',
          entity: 'location',
          entity_id: args.id,
          location_id: args.id,
          data: { changes },
        });
      }
      return row;
    })
    .catch(mapUniqueViolation);
  return { ...notice('Location saved.'), location: updated };
}

export async function deleteLocation(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  await assertLocations(ctx, scope, [args.id]);
  const students = await repo.activeStudentCount(ctx.db, args.id);
  if (students > 0) throw locationHasStudents(students);
  await ctx.db.transaction(async (trx) => {
    const row = await repo.findLocation(trx, args.id);
    await repo.softDeleteLocation(trx, args.id);
    await audit(ctx, trx, {
      action: 'location.delete',
      entity: 'location',
      entity_id: args.id,
      location_id: args.id,
      data: { name: row?.name },
    });
  });
  return { ...notice('Location deleted.'), id: args.id };
}

export async function updateLocationManager(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(z.object({ location_id: id, managers }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const managerIds = await assertManagers(ctx, args.managers);
  const row = await ctx.db.transaction(async (trx) => {
    const old = await repo.managerIdsOf(trx, args.location_id);
    await repo.setLocationManagers(trx, args.location_id, managerIds);
    await audit(ctx, trx, {
      action: 'location.managers',
      entity: 'location',
      entity_id: args.location_id,
      location_id: args.location_id,
      data: { changes: { managers: [old, [...managerIds].sort()] } },
    });
    return repo.updateLocation(trx, args.location_id, {});
  });
  return { ...notice('Managers saved.'), location: row };
}

/** Applies a small patch to one location in scope and records what changed. */
async function patchLocation(ctx: RequestContext, locationId: string, patch: Record<string, unknown>, action: string, message: string) {
  const before = await repo.findLocation(ctx.db, locationId);
  if (!before) throw locationNotFound();
  const row = await ctx.db
    .transaction(async (trx) => {
      const updated = await repo.updateLocation(trx, locationId, patch);
      const changes = diff(before, updated, EDITABLE);
      if (Object.keys(changes).length)
        await audit(ctx, trx, { action, entity: 'location', entity_id: locationId, location_id: locationId, data: { changes } });
      return updated;
    })
    .catch(mapUniqueViolation);
  return { ...notice(message), location: row };
}

export async function updateLocationSignupCode(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(
    z.object({ location_id: id, is_signup: z.boolean(), signup_code: signup.signup_code }).refine(signupHasCode, SIGNUP_NEEDS_CODE),
    raw,
  );
  await assertLocations(ctx, scope, [args.location_id]);
  if (args.signup_code && (await repo.signupCodeTaken(ctx.db, args.signup_code, args.location_id))) throw signupCodeTaken();
  // Saving the code (again) restarts the location's signup window (expiry_time counts from here).
  return patchLocation(
    ctx,
    args.location_id,
    { is_signup: args.is_signup, signup_code: args.signup_code ?? null, signup_code_set_at: args.signup_code ? ctx.db.fn.now() : null },
    'location.signup_code',
    'Signup settings saved.',
  );
}

export async function updateLocationBilling(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(z.object({ location_id: id, billing: z.boolean() }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return patchLocation(
    ctx,
    args.location_id,
    { billing: args.billing },
    'location.billing',
    args.billing ? 'Billing is on for this location.' : 'Billing is off for this location.',
  );
}

export async function updateLocationBillingRequestSetting(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(z.object({ location_id: id, value: z.boolean() }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return patchLocation(
    ctx,
    args.location_id,
    { location_billing_request: args.value },
    'location.billing_request',
    'Billing request setting saved.',
  );
}
