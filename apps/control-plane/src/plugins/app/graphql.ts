import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import { createErrorFormatter, guardGraphqlExecution, guardGraphqlRoute, hardenedGraphqlOptions } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import type { CpContext } from '../../graphql/context.ts';
import { createServices } from '../../services.ts';
import { loaders, resolvers, schema } from '../../modules/index.ts';
import { viewerOf } from './auth.ts';
import { describeRequest } from './log-facts.ts';
import { chargeLogins, loginUsernames } from './login-throttle.ts';

/** Mercurius on /graphql with the shared hardening (depth, aliases, cost, tokens, no GET, masked errors). */
export const graphqlPlugin = fp(
  async (app, { rt }: { rt: ControlPlaneRuntime }) => {
    const services = createServices(rt);
    guardGraphqlRoute(app);
    await app.register(mercurius, {
      ...hardenedGraphqlOptions({ production: rt.config.production }),
      schema,
      resolvers: resolvers as never,
      loaders: loaders as never,
      path: '/graphql',
      errorFormatter: createErrorFormatter({ production: rt.config.production, describe: describeRequest }) as never,
      context: (request): CpContext => ({
        actor: { viewer: viewerOf(request), ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
        services,
      }),
    });
    guardGraphqlExecution(app);
    app.graphql.addHook('preExecution', async (_schema, document, context, variables) => {
      const ctx = context as unknown as CpContext;
      await chargeLogins(rt.throttles, ctx.actor.ip ?? 'unknown', loginUsernames(document, variables));
    });
  },
  { name: 'graphql', dependencies: ['operator-auth'] },
);
