import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { verifyOAuthState } from '@kv/server';

/**
 * The platform host's half of the Google Calendar consent (issue 21). Google sends the browser to
 * the one registered redirect URI, `/oauth2callback` on the platform host, for every centre and
 * custom domain; that page asks here where to go: the signed `state` names the centre, and the
 * target is that centre's own origin from the control database (`centers.url`, active centres
 * only), never anything from the request, so this is no open redirect. The centre's `/googleInt`
 * then checks the state again, takes its single-use nonce and exchanges the code.
 */
export interface GoogleReturnOptions {
  controlDb: Knex;
  /** The key the centres sign the state with (derived from the platform secret, purpose `google-state`). */
  stateKey: string;
}

const refused = { error: { code: 'GOOGLE_STATE_INVALID', message: 'This Google sign-in link is invalid or expired.', field: 'state' } };

export async function googleReturnRoutes(app: FastifyInstance, opts: GoogleReturnOptions): Promise<void> {
  app.get('/internal/google/return', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const q = request.query as Record<string, unknown>;
    const state = typeof q.state === 'string' ? q.state : '';
    const s = verifyOAuthState(state, opts.stateKey);
    if (!s) return reply.code(400).send(refused);
    const centre = await opts.controlDb('centers').where({ id: s.c, status: 'active' }).first('url');
    if (!centre?.url) return reply.code(400).send(refused);
    const params = new URLSearchParams({ state });
    if (typeof q.code === 'string' && q.code.length <= 2000) params.set('code', q.code);
    else params.set('error', typeof q.error === 'string' && /^[a-z_]{1,40}$/.test(q.error) ? q.error : 'access_denied');
    return { url: `${String(centre.url).replace(/\/+$/, '')}/googleInt?${params}` };
  });
}
