import type { DocumentNode } from 'graphql';
import type { FastifyReply } from 'fastify';
import { AuthError, DEVICE_TOKEN_TTL_SECONDS, type FailureBudget, type Reservation } from '@kv/auth';
import { AppError, CommonError, rootFieldOccurrences } from '@kv/server';
import { findUserByLogin } from '../../modules/auth/index.ts';
import type { AttemptGuard, RequestContext } from '../../types.ts';

/**
 * The guest operations a client could hammer. `guess`: a wrong password or code is a failure
 * (per account for `login`, per centre and address for every one); `mail`: each call is a mail
 * sent, counted per centre and address (and per recipient by the operation).
 */
export const GUARDED_OPERATIONS: Readonly<Record<string, { guess?: true; mail?: true }>> = {
  login: { guess: true },
  register: { guess: true, mail: true }, // a wrong signup code
  forgotPassword: { mail: true },
  resendTokenEmail: { mail: true },
  resendInvitedUserEmail: { mail: true },
  verifyEmail: { guess: true },
  verifyInvitedUserEmail: { guess: true },
  updateForgottenPassword: { guess: true },
  updateInvitedUserPassword: { guess: true },
  verifyAutologin: { guess: true },
  verifyEmailChange: { guess: true },
  approveUser: { guess: true },
  approveUserByLink: { guess: true },
  verifyInvitedUserPhone: { guess: true },
};
const NAMES = new Set(Object.keys(GUARDED_OPERATIONS));

/** Known-device cookies are named per user: one browser may be shared by a family. */
const DEVICE_COOKIE = /^kvd_(\d{1,19})$/;
/** A browser sends at most this many device cookies that are looked at. */
const MAX_DEVICE_COOKIES = 8;

export function throttledError(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(CommonError.Throttled, `Too many attempts. Try again in ${seconds} seconds.`, { retryAfter: seconds }, 429);
}

/** The user ids this request's valid device cookies name for the centre. */
async function knownUsers(ctx: RequestContext, cookieHeader: string | undefined): Promise<Set<string>> {
  const known = new Set<string>();
  if (!cookieHeader) return known;
  const pairs = cookieHeader
    .split(';')
    .map((p) => p.trim().split('='))
    .filter(([name, value]) => value && DEVICE_COOKIE.test(name ?? ''))
    .slice(0, MAX_DEVICE_COOKIES);
  for (const [name, value] of pairs) {
    try {
      const { sub } = await ctx.deps.tokens.verifyDevice(decodeURIComponent(value!), ctx.tenant.id);
      if (`kvd_${sub}` === name) known.add(sub);
    } catch (e) {
      if (!(e instanceof AuthError)) throw e;
    }
  }
  return known;
}

export interface DocumentGuard extends AttemptGuard {
  /** After execution: occurrences that never settled (merged, or never run) count as failures. */
  finish(): Promise<void>;
}

interface Pending {
  operation: string;
  subject: string;
  taken: { budget: FailureBudget; reservation: Reservation }[];
}

async function settleOne(p: Pending, failed: boolean): Promise<void> {
  for (const { budget, reservation } of p.taken) await (failed ? budget.fail(reservation) : budget.refund(reservation));
}

/**
 * Charges a document's guarded operations before anything runs, once per occurrence (aliases,
 * fragments and merged identical fields included), and keeps the points until each occurrence's
 * outcome is known (`settle`). What never settles (merged or never run) stays counted.
 */
export async function guardDocument(
  ctx: RequestContext,
  reply: FastifyReply,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): Promise<DocumentGuard | undefined> {
  const occurrences = rootFieldOccurrences(document, NAMES, variables);
  if (occurrences.length === 0) return undefined;
  const { throttles, tenant, ip } = ctx;
  const subject = (o: (typeof occurrences)[number]) => (o.name === 'login' ? (o.args.username ?? '').trim().toLowerCase() : '');

  // Sign-ins of users this browser knows are judged by their account's budget only.
  const logins = [...new Set(occurrences.filter((o) => o.name === 'login').map(subject))];
  const exempt = new Set<string>();
  const known = logins.length ? await knownUsers(ctx, reply.request.headers.cookie) : new Set<string>();
  if (known.size) {
    for (const login of logins) {
      const user = login ? await findUserByLogin(ctx.db, login) : undefined;
      if (user && known.has(String(user.id))) exempt.add(login);
    }
  }

  const pending: Pending[] = [];
  // Refused: what this document took so far is given back, and nothing runs.
  const refuse = async (retryAfterMs: number): Promise<never> => {
    for (const p of pending.splice(0)) await settleOne(p, false);
    throw throttledError(retryAfterMs);
  };
  for (const o of occurrences) {
    if (!GUARDED_OPERATIONS[o.name]!.guess) continue;
    const who = subject(o);
    const p: Pending = { operation: o.name, subject: who, taken: [] };
    pending.push(p);
    const keys: [FailureBudget, string][] =
      o.name !== 'login'
        ? [[throttles.address, `code:${tenant.id}:${ip}`]]
        : exempt.has(who)
          ? [[throttles.account, `${tenant.id}:${who}`]]
          : [
              [throttles.account, `${tenant.id}:${who}`],
              [throttles.address, `signin:${tenant.id}:${ip}`],
            ];
    for (const [budget, key] of keys) {
      const r = await budget.take(key);
      if (!r.allowed) await refuse(r.retryAfterMs);
      else p.taken.push({ budget, reservation: r.reservation });
    }
  }
  const mails = occurrences.filter((o) => GUARDED_OPERATIONS[o.name]!.mail).length;
  if (mails) {
    const r = await throttles.mailIp.consume(`${tenant.id}:${ip}`, mails);
    if (!r.allowed) await refuse(r.retryAfterMs);
  }

  let deviceCookies = 0;
  const guard: DocumentGuard = {
    async settle(operation, failed, who) {
      const i = pending.findIndex((p) => p.operation === operation && (who === undefined || p.subject === who));
      if (i < 0) return;
      const [p] = pending.splice(i, 1);
      await settleOne(p!, failed);
    },
    async knownDevice(userId) {
      if (deviceCookies++ >= MAX_DEVICE_COOKIES) return;
      const token = await ctx.deps.tokens.signDevice({ tid: tenant.id, sub: userId });
      const secure = ctx.deps.config.production ? '; Secure' : '';
      // Host-only (no Domain): each centre's host keeps its own; HttpOnly: no script reads it.
      reply.header(
        'set-cookie',
        `kvd_${userId}=${token}; Path=/graphql; Max-Age=${DEVICE_TOKEN_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
      );
    },
    async finish() {
      for (const p of pending.splice(0)) await settleOne(p, true);
    },
  };
  return guard;
}
