import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '@kv/db';

export const DATA_DIR = path.resolve(process.env.KV_DATA_DIR ?? '.data');

export interface PostgresHandle {
  /** URL of the maintenance database on the server the platform uses. */
  adminUrl: string;
  kind: 'embedded' | 'external';
  stop(): Promise<void>;
}

/** `DATABASE_URL` when set, otherwise a real embedded PostgreSQL with its data under `.data/pg`. */
export async function startPostgres(log: (m: string) => void): Promise<PostgresHandle> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, kind: 'external', stop: async () => undefined };
  mkdirSync(DATA_DIR, { recursive: true });
  chmodSync(DATA_DIR, 0o755); // as root, the binaries run as the unprivileged `postgres` user
  const port = process.env.PG_PORT ? Number(process.env.PG_PORT) : await freePort();
  log(`Starting embedded PostgreSQL on 127.0.0.1:${port} (data in ${path.join(DATA_DIR, 'pg')})`);
  const server = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, 'pg'), port, persistent: true });
  return { adminUrl: server.url, kind: 'embedded', stop: server.stop };
}

export interface RedisHandle {
  url: string | undefined;
  stop(): Promise<void>;
}

function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * `REDIS_URL` when set; otherwise a `redis-server` found on the machine, started on a free port
 * with an append-only file under `.data/redis`; otherwise none (jobs run in-process).
 */
export async function startRedis(log: (m: string) => void): Promise<RedisHandle> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => undefined };
  if (process.env.KV_NO_REDIS === '1' || !hasRedisServer()) return { url: undefined, stop: async () => undefined };
  const dir = path.join(DATA_DIR, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--maxmemory-policy', 'noeviction'],
    { stdio: 'ignore' },
  );
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 5000;
    const probe = () => {
      const r = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
      if (r.stdout?.trim() === 'PONG') return resolve();
      if (child.exitCode !== null || Date.now() > deadline) return reject(new Error('redis-server did not start'));
      setTimeout(probe, 100);
    };
    probe();
  });
  log(`Started redis-server on 127.0.0.1:${port}`);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The platform secret: `PLATFORM_SECRET`, or one generated once and kept in `.data/secret`. */
export function platformSecret(): string {
  if (process.env.PLATFORM_SECRET) return process.env.PLATFORM_SECRET;
  const file = path.join(DATA_DIR, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface StripeHandle {
  /** The tenant API's Stripe settings (TenantApiConfig.stripe). */
  config: { mode: 'fake' | 'live'; host?: string; port?: number; protocol?: 'http' | 'https'; secretKey: string };
  stop(): Promise<void>;
}

/**
 * Card payments: STRIPE_MODE=live talks to api.stripe.com; otherwise (the default locally and in
 * tests) the local Stripe fake (@kv/stripe-fake) runs in this process on a loopback port, its
 * state in `<KV_DATA_DIR>/stripe-fake/`, posting signed events to the centres' webhook URLs.
 */
export async function startStripe(log: (m: string) => void, secretKey: string): Promise<StripeHandle> {
  if (process.env.STRIPE_MODE === 'live') return { config: { mode: 'live', secretKey }, stop: async () => undefined };
  const { StripeFake } = await import('@kv/stripe-fake');
  const fake = new StripeFake({ dataDir: DATA_DIR });
  const port = await fake.listen(Number(process.env.STRIPE_FAKE_PORT ?? 0));
  // The demo-data generator of this process registers the demo centres' keys with it.
  process.env.STRIPE_FAKE_URL = `http://127.0.0.1:${port}`;
  log(`Started the Stripe fake on 127.0.0.1:${port} (state in ${path.join(DATA_DIR, 'stripe-fake')})`);
  return { config: { mode: 'fake', host: '127.0.0.1', port, protocol: 'http', secretKey }, stop: () => fake.close() };
}
