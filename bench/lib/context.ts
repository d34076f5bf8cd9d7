import { request } from 'node:http';
import { ctl } from './procs.ts';
import { median, type LoadResult } from './load.ts';

/** One printed line: our value, the reference value on the same machine in the same run, the ratio. */
export interface Figure {
  benchmark: string;
  figure: string;
  ours: number;
  reference: number | null;
  /** What the reference is (e.g. "REST route", "raw pg loop", "budget"). */
  against: string;
  unit: string;
  /** ours / reference. */
  ratio: number | null;
  /** The goal, e.g. ">= 0.85x" or "< 300 ms". */
  target?: string;
  pass?: boolean;
}

/** A benchmark server process: its ports and its pid (for its CPU time, lib/cpu.ts). */
export interface ServerInfo {
  port: number;
  ctlPort: number;
  pid?: number;
}

export interface BenchContext {
  log(message: string): void;
  /** Rounds per side (interleaved; the median is reported). */
  reps: number;
  warmupSeconds: number;
  seconds: number;
  connections: number;
  quick: boolean;
  pgAdminUrl: string;
  platform: ServerInfo;
  reference: ServerInfo;
  platformCtl<T>(route: string, body?: unknown): Promise<T>;
  referenceCtl<T>(route: string, body?: unknown): Promise<T>;
}

export interface Benchmark {
  name: string;
  title: string;
  /** Needs the production build of the SPA, served by the platform (built once before the servers start: lib/web-build.ts). */
  web?: boolean;
  run(ctx: BenchContext): Promise<Figure[]>;
}

export function contextCtl(port: number) {
  return <T>(route: string, body?: unknown) => ctl<T>(port, route, body);
}

export const hostOf = (slug: string) => `${slug}.localhost`;

/** One GraphQL POST to the platform's port under a Host: the status and the body as text. */
export function postGraphql(
  ctx: BenchContext,
  host: string,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  // fetch() may not set Host: node:http does.
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: ctx.platform.port,
        path: '/graphql',
        method: 'POST',
        headers: { ...headers, host, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ query, variables }));
  });
}

/** A GraphQL request to a centre (or to the platform host with `{ host }`), for set-up and checks (never inside a measured round). */
export async function gql<T = Record<string, unknown>>(
  ctx: BenchContext,
  slug: string | { host: string },
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const host = typeof slug === 'string' ? hostOf(slug) : slug.host;
  const { status, body } = await postGraphql(ctx, host, token, query, variables);
  const json = JSON.parse(body) as { data?: T; errors?: { message: string }[] };
  if (status !== 200 || json.errors) throw new Error(`GraphQL on ${host}: ${status} ${JSON.stringify(json.errors ?? json)}`);
  return json.data as T;
}

export interface SideSummary {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Median server CPU per answered request (µs), when the side measured it. */
  cpuUs: number | null;
  runs: LoadResult[];
}

/**
 * Runs every side once as a warm-up, then `reps` measured rounds with the sides interleaved
 * (A B C, A B C, …) so drift on a shared machine hits every side alike; reports medians.
 */
export async function interleaved(
  ctx: BenchContext,
  sides: Record<string, (seconds: number) => Promise<LoadResult>>,
  between?: () => Promise<void>,
): Promise<Record<string, SideSummary>> {
  const names = Object.keys(sides);
  for (const name of names) {
    await sides[name]!(ctx.warmupSeconds);
    await between?.();
  }
  const runs: Record<string, LoadResult[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let rep = 0; rep < ctx.reps; rep++) {
    for (const name of names) {
      const r = await sides[name]!(ctx.seconds);
      runs[name]!.push(r);
      ctx.log(`  ${name} #${rep + 1}: ${r.rps.toFixed(0)}/s p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms errors ${r.errors}`);
      await between?.();
    }
  }
  return Object.fromEntries(
    names.map((n) => {
      const rs = runs[n]!;
      return [
        n,
        {
          rps: median(rs.map((r) => r.rps)),
          p50: median(rs.map((r) => r.p50)),
          p99: median(rs.map((r) => r.p99)),
          errors: rs.reduce((a, r) => a + r.errors, 0),
          cpuUs: rs.every((r) => typeof r.cpuUs === 'number') ? median(rs.map((r) => r.cpuUs!)) : null,
          runs: rs,
        },
      ];
    }),
  );
}

/** A ratio figure; `higherIsBetter` decides how the target compares. */
export function figure(
  benchmark: string,
  name: string,
  ours: number,
  reference: number | null,
  against: string,
  unit: string,
  target?: { min?: number; max?: number; on?: 'ratio' | 'value'; text: string },
): Figure {
  const ratio = reference === null || !reference ? null : ours / reference;
  let pass: boolean | undefined;
  if (target) {
    const v = target.on === 'value' ? ours : ratio;
    if (v === null || !Number.isFinite(v)) pass = false;
    else pass = (target.min === undefined || v >= target.min) && (target.max === undefined || v <= target.max);
  }
  return { benchmark, figure: name, ours, reference, against, unit, ratio, target: target?.text, pass };
}

/**
 * Server CPU per answer, ours against a reference: it holds still when the machine drifts (other
 * work, the load generator), where throughput does not. Lower is better; none where unmeasured.
 */
export function cpuFigure(benchmark: string, name: string, ours: SideSummary, reference: SideSummary, against: string): Figure[] {
  if (ours.cpuUs === null || reference.cpuUs === null) return [];
  return [figure(benchmark, name, ours.cpuUs, reference.cpuUs, against, 'µs')];
}
