import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { processCpuMicros } from './cpu.ts';

export interface LoadResult {
  /** Requests (or statements loops) completed per second. */
  rps: number;
  p50: number;
  p99: number;
  /** Transport errors, non-2xx answers and bodies that failed verification. */
  errors: number;
  total: number;
  /** The server process's CPU time per answered request (µs), when `serverPid` was given. */
  cpuUs?: number | null;
}

export interface HttpLoad {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Changes each request (e.g. a different child per check-in). */
  setupRequest?: (req: { body?: string; headers?: Record<string, string> }) => { body?: string; headers?: Record<string, string> };
  /** A response body that fails this counts as an error (GraphQL answers 200 with `errors`). */
  verifyBody?: (body: string) => boolean;
  connections: number;
  seconds: number;
  amount?: number;
  /** The serving process: its CPU time per answered request is reported (`cpuUs`). */
  serverPid?: number;
}

/** One autocannon round (HTTP/1.1 keep-alive, pipelining 1). */
export async function http(load: HttpLoad): Promise<LoadResult> {
  const cpuBefore = processCpuMicros(load.serverPid);
  const r = await autocannon({
    url: load.url,
    method: load.method ?? 'GET',
    headers: load.headers,
    body: load.body,
    connections: load.connections,
    pipelining: 1,
    duration: load.seconds,
    amount: load.amount,
    verifyBody: load.verifyBody,
    requests: load.setupRequest ? [{ setupRequest: load.setupRequest as never }] : undefined,
  } as autocannon.Options);
  const ok = r.requests.total;
  const cpuAfter = processCpuMicros(load.serverPid);
  return {
    rps: ok / Math.max(r.duration, 0.001),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx + (r as unknown as { mismatches?: number }).mismatches!,
    total: ok,
    cpuUs: cpuBefore !== null && cpuAfter !== null && ok > 0 ? (cpuAfter - cpuBefore) / ok : null,
  };
}

/** GraphQL answers without `errors` and with data. */
export const graphqlOk = (body: string) => body.startsWith('{"data"') && !body.includes('"errors"');

/** `concurrency` loops each awaiting `task` back to back for `seconds`: the in-process ceiling. */
export async function loop(task: (i: number) => Promise<unknown>, concurrency: number, seconds: number): Promise<LoadResult> {
  const end = performance.now() + seconds * 1000;
  const lat: number[] = [];
  let errors = 0;
  let n = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const s = performance.now();
        try {
          await task(n++);
        } catch {
          errors++;
        }
        lat.push(performance.now() - s);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  return { rps: lat.length / elapsed, p50: pct(lat, 50), p99: pct(lat, 99), errors, total: lat.length };
}

export function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function median(values: number[]): number {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
