import type { Benchmark } from './lib/context.ts';
import { figure, gql, hostOf, interleaved } from './lib/context.ts';
import { captureSql, ensureCentres, tokens } from './lib/centres.ts';
import { centreConnectionsOpenedSince, connectionCounts } from './lib/admin.ts';
import { graphqlOk, http, type LoadResult } from './lib/load.ts';

const ME = JSON.stringify({ query: '{ me { id username } }' });

/**
 * `me` with requests spread uniformly over N active centres (default 200, BENCH_TENANTS) against
 * the same total concurrency on one centre. Counts the centre pools opened during the measured
 * rounds (cold opens: 0 when every active centre keeps its pool), the connections opened then (a
 * centre's second connection when two of its requests meet) and the connections
 * open at the end against the server's bound.
 */
export const tenantScale: Benchmark = {
  name: 'tenant-scale',
  title: 'me over N active centres against one centre',
  async run(ctx) {
    const n = Number(process.env.BENCH_TENANTS ?? (ctx.quick ? 40 : 200));
    const slugs = Array.from({ length: n }, (_, i) => `bench-t${String(i).padStart(4, '0')}`);
    await ensureCentres(ctx, slugs, { children: 0, parallel: 3 });
    const creds: { host: string; auth: string }[] = [];
    for (const slug of slugs) {
      const t = (await tokens(ctx, slug, ['center'])).get('center');
      if (!t) throw new Error(`no owner account in ${slug}`);
      creds.push({ host: hostOf(slug), auth: `Bearer ${t.token}` });
    }
    await gql(ctx, slugs[0]!, creds[0]!.auth.slice(7), '{ me { id username } }');
    const statements = await captureSql(ctx, slugs[0]!, () => gql(ctx, slugs[0]!, creds[0]!.auth.slice(7), '{ me { id username } }'));
    ctx.log(`  SQL per me: ${statements.length}`);
    if (process.env.BENCH_VERBOSE) for (const st of statements) ctx.log(`    ${st.sql.replace(/\s+/g, ' ').slice(0, 200)}`);
    let i = 0;
    const url = `http://127.0.0.1:${ctx.platform.port}/graphql`;
    const base = { url, method: 'POST' as const, body: ME, verifyBody: graphqlOk, connections: ctx.connections };
    let opens = 0;
    let poolOpens = 0;
    let manyRuns = 0;
    const r = await interleaved(ctx, {
      one: (seconds) =>
        http({ ...base, headers: { host: creds[0]!.host, authorization: creds[0]!.auth, 'content-type': 'application/json' }, seconds }),
      many: async (seconds): Promise<LoadResult> => {
        const since = new Date();
        const pools = await ctx.platformCtl<{ opened: number }>('/pools');
        const out = await http({
          ...base,
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => {
            const c = creds[i++ % creds.length]!;
            return { ...req, headers: { ...req.headers, host: c.host, authorization: c.auth } };
          },
          seconds,
        });
        if (manyRuns++ > 0) {
          poolOpens += (await ctx.platformCtl<{ opened: number }>('/pools')).opened - pools.opened;
          opens += await centreConnectionsOpenedSince(ctx, since);
        }
        return out;
      },
    });
    const conns = await connectionCounts(ctx);
    const b = 'tenant-scale';
    return [
      figure(b, `me over ${n} centres vs 1 centre (req/s)`, r.many!.rps, r.one!.rps, '1 centre, same concurrency', 'req/s', {
        min: 0.8,
        text: '>= 0.8x',
      }),
      figure(b, `p99 over ${n} centres vs 1 centre (ms)`, r.many!.p99, r.one!.p99, '1 centre p99', 'ms', { max: 2, text: '<= 2x' }),
      figure(b, 'cold pool opens in measured rounds', poolOpens, null, '', 'count', { max: 0, on: 'value', text: '0' }),
      figure(b, 'connections opened in measured rounds (still open)', opens, null, '', 'count'),
      figure(b, 'centre DB connections at end vs max_connections', conns.centre, conns.max, 'Postgres max_connections', 'conns', {
        max: 1,
        text: '<= 1x',
      }),
      figure(b, 'errors', r.many!.errors + r.one!.errors, null, '', 'count', { max: 0, on: 'value', text: '0' }),
    ];
  },
};
