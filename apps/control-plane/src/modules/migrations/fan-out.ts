import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createKnex, latestAvailableVersion, migrateLatest, pendingMigrations, schemaVersion, withDatabase } from '@kv/db';
import type { TenantDirectory } from '@kv/directory';
import type { Log } from '../../deps.ts';
import { ensureTenantTemplate } from '../provisioning/tenant-template.ts';
import { templateLockKey, withServerLock } from '../provisioning/server-lock.ts';
import * as repo from './repo.ts';

/** What the fan-out needs: the API's worker and the CLI both provide it. */
export interface FanOutDeps {
  controlDb: Knex;
  directory: Pick<TenantDirectory, 'serverUrl'>;
  templateName: string;
  log: Log;
}

export interface CentreResult {
  centreId: string;
  slug: string;
  status: 'done' | 'failed' | 'skipped';
  from: string | null;
  to: string | null;
  /** Applied, or on a dry run the migrations that would be. */
  applied: string[];
  error: string | null;
}

/** A run row, its per-centre rows and (through `inTrx`) anything else in the same transaction. */
export async function createMigrationRun(
  db: Knex,
  opts: { dryRun: boolean; centreId?: string | null; slug?: string | null; startedBy: string | null },
  inTrx?: (trx: Knex.Transaction, runId: string, targets: repo.MigrationTarget[]) => Promise<void>,
): Promise<{ runId: string; targets: repo.MigrationTarget[] }> {
  return db.transaction(async (trx) => {
    const targets = await repo.findTargets(trx, { centreId: opts.centreId, slug: opts.slug });
    const runId = randomUUID();
    await repo.insertRun(trx, {
      id: runId,
      dry_run: opts.dryRun,
      total: targets.length,
      started_by: opts.startedBy,
      center_id: opts.centreId ?? null,
    });
    await repo.insertTenantMigrations(
      trx,
      runId,
      targets.map((t) => t.id),
    );
    await inTrx?.(trx, runId, targets);
    return { runId, targets };
  });
}

// The template of a server is migrated once per run, by whichever centre job reaches it first.
const templateRuns = new Map<string, Promise<void>>();

async function migrateTemplateOnce(deps: FanOutDeps, runId: string, serverId: string): Promise<void> {
  const key = `${runId}|${serverId}`;
  let pending = templateRuns.get(key);
  if (!pending) {
    pending = (async () => {
      try {
        const url = await deps.directory.serverUrl(serverId);
        const r = await withServerLock(url, templateLockKey(deps.templateName), (admin) => ensureTenantTemplate(admin, deps.templateName));
        if (r.applied.length) deps.log.info({ serverId, applied: r.applied }, 'tenant template migrated');
      } catch (err) {
        // New centres still get migrated after the copy, so a template failure is reported, not fatal.
        const message = `template ${deps.templateName} on server ${serverId}: ${err instanceof Error ? err.message : String(err)}`;
        deps.log.error({ err, serverId }, 'tenant template migration failed');
        await repo.appendRunError(deps.controlDb, runId, message);
      }
    })();
    templateRuns.set(key, pending);
  }
  return pending;
}

/**
 * Migrates one centre of a run (or lists what would be applied, on a dry run) and records the
 * outcome on the run and the centre. All pending migrations apply in one transaction, so a failure
 * leaves the centre's database as it was. Never throws for the centre's own failure.
 */
export async function migrateCentreInRun(deps: FanOutDeps, runId: string, centreId: string): Promise<CentreResult> {
  const db = deps.controlDb;
  const run = await repo.findRun(db, runId);
  const target = await repo.findTarget(db, centreId);
  if (!run || !target) throw new Error(`Migration run ${runId} or centre ${centreId} does not exist`);
  const base = { centreId, slug: target.slug };
  if (!(await repo.claimTenantMigration(db, runId, centreId)))
    return { ...base, status: 'skipped', from: null, to: null, applied: [], error: null };
  if (!run.dry_run) {
    await migrateTemplateOnce(deps, runId, target.database_server_id);
    await repo.setCentreMigration(db, centreId, { migration_status: 'running' });
  }
  let from: string | null = null;
  let centreDb: Knex | undefined;
  try {
    const url = withDatabase(await deps.directory.serverUrl(target.database_server_id), target.database_name);
    centreDb = createKnex(url, { max: 1, statementTimeoutMs: 10 * 60_000, applicationName: 'kv:migrate' });
    from = await schemaVersion(centreDb, 'tenant');
    let applied: string[];
    let to: string | null;
    if (run.dry_run) {
      applied = await pendingMigrations(centreDb, 'tenant');
      to = applied.length ? await latestAvailableVersion(centreDb, 'tenant') : from;
    } else {
      ({ applied, version: to } = await migrateLatest(centreDb, 'tenant'));
    }
    await db.transaction(async (trx) => {
      await repo.finishTenantMigration(trx, runId, centreId, { status: 'done', from_version: from, to_version: to, applied, error: null });
      if (!run.dry_run) await repo.setCentreMigration(trx, centreId, { migration_status: 'ok', migration_error: null, schema_version: to });
      await finishIfLast(trx, runId, true);
    });
    return { ...base, status: 'done', from, to, applied, error: null };
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    deps.log.warn({ err, centreId, runId }, 'tenant migration failed');
    await db.transaction(async (trx) => {
      await repo.finishTenantMigration(trx, runId, centreId, {
        status: 'failed',
        from_version: from,
        to_version: from,
        applied: [],
        error,
      });
      if (!run.dry_run) await repo.setCentreMigration(trx, centreId, { migration_status: 'failed', migration_error: error });
      await finishIfLast(trx, runId, false);
    });
    return { ...base, status: 'failed', from, to: from, applied: [], error };
  } finally {
    await centreDb?.destroy();
  }
}

async function finishIfLast(trx: Knex.Transaction, runId: string, ok: boolean): Promise<void> {
  const run = await repo.countResult(trx, runId, ok);
  if (run.status !== 'running') for (const key of templateRuns.keys()) if (key.startsWith(`${runId}|`)) templateRuns.delete(key);
}
