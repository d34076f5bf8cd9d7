import type { Knex } from 'knex';
import { queueMessage } from '@kv/messaging';
import { randomPin, randomToken, sha256Hex } from '@kv/auth';
import type { RequestContext } from '../../../types.ts';
import { throttled } from '../errors.ts';
import { expireAuthTokens, insertAuthToken } from '../repo.ts';

/** Charges one attempt to a throttle, or refuses the operation. */
export async function charge(
  throttle: { consume(key: string): Promise<{ allowed: boolean; retryAfterMs: number }> },
  key: string,
): Promise<void> {
  const r = await throttle.consume(key);
  if (!r.allowed) throw throttled(r.retryAfterMs);
}

/**
 * One occurrence of a guarded operation (plugins/app/attempt-guard.ts charged it before it ran).
 * `run` calls `wrong()` when the secret it checked (password, PIN, link) was wrong: that occurrence
 * stays counted as a failure; anything else (success, or a refusal that guessed nothing) gives
 * its points back.
 */
export async function guardedAttempt<T>(
  ctx: RequestContext,
  operation: string,
  run: (wrong: () => void) => Promise<T>,
  subject?: string,
): Promise<T> {
  let failed = false;
  try {
    return await run(() => {
      failed = true;
    });
  } finally {
    await ctx.guard?.settle(operation, failed, subject);
  }
}

/** A guest operation about to mail `email`: counted per centre and recipient (the address is counted before execution). */
export async function chargeMailTo(ctx: RequestContext, email: string): Promise<void> {
  await charge(ctx.throttles.mailTarget, `${ctx.tenant.id}:${email.trim().toLowerCase()}`);
}

/** Issues a one-time token (and optional PIN), replacing older ones of the same purpose. */
export async function issueToken(
  trx: Knex.Transaction,
  userId: string,
  purpose: string,
  ttlMinutes: number,
  opts: { pin?: boolean; payload?: object } = {},
): Promise<{ token: string; pin: string | null }> {
  await expireAuthTokens(trx, userId, purpose);
  const token = randomToken(24);
  const pin = opts.pin ? randomPin(6) : null;
  await insertAuthToken(trx, {
    user_id: userId,
    purpose,
    token_hash: sha256Hex(token),
    pin_hash: pin ? sha256Hex(pin) : null,
    payload: opts.payload,
    expires_at: new Date(Date.now() + ttlMinutes * 60_000),
  });
  return { token, pin };
}

/** Mail goes through the outbox: written in the caller's transaction, sent by a job after commit. */
export async function sendMail(
  ctx: RequestContext,
  trx: Knex.Transaction,
  to: { id: string; email: string | null; locale?: string | null },
  template: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (!to.email) return;
  await queueMessage(trx, {
    channel: 'email',
    to: to.email,
    userId: to.id,
    template,
    locale: to.locale ?? 'en',
    data: { centre: ctx.tenant.name, ...data },
    centreId: ctx.tenant.id,
  });
}

export function link(ctx: RequestContext, path: string): string {
  return `${ctx.deps.config.centreOrigin(ctx.tenant.slug)}${path}`;
}
