import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import { buildSchema } from 'graphql';
import { AppError, CommonError, countRootFields, createErrorFormatter, hardenedGraphqlOptions } from '@kv/server';
import { modules } from '../../modules/index.ts';
import { gateRootResolvers, loadMatrix } from '../../graphql/authorization.ts';
import type { RequestContext, TenantApiDeps, Throttles } from '../../types.ts';

const BASE_SCHEMA = /* GraphQL */ `
  type Query
  type Mutation
`;

/** Operations that a client could hammer: the IP throttle is charged once per occurrence in a document. */
const GUARDED_OPERATIONS = new Set(['login', 'register', 'forgotPassword', 'verifyEmail', 'verifyInvitedUserEmail', 'updateForgottenPassword', 'verifyAutologin']);

export function tenantSchemaText(): string {
  return [BASE_SCHEMA, ...modules.map((m) => m.schema)].join('\n');
}

function rootFieldNames(schemaText: string) {
  const schema = buildSchema(schemaText);
  return {
    Query: Object.keys(schema.getQueryType()?.getFields() ?? {}),
    Mutation: Object.keys(schema.getMutationType()?.getFields() ?? {}),
  };
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
    gateRootResolvers(resolvers, rootFieldNames(schema), loadMatrix());

    await app.register(mercurius, {
      schema,
      resolvers: resolvers as never,
      loaders: loaders as never,
      ...hardenedGraphqlOptions({ production: deps.config.production }),
      errorFormatter: createErrorFormatter({ production: deps.config.production }) as never,
      context: async (request): Promise<RequestContext> => ({
        tenant: request.tenant,
        db: await request.tenantDb(),
        viewer: request.viewer,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        deps,
        throttles,
      }),
    });

    app.graphql.addHook('preExecution', async (_schema, document, context) => {
      const ctx = context as unknown as RequestContext;
      const counts = countRootFields(document, GUARDED_OPERATIONS);
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      if (total === 0) return;
      const charge = counts.get('login') ? throttles.loginIp : throttles.verifyIp;
      const r = await charge.consume(ctx.ip, total);
      if (!r.allowed) {
        const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
        throw new AppError(CommonError.Throttled, `Too many attempts. Try again in ${seconds} seconds.`, { retryAfter: seconds }, 429);
      }
    });
  },
  { name: 'graphql', dependencies: ['tenant-resolver', 'auth'] },
);
