import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);

export interface ServerProcess<T> {
  info: T;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a benchmark server in its own Node process (tsx) and waits for its `READY {json}` line,
 * so the load generator never shares an event loop with the server it measures.
 */
export function startProcess<T>(
  script: string,
  env: Record<string, string | undefined>,
  log: (m: string) => void,
): Promise<ServerProcess<T>> {
  // BENCH_PROFILE_DIR: each server writes a V8 CPU profile there when it stops (open in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE_DIR)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr = createInterface({ input: child.stderr! });
  stderr.on('line', (line) => {
    if (process.env.BENCH_VERBOSE || /error|fail/i.test(line)) log(line);
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 10 minutes`)), 600_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}`));
    });
    lines.on('line', (line) => {
      if (!line.startsWith('READY ')) return;
      clearTimeout(timer);
      resolve({
        info: JSON.parse(line.slice(6)) as T,
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
            child.once('exit', () => {
              clearTimeout(kill);
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** JSON POST to a control endpoint (node:http: provisioning a batch may take minutes, past fetch's header timeout). */
export function ctl<T>(port: number, route: string, body: unknown = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: route, method: 'POST', headers: { 'content-type': 'application/json' }, timeout: 0 },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          try {
            const json = JSON.parse(data) as T & { error?: string };
            if (res.statusCode !== 200) reject(new Error(`${route}: ${json.error ?? res.statusCode}`));
            else resolve(json);
          } catch (err) {
            reject(err as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
