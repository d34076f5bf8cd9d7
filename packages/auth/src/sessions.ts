import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { AuthError } from './errors.ts';
import { randomToken, sha256Hex } from './secure-token.ts';

export interface SessionMeta {
  device?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** Absolute lifetime of the session (refreshes never extend it past this). */
  ttlMs: number;
  supportSessionId?: string | null;
  supportOperator?: string | null;
  /** `read` (no changes but sign-out) or `write`: set only for support sessions. */
  supportMode?: 'read' | 'write' | null;
}

export interface SessionRow {
  id: string;
  user_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  support_session_id: string | null;
  support_operator: string | null;
}

export interface SessionStore {
  start(userId: string, meta: SessionMeta): Promise<{ sessionId: string; refreshToken: string; expiresAt: Date }>;
  /** One-time use: returns a new refresh token; presenting a used one revokes the whole session. */
  rotate(refreshToken: string): Promise<{ sessionId: string; userId: string; refreshToken: string }>;
  revoke(sessionId: string, reason: string): Promise<void>;
  revokeAllForUser(userId: string, reason: string): Promise<void>;
  /** The session when it is neither revoked nor expired. */
  active(sessionId: string): Promise<SessionRow | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Works on any database with the `sessions` + `refresh_tokens` tables (centres and the control plane). */
export function createSessionStore(db: Knex): SessionStore {
  async function issue(trx: Knex.Transaction | Knex, sessionId: string): Promise<string> {
    const refreshToken = randomToken();
    await trx('refresh_tokens').insert({ session_id: sessionId, token_hash: sha256Hex(refreshToken) });
    return refreshToken;
  }

  return {
    async start(userId, meta) {
      const sessionId = randomUUID();
      const expiresAt = new Date(Date.now() + meta.ttlMs);
      const refreshToken = await db.transaction(async (trx) => {
        await trx('sessions').insert({
          id: sessionId,
          user_id: userId,
          device: meta.device?.slice(0, 100) ?? null,
          ip: meta.ip?.slice(0, 64) ?? null,
          user_agent: meta.userAgent?.slice(0, 300) ?? null,
          support_session_id: meta.supportSessionId ?? null,
          support_operator: meta.supportOperator ?? null,
          // Only centre databases have the column; no other session sets a mode.
          ...(meta.supportSessionId ? { support_mode: meta.supportMode ?? 'read' } : {}),
          expires_at: expiresAt,
        });
        return issue(trx, sessionId);
      });
      return { sessionId, refreshToken, expiresAt };
    },

    async rotate(refreshToken) {
      const outcome = await db.transaction(async (trx) => {
        const row = await trx('refresh_tokens as r')
          .join('sessions as s', 's.id', 'r.session_id')
          .where('r.token_hash', sha256Hex(refreshToken))
          .forUpdate()
          .first('r.id', 'r.used_at', 's.id as session_id', 's.user_id', 's.revoked_at', 's.expires_at');
        if (!row) return { error: 'unknown' as const };
        if (row.used_at) {
          await trx('sessions')
            .where({ id: row.session_id })
            .whereNull('revoked_at')
            .update({ revoked_at: trx.fn.now(), revoked_reason: 'refresh_reuse' });
          return { error: 'reuse' as const };
        }
        if (row.revoked_at || new Date(row.expires_at) <= new Date()) return { error: 'ended' as const };
        await trx('refresh_tokens').where({ id: row.id }).update({ used_at: trx.fn.now() });
        await trx('sessions').where({ id: row.session_id }).update({ last_used_at: trx.fn.now() });
        const next = await issue(trx, row.session_id);
        return { sessionId: row.session_id as string, userId: String(row.user_id), refreshToken: next };
      });
      if ('error' in outcome) throw new AuthError(`refresh_${outcome.error}`);
      return outcome;
    },

    async revoke(sessionId, reason) {
      await db('sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: db.fn.now(), revoked_reason: reason });
    },

    async revokeAllForUser(userId, reason) {
      await db('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: db.fn.now(), revoked_reason: reason });
    },

    async active(sessionId) {
      // Session ids are UUIDs; any other text (a client's guess) names no session, and Postgres would refuse it.
      if (!UUID.test(sessionId)) return null;
      const row = await db('sessions')
        .where({ id: sessionId })
        .whereNull('revoked_at')
        .where('expires_at', '>', db.fn.now())
        .first('id', 'user_id', 'expires_at', 'revoked_at', 'support_session_id', 'support_operator');
      return row ? { ...row, user_id: String(row.user_id) } : null;
    },
  };
}
