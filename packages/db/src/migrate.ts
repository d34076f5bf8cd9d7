import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { Knex } from 'knex';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const MIGRATION_DIRS = {
  controlPlane: path.join(repoRoot, 'migrations/control-plane'),
  tenant: path.join(repoRoot, 'migrations/tenant'),
} as const;

export type MigrationSet = keyof typeof MIGRATION_DIRS;

/**
 * Loads migrations with an `import()` in our own code rather than knex's, so whatever runs this
 * file (tsx, or Vitest's transform) also loads the TypeScript migrations.
 */
class TypeScriptMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly dir: string) {}
  async getMigrations(): Promise<string[]> {
    return readdirSync(this.dir)
      .filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f))
      .sort();
  }
  getMigrationName(file: string): string {
    return file;
  }
  getMigration(file: string): Promise<Knex.Migration> {
    return import(pathToFileURL(path.join(this.dir, file)).href);
  }
}

const sources = new Map<MigrationSet, TypeScriptMigrationSource>();

function config(set: MigrationSet): Knex.MigratorConfig {
  let source = sources.get(set);
  if (!source) sources.set(set, (source = new TypeScriptMigrationSource(MIGRATION_DIRS[set])));
  return { migrationSource: source, tableName: 'knex_migrations' };
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
  const [, pending] = (await db.migrate.list(config(set))) as [unknown[], string[]];
  return pending;
}

/** The newest migration file of the set, i.e. the version a fully migrated database reports. */
export async function latestAvailableVersion(db: Knex, set: MigrationSet): Promise<string | null> {
  const [done, pending] = (await db.migrate.list(config(set))) as [{ name: string }[], string[]];
  const all = [...done.map((d) => d.name), ...pending].sort();
  const last = all.at(-1);
  return last ? last.split('_')[0]! : null;
}

/** Undoes the newest applied migration of the set (tests, and an operator's emergency rollback). */
export async function migrateDown(db: Knex, set: MigrationSet): Promise<void> {
  await db.migrate.down(config(set));
}

/**
 * Applies migrations one at a time until the set's version is `version` (a restore of a backup
 * taken at an older schema); refuses a version no migration file has.
 */
export async function migrateUpTo(db: Knex, set: MigrationSet, version: string): Promise<void> {
  const [done, pending] = (await db.migrate.list(config(set))) as [{ name: string }[], string[]];
  const names = [...done.map((d) => d.name), ...pending];
  if (!names.some((n) => n.split('_')[0] === version)) throw new Error(`No ${set} migration has version ${version}.`);
  for (const name of [...pending].sort()) {
    if (name.split('_')[0]! > version) break;
    await db.migrate.up({ ...config(set), name });
  }
}
