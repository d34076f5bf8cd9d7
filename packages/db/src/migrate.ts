import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Knex } from 'knex';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const MIGRATION_DIRS = {
  controlPlane: path.join(repoRoot, 'migrations/control-plane'),
  tenant: path.join(repoRoot, 'migrations/tenant'),
} as const;

export type MigrationSet = keyof typeof MIGRATION_DIRS;

function config(set: MigrationSet): Knex.MigratorConfig {
  return { directory: MIGRATION_DIRS[set], loadExtensions: ['.ts'], tableName: 'knex_migrations' };
}

/** Applies every pending migration of the set; returns the names applied and the resulting version. */
export async function migrateLatest(db: Knex, set: MigrationSet): Promise<{ applied: string[]; version: string | null }> {
  const [, applied] = (await db.migrate.latest(config(set))) as [number, string[]];
  return { applied, version: await schemaVersion(db, set) };
}

/** The newest applied migration's name (its timestamp prefix is the schema version). */
export async function schemaVersion(db: Knex, set: MigrationSet): Promise<string | null> {
  const v = await db.migrate.currentVersion(config(set));
  return v === 'none' ? null : v;
}

/** Names of migrations not applied yet (for `--dry-run`). */
export async function pendingMigrations(db: Knex, set: MigrationSet): Promise<string[]> {
  const [, pending] = (await db.migrate.list(config(set))) as [unknown[], { file: string }[]];
  return pending.map((p) => p.file);
}

/** The newest migration file of the set, i.e. the version a fully migrated database reports. */
export async function latestAvailableVersion(db: Knex, set: MigrationSet): Promise<string | null> {
  const [done, pending] = (await db.migrate.list(config(set))) as [{ name: string }[], { file: string }[]];
  const all = [...done.map((d) => d.name), ...pending.map((p) => p.file)].sort();
  const last = all.at(-1);
  return last ? last.split('_')[0]! : null;
}
