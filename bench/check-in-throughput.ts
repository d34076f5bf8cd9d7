import { randomUUID } from 'node:crypto';
import type { Benchmark } from './lib/context.ts';
import { cpuFigure, figure, gql, hostOf, interleaved } from './lib/context.ts';
import { captureSql, centreUrl, ensureCentres, sql, tokens } from './lib/centres.ts';
import { graphqlOk, http, loop } from './lib/load.ts';
import { pg } from './lib/deps.ts';

const SLUG = 'bench-checkin';
const CHILDREN = 1500;
export const CHECK_IN_MUTATION = `mutation CheckIn($students: [ID!]!, $action: CheckInAction, $request_id: String) {
  saveStudentCheckInOut(students: $students, action: $action, request_id: $request_id) {
    status type program_status
    results { student_id type replayed }
  }
}`;

/** A recorded, non-replayed check-in or check-out. */
export const checkInOk = (body: string) => graphqlOk(body) && body.includes('"status":true') && !body.includes('"replayed":true');

/**
 * saveStudentCheckInOut (one child a request, every request a real write: the children are checked
 * in one after the other, then out, then in…) against (a) a raw INSERT loop through pg, (b) a REST
 * POST doing the same INSERT, (c) Fastify hello-world.
 */
export const checkInThroughput: Benchmark = {
  name: 'check-in-throughput',
  title: 'saveStudentCheckInOut against a raw INSERT',
  async run(ctx) {
    await ensureCentres(ctx, [SLUG], { children: CHILDREN });
    const token = (await tokens(ctx, SLUG, ['manager'])).get('manager')!.token;
    await sql(ctx, SLUG, 'delete from attendances');
    const students = (
      await sql<{ id: string; location_id: string; program_id: string }>(
        ctx,
        SLUG,
        'select id, location_id, program_id from students where deleted_at is null order by id',
      )
    ).map((s) => ({ ...s, id: String(s.id) }));
    const manager = (await sql<{ id: string }>(ctx, SLUG, "select id from users where username = 'manager'"))[0]!.id;
    let next = 0;
    const nextVars = () => {
      const i = next++;
      return {
        students: [students[i % students.length]!.id],
        action: Math.floor(i / students.length) % 2 ? 'check_out' : 'check_in',
        request_id: randomUUID(),
      };
    };
    const first = await captureSql(ctx, SLUG, () => gql(ctx, SLUG, token, CHECK_IN_MUTATION, nextVars()));
    ctx.log(`  SQL per check-in: ${first.length} statements`);
    if (process.env.BENCH_VERBOSE) for (const st of first) ctx.log(`    ${st.sql.replace(/\s+/g, ' ').slice(0, 200)}`);

    const url = await centreUrl(ctx, SLUG);
    const s0 = students[0]!;
    // The references insert into a twin of attendances (same columns, defaults and indexes): into
    // attendances itself, tens of thousands of rows for one child would slow the rooms' recounts
    // that our side runs, and the run would measure the references' leftovers.
    await sql(ctx, SLUG, 'create table if not exists bench_attendances (like attendances including defaults including indexes)');
    await sql(ctx, SLUG, 'truncate bench_attendances');
    const insert = {
      url,
      sql: `insert into bench_attendances (student_id, location_id, program_id, date, start_time, end_time, checkedin_by, checkedin_recorded_by, check_in_method)
            values ($1, $2, $3, current_date, now(), now(), $4, $4, 'staff') returning id, student_id, start_time`,
      params: [s0.id, s0.location_id, s0.program_id, manager],
    };
    await ctx.referenceCtl('/setup', { checkin: insert });
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.BENCH_REF_POOL ?? 10), application_name: 'kv-bench-raw' });
    const c = ctx.connections;
    try {
      const r = await interleaved(ctx, {
        graphql: (seconds) =>
          http({
            url: `http://127.0.0.1:${ctx.platform.port}/graphql`,
            method: 'POST',
            headers: { host: hostOf(SLUG), 'content-type': 'application/json', authorization: `Bearer ${token}` },
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ query: CHECK_IN_MUTATION, variables: nextVars() }) }),
            verifyBody: checkInOk,
            connections: c,
            seconds,
            serverPid: ctx.platform.pid,
          }),
        rest: (seconds) =>
          http({
            url: `http://127.0.0.1:${ctx.reference.port}/checkin`,
            method: 'POST',
            connections: c,
            seconds,
            serverPid: ctx.reference.pid,
          }),
        raw: (seconds) => loop(() => pool.query(insert.sql, insert.params), c, seconds),
        hello: (seconds) => http({ url: `http://127.0.0.1:${ctx.reference.port}/hello`, connections: c, seconds }),
      });
      const b = 'check-in-throughput';
      return [
        figure(b, 'throughput vs raw INSERT (req/s)', r.graphql!.rps, r.raw!.rps, 'pg INSERT loop', 'req/s', { min: 0.6, text: '>= 0.6x' }),
        figure(b, 'throughput vs REST (req/s)', r.graphql!.rps, r.rest!.rps, 'REST POST, same INSERT', 'req/s', {
          min: 0.85,
          text: '>= 0.85x',
        }),
        figure(b, 'throughput vs hello-world (req/s)', r.graphql!.rps, r.hello!.rps, 'Fastify hello-world', 'req/s'),
        figure(b, 'p99 vs REST (ms)', r.graphql!.p99, r.rest!.p99, 'REST POST p99', 'ms', { max: 25, on: 'value', text: '<= 25 ms' }),
        ...cpuFigure(b, 'server CPU per check-in vs REST (µs)', r.graphql!, r.rest!, 'REST POST, same INSERT'),
        figure(b, 'SQL statements per check-in', first.length, 1, 'one INSERT', 'stmts'),
        figure(b, 'errors (graphql)', r.graphql!.errors, null, '', 'count', { max: 0, on: 'value', text: '0' }),
      ];
    } finally {
      await pool.end();
    }
  },
};
