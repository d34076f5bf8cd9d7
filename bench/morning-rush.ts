import { randomUUID } from 'node:crypto';
import type { Benchmark } from './lib/context.ts';
import { figure, hostOf } from './lib/context.ts';
import { ensureCentres, sql, tokens } from './lib/centres.ts';
import { centreConnectionsOpenedSince } from './lib/admin.ts';
import { graphqlOk, pct } from './lib/load.ts';
import { openLoop, type Shot } from './lib/open-loop.ts';
import { CHECK_IN_MUTATION } from './check-in-throughput.ts';

const FEED = JSON.stringify({ query: '{ me { id full_name } students(first: 10) { data { id full_name program { id name } } } }' });
const CAMERAS = JSON.stringify({ query: '{ playCameraGridView { status tiles { can_play reason camera { id name } } } }' });
const PARENTS_PER_CENTRE = 20;

/**
 * 50 centres × 100 children checking in (each child once, 5% tapped twice from a second device at
 * the same moment) over a ramp from half to 3× the average arrival rate, for at least 60 s, while
 * parents read their children and their cameras at twice the check-in rate. Open loop.
 */
export const morningRush: Benchmark = {
  name: 'morning-rush',
  title: 'Morning rush: 50 centres × 100 children checking in, parents reading',
  async run(ctx) {
    const nCentres = Number(process.env.BENCH_RUSH_CENTRES ?? (ctx.quick ? 10 : 50));
    const children = 100;
    const seconds = Number(process.env.BENCH_RUSH_SECONDS ?? (ctx.quick ? 20 : 60));
    const slugs = Array.from({ length: nCentres }, (_, i) => `bench-r${String(i).padStart(3, '0')}`);
    await ensureCentres(ctx, slugs, { children, parallel: 2 });
    const staff: { slug: string; auth: string; students: string[] }[] = [];
    const parents: { slug: string; auth: string }[] = [];
    for (const slug of slugs) {
      await sql(ctx, slug, 'delete from attendances');
      await sql(ctx, slug, 'delete from attendance_requests');
      const t = await tokens(ctx, slug, ['manager', ...Array.from({ length: PARENTS_PER_CENTRE }, (_, i) => `parent${i * 5}`)]);
      const ids = (await sql<{ id: string }>(ctx, slug, 'select id from students where deleted_at is null order by id')).map((s) =>
        String(s.id),
      );
      staff.push({ slug, auth: `Bearer ${t.get('manager')!.token}`, students: ids });
      for (const [name, tok] of t) if (name !== 'manager') parents.push({ slug, auth: `Bearer ${tok.token}` });
    }

    // Arrival rate: a/2 rising to 3a over the first 75% of the window, then 3a; a is chosen so
    // every child arrives within the window (∫ rate = children in total).
    const total = nCentres * children;
    const T = seconds * 1000;
    const shape = (0.75 * (0.5 + 3)) / 2 + 0.25 * 3; // ∫ rate / (a T)
    const a = total / (shape * seconds);
    const rateAt = (ms: number) => (ms < 0.75 * T ? a * (0.5 + (2.5 * ms) / (0.75 * T)) : 3 * a);
    const arrivals: number[] = [];
    for (let t = 0, acc = 0; arrivals.length < total && t < T * 1.2; t += 10) {
      acc += (rateAt(t) * 10) / 1000;
      while (acc >= 1 && arrivals.length < total) {
        arrivals.push(t + Math.random() * 10);
        acc -= 1;
      }
    }
    while (arrivals.length < total) arrivals.push(T);
    const order = staff.flatMap((s) => s.students.map((id) => ({ s, id })));
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const checkOk = (body: string) => graphqlOk(body) && body.includes('"status":true');
    const shots: Shot[] = [];
    order.forEach(({ s, id }, k) => {
      const body = () =>
        JSON.stringify({ query: CHECK_IN_MUTATION, variables: { students: [id], action: 'check_in', request_id: randomUUID() } });
      shots.push({ at: arrivals[k]!, kind: 'checkin', host: hostOf(s.slug), auth: s.auth, body: body(), check: checkOk });
      if (k % 20 === 0)
        shots.push({ at: arrivals[k]!, kind: 'double-tap', host: hostOf(s.slug), auth: s.auth, body: body(), check: checkOk });
    });
    // Parents: two reads (children + cameras) per arrival, spread over the same ramp.
    arrivals.forEach((at, k) => {
      const p = parents[(k * 7) % parents.length]!;
      shots.push({ at: at + 3, kind: 'parent', host: hostOf(p.slug), auth: p.auth, body: FEED, check: graphqlOk });
      shots.push({ at: at + 6, kind: 'parent', host: hostOf(p.slug), auth: p.auth, body: CAMERAS, check: graphqlOk });
    });

    ctx.log(
      `  ${total} check-ins over ${seconds} s, ${a.toFixed(0)}/s average rising to ${(3 * a).toFixed(0)}/s, ${shots.length} requests`,
    );
    await ctx.platformCtl('/lag/reset');
    const since = new Date();
    const pools = await ctx.platformCtl<{ opened: number }>('/pools');
    const results = await openLoop(ctx.platform.port, shots);
    const lag = await ctx.platformCtl<{ p99: number; max: number }>('/lag');
    const poolOpens = (await ctx.platformCtl<{ opened: number }>('/pools')).opened - pools.opened;
    const connectionsOpened = await centreConnectionsOpenedSince(ctx, since);

    let duplicates = 0;
    let recorded = 0;
    for (const slug of slugs) {
      const [row] = await sql<{ dup: string; n: string }>(
        ctx,
        slug,
        'select coalesce(sum(c - 1) filter (where c > 1), 0) as dup, coalesce(sum(c), 0) as n from (select count(*) as c from attendances where deleted_at is null group by student_id) x',
      );
      duplicates += Number(row!.dup);
      recorded += Number(row!.n);
    }
    const checkins = results.filter((r) => r.kind === 'checkin');
    const lat = checkins.map((r) => r.ms).sort((x, y) => x - y);
    const parentLat = results
      .filter((r) => r.kind === 'parent')
      .map((r) => r.ms)
      .sort((x, y) => x - y);
    const failed = results.filter((r) => !r.ok);
    const errors = failed.length;
    for (const f of failed.slice(0, 5)) ctx.log(`  failed ${f.kind}: ${f.failure ?? ''}`);
    ctx.log(
      `  recorded ${recorded}/${total}; check-in p50 ${pct(lat, 50).toFixed(0)} p95 ${pct(lat, 95).toFixed(0)} p99 ${pct(lat, 99).toFixed(0)} ms; parent p95 ${pct(parentLat, 95).toFixed(0)} ms; errors ${errors}`,
    );
    const b = 'morning-rush';
    const budget = 300;
    return [
      figure(b, 'check-in p50 (ms)', pct(lat, 50), budget, 'budget', 'ms'),
      figure(b, 'check-in p95 (ms)', pct(lat, 95), budget, 'budget', 'ms', { max: 1, text: '< 300 ms' }),
      figure(b, 'check-in p99 (ms)', pct(lat, 99), budget, 'budget', 'ms'),
      figure(b, 'parent reads p95 (ms)', pct(parentLat, 95), budget, 'budget', 'ms'),
      figure(b, 'errors (all requests)', errors, null, '', 'count', { max: 0, on: 'value', text: '0' }),
      figure(b, 'duplicate check-ins', duplicates, null, '', 'count', { max: 0, on: 'value', text: '0' }),
      figure(b, 'children checked in', recorded, total, 'children', 'count', { min: 1, text: 'all' }),
      figure(b, 'event-loop lag p99 (ms)', lag.p99, null, '', 'ms'),
      figure(b, 'centre pools opened during the rush', poolOpens, null, '', 'count'),
      figure(b, 'connections opened during the rush (still open)', connectionsOpened, null, '', 'count'),
    ];
  },
};
