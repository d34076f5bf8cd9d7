/**
 * Migrates every centre database (or one) to the newest tenant migration, the same way the
 * control plane's fan-out job does, and records the run in the control plane.
 *
 *   npm run migrate-tenants -- [--tenant <slug>] [--dry-run] [--concurrency <n>]
 *
 * --tenant <slug>   only this centre (active or suspended)
 * --dry-run         list each centre's pending migrations; change nothing
 * --concurrency n   centres migrated at once (default 4)
 *
 * Environment:
 *   CONTROL_DATABASE_URL   the control-plane database (required)
 *   CONTROL_PLANE_SECRET   the platform secret that decrypts database-server passwords (required, ≥ 32 chars)
 *   TENANT_TEMPLATE        the tenant template database on each server (default kv_tenant_template)
 *
 * Prints one line per centre and a summary; exits 1 if any centre failed (the others are still migrated).
 */
import { createKnex } from '../packages/db/src/index.ts';
import { createTenantDirectory } from '../packages/directory/src/index.ts';
import { migrateTenants, parseMigrateTenantsArgs, USAGE } from '../apps/control-plane/src/cli/migrate-tenants.ts';

async function main(): Promise<number> {
  let args;
  try {
    args = parseMigrateTenantsArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const url = process.env.CONTROL_DATABASE_URL;
  const secret = process.env.CONTROL_PLANE_SECRET;
  if (!url || !secret) {
    console.error('CONTROL_DATABASE_URL and CONTROL_PLANE_SECRET must be set.');
    return 2;
  }
  const controlDb = createKnex(url, { max: 4, applicationName: 'kv:migrate-tenants' });
  const log = { info: () => undefined, warn: () => undefined, error: (obj: object, msg: string) => console.error(msg, obj) };
  const directory = createTenantDirectory({ controlDb, platformDomain: 'localhost', secret, log });
  try {
    return await migrateTenants({
      controlDb,
      directory,
      templateName: process.env.TENANT_TEMPLATE ?? 'kv_tenant_template',
      slug: args.slug,
      dryRun: args.dryRun,
      concurrency: args.concurrency,
      out: (line) => console.log(line),
      log,
    });
  } finally {
    await directory.close();
    await controlDb.destroy();
  }
}

// Explicit: the exit code is main's answer, whatever handles are still open.
process.exit(await main());
