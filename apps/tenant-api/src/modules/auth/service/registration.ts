import { z } from 'zod';
import { hashPassword, passwordProblem, randomToken, sha256Hex, safeEqualHex } from '@kv/auth';
import { badInput, fields, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { invalidLink, signupCodeExpired as codeExpired } from '../errors.ts';
import {
  addUserLocation,
  approversFor,
  assignRole,
  audit,
  countAuthTokenAttempt,
  emailTaken,
  findAuthToken,
  findUserById,
  findUsersByEmail,
  getSetting,
  insertUser,
  markAuthTokenUsed,
  signupLocation,
  type SignupLocation,
  updateUser,
  usernameTaken,
} from '../repo.ts';
import { chargeMailTo, guardedAttempt, issueToken, link, sendMail } from './shared.ts';
import { inTransaction, mapUniqueViolations } from '../../../core/tx.ts';
import { notice } from '../../../core/result.ts';

const MAX_PIN_ATTEMPTS = 5;
const DEFAULT_PIN_MINUTES = 60;

/** A code stops working expiry_time hours after it was set; no expiry_time means it never does. */
function signupCodeExpired(location: SignupLocation, now = Date.now()): boolean {
  if (location.expiry_time == null || !location.signup_code_set_at) return false;
  return new Date(location.signup_code_set_at).getTime() + location.expiry_time * 3_600_000 <= now;
}

const registerArgs = z.object({
  fname: fields.name('First name'),
  lname: fields.name('Last name'),
  username: fields.username(),
  email: fields.email(),
  password: z.string(),
  // Minutes the emailed PIN stays valid, bounded so a client cannot make it live for ever. A signup
  // code's location with a signup_pin_code_expiry decides instead.
  validity: z
    .number()
    .int('Validity must be whole minutes.')
    .min(5, 'Validity must be at least 5 minutes.')
    .max(1440, 'Validity must be at most 1440 minutes.')
    .nullish(),
  signup_code: z.string().trim().max(40).optional().nullable(),
});

export async function register(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(registerArgs, raw);
  await chargeMailTo(ctx, args.email);
  const weak = passwordProblem(args.password);
  if (weak) throw badInput('password', weak);
  // A wrong signup code is a guess; no code, or a right one, gives the attempt back.
  const location = await guardedAttempt(ctx, 'register', async (wrong) => {
    const found = args.signup_code ? await signupLocation(ctx.db, args.signup_code) : undefined;
    if (args.signup_code && !found) wrong();
    return found;
  });
  if (args.signup_code && !location) throw badInput('signup_code', 'This signup code is not valid.');
  if (location && signupCodeExpired(location)) throw codeExpired(location.signup_fail_text);
  const minutes = location?.signup_pin_code_expiry ?? args.validity ?? DEFAULT_PIN_MINUTES;
  if (await usernameTaken(ctx.db, args.username)) throw badInput('username', 'This username is taken.');
  if (await emailTaken(ctx.db, args.email)) throw badInput('email', 'An account with this email already exists.');
  const password_hash = await hashPassword(args.password);

  const pinTime = await inTransaction(ctx, async (trx) => {
    const userId = await mapUniqueViolations(
      insertUser(trx, {
        fname: args.fname,
        lname: args.lname,
        username: args.username,
        email: args.email,
        password_hash,
        email_confirmed: false,
        status: true,
        pending: false,
      }),
      { users_username_unique: () => badInput('username', 'This username is taken.') },
    );
    await assignRole(trx, userId, 'user');
    if (location) await addUserLocation(trx, userId, location.id);
    const { token, pin } = await issueToken(trx, userId, 'verify_email', minutes, {
      pin: true,
      payload: { location_id: location?.id ?? null },
    });
    await sendMail(ctx, trx, { id: userId, email: args.email }, 'verify-email', {
      fname: args.fname,
      pin,
      url: link(ctx, `/verify-email/${token}`),
      minutes,
    });
    await audit(trx, {
      actor_user_id: userId,
      action: 'user.register',
      entity: 'user',
      entity_id: userId,
      ip: ctx.ip,
      data: { location_id: location?.id ?? null },
    });
    return token;
  });
  return {
    ...notice('Your account was created. Enter the PIN we emailed you to confirm your address.'),
    pin_time: pinTime,
    signup_success_text: location?.signup_success_text ?? null,
  };
}

type PinCheck = { ok: true; userId: string; payload: Record<string, unknown> } | { ok: false; field: string; message: string };

/**
 * Checks a PIN against the token named by pin_time. A wrong PIN is counted outside the
 * transaction that would roll it back; five wrong PINs burn the token.
 */
export async function consumePin(ctx: RequestContext, purpose: string, pinTime: string, pin: string): Promise<PinCheck> {
  const row = await findAuthToken(ctx.db, purpose, sha256Hex(pinTime));
  if (!row || row.used_at || new Date(row.expires_at) <= new Date() || row.attempts >= MAX_PIN_ATTEMPTS) {
    return { ok: false, field: 'pin_time', message: 'This PIN has expired. Request a new one.' };
  }
  if (!row.pin_hash || !safeEqualHex(row.pin_hash, sha256Hex(pin))) {
    await countAuthTokenAttempt(ctx.db, row.id);
    return { ok: false, field: 'pin', message: 'The PIN is not correct.' };
  }
  const claimed = await ctx.db('auth_tokens').where({ id: row.id }).whereNull('used_at').update({ used_at: ctx.db.fn.now() });
  if (claimed !== 1) return { ok: false, field: 'pin_time', message: 'This PIN was already used.' };
  return { ok: true, userId: String(row.user_id), payload: row.payload ?? {} };
}

export async function verifyEmail(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ pin_time: fields.token, pin: fields.pin }), raw);
  const check = await guardedAttempt(ctx, 'verifyEmail', async (wrong) => {
    const c = await consumePin(ctx, 'verify_email', args.pin_time, args.pin);
    if (!c.ok) wrong();
    return c;
  });
  if (!check.ok) throw badInput(check.field, check.message);
  const signup = (await getSetting<{ requires_approval?: boolean }>(ctx.db, 'signup')) ?? {};
  const user = await findUserById(ctx.db, check.userId);
  if (!user) throw invalidLink('pin_time');
  await inTransaction(ctx, async (trx) => {
    await updateUser(trx, user.id, { email_confirmed: true, pending: Boolean(signup.requires_approval) });
    await audit(trx, { actor_user_id: user.id, action: 'user.verify_email', entity: 'user', entity_id: user.id, ip: ctx.ip });
    if (signup.requires_approval) {
      const locationId = (check.payload.location_id as string | null) ?? null;
      for (const approver of await approversFor(trx, locationId)) {
        const { token } = await issueToken(trx, user.id, 'approve_user', 7 * 24 * 60, { payload: { approver_id: approver.id } });
        await sendMail(ctx, trx, approver, 'approve-user', {
          fname: approver.fname,
          applicant: `${user.fname} ${user.lname}`,
          url: link(ctx, `/approve-user/${token}`),
        });
      }
    }
  });
  return signup.requires_approval
    ? notice('Your email is confirmed. The centre will approve your account shortly.', true, 'info')
    : notice('Your email is confirmed. You can sign in now.');
}

/**
 * Sends a new PIN. The answer has the same shape whether or not the address has an unconfirmed
 * account, so it cannot be used to find out who is registered.
 */
export async function resendTokenEmail(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ email: fields.email() }), raw);
  await chargeMailTo(ctx, args.email);
  const user = (await findUsersByEmail(ctx.db, args.email)).find((u) => !u.email_confirmed && !u.invited && u.status);
  let pinTime = randomToken(24);
  if (user) {
    pinTime = await inTransaction(ctx, async (trx) => {
      const minutes = 30;
      const { token, pin } = await issueToken(trx, user.id, 'verify_email', minutes, { pin: true });
      await sendMail(ctx, trx, user, 'verify-email', { fname: user.fname, pin, url: link(ctx, `/verify-email/${token}`), minutes });
      return token;
    });
  }
  return { ...notice('If an unconfirmed account uses this address, a new PIN is on its way.'), pin_time: pinTime };
}

/** The link sent to managers when a registration needs approval. */
export async function approveUser(ctx: RequestContext, raw: unknown, operation = 'approveUser') {
  const args = parseArgs(z.object({ token: fields.token }), raw);
  const done = await guardedAttempt(ctx, operation, (wrong) =>
    inTransaction(ctx, async (trx) => {
      const row = await findAuthToken(trx, 'approve_user', sha256Hex(args.token), true);
      if (!row) wrong();
      if (!row || row.used_at || new Date(row.expires_at) <= new Date()) return null;
      await trx('auth_tokens')
        .where({ user_id: row.user_id, purpose: 'approve_user' })
        .whereNull('used_at')
        .update({ used_at: trx.fn.now() });
      await updateUser(trx, String(row.user_id), { pending: false });
      const approver = (row.payload?.approver_id as string | undefined) ?? null;
      await audit(trx, { actor_user_id: approver, action: 'user.approve', entity: 'user', entity_id: String(row.user_id), ip: ctx.ip });
      await markAuthTokenUsed(trx, row.id);
      return String(row.user_id);
    }),
  );
  if (!done) throw invalidLink('token');
  return notice('The account is approved; its owner can sign in now.');
}
