import { z } from 'zod';
import { createSessionStore, hashPassword, passwordProblem, sha256Hex, verifyPassword } from '@kv/auth';
import { badInput, fields, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { invalidLink } from '../errors.ts';
import { audit, emailTaken, findAuthToken, findUserById, findUsersByEmail, markAuthTokenUsed, updateUser } from '../repo.ts';
import { chargeMailTo, guardedAttempt, issueToken, link, sendMail } from './shared.ts';
import { inTransaction } from '../../../core/tx.ts';
import { notice } from '../../../core/result.ts';

const RESET_MINUTES = 60;

/** Checks a new password and its confirmation; returns the hash. */
export async function newPasswordHash(password: string, confirmation: string): Promise<string> {
  const weak = passwordProblem(password);
  if (weak) throw badInput('password', weak);
  if (password !== confirmation) throw badInput('password_confirmation', 'The passwords do not match.');
  return hashPassword(password);
}

/** Same answer whether or not the address exists (no account enumeration). */
export async function forgotPassword(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ email: fields.email() }), raw);
  await chargeMailTo(ctx, args.email);
  const users = (await findUsersByEmail(ctx.db, args.email)).filter((u) => u.status);
  if (users.length) {
    await inTransaction(ctx, async (trx) => {
      for (const user of users) {
        const { token } = await issueToken(trx, user.id, 'password_reset', RESET_MINUTES);
        await sendMail(ctx, trx, user, 'password-reset', {
          fname: user.fname,
          url: link(ctx, `/password/reset/${token}`),
          minutes: RESET_MINUTES,
        });
      }
    });
  }
  return notice('If an account uses this address, we have emailed a link to reset its password.');
}

export async function updateForgottenPassword(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ token: fields.token, password: z.string(), password_confirmation: z.string() }), raw);
  const hash = await newPasswordHash(args.password, args.password_confirmation);
  const userId = await guardedAttempt(ctx, 'updateForgottenPassword', (wrong) =>
    inTransaction(ctx, async (trx) => {
      const row = await findAuthToken(trx, 'password_reset', sha256Hex(args.token), true);
      if (!row) wrong();
      if (!row || row.used_at || new Date(row.expires_at) <= new Date()) return null;
      await markAuthTokenUsed(trx, row.id);
      const id = String(row.user_id);
      // A reset ends every session: whoever knew the old password is signed out.
      await updateUser(trx, id, { password_hash: hash, tokens_valid_after: trx.fn.now() });
      await createSessionStore(trx as never).revokeAllForUser(id, 'password_reset');
      await audit(trx, { actor_user_id: id, action: 'user.password_reset', entity: 'user', entity_id: id, ip: ctx.ip });
      return id;
    }),
  );
  if (!userId) throw invalidLink('token', 'This reset link is invalid or has expired. Request a new one.');
  return notice('Your password has been changed. Please sign in.');
}

export async function requestEmailChange(ctx: RequestContext, raw: unknown) {
  const viewer = ctx.viewer!;
  const args = parseArgs(z.object({ email: fields.email(), password: z.string().min(1, 'Enter your password.') }), raw);
  const user = await findUserById(ctx.db, viewer.id);
  const row = user && (await ctx.db('users').where({ id: user.id }).first('password_hash'));
  if (!user || !(await verifyPassword(row?.password_hash, args.password))) throw badInput('password', 'The password is not correct.');
  if (await emailTaken(ctx.db, args.email)) throw badInput('email', 'An account with this email already exists.');
  await inTransaction(ctx, async (trx) => {
    const { token } = await issueToken(trx, user.id, 'email_change', RESET_MINUTES, { payload: { email: args.email } });
    await sendMail(ctx, trx, { id: user.id, email: args.email, locale: user.locale }, 'email-change', {
      fname: user.fname,
      url: link(ctx, `/email-confirmation?change=${encodeURIComponent(token)}`),
    });
  });
  return notice('We emailed a confirmation link to the new address.');
}

export async function verifyEmailChange(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ token: fields.token }), raw);
  const outcome = await guardedAttempt(ctx, 'verifyEmailChange', (wrong) =>
    inTransaction(ctx, async (trx) => {
      const row = await findAuthToken(trx, 'email_change', sha256Hex(args.token), true);
      if (!row) wrong();
      if (!row || row.used_at || new Date(row.expires_at) <= new Date()) return 'invalid' as const;
      const email = String(row.payload.email ?? '');
      if (await emailTaken(trx, email)) return 'taken' as const;
      await markAuthTokenUsed(trx, row.id);
      await updateUser(trx, String(row.user_id), { email, email_confirmed: true });
      await audit(trx, {
        actor_user_id: String(row.user_id),
        action: 'user.email_change',
        entity: 'user',
        entity_id: String(row.user_id),
        ip: ctx.ip,
        data: { email },
      });
      return 'ok' as const;
    }),
  );
  if (outcome === 'invalid') throw invalidLink('token');
  if (outcome === 'taken') throw badInput('email', 'An account with this email already exists.');
  return notice('Your email address has been changed.');
}
