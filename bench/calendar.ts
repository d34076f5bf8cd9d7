import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Benchmark, BenchContext } from './lib/context.ts';
import { figure, hostOf, postGraphql } from './lib/context.ts';
import { captureSql, centreUrl, ensureCentres, sql, tokens } from './lib/centres.ts';
import { median, pct } from './lib/load.ts';
import { pg, type PgPool } from './lib/deps.ts';
import { webDistDir } from './lib/web-build.ts';

const SLUG = 'bench-calendar';
const SERIES = 200;

const FILTER = `query MonthEvents($l: ID, $d: String!, $t: String) {
  filterEvents(location: $l, date: $d, to: $t) {
    id name details date start_time end_time full_day recursing recursive_id days until is_public calendar_id
    programs { id name }
  }
}`;

/** The same occurrences with their rooms' ids, read by one plain select. */
const PLAIN_SELECT = `select e.id, e.name, e.details, e.date, e.start_time, e.end_time, e.full_day, e.recursing, e.recursive_id, e.days,
    e.recurs_until, e.calendar_id, c.is_public, coalesce(array_agg(p.program_id) filter (where p.program_id is not null), '{}') as programs
  from calendar_events e join calendars c on c.id = e.calendar_id left join calendar_event_programs p on p.event_id = e.id
  where e.location_id = $1 and e.date between $2 and $3
  group by e.id, c.is_public order by e.date, e.start_time, e.id`;

/**
 * 200 weekly series of a year each (one row per occurrence, as createEvent stores them) on one
 * calendar of the centre's first location, every third one for a room. Rerun-safe: the bench
 * calendar's events are replaced. Returns the location and the month to read.
 */
async function seedSeries(ctx: BenchContext): Promise<{ location: string; from: string; to: string }> {
  const [loc] = await sql<{ id: string; timezone: string; first: string; last: string }>(
    ctx,
    SLUG,
    `select l.id, l.timezone,
            to_char(date_trunc('month', (now() at time zone l.timezone)::date + interval '1 month'), 'YYYY-MM-DD') as first,
            to_char(date_trunc('month', (now() at time zone l.timezone)::date + interval '2 month') - interval '1 day', 'YYYY-MM-DD') as last
       from locations l where l.deleted_at is null order by l.id limit 1`,
  );
  let [cal] = await sql<{ id: string }>(ctx, SLUG, `select id from calendars where name = 'Bench series' and location_id = ?`, [loc!.id]);
  if (!cal)
    [cal] = await sql<{ id: string }>(
      ctx,
      SLUG,
      `insert into calendars (name, location_id, is_public) values ('Bench series', ?, true) returning id`,
      [loc!.id],
    );
  await sql(ctx, SLUG, 'delete from calendar_events where calendar_id = ?', [cal!.id]);
  await sql(
    ctx,
    SLUG,
    `with series as (
       select s, gen_random_uuid() as rid, (array['sun','mon','tue','wed','thu','fri','sat'])[1 + s % 7] as day,
              make_time(7 + s % 10, (s * 5) % 60, 0) as t
         from generate_series(1, ?::int) s
     ), made as (
       insert into calendar_events (calendar_id, location_id, name, date, start_time, end_time, full_day, starts_at, ends_at,
                                    recursive_id, recursing, days, recurs_until)
       select ?::bigint, ?::bigint, 'Series ' || s, d::date, to_char(t, 'HH24:MI'), to_char(t + interval '45 minutes', 'HH24:MI'), false,
              (d::date + t) at time zone ?, (d::date + t + interval '45 minutes') at time zone ?, rid, true, array[day],
              (?::date + interval '8 months')::date
         from series, generate_series(?::date - interval '4 months', ?::date + interval '8 months', interval '1 day') d
        where lower(to_char(d, 'Dy')) = day
       returning id, recursive_id
     )
     insert into calendar_event_programs (event_id, program_id)
     select m.id, (select p.id from programs p where p.location_id = ?::bigint order by p.id limit 1)
       from made m join series on series.rid = m.recursive_id where series.s % 3 = 0
        and exists (select 1 from programs p where p.location_id = ?::bigint)`,
    [SERIES, cal!.id, loc!.id, loc!.timezone, loc!.timezone, loc!.first, loc!.first, loc!.first, loc!.id, loc!.id],
  );
  return { location: String(loc!.id), from: loc!.first, to: loc!.last };
}

async function latencies(task: () => Promise<unknown>, concurrency: number, seconds: number): Promise<number[]> {
  const end = performance.now() + seconds * 1000;
  const out: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await task();
        out.push(performance.now() - t0);
      }
    }),
  );
  return out.sort((a, b) => a - b);
}

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The /calendar page's own JS (gzip -9: the page chunk and what it alone imports, FullCalendar included) and the entry's. */
export function calendarChunk(dist: string): { page: number; entry: number } {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const reach = (key: string, into = new Set<string>()) => {
    const e = manifest[key];
    if (!e) throw new Error(`Not in the manifest: ${key}`);
    if (into.has(e.file)) return into;
    into.add(e.file);
    for (const d of e.imports ?? []) reach(d, into);
    return into;
  };
  const entry = reach('index.html');
  const page = [...reach('src/features/calendar/pages/calendar.page.tsx')].filter((f) => !entry.has(f));
  const kb = (files: Iterable<string>) =>
    [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0) /
    1024;
  return { page: kb(page), entry: kb([manifest['index.html']!.file]) };
}

/**
 * Issue 21's calendar figures: filterEvents for a month of 200 weekly series through the whole
 * stack (p95, SQL statements per request) against the same occurrences read by one plain select,
 * and the /calendar chunk (FullCalendar rides with it) against the entry chunk.
 */
export const calendarBench: Benchmark = {
  name: 'calendar',
  title: 'Calendar: a month of 200 weekly series; the /calendar chunk',
  web: true,
  async run(ctx) {
    await ensureCentres(ctx, [SLUG], { children: 30 });
    const token = (await tokens(ctx, SLUG, ['manager'])).get('manager')!.token;
    const month = await seedSeries(ctx);
    const url = await centreUrl(ctx, SLUG);
    const pool: PgPool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.BENCH_REF_POOL ?? 10),
      application_name: 'kv-bench-raw',
    });
    const host = hostOf(SLUG);
    const vars = { l: month.location, d: month.from, t: month.to };
    let rows = 0;
    const ask = async () => {
      const r = await postGraphql(ctx, host, token, FILTER, vars);
      if (r.status !== 200 || r.body.includes('"errors"')) throw new Error(`calendar: ${r.status} ${r.body.slice(0, 300)}`);
      return r.body;
    };
    const plain = async () => (await pool.query(PLAIN_SELECT, [month.location, month.from, month.to])).rows.length;
    try {
      rows = (JSON.parse(await ask()) as { data: { filterEvents: unknown[] } }).data.filterEvents.length;
      const plainRows = await plain();
      ctx.log(`  ${rows} occurrences in ${month.from} … ${month.to} (plain select: ${plainRows})`);
      const statements = await captureSql(ctx, SLUG, ask);
      const concurrency = 4;
      await latencies(ask, concurrency, ctx.warmupSeconds);
      await latencies(plain, concurrency, ctx.warmupSeconds);
      const ours: number[] = [];
      const ref: number[] = [];
      for (let rep = 0; rep < ctx.reps; rep++) {
        const a = await latencies(ask, concurrency, ctx.seconds);
        const b = await latencies(plain, concurrency, ctx.seconds);
        ours.push(pct(a, 95));
        ref.push(pct(b, 95));
        ctx.log(
          `  month #${rep + 1}: p95 ${pct(a, 95).toFixed(1)} ms (${a.length} requests); plain select p95 ${pct(b, 95).toFixed(1)} ms`,
        );
      }
      const chunk = calendarChunk(webDistDir());
      ctx.log(`  /calendar chunk ${chunk.page.toFixed(1)} KB gzip, entry chunk ${chunk.entry.toFixed(1)} KB gzip`);
      const b = 'calendar';
      return [
        figure(
          b,
          `filterEvents month p95 (${SERIES} series, ${rows} occurrences, ms)`,
          median(ours),
          median(ref),
          'plain select of the same rows (pg.Pool)',
          'ms',
        ),
        figure(b, 'filterEvents SQL statements per request', statements.length, 1, 'one plain select', 'stmts'),
        figure(b, '/calendar chunk JS (KB gzip)', chunk.page, chunk.entry, 'the entry chunk', 'KB'),
      ];
    } finally {
      await pool.end();
    }
  },
};
