/**
 * Vitest global setup: one real Postgres for the whole run (embedded, or the server in
 * DATABASE_URL), with a migrated template database per migration set. Each test file clones the
 * template it needs (`createTestDatabase`), so files never share rows.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded.ts';
import { createKnex } from './knex.ts';
import { createDatabase, dropDatabase } from './admin.ts';
import { migrateLatest, type MigrationSet } from './migrate.ts';
import { withDatabase } from './url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgPrefix: string;
  }
}

export default async function setup(project: TestProject) {
  // Global setup runs outside Vite's transform; knex imports the .ts migrations natively.
  (await import('tsx/esm/api')).register();
  let stopServer: (() => Promise<void>) | undefined;
  let adminUrl = process.env.DATABASE_URL;
  let dataDir: string | undefined;
  if (!adminUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kv-test-pg-'));
    chmodSync(dataDir, 0o755); // as root, the binaries run as the unprivileged `postgres` user
    const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), persistent: false });
    adminUrl = server.url;
    stopServer = server.stop;
  }
  const prefix = `kvt${process.pid}`;
  const admin = createKnex(adminUrl, { max: 2 });
  const templates: string[] = [];
  for (const set of ['tenant', 'controlPlane'] as MigrationSet[]) {
    const name = `${prefix}_tpl_${set.toLowerCase()}`;
    await dropDatabase(admin, name);
    await createDatabase(admin, name);
    const db = createKnex(withDatabase(adminUrl, name), { max: 1 });
    try {
      await migrateLatest(db, set);
    } finally {
      await db.destroy();
    }
    templates.push(name);
  }
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgPrefix', prefix);

  return async () => {
    // Drop everything this run created (templates and per-file clones) on a shared server.
    const rows = await admin.raw('select datname from pg_database where datname like ?', [`${prefix}\\_%`]);
    for (const r of rows.rows as { datname: string }[]) await dropDatabase(admin, r.datname).catch(() => undefined);
    await admin.destroy();
    await stopServer?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
