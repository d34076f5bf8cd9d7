import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthError } from '@kv/auth';
import type { ControlPlaneRuntime } from '../../deps.ts';
import type { Viewer } from '../../access.ts';
import { findSessionOperator } from '../../modules/operators/repo.ts';
import { PLATFORM_TID } from '../../modules/operators/service.ts';
import { TEMPLATE_IMAGE_UPLOAD_PATH } from '../../modules/newsletters/policy.ts';

// Kept off FastifyRequest so the tenant API's `request.viewer` type never meets this one.
const viewers = new WeakMap<FastifyRequest, Viewer>();

export function viewerOf(request: FastifyRequest): Viewer | null {
  return viewers.get(request) ?? null;
}

/** Paths whose bearer token is checked here: GraphQL and the template image upload (a raw body, not GraphQL). */
const AUTHENTICATED_PATHS = new Set(['/graphql', TEMPLATE_IMAGE_UPLOAD_PATH]);

function unauthenticated(reply: FastifyReply) {
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer')
    .send({ errors: [{ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } }] });
}

/**
 * Bearer authentication for /graphql (and the template image upload): no token → anonymous (only login and refresh work). A token
 * that is forged, expired, not a platform token, issued before the operator's `tokens_valid_after`,
 * of a deactivated operator or of an ended session → 401.
 */
export const operatorAuth = fp(
  async (app, { rt }: { rt: ControlPlaneRuntime }) => {
    app.addHook('preHandler', async (request, reply) => {
      if (!AUTHENTICATED_PATHS.has(request.url.split('?')[0]!)) return;
      const header = request.headers.authorization;
      if (!header) return;
      const [scheme, token] = header.split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) return unauthenticated(reply);
      let claims;
      try {
        claims = await rt.tokens.verifyAccess(token, PLATFORM_TID);
      } catch (e) {
        if (e instanceof AuthError) return unauthenticated(reply);
        throw e;
      }
      const operator = await findSessionOperator(rt.controlDb, claims.sub, claims.sid);
      // tokens_valid_after has sub-second precision; iat has whole seconds.
      if (!operator || !operator.status || Math.floor(operator.tokens_valid_after.getTime() / 1000) > claims.iat)
        return unauthenticated(reply);
      viewers.set(request, {
        id: operator.id,
        role: operator.role,
        username: operator.username,
        label: `${operator.fname} ${operator.lname} (${operator.username})`,
        sessionId: claims.sid,
      });
    });
  },
  { name: 'operator-auth' },
);
