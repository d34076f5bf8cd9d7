import { performance } from 'node:perf_hooks';
import { Agent, request } from 'node:http';

/** One request of an open-loop run, fired at its scheduled time whatever the previous answers. */
export interface Shot {
  at: number;
  kind: string;
  host: string;
  auth: string;
  body: string;
  check: (body: string) => boolean;
}

export interface ShotResult {
  kind: string;
  ms: number;
  ok: boolean;
  /** What a failed shot got: the status and the start of the body, or the socket error. */
  failure?: string;
}

/**
 * Fires every shot at `at` ms from the start on keep-alive connections (open loop: a slow server
 * piles requests up instead of slowing the clients down, as real arrivals do), latency measured
 * from the scheduled time (no coordinated omission).
 */
export async function openLoop(port: number, shots: Shot[], maxSockets = 256): Promise<ShotResult[]> {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const t0 = performance.now();
  const results: ShotResult[] = [];
  const sorted = [...shots].sort((a, b) => a.at - b.at);
  const pending: Promise<void>[] = [];
  for (const shot of sorted) {
    const wait = t0 + shot.at - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const scheduled = t0 + shot.at;
    pending.push(
      new Promise<void>((resolve) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/graphql',
            method: 'POST',
            agent,
            headers: { host: shot.host, authorization: shot.auth, 'content-type': 'application/json' },
          },
          (res) => {
            let data = '';
            res.setEncoding('utf8');
            res.on('data', (c) => (data += c));
            res.on('end', () => {
              const ok = res.statusCode === 200 && shot.check(data);
              const failure = ok ? undefined : `${res.statusCode ?? 0} ${data.slice(0, 300)}`;
              results.push({ kind: shot.kind, ms: performance.now() - scheduled, ok, failure });
              resolve();
            });
          },
        );
        req.on('error', (err) => {
          results.push({ kind: shot.kind, ms: performance.now() - scheduled, ok: false, failure: err.message });
          resolve();
        });
        req.end(shot.body);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return results;
}
