import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  guardGraphqlRoute,
  registerJsonCompression,
  registerRateLimit,
  registerSecurityHeaders,
  registerSpa,
  requestLogFields,
  serverLogOptions,
} from '@kv/server';
import { devMailboxRoutes } from '@kv/messaging';
import { LocalFileStore, localFileRoutes } from '@kv/files';
import type { TenantApiDeps, Throttles } from './types.ts';
import { tenantResolver } from './plugins/app/tenant-resolver.ts';
import { authPlugin } from './plugins/app/auth.ts';
import { graphqlPlugin } from './plugins/app/graphql.ts';
import { createThrottles } from './plugins/app/throttles.ts';
import { mediaAuthPlugin } from './plugins/app/media-auth.ts';
import { describeRequest } from './plugins/app/log-facts.ts';
import { smsWebhookRoutes } from './modules/sms/index.ts';
import { tinyUrlRoutes } from './modules/links/index.ts';
import { websiteRoutes } from './modules/websites/index.ts';
import { stripeDevRoutes, stripeJsUrl, stripeWebhookRoutes } from './modules/billing/index.ts';
import { newsletterImageRoutes, unsubscribeRoutes } from './modules/newsletters/index.ts';

export interface BuildOptions {
  /** pino logger (scripts/lib/platform.ts); none: nothing is logged. */
  log?: FastifyBaseLogger;
  /** Tests pass their own limits. */
  throttles?: Throttles;
  /** Requests per client per minute (default 3000, see registerRateLimit). */
  rateLimitMax?: number;
}

/** The tenant API: every centre host, bound per request to that centre's database. No listen here. */
/** The platform host's origin: a centre's origin without its `<slug>.` (same scheme and port). */
function platformOrigin(config: { platformDomain: string; centreOrigin(slug: string): string }): string {
  const centre = new URL(config.centreOrigin('x'));
  return `${centre.protocol}//${config.platformDomain}${centre.port ? `:${centre.port}` : ''}`;
}

export async function buildTenantApp(deps: TenantApiDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    ...serverLogOptions(opts.log, describeRequest),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    // Building the schema (every module, graphql-jit, Mercurius) can pass Fastify's 10 s default on a
    // busy 2-core machine; a start-up that slow is still a start-up, not a hung plugin.
    pluginTimeout: 60_000,
  };
  const app: FastifyInstance = Fastify(options);

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error, ...requestLogFields(request, describeRequest) }, 'request failed');
    reply.code(status).send({ error: status >= 500 ? 'Internal error' : error.message });
  });

  await registerSecurityHeaders(app, {
    production: deps.config.production,
    apiPaths: ['/graphql'],
    fileOrigins: deps.files?.origins,
    stripeJs: stripeJsUrl(deps.config).startsWith('https:'),
    // Platform newsletter templates a centre copies reference their images on the platform host.
    imageOrigins: [platformOrigin(deps.config)],
  });
  await registerRateLimit(app, { max: opts.rateLimitMax });
  registerJsonCompression(app);
  guardGraphqlRoute(app);
  await app.register(tenantResolver, { deps });
  await app.register(authPlugin, { deps });
  await app.register(graphqlPlugin, { deps, throttles: opts.throttles ?? createThrottles(deps.redis) });
  await app.register(mediaAuthPlugin, { deps, devOrigin: deps.devOrigin });

  app.get('/healthz', async () => ({ ok: true }));
  // RFC 8058 one-click unsubscribe (POST only: a GET of the same URL is the SPA's guest page).
  await unsubscribeRoutes(app);
  await app.register(newsletterImageRoutes, { files: deps.files });
  app.get('/app-config.json', async (request, reply) => {
    const { name, slug, kind, language_pack } = request.tenant;
    reply.header('cache-control', 'no-store');
    return { surface: 'centre', centre: { name, slug, kind, language_pack }, devMailbox: deps.config.devMailbox, stripeJs: stripeJsUrl(deps.config) };
  });
  // The local store's signed upload and read URLs, on every centre host (each host its own keys only).
  if (deps.files instanceof LocalFileStore) {
    await app.register(localFileRoutes, { store: deps.files, centreIdOf: (request) => request.tenant?.id ?? null });
  }
  // Inbound SMS (Twilio's webhook; the dev mailbox's Reply) and the centre's short links.
  await app.register(smsWebhookRoutes, { deps });
  await app.register(tinyUrlRoutes);
  await app.register(websiteRoutes);
  if (deps.config.devMailbox) await devMailboxRoutes(app, { dbFor: (request) => request.tenantDb(), smsReply: true });
  // Stripe: the signed webhooks of the centre's account, and (fake mode) the Stripe.js stand-in.
  await app.register(stripeWebhookRoutes, { deps });
  await app.register(stripeDevRoutes, { deps });
  if (deps.config.webDist) await registerSpa(app, deps.config.webDist, { indexable: ['/', '/login'] });
  return app;
}
