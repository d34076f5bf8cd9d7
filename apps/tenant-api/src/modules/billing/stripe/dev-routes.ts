import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { STAND_IN_JS } from '@kv/stripe-fake';
import type { TenantApiDeps } from '../../../types.ts';
import { stripeConfig } from './client.ts';

/**
 * Fake mode only (js.stripe.com is out of reach locally): the Stripe.js stand-in at
 * `/dev/stripe/v3.js` and, under `/dev/stripe/v1/`, the fake's browser endpoints (publishable
 * key only: card tokenisation and intent confirmation), on the centre's own origin so the CSP
 * needs no other host.
 */
export const stripeDevRoutes: FastifyPluginAsync<{ deps: TenantApiDeps }> = async (app: FastifyInstance, opts) => {
  const c = stripeConfig(opts.deps.config);
  if (c.mode !== 'fake' || opts.deps.config.production) return;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  app.get('/dev/stripe/v3.js', async (_request, reply) => {
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache');
    return STAND_IN_JS;
  });
  app.post('/dev/stripe/v1/*', async (request, reply) => {
    const auth = String(request.headers.authorization ?? '');
    const now = stripeConfig(opts.deps.config);
    if (!/^Bearer pk_(test|live)_\w+$/.test(auth) || !now.host) return reply.code(401).send({ error: { message: 'A publishable key is required.' } });
    const path = (request.params as { '*': string })['*'];
    const r = await fetch(`${now.protocol ?? 'http'}://${now.host}:${now.port}/v1/${path}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: String(request.body ?? ''),
    }).catch(() => null);
    if (!r) return reply.code(503).send({ error: { message: 'The payment provider cannot be reached.' } });
    reply.code(r.status).header('content-type', 'application/json').header('cache-control', 'no-store');
    return reply.send(await r.text());
  });
};
