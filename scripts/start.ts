/**
 * `npm start`: one command from a fresh clone. Starts Postgres (embedded unless DATABASE_URL),
 * Redis if there is one, migrates, provisions and seeds the demo centres of `tenants/`, builds the
 * SPA when needed and serves everything on PORT (default 3000); then, in the background, the demo
 * fleet (scripts/lib/seed/fleet.ts). With API_WORKERS=n, a `node:cluster` primary does all that but
 * serving, and n workers serve PORT (scripts/lib/cluster.ts).
 */
import { hashPassword } from '@kv/auth';
import { startPlatform, type Platform } from './lib/platform.ts';
import { apiWorkersFromEnv, ClusterConfigError, isClusterWorker, startClusterPrimary, startClusterWorker } from './lib/cluster.ts';
import { demoCentres, ensureWebBuild, seedDemo } from './lib/demo.ts';
import { seedFleetInBackground } from './lib/seed/fleet.ts';

const PORT = Number(process.env.PORT ?? 3000);
const DOMAIN = process.env.PLATFORM_DOMAIN ?? 'localhost';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';
/** Prefix of the databases it creates (default `kv_`): a test run on a shared server uses its own. */
const DATABASE_PREFIX = process.env.KV_DATABASE_PREFIX || undefined;
const log = (line: string) => console.log(line);

function banner(platform: Platform, workers: number | null) {
  const port = PORT === 80 ? '' : `:${PORT}`;
  log(`
KidsVision is running${workers ? ` (a primary and ${workers} API worker${workers > 1 ? 's' : ''})` : ''}.
  Operator console   http://${DOMAIN}${port}            sign in as admin or kvsupport
${demoCentres()
  .map((d) => `  ${d.name.padEnd(18).slice(0, 18)} http://${d.slug}.${DOMAIN}${port}   sign in as center, manager, teacher, parent or blog`)
  .join('\n')}
  Password for every demo account: ${process.env.DEMO_PASSWORD ? '(DEMO_PASSWORD)' : DEMO_PASSWORD}
  Sent mail, SMS and push (nothing leaves this machine): http://demo.${DOMAIN}${port}/dev/mailbox
  Jobs: ${platform.redisUrl ? `BullMQ on ${platform.redisUrl}` : 'in-process runner (no Redis found)'}
Press Ctrl+C to stop.`);
}

async function main() {
  const workers = apiWorkersFromEnv();
  const base = {
    port: PORT,
    platformDomain: DOMAIN,
    log,
    production: process.env.NODE_ENV === 'production',
    databasePrefix: DATABASE_PREFIX,
  };
  if (workers && isClusterWorker()) {
    // The primary built the SPA before forking (KV_WEB_DIST): a worker only serves it.
    await startClusterWorker({ ...base, webDist: process.env.KV_WEB_DIST || undefined, workers });
    return;
  }
  // KV_WEB_DIST: serve that built SPA (blank: none, as the API tests run) instead of building apps/web.
  const webDist = process.env.KV_WEB_DIST !== undefined ? process.env.KV_WEB_DIST || undefined : ensureWebBuild(log);
  let stop: () => Promise<void>;
  let platform: Platform;
  let ready: Promise<void> = Promise.resolve();
  if (workers) {
    process.env.KV_WEB_DIST = webDist ?? '';
    const primary = await startClusterPrimary({ ...base, webDist, workers });
    ({ platform, ready } = primary);
    stop = primary.stop;
  } else {
    platform = await startPlatform({ ...base, webDist });
    stop = () => platform.stop();
  }
  const shutdown = async () => {
    log('\nStopping…');
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await Promise.all([seedDemo(platform, DEMO_PASSWORD, log), ready]);
  banner(platform, workers);
  // The demo fleet (26 small centres in every billing state) while the platform serves: the first
  // start is no slower. DEMO_FLEET=0 leaves it out.
  if (process.env.DEMO_FLEET !== '0') void seedFleetInBackground(platform, { passwordHash: await hashPassword(DEMO_PASSWORD), log });
}

main().catch((err) => {
  console.error(err instanceof ClusterConfigError ? err.message : err);
  process.exit(1);
});
