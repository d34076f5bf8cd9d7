import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import { buildSchema } from 'graphql';
import { AppError, CommonError, countRootFields, createErrorFormatter, guardGraphqlExecution, hardenedGraphqlOptions } from '@kv/server';
import mqemitterRedis from 'mqemitter-redis';
import { modules } from '../../modules/index.ts';
import { viewerFromToken } from './auth.ts';
import { gateRootResolvers, loadMatrix } from '../../graphql/authorization.ts';
import { loaderResolvers } from '../../graphql/loaders.ts';
import type { RequestContext, TenantApiDeps, Throttles } from '../../types.ts';
import { describeRequest } from './log-facts.ts';

const BASE_SCHEMA = /* GraphQL */ `
  type Query
  type Mutation
  type Subscription
`;

/** Operations that a client could hammer: the IP throttle is charged once per occurrence in a document. */
const GUARDED_OPERATIONS = new Set([
  'login',
  'register',
  'forgotPassword',
  'verifyEmail',
  'verifyInvitedUserEmail',
  'updateForgottenPassword',
  'verifyAutologin',
]);

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

    // A browser WebSocket carries no Authorization header: the token comes in connection_init.
    app.graphql.addHook('preSubscriptionExecution', async (_schema, _document, context) => {
      const ctx = context as unknown as RequestContext & { _connectionInit?: { authorization?: string } };
      const token = String(ctx._connectionInit?.authorization ?? '').replace(/^Bearer\s+/i, '');
      ctx.viewer = token ? await viewerFromToken(deps, ctx.tenant, ctx.db, token) : null;
      if (!ctx.viewer) throw new AppError(CommonError.Unauthenticated, 'Please sign in.');
    });

    // Mercurius hands the same parsed document for the same query text (its LRU), so the count is
    // walked once per distinct document.
    const guardedCounts = new WeakMap<object, { total: number; login: boolean }>();
    const guarded = (document: Parameters<typeof countRootFields>[0]) => {
      let hit = guardedCounts.get(document);
      if (!hit) {
        const counts = countRootFields(document, GUARDED_OPERATIONS);
        hit = { total: [...counts.values()].reduce((a, b) => a + b, 0), login: Boolean(counts.get('login')) };
        guardedCounts.set(document, hit);
      }
      return hit;
    };
    app.graphql.addHook('preExecution', async (_schema, document, context) => {
      const { total, login } = guarded(document);
      if (total === 0) return;
      const ctx = context as unknown as RequestContext;
      const charge = login ? throttles.loginIp : throttles.verifyIp;
      const r = await charge.consume(ctx.ip, total);
      if (!r.allowed) {
        const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
        throw new AppError(CommonError.Throttled, `Too many attempts. Try again in ${seconds} seconds.`, { retryAfter: seconds }, 429);
      }
    });
  },
  { name: 'graphql', dependencies: ['tenant-resolver', 'auth'] },
);
