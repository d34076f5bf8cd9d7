/**
 * Browser journeys: starts the whole platform on a free port with a throw-away data directory
 * (embedded Postgres unless DATABASE_URL; a fresh database set either way), seeds the demo
 * centres, then runs the Chromium journeys of apps/web/e2e against it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { freePort } from '@kv/db';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kv-e2e-'));
process.env.KV_DATA_DIR = dataDir;
// Every journey (kiosk, parents, staff, operators) comes from 127.0.0.1: one client for the
// per-client rate limit, which a busy run exceeds within a minute. The limit has its own tests.
process.env.RATE_LIMIT_MAX ??= '100000';
const { startPlatform, repoRoot } = await import('./lib/platform.ts');
const { ensureWebBuild, seedDemo } = await import('./lib/demo.ts');

const log = (line: string) => console.log(`[platform] ${line}`);
const since = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
let t0 = performance.now();
const webDist = ensureWebBuild(log);
log(`web build ready in ${since(t0)}`);
t0 = performance.now();
const platform = await startPlatform({ port, platformDomain: 'localhost', log, webDist, databasePrefix: `kve2e${process.pid}_` });
let code = 1;
try {
  await seedDemo(platform, 'demo-password', log);
  // The demo fleet (26 more centres) only when asked: the journeys read the demo centres on the lists' first page.
  if (process.env.E2E_FLEET === '1') {
    const { seedFleet } = await import('./lib/seed/fleet.ts');
    const { hashPassword } = await import('@kv/auth');
    await seedFleet(platform, { passwordHash: await hashPassword('demo-password'), log });
  }
  log(`platform started and seeded in ${since(t0)}`);
  t0 = performance.now();
  // Not spawnSync: the platform serves from this process's event loop while the journeys run.
  // The journeys compile with the web app's tsconfig (JSX of the route tables they read).
  const run = spawn(
    'npx',
    ['tsx', '--tsconfig', path.join(repoRoot, 'apps/web/tsconfig.json'), path.join(repoRoot, 'apps/web/e2e/run.ts')],
    {
      stdio: 'inherit',
      env: { ...process.env, E2E_PORT: String(port) },
    },
  );
  code = await new Promise<number>((resolve) => run.once('exit', (c) => resolve(c ?? 1)));
  log(`journeys ran in ${since(t0)}`);
} finally {
  await platform.stop({ dropDatabases: Boolean(process.env.DATABASE_URL) });
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
