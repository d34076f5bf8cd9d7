import { z } from 'zod';
import { queueMessage } from '@kv/messaging';
import { randomPin, randomToken, safeEqualHex, sha256Hex } from '@kv/auth';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { findLocation, setQrToken, updateLocation } from '../repo/locations.ts';
import { countEmailCodeAttempt, insertEmailCode, latestEmailCode, useEmailCode } from '../repo/settings.ts';
import { expiredCode, locationHasNoEmail, wrongCode } from '../errors.ts';
import { assertLocations, manageScope, locationNotFound } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { charge } from '../../auth/index.ts';

const CODE_MINUTES = 30;
const MAX_ATTEMPTS = 5;

/**
 * Mails a 6-digit code to the location's address. The message is queued in the same transaction
 * (outbox) and the outbox is woken after the commit, so the code leaves at once.
 */
export async function sendLocationEmailVerificationCode(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  await charge(ctx.throttles.mailIp, `${ctx.tenant.id}:${ctx.ip}`);
  const loc = await findLocation(ctx.db, args.location_id);
  if (!loc) throw locationNotFound();
  if (!loc.email) throw locationHasNoEmail();
  const email = loc.email;
  await ctx.db.transaction(async (trx) => {
    const code = randomPin(6);
    await insertEmailCode(trx, {
      location_id: loc.id,
      email,
      code_hash: sha256Hex(code),
      expires_at: new Date(Date.now() + CODE_MINUTES * 60_000),
    });
    await queueMessage(trx, {
      channel: 'email',
      to: email,
      template: 'verify-email',
      locale: 'en',
      data: {
        fname: loc.name,
        pin: code,
        minutes: CODE_MINUTES,
        url: `${ctx.deps.config.centreOrigin(ctx.tenant.slug)}/manage-location/general`,
        centre: ctx.tenant.name,
      },
      centreId: ctx.tenant.id,
    });
    await audit(ctx, trx, {
      action: 'location.email_code_sent',
      entity: 'location',
      entity_id: loc.id,
      location_id: loc.id,
      data: { email },
    });
  });
  ctx.deps.outbox.kick(ctx.tenant.id, ctx.db);
  return notice(`We sent a code to ${email}.`);
}

/** Matches the emailed code: five wrong tries or 30 minutes end it. */
export async function verifyLocationEmailCode(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(
    z.object({
      location_id: id,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'Enter the 6-digit code from the email.'),
    }),
    raw,
  );
  await assertLocations(ctx, scope, [args.location_id]);
  await charge(ctx.throttles.verifyIp, `${ctx.tenant.id}:${ctx.ip}`);
  const outcome = await ctx.db.transaction(async (trx) => {
    const row = await latestEmailCode(trx, args.location_id);
    const loc = await findLocation(trx, args.location_id);
    if (!row || !loc || row.attempts >= MAX_ATTEMPTS || (loc.email ?? '').toLowerCase() !== String(row.email).toLowerCase())
      return 'wrong' as const;
    if (new Date(row.expires_at) <= new Date()) return 'expired' as const;
    if (!safeEqualHex(row.code_hash, sha256Hex(args.code))) {
      await countEmailCodeAttempt(trx, row.id);
      return 'wrong' as const;
    }
    await useEmailCode(trx, row.id);
    await updateLocation(trx, args.location_id, { email_verified_at: trx.fn.now() });
    await audit(ctx, trx, {
      action: 'location.email_verified',
      entity: 'location',
      entity_id: args.location_id,
      location_id: args.location_id,
      data: { email: row.email },
    });
    return 'ok' as const;
  });
  if (outcome === 'wrong') throw wrongCode();
  if (outcome === 'expired') throw expiredCode();
  return { ...notice('The email address is verified.'), location: await findLocation(ctx.db, args.location_id) };
}

/**
 * A new staff time clock QR link for a location (guest route /time-clock-page/:location). Only a hash of
 * the token is kept; generating again invalidates the previous code.
 */
export async function generateLocationQr(ctx: RequestContext, raw: unknown) {
  const scope = await manageScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const token = randomToken(24);
  await ctx.db.transaction(async (trx) => {
    await setQrToken(trx, args.location_id, sha256Hex(token));
    await audit(ctx, trx, { action: 'location.qr', entity: 'location', entity_id: args.location_id, location_id: args.location_id });
  });
  const url = `${ctx.deps.config.centreOrigin(ctx.tenant.slug)}/time-clock-page/${token}`;
  return { ...notice('A new QR code is ready. Print it for the entrance.'), location_id: args.location_id, token, url };
}
