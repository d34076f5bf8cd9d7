import { z } from 'zod';
import { randomToken } from '@kv/auth';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { checkInSettings, upsertCheckInSettings, type CheckInSettingsRow } from '../repo/settings.ts';
import { attendanceStaffScope, checkInSettingsScope } from '../policy.ts';
import { scheduleAttendanceTick } from '../tick.ts';
import { assertLocations } from '../../../core/access.ts';
import { audit, diff } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import { localTime } from '../../../core/time.ts';
import { upsertLocationSettings } from '../../locations/index.ts';

/** A location's check-in settings as the API shows them. */
export function shapeSettings(s: CheckInSettingsRow) {
  return {
    location_id: s.location_id,
    health_screen: s.health_screen,
    signature_required: s.signature_required,
    parent_check_in: s.parent_check_in,
    require_phone_with_pin: s.require_phone_with_pin,
    check_in_qr: s.check_in_qr,
    check_in_qr_expire: s.check_in_qr_expire,
    check_in_parent_alert: {
      email: s.check_in_parent_alert_email,
      sms: s.check_in_parent_alert_sms,
      app: s.check_in_parent_alert_app,
      time: s.check_in_parent_alert_time,
    },
  };
}

export async function getCheckInSettings(ctx: RequestContext, raw: unknown) {
  const scope = await attendanceStaffScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return shapeSettings(await checkInSettings(ctx.db, args.location_id));
}

const OWN = ['health_screen', 'signature_required', 'parent_check_in', 'require_phone_with_pin'] as const;

/**
 * Saves how a location checks children in: health screen, signature, parents' own phones, the
 * phone number with the PIN, and the parent alert channels and reminder time. The QR code and
 * its expiry are saved by saveCheckInQrSetting (locations). Turning on a reminder time schedules
 * the attendance tick that sends reminders (outbox, same transaction).
 */
export async function saveCheckInSettings(ctx: RequestContext, raw: unknown) {
  const scope = await checkInSettingsScope(ctx);
  const args = parseArgs(
    z.object({
      location_id: id,
      health_screen: z.boolean().nullish(),
      signature_required: z.boolean().nullish(),
      parent_check_in: z.boolean().nullish(),
      require_phone_with_pin: z.boolean().nullish(),
      check_in_parent_alert: z
        .object({ email: z.boolean().nullish(), sms: z.boolean().nullish(), app: z.boolean().nullish(), time: localTime.nullish() })
        .nullish(),
    }),
    raw,
  );
  await assertLocations(ctx, scope, [args.location_id]);
  const own: Record<string, unknown> = {};
  for (const k of OWN) if (args[k] !== undefined && args[k] !== null) own[k] = args[k];
  const alert: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args.check_in_parent_alert ?? {}))
    if (v !== undefined) alert[`check_in_parent_alert_${k}`] = v ?? (k === 'time' ? null : false);
  const saved = await inTransaction(ctx, async (trx) => {
    const before = await checkInSettings(trx, args.location_id);
    if (Object.keys(own).length) await upsertCheckInSettings(trx, args.location_id, { ...own, updated_by: ctx.viewer!.id });
    if (Object.keys(alert).length) await upsertLocationSettings(trx, args.location_id, alert);
    const changes = diff({ ...before }, { ...own, ...alert }, [...Object.keys(own), ...Object.keys(alert)]);
    if (Object.keys(changes).length)
      await audit(ctx, trx, {
        action: 'location.settings',
        entity: 'location',
        entity_id: args.location_id,
        location_id: args.location_id,
        data: { group: 'check_in', changes },
      });
    const after = await checkInSettings(trx, args.location_id);
    if (after.check_in_parent_alert_time) await scheduleAttendanceTick(trx, ctx.tenant.id, ctx.tenant.name);
    return after;
  });
  return { ...notice('Check-in settings saved.'), setting: shapeSettings(saved) };
}

/** A new secret for the location's check-in QR code: every code shown or printed before stops working. */
export async function resetCheckInQrCode(ctx: RequestContext, raw: unknown) {
  const scope = await checkInSettingsScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  await inTransaction(ctx, async (trx) => {
    await upsertCheckInSettings(trx, args.location_id, { qr_secret: randomToken(32), updated_by: ctx.viewer!.id });
    await audit(ctx, trx, {
      action: 'location.check_in_qr_reset',
      entity: 'location',
      entity_id: args.location_id,
      location_id: args.location_id,
    });
  });
  return notice('The check-in QR code changed. Show or print the new one.');
}
