import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { STAND_IN_JS, type StripeConnection } from '@kv/stripe-fake';

/** Where the funnel's payment page loads Stripe.js from, and the platform account's publishable key. */
export function platformStripeJs(stripe: (StripeConnection & { secretKey: string; publishableKey?: string }) | undefined, production: boolean) {
  if (!stripe) return null;
  if (stripe.mode === 'fake') return production ? null : { stripeJs: '/dev/stripe/v3.js', stripeKey: stripe.secretKey.replace(/^sk_/, 'pk_') };
  return stripe.publishableKey ? { stripeJs: 'https://js.stripe.com/v3/', stripeKey: stripe.publishableKey } : null;
}

/**
 * Fake mode only, as on centre hosts: the Stripe.js stand-in at `/dev/stripe/v3.js` and the
 * fake's browser endpoints (publishable key only) under `/dev/stripe/v1/`, on the platform's own
 * origin, for the sign-up funnel's card.
 */
export const platformStripeDevRoutes: FastifyPluginAsync<{ stripe: StripeConnection }> = async (app: FastifyInstance, opts) => {
  const c = opts.stripe;
  if (c.mode !== 'fake' || !c.host) return;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  app.get('/dev/stripe/v3.js', async (_request, reply) => {
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache');
    return STAND_IN_JS;
  });
  app.post('/dev/stripe/v1/*', async (request, reply) => {
    const auth = String(request.headers.authorization ?? '');
    if (!/^Bearer pk_test_\w+$/.test(auth)) return reply.code(401).send({ error: { message: 'A publishable key is required.' } });
    const path = (request.params as { '*': string })['*'];
    const r = await fetch(`${c.protocol ?? 'http'}://${c.host}:${c.port}/v1/${path}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: String(request.body ?? ''),
    }).catch(() => null);
    if (!r) return reply.code(503).send({ error: { message: 'The payment provider cannot be reached.' } });
    reply.code(r.status).header('content-type', 'application/json').header('cache-control', 'no-store');
    return reply.send(await r.text());
  });
};
