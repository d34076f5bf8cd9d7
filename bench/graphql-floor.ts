import type { Benchmark } from './lib/context.ts';
import { cpuFigure, figure, hostOf, interleaved } from './lib/context.ts';
import { ensureCentres } from './lib/centres.ts';
import { graphqlOk, http } from './lib/load.ts';

const SLUG = 'bench-students';
const BODY = JSON.stringify({ query: '{ __typename }' });

/**
 * The GraphQL machinery's cost: `{ __typename }` through the tenant API (host → centre, rate
 * limit, headers, Mercurius) and through bare Mercurius, against Fastify hello-world.
 */
export const graphqlFloor: Benchmark = {
  name: 'graphql-floor',
  title: 'Mercurius { __typename } against Fastify hello-world',
  async run(ctx) {
    await ensureCentres(ctx, [SLUG], { children: 120, tags: true });
    const c = ctx.connections;
    const r = await interleaved(ctx, {
      tenantApi: (seconds) =>
        http({
          url: `http://127.0.0.1:${ctx.platform.port}/graphql`,
          method: 'POST',
          headers: { host: hostOf(SLUG), 'content-type': 'application/json' },
          body: BODY,
          verifyBody: graphqlOk,
          connections: c,
          seconds,
          serverPid: ctx.platform.pid,
        }),
      mercurius: (seconds) =>
        http({
          url: `http://127.0.0.1:${ctx.reference.port}/graphql`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: BODY,
          verifyBody: graphqlOk,
          connections: c,
          seconds,
          serverPid: ctx.reference.pid,
        }),
      hello: (seconds) =>
        http({ url: `http://127.0.0.1:${ctx.reference.port}/hello`, connections: c, seconds, serverPid: ctx.reference.pid }),
    });
    const b = 'graphql-floor';
    return [
      figure(b, 'tenant API { __typename } vs hello (req/s)', r.tenantApi!.rps, r.hello!.rps, 'Fastify hello-world', 'req/s', {
        min: 0.65,
        text: '>= 0.65x',
      }),
      figure(b, 'bare Mercurius { __typename } vs hello (req/s)', r.mercurius!.rps, r.hello!.rps, 'Fastify hello-world', 'req/s', {
        min: 0.65,
        text: '>= 0.65x',
      }),
      ...cpuFigure(b, 'server CPU per answer, tenant API vs bare Mercurius (µs)', r.tenantApi!, r.mercurius!, 'bare Mercurius'),
      ...cpuFigure(b, 'server CPU per answer, bare Mercurius vs hello (µs)', r.mercurius!, r.hello!, 'Fastify hello-world'),
      figure(b, 'errors (tenant API)', r.tenantApi!.errors, null, '', 'count', { max: 0, on: 'value', text: '0' }),
    ];
  },
};
