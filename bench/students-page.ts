import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Benchmark } from './lib/context.ts';
import { cpuFigure, figure, gql, hostOf, interleaved } from './lib/context.ts';
import { captureSql, centreUrl, ensureCentres, profileStatements, tokens } from './lib/centres.ts';
import { graphqlOk, http, loop } from './lib/load.ts';
import { pg } from './lib/deps.ts';

const SLUG = 'bench-students';
export const STUDENTS_QUERY = `query ManagerStudents($first: Int, $page: Int) {
  getManagerStudents(first: $first, page: $page) {
    data {
      id fname lname full_name status
      program { id name }
      tags { id name }
      guardians { user_id relation legal_guardian pickup user { id fname lname } }
    }
    paginatorInfo { total currentPage lastPage }
  }
}`;

/**
 * The manager's students list (50 rows with room, tags and guardians) through the whole stack
 * against the same SQL statements run (a) in an in-process pg.Pool loop and (b) by a plain
 * Fastify REST route, at the same concurrency.
 */
export const studentsPage: Benchmark = {
  name: 'students-page',
  title: 'Students list, 50 rows with guardians, tags and room',
  async run(ctx) {
    await ensureCentres(ctx, [SLUG], { children: 120, tags: true });
    const token = (await tokens(ctx, SLUG, ['manager'])).get('manager')!.token;
    const ask = (first: number) => gql<{ getManagerStudents: { data: unknown[] } }>(ctx, SLUG, token, STUDENTS_QUERY, { first, page: 1 });
    const rows = (await ask(50)).getManagerStudents.data.length;
    if (rows !== 50) throw new Error(`students-page: expected 50 rows, got ${rows}`);
    const statements = await captureSql(ctx, SLUG, () => ask(50));
    const statements10 = await captureSql(ctx, SLUG, () => ask(10));
    ctx.log(`  SQL per request: ${statements.length} at 50 rows, ${statements10.length} at 10 rows`);
    const url = await centreUrl(ctx, SLUG);
    await ctx.referenceCtl('/setup', { students: { url, statements } });

    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.BENCH_REF_POOL ?? 10), application_name: 'kv-bench-raw' });
    const body = JSON.stringify({ query: STUDENTS_QUERY, variables: { first: 50, page: 1 } });
    const c = ctx.connections;
    writeFileSync(path.join(process.env.KV_DATA_DIR ?? '.data/bench', 'students-page.sql.json'), JSON.stringify(statements, null, 2));
    for (const p of (await profileStatements(pool, statements)).slice(0, 3)) ctx.log(`  ${p.ms.toFixed(2)} ms  ${p.sql.slice(0, 160)}`);
    try {
      const r = await interleaved(ctx, {
        graphql: (seconds) =>
          http({
            url: `http://127.0.0.1:${ctx.platform.port}/graphql`,
            method: 'POST',
            headers: { host: hostOf(SLUG), 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body,
            verifyBody: graphqlOk,
            connections: c,
            seconds,
            serverPid: ctx.platform.pid,
          }),
        rest: (seconds) =>
          http({
            url: `http://127.0.0.1:${ctx.reference.port}/students`,
            method: 'POST',
            connections: c,
            seconds,
            serverPid: ctx.reference.pid,
          }),
        raw: (seconds) =>
          loop(
            async () => {
              for (const s of statements) await pool.query(s.sql, s.bindings);
            },
            c,
            seconds,
          ),
      });
      const b = 'students-page';
      return [
        figure(b, 'throughput vs REST (req/s)', r.graphql!.rps, r.rest!.rps, 'REST route, same SQL', 'req/s', {
          min: 0.85,
          text: '>= 0.85x',
        }),
        figure(b, 'throughput vs raw pg (req/s)', r.graphql!.rps, r.raw!.rps, 'pg.Pool loop, same SQL', 'req/s', {
          min: 0.45,
          text: '>= 0.45x',
        }),
        figure(b, 'p99 vs REST (ms)', r.graphql!.p99, r.rest!.p99, 'REST route p99', 'ms', { max: 1.5, text: '<= 1.5x' }),
        ...cpuFigure(b, 'server CPU per page vs REST (µs)', r.graphql!, r.rest!, 'REST route, same SQL'),
        figure(b, 'SQL statements per request (50 vs 10 rows)', statements.length, statements10.length, 'same page at 10 rows', 'stmts', {
          max: 1,
          min: 1,
          text: 'constant (1.00x)',
        }),
        figure(b, 'errors (graphql)', r.graphql!.errors, null, '', 'count', { max: 0, on: 'value', text: '0' }),
      ];
    } finally {
      await pool.end();
    }
  },
};
