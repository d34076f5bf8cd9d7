import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import mercurius from 'mercurius';
import { buildSchema } from 'graphql';
import { AppError, CommonError, countRootFields, createErrorFormatter, guardGraphqlExecution, hardenedGraphqlOptions } from '@kv/server';
import mqemitterRedis from 'mqemitter-redis';
import { modules } from '../../modules/index.ts';
import { attachNotificationPubsub } from '../../modules/notifications/index.ts';
import { attachNewsletterPubsub } from '../../modules/newsletters/index.ts';
import { viewerFromToken } from './auth.ts';
import { gateRootResolvers, loadMatrix } from '../../graphql/authorization.ts';
import { loaderResolvers } from '../../graphql/loaders.ts';
import type { RequestContext, TenantApiDeps, Throttles } from '../../types.ts';
import { describeRequest } from './log-facts.ts';
import { GUARDED_OPERATIONS, guardDocument, settleUnsettledCalls, type DocumentGuard } from './attempt-guard.ts';

const BASE_SCHEMA = /* GraphQL */ `
  type Query
  type Mutation
  type Subscription
`;

export function tenantSchemaText(): string {
  return [BASE_SCHEMA, ...modules.flatMap((m) => [m.schema, m.subscriptions ?? ''])].join('\n');
}

function rootFieldNames(schemaText: string) {
  const schema = buildSchema(schemaText);
  return {
    Query: Object.keys(schema.getQueryType()?.getFields() ?? {}),
    Mutation: Object.keys(schema.getMutationType()?.getFields() ?? {}),
  };
}

function redisConnection(redis: NonNullable<TenantApiDeps['redis']>) {
  const { host, port, password, db, username } = redis.options;
  return { host, port, password, db, username };
}

export const graphqlPlugin = fp(
  async (app, { deps, throttles }: { deps: TenantApiDeps; throttles: Throttles }) => {
    const schema = tenantSchemaText();
    const resolvers: Record<string, Record<string, unknown>> = {};
    const loaders: Record<string, Record<string, unknown>> = {};
    for (const m of modules) {
      for (const [type, fields] of Object.entries(m.resolvers)) resolvers[type] = { ...resolvers[type], ...fields };
      for (const [type, fields] of Object.entries(m.loaders ?? {})) loaders[type] = { ...loaders[type], ...fields };
    }
    // Loaded fields answer over plain resolvers of the same field, as with Mercurius' loaders.
    for (const [type, fields] of Object.entries(loaderResolvers(loaders))) resolvers[type] = { ...resolvers[type], ...fields };
    gateRootResolvers(resolvers, rootFieldNames(schema), loadMatrix());
    settleUnsettledCalls(resolvers.Mutation);

    // Subscriptions fan out through Redis across processes; losing Redis must never crash the process.
    const emitter = deps.redis ? mqemitterRedis({ ...redisConnection(deps.redis) }) : undefined;
    if (emitter) {
      (emitter as unknown as { state: NodeJS.EventEmitter }).state.on('error', (err: Error) =>
        app.log.warn({ err }, 'subscription emitter: Redis unavailable'),
      );
      app.addHook('onClose', (_app, done) => emitter.close(() => done()));
    }

    await app.register(mercurius, {
      schema,
      resolvers: resolvers as never,
      ...hardenedGraphqlOptions({ production: deps.config.production }),
      errorFormatter: createErrorFormatter({ production: deps.config.production, describe: describeRequest }) as never,
      context: async (request): Promise<RequestContext> => ({
        tenant: request.tenant,
        db: await request.tenantDb(),
        viewer: request.viewer,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        deps,
        throttles,
        log: request.log,
      }),
      // Live updates over WebSocket (graphql-transport-ws); across processes through Redis.
      subscription: {
        ...(emitter ? { emitter } : {}),
        context: async (_socket, request): Promise<RequestContext> => ({
          tenant: request.tenant,
          db: await request.tenantDb(),
          viewer: null,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          deps,
          throttles,
        }),
      },
    });

    guardGraphqlExecution(app);

    // Notices written by event handlers and jobs go live through this app's pubsub (notifications/live.ts).
    const detachNotifications = attachNotificationPubsub(app.graphql.pubsub as never);
    const detachNewsletters = attachNewsletterPubsub(app.graphql.pubsub as never);
    app.addHook('onClose', (_app, done) => {
      detachNotifications();
      detachNewsletters();
      done();
    });

    // A browser WebSocket carries no Authorization header: the token comes in connection_init.
    app.graphql.addHook('preSubscriptionExecution', async (_schema, _document, context) => {
      const ctx = context as unknown as RequestContext & { _connectionInit?: { authorization?: string } };
      const token = String(ctx._connectionInit?.authorization ?? '').replace(/^Bearer\s+/i, '');
      ctx.viewer = token ? await viewerFromToken(deps, ctx.tenant, ctx.db, token) : null;
      if (!ctx.viewer) throw new AppError(CommonError.Unauthenticated, 'Please sign in.');
    });

    // Sign-in, codes and guest mail: charged once per occurrence before anything runs; each
    // occurrence's outcome settles its points (failures stay, the rest come back). Mercurius hands
    // the same parsed document for the same query text (its LRU), so whether it has any is walked once.
    const guardedNames = new Set(Object.keys(GUARDED_OPERATIONS));
    const mayGuard = new WeakMap<object, boolean>();
    app.graphql.addHook('preExecution', async (_schema, document, context, variables) => {
      let hit = mayGuard.get(document);
      if (hit === undefined) {
        hit = countRootFields(document, guardedNames).size > 0;
        mayGuard.set(document, hit);
      }
      if (!hit) return;
      const ctx = context as unknown as RequestContext & { reply: FastifyReply };
      ctx.guard = await guardDocument(ctx, ctx.reply, document, variables);
    });
    app.graphql.addHook('onResolution', async (_execution, context) => {
      const guard = (context as unknown as RequestContext).guard as DocumentGuard | undefined;
      await guard?.finish();
    });
  },
  { name: 'graphql', dependencies: ['tenant-resolver', 'auth'] },
);
