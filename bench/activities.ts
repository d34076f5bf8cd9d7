import { performance } from 'node:perf_hooks';
import type { Benchmark, BenchContext } from './lib/context.ts';
import { figure, gql, postGraphql, hostOf } from './lib/context.ts';
import { captureSql, centreUrl, ensureCentres, sql, tokens } from './lib/centres.ts';
import { median, pct } from './lib/load.ts';
import { pg, type PgPool } from './lib/deps.ts';

const SLUG = 'bench-activities';
/** 150 children over five rooms: 30 a room (bench/lib/fixtures.ts). */
const CHILDREN = 150;
const PER_CHILD = 20;

export const FEED_QUERY = `query RoomFeed($id: ID!) {
  getRoomActivities(id: $id) {
    id kind date time end_time type note title status staffOnly portion mood position photo
    students { id fname lname }
  }
}`;
const MEAL = `mutation Meal($st: [ID!]!) { saveMealActivity(students: $st, type: "lunch", portion: "most") { status activity { id } } }`;

/** The same rows as the feed's stored entries, with their children's names: one plain select. */
const PLAIN_SELECT = `select a.id, a.kind, a.date, a.time, a.end_time, a.type, a.note, a.title, a.status, a.staff_only, a.details, a.mood, a.position, a.photo,
  s.id as student_id, s.fname, s.lname
  from activities a join activity_students x on x.activity_id = a.id join students s on s.id = x.student_id
  where a.program_id = $1 and a.date = $2 order by a.date, a.time, a.id`;

const KINDS = [
  { kind: 'meal', type: 'lunch', details: { portion: 'most' } },
  { kind: 'diaper', type: 'wet', details: {} },
  { kind: 'nap', position: 'back', details: {} },
  { kind: 'mood', mood: 'happy', details: {} },
  { kind: 'note', note: 'Played in the sand', details: {} },
] as Record<string, unknown>[];

/**
 * A room's day: `perChild` entries for each of its children (as the services store them: one
 * `activities` row and its `activity_students` link), today in the location's zone. Rerun-safe:
 * the room's entries of today are replaced.
 */
async function seedRoom(ctx: BenchContext, room: string, perChild: number): Promise<{ date: string; kids: string[] }> {
  const [loc] = await sql<{ location_id: string; date: string }>(
    ctx,
    SLUG,
    `select p.location_id, to_char((now() at time zone l.timezone)::date, 'YYYY-MM-DD') as date
       from programs p join locations l on l.id = p.location_id where p.id = ?`,
    [room],
  );
  const kids = (
    await sql<{ id: string }>(ctx, SLUG, 'select id from students where program_id = ? and deleted_at is null order by id', [room])
  ).map((r) => String(r.id));
  await sql(ctx, SLUG, 'delete from activities where program_id = ? and date = ?', [room, loc!.date]);
  const rows = kids.flatMap((kid, k) =>
    Array.from({ length: perChild }, (_, i) => {
      const minutes = 7 * 60 + ((i * 29 + k) % (10 * 60));
      return {
        kid,
        location_id: loc!.location_id,
        program_id: room,
        date: loc!.date,
        time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
        ...KINDS[i % KINDS.length],
      };
    }),
  );
  await sql(
    ctx,
    SLUG,
    `with x as (
       select * from json_to_recordset(?::json) as x(kid bigint, location_id bigint, program_id bigint, date date, time time,
         kind text, type text, note text, mood text, position text, details jsonb)
     ), made as (
       insert into activities (location_id, program_id, kind, date, time, type, note, mood, position, details)
       select location_id, program_id, kind, date, time, type, note, mood, position, details from x order by kid, time
       returning id, date
     ), numbered as (
       select id, date, row_number() over (order by id) as n from made
     ), kids as (
       select kid, row_number() over (order by kid, time) as n from x
     )
     insert into activity_students (activity_id, student_id, date)
     select numbered.id, kids.kid, numbered.date from numbered join kids using (n)`,
    [JSON.stringify(rows)],
  );
  return { date: loc!.date, kids };
}

/** Latencies of `task` run back to back by `concurrency` loops for `seconds` (ms, sorted). */
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

/**
 * Issue 17's activity figures: the room feed of 30 children × 20 entries (p95 of
 * getRoomActivities through the whole stack against the same rows read by one plain select in a
 * `pg.Pool`, and its SQL statements per request against a room of 5 entries a child), and one
 * meal for 20 children against one meal for one child (saveMealActivity latency).
 */
export const activitiesBench: Benchmark = {
  name: 'activities',
  title: 'Room feed of 30 children × 20 entries; one meal for 20 children vs 1',
  async run(ctx) {
    await ensureCentres(ctx, [SLUG], { children: CHILDREN });
    const token = (await tokens(ctx, SLUG, ['manager'])).get('manager')!.token;
    const rooms = await sql<{ id: string; name: string }>(ctx, SLUG, "select id, name from programs where name in ('Infants', 'Toddlers')");
    const feedRoom = String(rooms.find((r) => r.name === 'Infants')!.id);
    const smallRoom = String(rooms.find((r) => r.name === 'Toddlers')!.id);
    const { date, kids } = await seedRoom(ctx, feedRoom, PER_CHILD);
    await seedRoom(ctx, smallRoom, 5);
    const mealRoom = String((await sql<{ id: string }>(ctx, SLUG, "select id from programs where name = 'Twos'"))[0]!.id);
    const mealKids = (
      await sql<{ id: string }>(ctx, SLUG, 'select id from students where program_id = ? and deleted_at is null order by id limit 20', [
        mealRoom,
      ])
    ).map((r) => String(r.id));
    await sql(ctx, SLUG, 'analyze activities');
    await sql(ctx, SLUG, 'analyze activity_students');

    const feed = (room: string) =>
      gql<{ getRoomActivities: unknown[] }>(ctx, SLUG, token, FEED_QUERY, { id: room }).then((d) => d.getRoomActivities);
    const rows = (await feed(feedRoom)).length;
    if (rows !== kids.length * PER_CHILD) throw new Error(`activities: expected ${kids.length * PER_CHILD} entries, got ${rows}`);
    const statements = await captureSql(ctx, SLUG, () => feed(feedRoom));
    const statementsSmall = await captureSql(ctx, SLUG, () => feed(smallRoom));
    ctx.log(
      `  feed: ${kids.length} children, ${rows} entries; SQL per request ${statements.length} (5 a child: ${statementsSmall.length})`,
    );

    const url = await centreUrl(ctx, SLUG);
    // As many connections as one centre's pool has (BENCH_REF_POOL, run.ts): same database width.
    const pool: PgPool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.BENCH_REF_POOL ?? 10),
      application_name: 'kv-bench-raw',
    });
    const host = hostOf(SLUG);
    const ask = async (doc: string, vars: Record<string, unknown>) => {
      const r = await postGraphql(ctx, host, token, doc, vars);
      if (r.status !== 200 || r.body.includes('"errors"')) throw new Error(`activities: ${r.status} ${r.body.slice(0, 300)}`);
    };
    const plain = async () => {
      const r = await pool.query(PLAIN_SELECT, [feedRoom, date]);
      if (r.rows.length !== rows) throw new Error(`activities: the plain select read ${r.rows.length} rows`);
    };
    const concurrency = 4;
    try {
      // Warm-up, then interleaved rounds: ours, the plain select.
      await latencies(() => ask(FEED_QUERY, { id: feedRoom }), concurrency, ctx.warmupSeconds);
      await latencies(plain, concurrency, ctx.warmupSeconds);
      const ours: number[] = [];
      const ref: number[] = [];
      for (let rep = 0; rep < ctx.reps; rep++) {
        const a = await latencies(() => ask(FEED_QUERY, { id: feedRoom }), concurrency, ctx.seconds);
        const b = await latencies(plain, concurrency, ctx.seconds);
        ours.push(pct(a, 95));
        ref.push(pct(b, 95));
        ctx.log(`  feed #${rep + 1}: p95 ${pct(a, 95).toFixed(1)} ms (${a.length} requests); plain select p95 ${pct(b, 95).toFixed(1)} ms`);
      }

      // One meal for 20 children against one child: sequential writes, interleaved.
      const one: number[] = [];
      const twenty: number[] = [];
      const n = ctx.quick ? 15 : 60;
      for (let i = 0; i < 3; i++) await ask(MEAL, { st: mealKids.slice(0, 1) }); // warm-up
      for (let i = 0; i < n; i++) {
        let t0 = performance.now();
        await ask(MEAL, { st: [mealKids[i % mealKids.length]!] });
        one.push(performance.now() - t0);
        t0 = performance.now();
        await ask(MEAL, { st: mealKids });
        twenty.push(performance.now() - t0);
      }
      ctx.log(`  meal: ${n} × 1 child p50 ${median(one).toFixed(1)} ms, ${n} × 20 children p50 ${median(twenty).toFixed(1)} ms`);
      // The meals written here leave the benchmark's room as it was.
      await sql(ctx, SLUG, 'delete from activities where program_id = ? and date = ?', [mealRoom, date]);

      const b = 'activities';
      return [
        figure(b, `room feed p95 (${rows} entries, ms)`, median(ours), median(ref), 'plain select of the same rows (pg.Pool)', 'ms'),
        figure(b, 'room feed SQL statements per request', statements.length, 1, 'one plain select', 'stmts'),
        figure(
          b,
          'room feed SQL statements (20 vs 5 entries a child)',
          statements.length,
          statementsSmall.length,
          '5 entries a child',
          'stmts',
          {
            min: 1,
            max: 1,
            text: 'constant (1.00x)',
          },
        ),
        figure(b, 'saveMealActivity p50, 20 children vs 1 (ms)', median(twenty), median(one), 'the same meal for 1 child', 'ms'),
      ];
    } finally {
      await pool.end();
    }
  },
};
