import type { DocumentNode } from 'graphql';
import type { FastifyReply } from 'fastify';
import { AttemptLedger, knownDeviceCookie, knownDeviceUsers, MAX_DEVICE_COOKIES, type FailureBudget } from '@kv/auth';
import { rootFieldOccurrences } from '@kv/server';
import { findUserByLogin, throttled } from '../../modules/auth/index.ts';
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
  requestUnsubscribeLink: { mail: true },
};
const NAMES = new Set(Object.keys(GUARDED_OPERATIONS));

export interface DocumentGuard extends AttemptGuard {
  /** Occurrences of `operation` still unsettled. */
  pending(operation: string): number;
  /** After execution: occurrences that never settled (merged, or never run) count as failures. */
  finish(): Promise<void>;
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
  const known = logins.length ? await knownDeviceUsers(ctx.deps.tokens, tenant.id, reply.request.headers.cookie) : new Set<string>();
  if (known.size) {
    for (const login of logins) {
      const user = login ? await findUserByLogin(ctx.db, login) : undefined;
      if (user && known.has(String(user.id))) exempt.add(login);
    }
  }

  const ledger = new AttemptLedger();
  for (const o of occurrences) {
    if (!GUARDED_OPERATIONS[o.name]!.guess) continue;
    const who = subject(o);
    const budgets: [FailureBudget, string][] =
      o.name !== 'login'
        ? [[throttles.address, `code:${tenant.id}:${ip}`]]
        : exempt.has(who)
          ? [[throttles.account, `${tenant.id}:${who}`]]
          : [
              [throttles.account, `${tenant.id}:${who}`],
              [throttles.address, `signin:${tenant.id}:${ip}`],
            ];
    const r = await ledger.take(o.name, who, budgets);
    if (!r.allowed) throw throttled(r.retryAfterMs, 429);
  }
  const mails = occurrences.filter((o) => GUARDED_OPERATIONS[o.name]!.mail).length;
  if (mails) {
    const r = await throttles.mailIp.consume(`${tenant.id}:${ip}`, mails);
    if (!r.allowed) {
      await ledger.giveBack();
      throw throttled(r.retryAfterMs, 429);
    }
  }

  let deviceCookies = 0;
  const guard: DocumentGuard = {
    settle: (operation, failed, who) => ledger.settle(operation, failed, who),
    async knownDevice(userId) {
      if (deviceCookies++ >= MAX_DEVICE_COOKIES) return;
      reply.header('set-cookie', await knownDeviceCookie(ctx.deps.tokens, tenant.id, userId, { secure: ctx.deps.config.production }));
    },
    pending: (operation) => ledger.pending(operation),
    finish: () => ledger.finish(),
  };
  return guard;
}

type Resolver = (root: unknown, args: unknown, ctx: RequestContext, info: unknown) => unknown;

/**
 * Wraps the guarded mutations' resolvers: a call that ends without settling its occurrence (it
 * refused its input before checking any secret) gives that occurrence's points back. Mutations run
 * one after another, so "did this call settle one" is the count before and after.
 */
export function settleUnsettledCalls(mutations: Record<string, unknown> | undefined): void {
  if (!mutations) return;
  for (const name of Object.keys(GUARDED_OPERATIONS)) {
    const resolve = mutations[name] as Resolver | undefined;
    if (!resolve) continue;
    mutations[name] = async (root: unknown, args: unknown, ctx: RequestContext, info: unknown) => {
      const guard = ctx.guard as DocumentGuard | undefined;
      const before = guard?.pending(name) ?? 0;
      try {
        return await resolve(root, args, ctx, info);
      } finally {
        if (guard && guard.pending(name) === before && before > 0) await guard.settle(name, false);
      }
    };
  }
}
