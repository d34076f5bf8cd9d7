import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import mercurius from 'mercurius';
import { createErrorFormatter, guardGraphqlExecution, guardGraphqlRoute, hardenedGraphqlOptions } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import type { CpContext } from '../../graphql/context.ts';
import { createServices } from '../../services.ts';
import { loaders, resolvers, schema } from '../../modules/index.ts';
import { viewerOf } from './auth.ts';
import { describeRequest } from './log-facts.ts';
import { guardLogins } from './login-throttle.ts';

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
      const ctx = context as unknown as CpContext & { reply: FastifyReply };
      ctx.logins = await guardLogins(rt, ctx.actor.ip ?? 'unknown', ctx.reply, document, variables);
    });
    app.graphql.addHook('onResolution', async (_execution, context) => {
      await (context as unknown as CpContext).logins?.finish();
    });
  },
  { name: 'graphql', dependencies: ['operator-auth'] },
);
