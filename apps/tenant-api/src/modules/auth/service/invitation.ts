import { z } from 'zod';
import { sha256Hex } from '@kv/auth';
import { badInput, fields, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { invalidLink } from '../errors.ts';
import { audit, findAuthToken, findUserById, findUsersByEmail, markAuthTokenUsed, rolesOfUser, updateUser } from '../repo.ts';
import { consumePin } from './registration.ts';
import { newPasswordHash } from './recovery.ts';
import { chargeMailTo, guardedAttempt, issueToken, link, sendMail } from './shared.ts';
import { login } from './sign-in.ts';
import { inTransaction } from '../../../core/tx.ts';
import { notice } from '../../../core/result.ts';

const INVITE_DAYS = 7;
const SET_PASSWORD_MINUTES = 30;

/** Step 1 of accepting an invitation: the emailed PIN proves the address; returns a set-password token. */
export async function verifyInvitedUserEmail(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ pin_time: fields.token, pin: fields.pin }), raw);
  const check = await guardedAttempt(ctx, 'verifyInvitedUserEmail', async (wrong) => {
    const c = await consumePin(ctx, 'invite', args.pin_time, args.pin);
    if (!c.ok) wrong();
    return c;
  });
  if (!check.ok) throw badInput(check.field, check.message);
  const token = await inTransaction(ctx, async (trx) => {
    await updateUser(trx, check.userId, { email_confirmed: true });
    await audit(trx, {
      actor_user_id: check.userId,
      action: 'user.verify_invitation',
      entity: 'user',
      entity_id: check.userId,
      ip: ctx.ip,
    });
    return (await issueToken(trx, check.userId, 'set_password', SET_PASSWORD_MINUTES)).token;
  });
  return { ...notice('Your email is confirmed. Choose a password to finish.'), token };
}

export async function resendInvitedUserEmail(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ email: fields.email() }), raw);
  await chargeMailTo(ctx, args.email);
  const user = (await findUsersByEmail(ctx.db, args.email)).find((u) => u.invited && u.status);
  let pinTime: string | null = null;
  if (user) {
    pinTime = await inTransaction(ctx, async (trx) => {
      const { token, pin } = await issueToken(trx, user.id, 'invite', INVITE_DAYS * 24 * 60, { pin: true });
      await sendMail(ctx, trx, user, 'invite', { fname: user.fname, pin, url: link(ctx, `/viue/${token}`), inviter: ctx.tenant.name });
      return token;
    });
  }
  return { ...notice('If this address has a pending invitation, we sent it again.'), pin_time: pinTime };
}

/** Step 2: set the password and sign in. */
export async function updateInvitedUserPassword(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ token: fields.token, password: z.string(), password_confirmation: z.string() }), raw);
  const hash = await newPasswordHash(args.password, args.password_confirmation);
  const userId = await guardedAttempt(ctx, 'updateInvitedUserPassword', (wrong) =>
    inTransaction(ctx, async (trx) => {
      const row = await findAuthToken(trx, 'set_password', sha256Hex(args.token), true);
      if (!row) wrong();
      if (!row || row.used_at || new Date(row.expires_at) <= new Date()) return null;
      await markAuthTokenUsed(trx, row.id);
      const id = String(row.user_id);
      await updateUser(trx, id, { password_hash: hash, invited: false, email_confirmed: true });
      await audit(trx, { actor_user_id: id, action: 'user.accept_invitation', entity: 'user', entity_id: id, ip: ctx.ip });
      return id;
    }),
  );
  if (!userId) throw invalidLink('token', 'This link has expired. Ask the centre to send the invitation again.');
  const user = await findUserById(ctx.db, userId);
  if (!user || (await rolesOfUser(ctx.db, userId)).length === 0) return notice('Your password is set. Please sign in.');
  return login(ctx, { username: user.username, password: args.password, device: 'web' });
}
