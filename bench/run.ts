/* eslint-disable no-console -- a command-line report */
/**
 * `npm run bench [-- <name> …] [-- --quick]`: every benchmark (or the named ones; `ON_DEMAND` ones only when named) against the
 * server mode — real Postgres with a database per centre, Redis — on loopback. Each prints one line
 * per figure: our value, the reference measured in the same run on the same machine, the ratio;
 * then everything goes to bench/results.json.
 *
 * Postgres: BENCH_DATABASE_URL, else a dedicated embedded PostgreSQL (data in .data/bench/pg,
 * max_connections 500) so the benchmark never exhausts a shared server. Redis: BENCH_REDIS_URL,
 * else a redis-server started for the run. Centres are provisioned and seeded once and kept.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Benchmark, BenchContext, Figure } from './lib/context.ts';
import { contextCtl } from './lib/context.ts';
import { poolPlan } from '@kv/db';
import { pg } from './lib/deps.ts';
import { ROOT, startProcess, type ServerProcess } from './lib/procs.ts';
import { studentsPage } from './students-page.ts';
import { checkInThroughput } from './check-in-throughput.ts';
import { tenantScale } from './tenant-scale.ts';
import { coldCentre } from './cold-centre.ts';
import { graphqlFloor } from './graphql-floor.ts';
import { morningRush } from './morning-rush.ts';
import { cameraStart } from './camera-start.ts';
import { spaWeight } from './spa-weight.ts';
import { lighthouseBench } from './lighthouse.ts';
import { buildWeb } from './lib/web-build.ts';
import { activitiesBench } from './activities.ts';
import { photosResize } from './photos-resize.ts';
import { calendarBench } from './calendar.ts';
import { ratioSchedules } from './ratio-schedules.ts';
import { chatLive } from './chat-live.ts';
import { newsletterMail } from './newsletter-mail.ts';
import { billingBench } from './billing.ts';
import { pdfSign } from './pdf-sign.ts';
import { formsEntriesBench } from './forms-entries.ts';
import { provision100 } from './provision-100.ts';

export const BENCHMARKS: Benchmark[] = [
  studentsPage,
  checkInThroughput,
  tenantScale,
  coldCentre,
  graphqlFloor,
  cameraStart,
  spaWeight,
  lighthouseBench,
  activitiesBench,
  photosResize,
  calendarBench,
  ratioSchedules,
  chatLive,
  newsletterMail,
  billingBench,
  pdfSign,
  formsEntriesBench,
  // Last: it floods the server, and other benchmarks should not run in its backlog.
  morningRush,
];

/** Run only when named (`npm run bench -- provision-100`): long, and they make and delete many centres. */
export const ON_DEMAND: Benchmark[] = [provision100];

const log = (m: string) => console.log(m);

async function serverMaxConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, application_name: 'kv-bench' });
  await client.connect();
  try {
    return Number((await client.query('show max_connections')).rows[0]!.max_connections);
  } finally {
    await client.end();
  }
}

function fmt(v: number | null, unit: string): string {
  if (v === null || !Number.isFinite(v)) return '—';
  if (unit === 'count' || unit === 'stmts' || unit === 'conns') return String(Math.round(v));
  if (unit === 'score') return v.toFixed(2);
  if (unit === 'cls') return v.toFixed(3);
  if (Math.abs(v) >= 100) return v.toFixed(0);
  return v.toFixed(1);
}

export function table(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.benchmark,
    f.figure,
    fmt(f.ours, f.unit),
    fmt(f.reference, f.unit),
    f.ratio === null || !Number.isFinite(f.ratio) ? '—' : `${f.ratio.toFixed(2)}x`,
    f.against,
    f.target ? `${f.target} ${f.pass ? 'ok' : 'MISS'}` : '',
  ]);
  const head = ['benchmark', 'figure', 'ours', 'reference', 'ratio', 'reference is', 'target'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick') || process.env.BENCH_QUICK === '1';
  const names = args.filter((a) => !a.startsWith('--'));
  const known = [...BENCHMARKS, ...ON_DEMAND];
  const unknown = names.filter((n) => !known.some((b) => b.name === n));
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${known.map((b) => b.name).join(', ')}`);
    process.exit(2);
  }
  const selected = names.length ? known.filter((b) => names.includes(b.name)) : BENCHMARKS;

  process.env.KV_DATA_DIR ??= '.data/bench';
  const dataDir = path.resolve(ROOT, process.env.KV_DATA_DIR);
  process.env.KV_DATA_DIR = dataDir;
  // The services helpers read DATABASE_URL / REDIS_URL: only the BENCH_ variables choose external ones.
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) process.env.REDIS_URL = process.env.BENCH_REDIS_URL;
  const { startPostgres, startRedis } = await import('../scripts/lib/services.ts');
  const pgHandle = await startPostgres(log);
  const redisHandle = await startRedis(log);
  if (!redisHandle.url) log('No Redis found (BENCH_REDIS_URL or redis-server): jobs run in-process.');
  // The references get as many Postgres connections as one centre's pool has (the platform plans
  // them from max_connections, packages/db/src/pool-cache.ts): same machine, same database width.
  const maxConnections = await serverMaxConnections(pgHandle.adminUrl);
  process.env.BENCH_REF_POOL ??= String(poolPlan(maxConnections).max);
  log(`Postgres max_connections ${maxConnections}: a centre pool and each reference pool have ${process.env.BENCH_REF_POOL} connections.`);

  const started: ServerProcess<{ port: number; ctlPort: number }>[] = [];
  const figures: Figure[] = [];
  const failures: { benchmark: string; error: string }[] = [];
  const t0 = Date.now();
  let stopping = false;
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled(started.map((p) => p.stop()));
    await redisHandle.stop();
    await pgHandle.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`\n${signal}: stopping the servers…`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  try {
    // The SPA is built before the platform starts, which serves it (with its compressed copies).
    const webDist = selected.some((b) => b.web) ? buildWeb(log) : undefined;
    log('Starting the platform (server process) and the reference server…');
    const track = <T extends ServerProcess<{ port: number; ctlPort: number }>>(p: Promise<T>) =>
      p.then((proc) => {
        started.push(proc);
        return proc;
      });
    const starting = await Promise.allSettled([
      track(
        startProcess<{ port: number; ctlPort: number }>(
          'bench/server/platform.ts',
          {
            DATABASE_URL: pgHandle.adminUrl,
            REDIS_URL: redisHandle.url,
            KV_DATA_DIR: dataDir,
            BENCH_WEB_DIST: webDist,
            RATE_LIMIT_MAX: '100000000',
            // provision-100 signs up as many guests (X-Forwarded-For), each under the funnel's per-address throttles.
            TRUST_PROXY: '127.0.0.1',
            // Extra flags for the server process (CPU profiles: BENCH_PROFILE_DIR, see lib/procs.ts).
            NODE_OPTIONS: [process.env.NODE_OPTIONS, process.env.BENCH_SERVER_NODE_OPTIONS].filter(Boolean).join(' ') || undefined,
          },
          log,
        ),
      ),
      track(startProcess<{ port: number; ctlPort: number }>('bench/server/reference.ts', {}, log)),
    ]);
    // Both settle before either failure is thrown, so the finally block stops whichever did start.
    const [platform, reference] = starting.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    }) as [ServerProcess<{ port: number; ctlPort: number }>, ServerProcess<{ port: number; ctlPort: number }>];
    const ctx: BenchContext = {
      log,
      quick,
      reps: Number(process.env.BENCH_REPS ?? 3),
      warmupSeconds: Number(process.env.BENCH_WARMUP ?? (quick ? 1 : 3)),
      seconds: Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 10)),
      connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
      pgAdminUrl: pgHandle.adminUrl,
      platform: { ...platform.info, pid: platform.child.pid },
      reference: { ...reference.info, pid: reference.child.pid },
      platformCtl: contextCtl(platform.info.ctlPort),
      referenceCtl: contextCtl(reference.info.ctlPort),
    };
    for (const b of selected) {
      log(`\n== ${b.name}: ${b.title}`);
      const s = Date.now();
      try {
        const out = await b.run(ctx);
        figures.push(...out);
        log(table(out));
      } catch (err) {
        const e = err as Error;
        failures.push({ benchmark: b.name, error: e.message });
        log(`  FAILED: ${e.stack ?? e.message}`);
      }
      log(`  (${((Date.now() - s) / 1000).toFixed(0)} s)`);
    }
  } finally {
    await stopAll();
  }

  log(`\n== Summary (medians of ${process.env.BENCH_REPS ?? 3} interleaved rounds; ratios = ours / reference)\n`);
  log(table(figures));
  for (const f of failures) log(`FAILED ${f.benchmark}: ${f.error}`);
  const file = path.join(ROOT, 'bench', 'results.json');
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        quick,
        node: process.version,
        cpus: (await import('node:os')).cpus().length,
        seconds: (Date.now() - t0) / 1000,
        figures,
        failures,
      },
      null,
      2,
    ) + '\n',
  );
  log(`\nWrote ${path.relative(process.cwd(), file)}`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
