import { AuthError, hashPassword, passwordProblem, verifyPassword } from '@kv/auth';
import { badInput } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { OPERATOR_ROLES, requireRole, requireViewer, type Actor, type OperatorRole } from '../../access.ts';
import { email, id as idArg, isUuid, oneOf, optionalText, text, username as usernameArg } from '../../validate.ts';
import { toPage, paginatorInfo, type PageArgs } from '../../graphql/pagination.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { operatorPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { cannotChangeSelf, invalidCredentials, invalidRefreshToken, operatorNotFound, sessionNotFound, usernameTaken } from './errors.ts';

export const PLATFORM_TID = 'platform';
const SESSION_TTL_MS = 12 * 60 * 60_000;

export interface CreateOperatorInput {
  fname: string;
  lname: string;
  username: string;
  email?: string | null;
  role: string;
  password: string;
}

export interface UpdateOperatorInput {
  id: string;
  fname?: string | null;
  lname?: string | null;
  email?: string | null;
  role?: string | null;
  status?: boolean | null;
  password?: string | null;
}

function checkedPassword(password: string): string {
  const problem = passwordProblem(password);
  if (problem) throw badInput('password', problem);
  return password;
}

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
    async login(actor: Actor, input: { username: string; password: string; device?: string | null }) {
      // Public: anyone may try; the login throttle has already charged this attempt.
      const login = text('username', input.username, { max: 254 });
      if (!input.password || input.password.length > 1024) throw badInput('password', 'password is required.');
      const row = await repo.findOperatorForLogin(db, login);
      const ok = await verifyPassword(row?.password_hash ?? null, input.password);
      const device = input.device ?? null;
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

    async refreshToken(_actor: Actor, input: { refresh_token: string }) {
      // Public: the refresh token itself is the credential.
      let rotated;
      try {
        rotated = await rt.sessions.rotate(input.refresh_token ?? '');
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

    async logout(actor: Actor, input: { session_id?: string | null }) {
      const viewer = requireViewer(actor);
      const sessionId = input.session_id ?? viewer.sessionId;
      const session = isUuid(sessionId) ? await rt.sessions.active(sessionId) : null;
      if (!session || session.user_id !== viewer.id) throw sessionNotFound();
      await rt.sessions.revoke(session.id, 'logout');
      return done('Signed out.');
    },

    async me(actor: Actor) {
      // Anyone: a guest gets null.
      return actor.viewer?.id ? ((await repo.findOperator(db, actor.viewer.id)) ?? null) : null;
    },

    async operators(actor: Actor, args: PageArgs & { search?: string | null }) {
      requireRole(actor, operatorPolicy.listOperators);
      const page = toPage(args);
      const { rows, total } = await repo.listOperators(db, {
        search: args.search?.trim() || null,
        offset: page.offset,
        limit: page.perPage,
      });
      return { data: rows, paginatorInfo: paginatorInfo(total, page) };
    },

    async createOperator(actor: Actor, input: CreateOperatorInput) {
      requireRole(actor, operatorPolicy.createOperator);
      const row = {
        fname: text('fname', input.fname, { max: 100 }),
        lname: text('lname', input.lname, { max: 100 }),
        username: usernameArg('username', input.username),
        email: input.email ? email('email', input.email) : null,
        role: oneOf('role', input.role, OPERATOR_ROLES),
        password_hash: await hashPassword(checkedPassword(input.password ?? '')),
      };
      const operator = await db.transaction(async (trx) => {
        if (await repo.usernameExists(trx, row.username)) throw usernameTaken();
        const created = await repo.insertOperator(trx, row);
        await writeAudit(trx, actor, 'operator.create', 'operator', created.id, { username: created.username, role: created.role });
        return created;
      });
      return done('Operator created.', { operator });
    },

    async updateOperator(actor: Actor, input: UpdateOperatorInput) {
      const viewer = requireRole(actor, operatorPolicy.updateOperator);
      const id = idArg('id', input.id);
      const patch: Record<string, unknown> = {};
      if (input.fname != null) patch.fname = text('fname', input.fname, { max: 100 });
      if (input.lname != null) patch.lname = text('lname', input.lname, { max: 100 });
      if (input.email !== undefined) patch.email = input.email ? email('email', input.email) : optionalText('email', input.email, 254);
      if (input.role != null) patch.role = oneOf<OperatorRole>('role', input.role, OPERATOR_ROLES);
      if (input.status != null) patch.status = input.status;
      if (input.password != null) patch.password_hash = await hashPassword(checkedPassword(input.password));
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
  const created = await repo.insertOperator(controlDb, {
    fname: input.fname,
    lname: input.lname,
    username: usernameArg('username', input.username),
    email: input.email ?? null,
    role: input.role,
    password_hash: await hashPassword(checkedPassword(input.password)),
  });
  return created.id;
}
