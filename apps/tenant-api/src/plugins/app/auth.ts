import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { AuthError } from '@kv/auth';
import { highestRole, type RoleName } from '@kv/shared';
import { isDatabaseUnavailable } from '@kv/server';
import type { Knex } from 'knex';
import type { CentreEntry, TenantApiDeps, Viewer } from '../../types.ts';
import { findViewer } from '../../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

function unauthenticated(reply: FastifyReply) {
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer')
    .send({ errors: [{ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } }] });
}

/**
 * The viewer behind an access token on this centre, or null when the token is forged, expired,
 * minted for another centre, or its session ended (logout, refresh reuse, deactivation).
 * Shared by HTTP requests and WebSocket subscriptions.
 */
export async function viewerFromToken(deps: TenantApiDeps, tenant: CentreEntry, db: Knex, token: string): Promise<Viewer | null> {
  let claims;
  try {
    claims = await deps.tokens.verifyAccess(token, tenant.id);
  } catch (e) {
    if (e instanceof AuthError) return null;
    throw e;
  }
  const row = await findViewer(db, claims.sub, claims.sid);
  // tokens_valid_after is stored with sub-second precision; iat has whole seconds.
  if (!row || !row.status || Math.floor(row.tokens_valid_after.getTime() / 1000) > claims.iat) return null;
  const {
    tokens_valid_after: _t,
    roles: roleNames,
    permissions,
    managed_location_ids: managed,
    member_location_ids: member,
    child_location_ids: children,
    support_session_id: _s,
    support_operator: _o,
    support_mode: _m,
    expires_at: _e,
    ...user
  } = row;
  const roles = roleNames.filter(Boolean) as RoleName[];
  return {
    user,
    id: String(row.id),
    role: highestRole(roles),
    roles,
    permissions: new Set(permissions),
    locationIds: { managed: managed.map(String), member: member.map(String), children: children.map(String) },
    sessionId: claims.sid,
    issuedAt: claims.iat,
    support: row.support_session_id
      ? {
          operator: row.support_operator ?? 'Platform support',
          sessionId: row.support_session_id,
          expiresAt: row.expires_at,
          // Only an explicit write session may change anything.
          mode: row.support_mode === 'write' ? ('write' as const) : ('read' as const),
        }
      : null,
  };
}

/**
 * Bearer authentication for /graphql. No token → guest. A token that is forged, expired, minted
 * for another centre, or whose session ended (logout, refresh reuse, deactivation) → 401.
 */
export const authPlugin = fp(
  async (app, { deps }: { deps: TenantApiDeps }) => {
    app.decorateRequest('viewer', null);
    app.addHook('preHandler', async (request, reply) => {
      if (!request.url.startsWith('/graphql')) return;
      const header = request.headers.authorization;
      if (!header) return;
      const [scheme, token] = header.split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) return unauthenticated(reply);
      let viewer;
      try {
        viewer = await viewerFromToken(deps, request.tenant, await request.tenantDb(), token);
      } catch (e) {
        if (isDatabaseUnavailable(e)) {
          return reply.code(503).send({
            errors: [
              {
                message: 'This centre is temporarily unavailable. Please try again shortly.',
                extensions: { code: 'CENTRE_UNAVAILABLE' },
              },
            ],
          });
        }
        throw e;
      }
      if (!viewer) return unauthenticated(reply);
      request.viewer = viewer;
    });
  },
  { name: 'auth', dependencies: ['tenant-resolver'] },
);
