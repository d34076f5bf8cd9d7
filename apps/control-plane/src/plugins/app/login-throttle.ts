import type { DocumentNode } from 'graphql';
import type { FastifyReply } from 'fastify';
import { AttemptLedger, knownDeviceCookie, knownDeviceUsers, type FailureBudget } from '@kv/auth';
import { AppError, CommonError, rootFieldOccurrences } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { findOperatorForLogin } from '../../modules/operators/repo.ts';
import { PLATFORM_TID } from '../../modules/operators/service.ts';

const LOGIN = new Set(['login']);

/** The sign-in attempts of one request; the operators' `login` resolver settles them. */
export interface LoginGuard {
  /** One `login` of `username` failed (wrong password) or not; a failure stays counted. */
  settle(username: string, failed: boolean): Promise<void>;
  /** After a successful sign-in: the browser keeps a known-device cookie for this operator. */
  knownDevice(operatorId: string): Promise<void>;
  /** After execution: logins that never settled (merged, or never run) count as failures. */
  finish(): Promise<void>;
}

export function normalLogin(username: unknown): string {
  return String(username ?? '')
    .trim()
    .toLowerCase();
}

/**
 * Charges every `login` of a document (aliases, fragments and merged identical fields included)
 * to its operator account and, unless the browser is a known device of that operator, to the
 * address, before any password is checked. Only failures stay counted.
 */
export async function guardLogins(
  rt: ControlPlaneRuntime,
  ip: string,
  reply: FastifyReply,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): Promise<LoginGuard | undefined> {
  const logins = rootFieldOccurrences(document, LOGIN, variables).map((o) => normalLogin(o.args.username));
  if (logins.length === 0) return undefined;
  const exempt = new Set<string>();
  const known = await knownDeviceUsers(rt.tokens, PLATFORM_TID, reply.request.headers.cookie);
  if (known.size) {
    for (const login of new Set(logins)) {
      const operator = login ? await findOperatorForLogin(rt.controlDb, login) : undefined;
      if (operator && known.has(String(operator.id))) exempt.add(login);
    }
  }
  const ledger = new AttemptLedger();
  for (const login of logins) {
    const budgets: [FailureBudget, string][] = [[rt.throttles.account, login]];
    if (!exempt.has(login)) budgets.push([rt.throttles.address, `signin:${ip}`]);
    const r = await ledger.take('login', login, budgets);
    if (!r.allowed) {
      const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
      throw new AppError(
        CommonError.Throttled,
        `Too many sign-in attempts. Try again in ${seconds} seconds.`,
        { retryAfter: seconds },
        429,
      );
    }
  }
  return {
    settle: (username, failed) => ledger.settle('login', failed, normalLogin(username)),
    async knownDevice(operatorId) {
      reply.header('set-cookie', await knownDeviceCookie(rt.tokens, PLATFORM_TID, operatorId, { secure: rt.config.production }));
    },
    finish: () => ledger.finish(),
  };
}
