import Fastify, { type FastifyInstance } from 'fastify';
import { registerJsonCompression, registerRateLimit, registerSecurityHeaders, registerSpa, serverLogOptions } from '@kv/server';
import { devMailboxRoutes } from '@kv/messaging';
import { runtimeFor, type ControlPlaneDeps } from './deps.ts';
import { operatorAuth } from './plugins/app/auth.ts';
import { graphqlPlugin } from './plugins/app/graphql.ts';
import { centreChannelRoutes } from './modules/centre-channel/routes.ts';
import { describeRequest } from './plugins/app/log-facts.ts';
import { googleReturnRoutes } from './modules/google-return/routes.ts';
import { templateImageRoutes } from './modules/newsletters/images.ts';
import { ensurePlatformWebhook, platformWebhookRoutes } from './modules/center-billing/stripe.ts';
import { platformStripeDevRoutes, platformStripeJs } from './modules/signup/stripe-dev-routes.ts';

/** The control-plane API (no listen): operators, centres, domains, databases, migrations, support, the centres' channel. */
export async function buildControlPlaneApp(deps: ControlPlaneDeps): Promise<FastifyInstance> {
  const rt = runtimeFor(deps);
  const app = Fastify({
    ...serverLogOptions(deps.log, describeRequest),
    trustProxy: rt.config.trustProxy,
    bodyLimit: 256 * 1024,
  }) as unknown as FastifyInstance;
  await registerSecurityHeaders(app, { production: rt.config.production, apiPaths: ['/graphql'] });
  await registerRateLimit(app);
  registerJsonCompression(app);
  await app.register(operatorAuth, { rt });
  await app.register(graphqlPlugin, { rt });
  await app.register(centreChannelRoutes, { channel: rt.centreChannel });
  await app.register(templateImageRoutes, { rt, files: deps.files });
  await app.register(platformWebhookRoutes, { rt });
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/app-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { surface: 'platform', centre: null, devMailbox: Boolean(deps.devMailbox && !rt.config.production), ...platformStripeJs(deps.stripe, rt.config.production) };
  });
  // The sign-up funnel's card on the platform host: the Stripe.js stand-in in fake mode (in its own scope: it parses bodies as text).
  if (deps.stripe && !rt.config.production) await app.register(platformStripeDevRoutes, { stripe: deps.stripe });
  if (deps.devMailbox && !rt.config.production) await app.register(devMailboxRoutes, { dbFor: async () => rt.controlDb });
  if (deps.google) await googleReturnRoutes(app, { controlDb: rt.controlDb, stateKey: deps.google.stateKey });
  if (deps.google?.devRoutes && !rt.config.production) await app.register(deps.google.devRoutes, { prefix: '/dev/google' });
  if (deps.webDist) await registerSpa(app, deps.webDist, { indexable: [] });
  app.addHook('onReady', async () => {
    rt.start();
    // The platform's Stripe account posts its events here; a provider that is down now is asked again at the next start.
    await ensurePlatformWebhook(rt).catch((err) => rt.log.warn({ err }, 'platform billing: webhook endpoint not registered'));
  });
  app.addHook('onClose', async () => rt.close());
  return app;
}
