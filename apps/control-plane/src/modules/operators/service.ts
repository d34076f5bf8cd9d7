import { z } from 'zod';
import { AuthError, hashPassword, passwordProblem, verifyPassword } from '@kv/auth';
import { fields, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { OPERATOR_ROLES, requireRole, requireViewer, type Actor, type OperatorRole } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { operatorPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { cannotChangeSelf, invalidCredentials, invalidRefreshToken, operatorNotFound, sessionNotFound, usernameTaken } from './errors.ts';

export const PLATFORM_TID = 'platform';
const SESSION_TTL_MS = 12 * 60 * 60_000;

/** A new password: the platform's password rule (packages/auth), its problem as the message. */
const newPassword = z.string('password is required.').superRefine((v, ctx) => {
  const problem = passwordProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const operatorName = (label: string) => fields.text(label, { max: 100 });
/** Optional: null or blank means none (on update, omitted keeps the address). */
const operatorEmail = z.preprocess((v) => (typeof v === 'string' && !v.trim() ? null : v), fields.email('email').toLowerCase().nullish());
const role = fields.oneOf('role', OPERATOR_ROLES);

const loginArgs = z.object({
  username: fields.text('username', { max: 254 }),
  password: z.string('password is required.').min(1, 'password is required.').max(1024, 'password is required.'),
  device: z.string().nullish(),
});
const refreshArgs = z.object({ refresh_token: z.string().max(2000).nullish() });
const logoutArgs = z.object({ session_id: z.string().max(100).nullish() });
const listArgs = z.object({ ...pageArgs, search: fields.optionalText(200, 'search') });
const createArgs = z.object({
  fname: operatorName('fname'),
  lname: operatorName('lname'),
  username: fields.username('username'),
  email: operatorEmail,
  role,
  password: newPassword,
});
const updateArgs = z.object({
  id: fields.id('id'),
  fname: operatorName('fname').nullish(),
  lname: operatorName('lname').nullish(),
  email: operatorEmail,
  role: role.nullish(),
  status: z.boolean('status must be true or false.').nullish(),
  password: newPassword.nullish(),
});
const seedOperatorArgs = z.object({ username: fields.username('username'), password: newPassword });

export function createOperatorService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;

  async function issue(operator: repo.OperatorRow, sessionId: string, refreshToken: string, message: string) {
    const { token, expiresIn } = await rt.tokens.signAccess({ sub: operator.id, tid: PLATFORM_TID, role: operator.role, sid: sessionId });
    return done(message, {
      tokens: { access_token: token, refresh_token: refreshToken },
      expires_in: expiresIn,
      session_id: sessionId,
      user: operator,
    });
  }

  return {
    async login(actor: Actor, raw: unknown) {
      // Public: anyone may try; the login throttle has already charged this attempt.
      const { username: login, password, device = null } = parseArgs(loginArgs, raw);
      const row = await repo.findOperatorForLogin(db, login);
      const ok = await verifyPassword(row?.password_hash ?? null, password);
      if (!row || !ok || !row.status) {
        const reason = !row ? 'unknown_user' : !ok ? 'bad_password' : 'inactive';
        await repo.recordLogin(db, {
          userId: row?.id ?? null,
          username: login,
          success: false,
          reason,
          device,
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        throw invalidCredentials();
      }
      const { password_hash: _hash, ...operator } = row;
      const { sessionId, refreshToken } = await rt.sessions.start(operator.id, {
        device,
        ip: actor.ip,
        userAgent: actor.userAgent,
        ttlMs: SESSION_TTL_MS,
      });
      await repo.touchLastLogin(db, operator.id);
      await repo.recordLogin(db, { userId: operator.id, username: login, success: true, device, ip: actor.ip, userAgent: actor.userAgent });
      // Only failures should add up towards the lock: a correct password clears the account's count.
      await rt.throttles.account.reset(login.toLowerCase());
      return issue(operator, sessionId, refreshToken, 'Signed in.');
    },

    async refreshToken(_actor: Actor, raw: unknown) {
      // Public: the refresh token itself is the credential.
      const { refresh_token } = parseArgs(refreshArgs, raw);
      let rotated;
      try {
        rotated = await rt.sessions.rotate(refresh_token ?? '');
      } catch (e) {
        if (e instanceof AuthError) throw invalidRefreshToken();
        throw e;
      }
      const operator = await repo.findOperator(db, rotated.userId);
      if (!operator || !operator.status) {
        await rt.sessions.revoke(rotated.sessionId, 'inactive');
        throw invalidRefreshToken();
      }
      return issue(operator, rotated.sessionId, rotated.refreshToken, 'Session renewed.');
    },

    async logout(actor: Actor, raw: unknown) {
      const viewer = requireViewer(actor);
      const sessionId = parseArgs(logoutArgs, raw).session_id ?? viewer.sessionId;
      // Text that is not a session id (a UUID) names no session: `active` answers null.
      const session = sessionId ? await rt.sessions.active(sessionId) : null;
      if (!session || session.user_id !== viewer.id) throw sessionNotFound();
      await rt.sessions.revoke(session.id, 'logout');
      return done('Signed out.');
    },

    async me(actor: Actor) {
      // Anyone: a guest gets null.
      return actor.viewer?.id ? ((await repo.findOperator(db, actor.viewer.id)) ?? null) : null;
    },

    async operators(actor: Actor, raw: unknown) {
      requireRole(actor, operatorPolicy.listOperators);
      const { page, first, search } = parseArgs(listArgs, raw);
      const { rows, total } = await repo.listOperators(db, { search: search ?? null, offset: (page - 1) * first, limit: first });
      return paginated(rows, total, page, first);
    },

    async createOperator(actor: Actor, raw: unknown) {
      requireRole(actor, operatorPolicy.createOperator);
      const { password, ...input } = parseArgs(createArgs, raw);
      const row = { ...input, email: input.email ?? null, password_hash: await hashPassword(password) };
      const operator = await db.transaction(async (trx) => {
        if (await repo.usernameExists(trx, row.username)) throw usernameTaken();
        const created = await repo.insertOperator(trx, row);
        await writeAudit(trx, actor, 'operator.create', 'operator', created.id, { username: created.username, role: created.role });
        return created;
      });
      return done('Operator created.', { operator });
    },

    async updateOperator(actor: Actor, raw: unknown) {
      const viewer = requireRole(actor, operatorPolicy.updateOperator);
      const { id, password, ...input } = parseArgs(updateArgs, raw);
      const patch: Record<string, unknown> = {};
      for (const k of ['fname', 'lname', 'role', 'status'] as const) if (input[k] != null) patch[k] = input[k];
      if (input.email !== undefined) patch.email = input.email;
      if (password != null) patch.password_hash = await hashPassword(password);
      const { operator, endSessions } = await db.transaction(async (trx) => {
        const before = await repo.findOperator(trx, id);
        if (!before) throw operatorNotFound();
        if (id === viewer.id && patch.status === false) throw cannotChangeSelf('status');
        if (id === viewer.id && patch.role !== undefined && patch.role !== before.role) throw cannotChangeSelf('role');
        const deactivated = before.status && patch.status === false;
        const endSessions = deactivated || patch.password_hash !== undefined;
        // Access tokens issued before now stop working at once, not when they expire.
        if (endSessions) patch.tokens_valid_after = trx.fn.now();
        const operator = (await repo.updateOperatorRow(trx, id, patch))!;
        const changed = Object.keys(patch).filter((k) => k !== 'password_hash' && k !== 'tokens_valid_after');
        await writeAudit(trx, actor, deactivated ? 'operator.deactivate' : 'operator.update', 'operator', id, {
          changed,
          password_changed: patch.password_hash !== undefined,
        });
        return { operator, endSessions };
      });
      if (endSessions) await rt.sessions.revokeAllForUser(id, patch.status === false ? 'deactivated' : 'password_changed');
      return done('Operator updated.', { operator });
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;

/**
 * Creates an operator when the username is free (the seed's first admin); an existing account,
 * its password included, is left untouched. Returns the operator's id.
 */
export async function ensureOperator(
  controlDb: ControlPlaneRuntime['controlDb'],
  input: { username: string; password: string; fname: string; lname: string; email?: string | null; role: OperatorRole },
): Promise<string> {
  const existing = await repo.findOperatorForLogin(controlDb, input.username);
  if (existing) return existing.id;
  const { username, password } = parseArgs(seedOperatorArgs, input);
  const created = await repo.insertOperator(controlDb, {
    fname: input.fname,
    lname: input.lname,
    username,
    email: input.email ?? null,
    role: input.role,
    password_hash: await hashPassword(password),
  });
  return created.id;
}
