import { AuthError, createSessionStore, sha256Hex, verifyPassword } from '@kv/auth';
import { highestRole, roleAtLeast } from '@kv/shared';
import { AppError, forbidden, notFound } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { LOGIN_MESSAGES, invalidLink, sessionEnded } from '../errors.ts';
import {
  audit,
  findUserById,
  findUserByLogin,
  findAuthToken,
  markAuthTokenUsed,
  recordLogin,
  rolesOfUser,
  updateUser,
  type UserAuthRow,
} from '../repo.ts';
import { guardedAttempt } from './shared.ts';
import { notice } from '../../../core/result.ts';

const STAFF_SESSION_MS = 12 * 3600_000;
const FAMILY_SESSION_MS = 30 * 24 * 3600_000;
const SUPPORT_SESSION_MAX_MS = 60 * 60_000;

export interface LoginPayload {
  status: boolean;
  message: string;
  color: string;
  tokens?: { access_token: string; refresh_token: string };
  expires_in?: number;
  session_id?: string;
  firebase_token?: string | null;
  /** `support` is the support session just opened: the new user's fields show it before any token is sent back. */
  user?: { id: string; support?: { operator: string; expiresAt: Date; mode: 'read' | 'write' } };
}

/** Why this user may not sign in now, or null. */
function refusal(user: UserAuthRow, roles: string[]): string | null {
  if (!user.status) return LOGIN_MESSAGES.inactive;
  if (user.pending) return LOGIN_MESSAGES.pending;
  if (!user.email_confirmed && !user.invited) return LOGIN_MESSAGES.unconfirmed;
  if (roles.length === 0) return LOGIN_MESSAGES.noRole;
  return null;
}

async function openSession(
  ctx: RequestContext,
  user: UserAuthRow,
  roles: string[],
  opts: { device?: string | null; ttlMs?: number; support?: { sessionId: string; operator: string; mode: 'read' | 'write' } },
): Promise<LoginPayload> {
  const role = highestRole(roles);
  const ttlMs = opts.ttlMs ?? (roleAtLeast(role, 'teacher') ? STAFF_SESSION_MS : FAMILY_SESSION_MS);
  const session = await createSessionStore(ctx.db).start(user.id, {
    device: opts.device,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    ttlMs,
    supportSessionId: opts.support?.sessionId,
    supportOperator: opts.support?.operator,
    supportMode: opts.support?.mode,
  });
  const access = await ctx.deps.tokens.signAccess({ sub: user.id, tid: ctx.tenant.id, role, sid: session.sessionId });
  await updateUser(ctx.db, user.id, { last_login_time: ctx.db.fn.now() });
  return {
    ...notice(LOGIN_MESSAGES.welcome),
    tokens: { access_token: access.token, refresh_token: session.refreshToken },
    expires_in: access.expiresIn,
    session_id: session.sessionId,
    firebase_token: null,
    user: {
      id: user.id,
      support: opts.support
        ? { operator: opts.support.operator, expiresAt: new Date(Date.now() + ttlMs), mode: opts.support.mode }
        : undefined,
    },
  };
}

/**
 * Only a wrong password (or an unknown user) counts against the account and the address; a
 * correct one clears the account's count, and the browser is remembered as a known device.
 */
export async function login(
  ctx: RequestContext,
  args: { username: string; password: string; device?: string | null },
): Promise<LoginPayload> {
  const login = args.username.trim();
  return guardedAttempt(
    ctx,
    'login',
    async (wrong) => {
      const user = await findUserByLogin(ctx.db, login);
      const ok = await verifyPassword(user?.password_hash, args.password);
      const history = { username: login, device: args.device ?? null, ip: ctx.ip, user_agent: ctx.userAgent };
      if (!user || !ok) {
        wrong();
        await recordLogin(ctx.db, { ...history, user_id: user?.id ?? null, success: false, reason: 'credentials' });
        return notice(LOGIN_MESSAGES.invalid, false);
      }
      const roles = await rolesOfUser(ctx.db, user.id);
      const refused = refusal(user, roles);
      if (refused) {
        await recordLogin(ctx.db, { ...history, user_id: user.id, success: false, reason: 'refused' });
        return { ...notice(refused, false, 'warning') };
      }
      await ctx.throttles.account.reset(`${ctx.tenant.id}:${login.toLowerCase()}`);
      await recordLogin(ctx.db, { ...history, user_id: user.id, success: true });
      const session = await openSession(ctx, user, roles, { device: args.device });
      await ctx.guard?.knownDevice(user.id);
      return session;
    },
    login.toLowerCase(),
  );
}

export async function refreshToken(ctx: RequestContext, args: { refresh_token: string }): Promise<LoginPayload> {
  const store = createSessionStore(ctx.db);
  let rotated;
  try {
    rotated = await store.rotate(args.refresh_token);
  } catch (e) {
    if (e instanceof AuthError) throw sessionEnded();
    throw e;
  }
  const user = await findUserById(ctx.db, rotated.userId);
  const roles = user ? await rolesOfUser(ctx.db, user.id) : [];
  if (!user || !user.status || roles.length === 0) {
    await store.revoke(rotated.sessionId, 'user_inactive');
    throw sessionEnded();
  }
  const access = await ctx.deps.tokens.signAccess({ sub: user.id, tid: ctx.tenant.id, role: highestRole(roles), sid: rotated.sessionId });
  return {
    ...notice('Session refreshed.'),
    tokens: { access_token: access.token, refresh_token: rotated.refreshToken },
    expires_in: access.expiresIn,
    session_id: rotated.sessionId,
    firebase_token: null,
    user: { id: user.id },
  };
}

export async function logout(ctx: RequestContext, args: { session_id?: string | null }) {
  const viewer = ctx.viewer!;
  const sessionId = args.session_id ?? viewer.sessionId;
  const store = createSessionStore(ctx.db);
  const session = await store.active(sessionId);
  // Only the viewer's own sessions; another user's session id is "not found", not "forbidden".
  if (!session || session.user_id !== viewer.id) throw notFound('Session not found.');
  await store.revoke(sessionId, 'logout');
  return notice('You have been signed out.');
}

/**
 * One-time sign-in links: a platform support session (a short JWT from the control plane, each
 * jti honoured once, audited, ending with the support session), or a centre-issued autologin token.
 */
export async function verifyAutologin(ctx: RequestContext, args: { token: string }): Promise<LoginPayload> {
  return guardedAttempt(ctx, 'verifyAutologin', (wrong) => autologin(ctx, args.token.trim(), wrong));
}

/** `wrong()` marks a token that is not one of ours (a guess), not one that is ours but spent. */
async function autologin(ctx: RequestContext, token: string, wrong: () => void): Promise<LoginPayload> {
  if (token.split('.').length === 3) {
    let claims;
    try {
      claims = await ctx.deps.tokens.verifySupportAutologin(token, ctx.tenant.id);
    } catch (e) {
      if (!(e instanceof AuthError)) throw e;
      wrong();
      throw invalidLink('token');
    }
    const user = await findUserById(ctx.db, claims.sub);
    if (!user || !user.status) throw invalidLink('token', 'This user cannot be signed in to.');
    const remaining = Math.min(claims.sexp * 1000 - Date.now(), SUPPORT_SESSION_MAX_MS);
    if (remaining <= 0) throw invalidLink('token');
    const firstUse = await ctx.db.transaction(async (trx) => {
      const inserted = await trx('auth_tokens')
        .insert({
          user_id: user.id,
          purpose: 'support_jti',
          token_hash: sha256Hex(claims.jti),
          expires_at: new Date(Date.now() + 3600_000),
          used_at: trx.fn.now(),
        })
        .onConflict('token_hash')
        .ignore()
        .returning('id');
      if (inserted.length === 0) return false;
      await audit(trx, {
        actor_label: claims.operator,
        support_session_id: claims.ssid,
        action: 'support.login_as_user',
        entity: 'user',
        entity_id: user.id,
        data: { mode: claims.mode },
        ip: ctx.ip,
      });
      return true;
    });
    if (!firstUse) throw invalidLink('token', 'This link was already used.');
    const roles = await rolesOfUser(ctx.db, user.id);
    if (roles.length === 0) throw forbidden(LOGIN_MESSAGES.noRole);
    return openSession(ctx, user, roles, {
      device: 'support',
      ttlMs: remaining,
      support: { sessionId: claims.ssid, operator: claims.operator, mode: claims.mode },
    });
  }

  const userId = await ctx.db.transaction(async (trx) => {
    const row = await findAuthToken(trx, 'autologin', sha256Hex(token), true);
    if (!row) wrong();
    if (!row || row.used_at || new Date(row.expires_at) <= new Date()) return null;
    await markAuthTokenUsed(trx, row.id);
    return String(row.user_id);
  });
  if (!userId) throw invalidLink('token');
  const user = await findUserById(ctx.db, userId);
  const roles = user ? await rolesOfUser(ctx.db, user.id) : [];
  const refused = user ? refusal(user, roles) : LOGIN_MESSAGES.inactive;
  if (!user || refused) throw new AppError('FORBIDDEN', refused ?? LOGIN_MESSAGES.inactive);
  return openSession(ctx, user, roles, { device: 'autologin' });
}
