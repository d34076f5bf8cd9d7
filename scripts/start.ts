/**
 * `npm start`: one command from a fresh clone. Starts Postgres (embedded unless DATABASE_URL),
 * Redis if there is one, migrates, provisions and seeds the demo centres of `tenants/`, builds the
 * SPA when needed and serves everything on PORT (default 3000); then, in the background, the demo
 * fleet (scripts/lib/seed/fleet.ts).
 */
import { startPlatform } from './lib/platform.ts';
import { hashPassword } from '@kv/auth';
import { demoCentres, ensureWebBuild, seedDemo } from './lib/demo.ts';
import { seedFleetInBackground } from './lib/seed/fleet.ts';

const PORT = Number(process.env.PORT ?? 3000);
const DOMAIN = process.env.PLATFORM_DOMAIN ?? 'localhost';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';
const log = (line: string) => console.log(line);

async function main() {
  const webDist = ensureWebBuild(log);
  const platform = await startPlatform({
    port: PORT,
    platformDomain: DOMAIN,
    log,
    webDist,
    production: process.env.NODE_ENV === 'production',
  });
  const shutdown = async () => {
    log('\nStopping…');
    await platform.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await seedDemo(platform, DEMO_PASSWORD, log);

  const port = PORT === 80 ? '' : `:${PORT}`;
  log(`
KidsVision is running.
  Operator console   http://${DOMAIN}${port}            sign in as admin or kvsupport
${demoCentres()
  .map((d) => `  ${d.name.padEnd(18).slice(0, 18)} http://${d.slug}.${DOMAIN}${port}   sign in as center, manager, teacher, parent or blog`)
  .join('\n')}
  Password for every demo account: ${process.env.DEMO_PASSWORD ? '(DEMO_PASSWORD)' : DEMO_PASSWORD}
  Sent mail, SMS and push (nothing leaves this machine): http://demo.${DOMAIN}${port}/dev/mailbox
  Jobs: ${platform.redisUrl ? `BullMQ on ${platform.redisUrl}` : 'in-process runner (no Redis found)'}
Press Ctrl+C to stop.`);
  // The demo fleet (26 small centres in every billing state) while the platform serves: the first
  // start is no slower. DEMO_FLEET=0 leaves it out.
  if (process.env.DEMO_FLEET !== '0') void seedFleetInBackground(platform, { passwordHash: await hashPassword(DEMO_PASSWORD), log });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
