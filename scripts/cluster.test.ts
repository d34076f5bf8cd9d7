// @services Redis and a PostgreSQL server: `npm start` with API_WORKERS=4, a rolling restart under load drops no request
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { dropDatabase, freePort } from '@kv/db';
import { testAdmin, testAdminUrl } from '@kv/db/testing';
import { repoRoot } from './lib/platform.ts';
import { apiWorkersFromEnv } from './lib/cluster.ts';

/**
 * The cluster as an operator runs it: `scripts/start.ts` in a child process with API_WORKERS=4 on
 * the shared test servers (own database prefix, own Redis prefix), the demo seeded. While steady
 * GraphQL traffic runs on the platform host and on a centre host, restartServer replaces every
 * worker; not one request may fail, and every worker's pid changes.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WORKERS = 4;
const prefix = `kvcl${process.pid}_`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kv-cluster-test-'));

function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
const redisUp = await redisReachable();

let child: ChildProcess | undefined;
let port: number;
let output = '';

// Keep-alive connections, as browsers and proxies hold them: the drain must close them cleanly.
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

let resent = 0;

function gql(
  host: string,
  query: string,
  token?: string,
  retry = true,
): Promise<{ status: number; body: { data?: any; errors?: { message: string; extensions?: { code?: string } }[] } }> {
  const payload = JSON.stringify({ query });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        // The one resend goes on a new connection (an idle pooled one may be closing too).
        agent: retry ? agent : false,
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode!, body: JSON.parse(data) });
          } catch {
            reject(new Error(`${res.statusCode} ${data.slice(0, 200)}`));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', (err) => {
      // A keep-alive connection the server closed as idle while this request was on its way: the
      // request never reached it. Clients send it again on a new connection, as browsers do (and
      // as Node's documentation of `request.reusedSocket` shows); counted, never hidden.
      if (req.reusedSocket && retry && ['ECONNRESET', 'EPIPE'].includes((err as NodeJS.ErrnoException).code ?? '')) {
        resent++;
        resolve(gql(host, query, token, false));
      } else reject(err);
    });
    req.end(payload);
  });
}

async function login(host: string, username: string): Promise<string> {
  const res = await gql(host, `mutation { login(username: "${username}", password: "demo-password") { tokens { access_token } } }`);
  const token = res.body.data?.login?.tokens?.access_token;
  if (!token) throw new Error(`login ${username}@${host} failed: ${JSON.stringify(res.body)}`);
  return token;
}

const GROUPS = '{ getApiGroups { mode size workers { pid status } last_restart { status replaced total error started_by } } }';

describe.skipIf(!redisUp)('API_WORKERS=4: a rolling restart under load', () => {
  beforeAll(async () => {
    port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/start.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        API_WORKERS: String(WORKERS),
        PORT: String(port),
        DATABASE_URL: testAdminUrl(),
        REDIS_URL,
        KV_DATA_DIR: dataDir,
        KV_DATABASE_PREFIX: prefix,
        KV_WEB_DIST: '',
        // The demo fleet's background provisioning is not what this test is about.
        DEMO_FLEET: '0',
        LOG_LEVEL: 'warn',
        // The load below is one client: the per-client limit would answer 429 part of it.
        RATE_LIMIT_MAX: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes('KidsVision is running')) return resolve();
        if (child!.exitCode !== null) return reject(new Error(`start.ts exited (${child!.exitCode}):\n${output.slice(-4000)}`));
        setTimeout(check, 250);
      };
      check();
    });
  }, 900_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGINT');
      await exited;
    }
    const admin = testAdmin();
    const rows = await admin.raw('select datname from pg_database where datname like ?', [`${prefix.replace(/_/g, '\\_')}%`]);
    for (const r of rows.rows as { datname: string }[]) await dropDatabase(admin, r.datname);
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
    agent.destroy();
  }, 120_000);

  it('replaces all 4 workers one at a time while requests keep flowing: 0 failed, every pid new, a second restart refused', async () => {
    const admin = await login('localhost', 'admin');
    const manager = await login('demo.localhost', 'manager');
    const before = (await gql('localhost', GROUPS, admin)).body.data.getApiGroups[0];
    expect(before).toMatchObject({ mode: 'cluster', size: WORKERS, last_restart: null });
    expect(before.workers).toHaveLength(WORKERS);
    const oldPids = new Set<number>(before.workers.map((w: { pid: number }) => w.pid));

    // Steady traffic: the platform host's schema and a centre's `me` (its database, through a pool).
    const failures: string[] = [];
    let served = 0;
    let running = true;
    const requests: [string, string, string | undefined, (d: any) => boolean][] = [
      ['localhost', '{ __typename }', undefined, (d) => d?.__typename === 'Query'],
      ['demo.localhost', '{ me { username } }', manager, (d) => d?.me?.username === 'manager'],
    ];
    const loops = Array.from({ length: 6 }, async (_, i) => {
      const [host, query, token, ok] = requests[i % requests.length]!;
      while (running) {
        try {
          const res = await gql(host, query, token);
          if (res.status !== 200 || res.body.errors || !ok(res.body.data))
            failures.push(`${host} ${res.status} ${JSON.stringify(res.body)}`);
          else served++;
        } catch (err) {
          failures.push(`${host} ${String(err)}`);
        }
      }
    });

    const started = await gql(
      'localhost',
      'mutation { restartServer(group: "api") { status message group { last_restart { status total } } } }',
      admin,
    );
    expect(started.body.errors).toBeUndefined();
    expect(started.body.data.restartServer).toMatchObject({ status: true, group: { last_restart: { status: 'running', total: WORKERS } } });
    const again = await gql('localhost', 'mutation { restartServer(group: "api") { status } }', admin);
    expect(again.body.errors?.[0]?.extensions?.code).toBe('RESTART_IN_PROGRESS');

    let after = before;
    while (after.last_restart?.status !== 'done' && after.last_restart?.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 500));
      after = (await gql('localhost', GROUPS, admin)).body.data.getApiGroups[0];
    }
    const servedDuringRestart = served;
    // A little more traffic on the new workers only, then stop.
    const more = served + 50;
    while (served < more && failures.length === 0) await new Promise((r) => setTimeout(r, 50));
    running = false;
    await Promise.all(loops);

    expect(failures).toEqual([]);
    // No worker cut a request it had started (a resent request never reached a server).
    expect(output).not.toMatch(/cut \d+ request/);
    expect(servedDuringRestart).toBeGreaterThan(0);
    expect(after.last_restart, output.slice(-3000)).toMatchObject({
      status: 'done',
      replaced: WORKERS,
      total: WORKERS,
      error: null,
      started_by: expect.stringContaining('admin'),
    });
    // Recorded in the control database by the primary (api_group_restarts), not only in its memory.
    const history = await gql(
      'localhost',
      '{ getApiGroupRestarts(group: "api") { data { mode status replaced } paginatorInfo { total } } }',
      admin,
    );
    expect(history.body.data.getApiGroupRestarts).toEqual({
      data: [{ mode: 'cluster', status: 'done', replaced: WORKERS }],
      paginatorInfo: { total: 1 },
    });
    expect(after.workers).toHaveLength(WORKERS);
    expect(after.workers.every((w: { status: string }) => w.status === 'ready')).toBe(true);
    expect(after.workers.filter((w: { pid: number }) => oldPids.has(w.pid))).toEqual([]);
    console.log(
      `rolling restart of ${WORKERS} workers: ${servedDuringRestart} requests served during it, 0 failed, ${resent} sent again after an idle connection closed`,
    );
  }, 600_000);
});

describe('API_WORKERS at start', () => {
  it('is one process when unset or blank, n workers for 1 to 64, refused otherwise', () => {
    expect(apiWorkersFromEnv(undefined)).toBeNull();
    expect(apiWorkersFromEnv(' ')).toBeNull();
    expect(apiWorkersFromEnv('4')).toBe(4);
    for (const bad of ['0', '65', '2.5', 'four'])
      expect(() => apiWorkersFromEnv(bad)).toThrow(/API_WORKERS must be a whole number from 1 to 64/);
  });

  it('refuses 2 workers without Redis, saying what to set, before serving anything', async () => {
    const { REDIS_URL: _, ...env } = process.env;
    const run = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/start.ts')], {
      cwd: repoRoot,
      env: {
        ...env,
        API_WORKERS: '2',
        KV_NO_REDIS: '1',
        DATABASE_URL: testAdminUrl(),
        KV_DATA_DIR: dataDir,
        KV_WEB_DIST: '',
        KV_DATABASE_PREFIX: `${prefix}nr_`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    run.stdout!.on('data', (c) => (said += c));
    run.stderr!.on('data', (c) => (said += c));
    const code = await new Promise((r) => run.once('exit', r));
    expect(code).toBe(1);
    expect(said).toContain('API_WORKERS=2 needs Redis');
    expect(said).toContain('REDIS_URL');
  }, 120_000);
});
