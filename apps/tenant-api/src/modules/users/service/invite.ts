import { z } from 'zod';
import type { Knex } from 'knex';
import { fields, parseArgs } from '@kv/server';
import { isPlaceholderEmail } from '@kv/shared';
import { queueMessage } from '@kv/messaging';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { assertMayEditPerson, userWriteScope } from '../policy.ts';
import { noPhone, notInvited } from '../errors.ts';
import { auditPerson, e164, personInScope, rolesOf } from './common.ts';
import { inTransaction } from '../../../core/tx.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { issueToken, link, sendMail, approveUser, consumePin, guardedAttempt } from '../../auth/index.ts';

export const INVITE_MINUTES = 7 * 24 * 60;
const SET_PASSWORD_MINUTES = 30;

export interface Invitee {
  id: string;
  fname: string;
  email: string | null;
  phone?: string | null;
  locale?: string | null;
}

/**
 * Sends an invitation through the outbox in the caller's transaction: by email a PIN and a link
 * to `/viue/<token>` (accepted by verifyInvitedUserEmail), by SMS a PIN and a link to
 * `/viup/<token>` (accepted by verifyInvitedUserPhone). Each new invitation replaces the last.
 */
export async function sendInvitation(
  ctx: RequestContext,
  trx: Knex.Transaction,
  person: Invitee,
  channels: { email: boolean; sms: boolean },
): Promise<{ email: boolean; sms: boolean }> {
  const sent = { email: false, sms: false };
  if (channels.email && person.email && !isPlaceholderEmail(person.email)) {
    const { token, pin } = await issueToken(trx, person.id, 'invite', INVITE_MINUTES, { pin: true });
    await sendMail(ctx, trx, person, 'invite', { fname: person.fname, pin, url: link(ctx, `/viue/${token}`), inviter: ctx.tenant.name });
    sent.email = true;
  }
  const to = e164(person.phone);
  if (channels.sms && to) {
    const { token, pin } = await issueToken(trx, person.id, 'invite_phone', INVITE_MINUTES, { pin: true });
    await queueMessage(trx, {
      channel: 'sms',
      to,
      userId: person.id,
      template: 'invite',
      locale: person.locale ?? 'en',
      data: { centre: ctx.tenant.name, fname: person.fname, pin, url: link(ctx, `/viup/${token}`), inviter: ctx.tenant.name },
      centreId: ctx.tenant.id,
    });
    sent.sms = true;
  }
  return sent;
}

async function resend(ctx: RequestContext, raw: unknown, channel: 'email' | 'sms') {
  const scope = await userWriteScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const person = await personInScope(ctx, scope, a.id);
  await assertMayEditPerson(ctx, await rolesOf(ctx, a.id));
  if (!person.invited || !person.status) throw notInvited();
  if (channel === 'sms' && !e164(person.phone)) throw noPhone();
  const sent = await inTransaction(ctx, async (trx) => {
    const s = await sendInvitation(ctx, trx, person, { email: channel === 'email', sms: channel === 'sms' });
    await auditPerson(ctx, trx, 'user.invite_resend', a.id, { channel });
    return s;
  });
  if (!sent.email && !sent.sms) return notice('This person has no address to send the invitation to.', false, 'warning');
  return notice(channel === 'email' ? 'Invitation emailed again.' : 'Invitation texted again.');
}

export const resendInviteEmail = (ctx: RequestContext, raw: unknown) => resend(ctx, raw, 'email');
export const resendInviteSms = (ctx: RequestContext, raw: unknown) => resend(ctx, raw, 'sms');

/**
 * Step 1 of accepting an SMS invitation (route /viup/:pin_time): the texted PIN proves the phone.
 * Answers with `error` (not a thrown error) when the PIN is wrong or expired; on success a token
 * to set the password with (updateInvitedUserPassword).
 */
export async function verifyInvitedUserPhone(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ pin_time: fields.token, pin: fields.pin }), raw);
  const check = await guardedAttempt(ctx, 'verifyInvitedUserPhone', async (wrong) => {
    const c = await consumePin(ctx, 'invite_phone', a.pin_time, a.pin);
    if (!c.ok) wrong();
    return c;
  });
  if (!check.ok) return { ...notice(check.message, false), error: check.message, token: null };
  const token = await inTransaction(ctx, async (trx) => {
    await repo.updatePeople(trx, [check.userId], { phone_verified: true });
    await repo.auditAsPerson(trx, check.userId, 'user.verify_invited_phone', ctx.ip);
    return (await issueToken(trx, check.userId, 'set_password', SET_PASSWORD_MINUTES)).token;
  });
  return { ...notice('Your phone is confirmed. Choose a password to finish.'), error: null, token };
}

/** The approve-user link (route /approve-user/:token): the same as the auth area's approveUser. */
export const approveUserByLink = (ctx: RequestContext, raw: unknown) => approveUser(ctx, raw, 'approveUserByLink');
