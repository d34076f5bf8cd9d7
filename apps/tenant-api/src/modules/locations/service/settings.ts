import { z } from 'zod';
import { fields, parseArgs } from '@kv/server';
import { PARENT_EDITABLE_STUDENT_FIELDS } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { findLocation } from '../repo/locations.ts';
import {
  SETTING_DEFAULTS,
  findLocationSettings,
  locationCounters,
  upsertLocationSettings,
  type LocationSettings,
} from '../repo/settings.ts';
import { assertLocations, manageScope, staffScope, locationNotFound } from '../../../core/access.ts';
import { audit, diff } from '../../../core/audit.ts';
import { localTime } from '../../../core/time.ts';
import { id, optionalText, blankToNull } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';

const count = (label: string, max = 100_000) =>
  z.number().int(`${label} must be a whole number.`).min(0, `${label} cannot be negative.`).max(max, `${label} is too large.`).nullish();
const phone = z
  .string()
  .trim()
  .min(7, 'Enter a valid phone number.')
  .max(32, 'Enter a valid phone number.')
  .regex(/^[0-9+()\-.\s]+$/, 'Enter a valid phone number.');

/** Each settings group: its arguments and how they map to columns. */
const GROUPS = {
  login: z.object({
    max_no_of_students: count('Maximum students'),
    max_no_of_users: count('Maximum users'),
    max_daily_logins: count('Maximum daily logins', 1000),
    user_time_out: count('User time-out', 24 * 60),
    enable_max_login_feature: z.boolean().nullish(),
  }),
  signup: z.object({
    expiry_time: count('Expiry time', 24 * 365),
    signup_pin_code_expiry: count('PIN code expiry', 24 * 60),
    signup_success_text: optionalText(1000, 'The success text'),
    signup_fail_text: optionalText(1000, 'The fail text'),
  }),
  parent: z.object({
    can_edit_student: z.boolean().nullish(),
    can_edit_fields: z
      .array(z.enum(PARENT_EDITABLE_STUDENT_FIELDS, { message: 'Choose student fields from the list.' }))
      .max(PARENT_EDITABLE_STUDENT_FIELDS.length)
      .nullish(),
    parent_directory_visibility: z.boolean().nullish(),
    approve_activities: z.boolean().nullish(),
    approve_photos: z.boolean().nullish(),
  }),
  address: z.object({
    default_city: optionalText(100, 'The city'),
    default_state: optionalText(60, 'The state'),
    default_zip: z
      .string()
      .trim()
      .max(20, 'The ZIP code is too long.')
      .regex(/^[A-Za-z0-9 -]*$/, 'Enter a valid ZIP code.')
      .nullish()
      .transform(blankToNull),
  }),
  notification: z.object({
    check_in_parent_alert: z
      .object({ email: z.boolean().nullish(), sms: z.boolean().nullish(), app: z.boolean().nullish(), time: localTime.nullish() })
      .nullish(),
    send_parent_activity_report: z.boolean().nullish(),
    send_parent_activity_report_time: localTime.nullish(),
  }),
  check_in_qr: z.object({
    check_in_qr: z.boolean(),
    check_in_qr_expire: z.string().trim().max(20, 'The expiry must be at most 20 characters.').nullish().transform(blankToNull),
  }),
  team_notification: z.object({
    emails: z
      .array(fields.email().transform((e) => e.toLowerCase()))
      .max(20, 'At most 20 addresses.')
      .nullish(),
    phones: z.array(phone).max(20, 'At most 20 phone numbers.').nullish(),
    signup_notification_email: z.boolean().nullish(),
    signup_notification_phone: z.boolean().nullish(),
    app: z.boolean().nullish(),
    email: z.boolean().nullish(),
    sms: z.boolean().nullish(),
  }),
} as const;

type Group = keyof typeof GROUPS;

const COLUMN_OF: Record<string, string> = {
  emails: 'team_notification_emails',
  phones: 'team_notification_phones',
  app: 'team_notification_app',
  email: 'team_notification_email',
  sms: 'team_notification_sms',
};

/** Flattens a group's parsed arguments to columns; omitted arguments keep their stored value. */
function toColumns(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    if (k === 'check_in_parent_alert') {
      if (!v) continue;
      for (const [ck, cv] of Object.entries(v as Record<string, unknown>))
        if (cv !== undefined) out[`check_in_parent_alert_${ck}`] = cv ?? (ck === 'time' ? null : false);
      continue;
    }
    const col = COLUMN_OF[k] ?? k;
    const blank = isSettingColumn(col) ? SETTING_DEFAULTS[col] : undefined;
    out[col] = v === null && typeof blank === 'boolean' ? false : v === null && Array.isArray(blank) ? [] : v;
  }
  return out;
}

const isSettingColumn = (col: string): col is keyof LocationSettings => Object.hasOwn(SETTING_DEFAULTS, col);

function shape(locationId: string, s: LocationSettings) {
  return {
    location_id: locationId,
    max_no_of_students: s.max_no_of_students,
    max_no_of_users: s.max_no_of_users,
    max_daily_logins: s.max_daily_logins,
    user_time_out: s.user_time_out,
    enable_max_login_feature: s.enable_max_login_feature,
    expiry_time: s.expiry_time,
    signup_pin_code_expiry: s.signup_pin_code_expiry,
    signup_success_text: s.signup_success_text,
    signup_fail_text: s.signup_fail_text,
    team_notification: { location_id: locationId, ...teamNotification(s) },
    can_edit_student: s.can_edit_student,
    can_edit_fields: s.can_edit_fields,
    parent_directory_visibility: s.parent_directory_visibility,
    check_in_qr: s.check_in_qr,
    check_in_qr_expire: s.check_in_qr_expire,
    default_city: s.default_city,
    default_state: s.default_state,
    default_zip: s.default_zip,
    check_in_parent_alert: {
      email: s.check_in_parent_alert_email,
      sms: s.check_in_parent_alert_sms,
      app: s.check_in_parent_alert_app,
      time: s.check_in_parent_alert_time,
    },
    send_parent_activity_report: s.send_parent_activity_report,
    send_parent_activity_report_time: s.send_parent_activity_report_time,
    approve_activities: s.approve_activities,
    approve_photos: s.approve_photos,
  };
}

function teamNotification(s: LocationSettings) {
  return {
    emails: s.team_notification_emails,
    phones: s.team_notification_phones,
    signup_notification_email: s.signup_notification_email,
    signup_notification_phone: s.signup_notification_phone,
    app: s.team_notification_app,
    email: s.team_notification_email,
    sms: s.team_notification_sms,
  };
}

export async function getLocationSettingData(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return shape(args.location_id, await findLocationSettings(ctx.db, args.location_id));
}

/** Saves one group of a location's settings and records what changed in the location's history. */
async function saveGroup(ctx: RequestContext, group: Group, raw: unknown, message: string) {
  const scope = await manageScope(ctx);
  // The group's fields are checked before the location id: their errors come first.
  const input = parseArgs<Record<string, unknown>>(GROUPS[group], raw);
  const { location_id: locationId } = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [locationId]);
  const patch = toColumns(input);
  const next = await ctx.db.transaction(async (trx) => {
    const before = await findLocationSettings(trx, locationId);
    await upsertLocationSettings(trx, locationId, patch);
    const changes = diff(before, patch, Object.keys(patch));
    if (Object.keys(changes).length) {
      await audit(ctx, trx, {
        action: group === 'team_notification' ? 'location.team_notification' : 'location.settings',
        entity: 'location',
        entity_id: locationId,
        location_id: locationId,
        data: { group, changes },
      });
    }
    return findLocationSettings(trx, locationId);
  });
  return { ...notice(message), setting: shape(locationId, next) };
}

export const saveLoginSettings = (ctx: RequestContext, raw: unknown) => saveGroup(ctx, 'login', raw, 'Login settings saved.');
export const saveSignupSettings = (ctx: RequestContext, raw: unknown) => saveGroup(ctx, 'signup', raw, 'Signup settings saved.');
export const saveParentSettings = (ctx: RequestContext, raw: unknown) => saveGroup(ctx, 'parent', raw, 'Parent settings saved.');
export const saveAddressSettings = (ctx: RequestContext, raw: unknown) => saveGroup(ctx, 'address', raw, 'Default address saved.');
export const saveLocationNotificationSettings = (ctx: RequestContext, raw: unknown) =>
  saveGroup(ctx, 'notification', raw, 'Notification settings saved.');
export const saveCheckInQrSetting = (ctx: RequestContext, raw: unknown) => saveGroup(ctx, 'check_in_qr', raw, 'Check-in QR setting saved.');

export async function getTeamNotification(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return { location_id: args.location_id, ...teamNotification(await findLocationSettings(ctx.db, args.location_id)) };
}

export async function updateTeamNotification(ctx: RequestContext, raw: unknown) {
  const r = await saveGroup(ctx, 'team_notification', raw, 'Team notifications saved.');
  return {
    status: r.status,
    message: r.message,
    color: r.color,
    team_notification: r.setting.team_notification,
  };
}

/** The address new students and contacts of a location start with. */
export async function getLocationDefaultAddress(ctx: RequestContext, raw: unknown) {
  const scope = await staffScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const [loc, s] = await Promise.all([findLocation(ctx.db, args.location_id), findLocationSettings(ctx.db, args.location_id)]);
  if (!loc) throw locationNotFound();
  return {
    location_id: args.location_id,
    address: loc.address ?? null,
    default_city: s.default_city,
    default_state: s.default_state,
    default_zip: s.default_zip,
  };
}

export async function getLocationCounters(ctx: RequestContext, raw: unknown) {
  const scope = await staffScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return { location_id: args.location_id, ...(await locationCounters(ctx.db, args.location_id)) };
}
