import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { writeOutbox } from '@kv/jobs';
import { MIGRATION_DIRS } from '@kv/db';
import { fields, notice, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { CONTROL_QUEUE, JOBS } from '../../jobs/names.ts';
import { findCenter, type CenterRow } from '../centres/repo.ts';
import { createMigrationRun } from '../migrations/fan-out.ts';
import { utilityPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { notMigratable, utilityCentreNotFound } from './errors.ts';

const centreArgs = z.object({ center_id: fields.id('center_id') });

/** The tenant migrations this deployment ships (file names, in order). */
function tenantMigrationFiles(): string[] {
  return readdirSync(MIGRATION_DIRS.tenant)
    .filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f))
    .sort();
}
const versionOf = (name: string | undefined) => (name ? name.split('_')[0]! : null);

const HEALTH_TIMEOUT_MS = 5000;

export function createUtilityService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;

  /** The centre named by `center_id` (deleted ones are unknown), with the operator's role checked first. */
  async function target(actor: Actor, role: keyof typeof utilityPolicy, raw: unknown): Promise<CenterRow> {
    requireRole(actor, utilityPolicy[role]);
    const { center_id } = parseArgs(centreArgs, raw);
    const centre = await findCenter(db, center_id);
    if (!centre || centre.status === 'deleted') throw utilityCentreNotFound();
    return centre;
  }

  /** Reads the centre's own database, or why it could not (never more than HEALTH_TIMEOUT_MS). */
  async function probe(centre: CenterRow) {
    if (!centre.database_server_id || !centre.database_name) return { error: 'The centre has no database yet.' } as const;
    const t0 = performance.now();
    try {
      const centreDb = rt.pools.get(centre.id, await rt.directory.connectionUrl(centre));
      let timer: NodeJS.Timeout | undefined;
      const figures = await Promise.race([
        repo.centreFigures(centreDb),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      return { figures, latency: Math.round(performance.now() - t0) } as const;
    } catch (err) {
      rt.log.warn({ err, centreId: centre.id }, 'centre health: database did not answer');
      const timeout = err instanceof Error && err.message === 'timeout';
      return { error: timeout ? 'The centre database did not answer within 5 seconds.' : 'The centre database did not answer.' } as const;
    }
  }

  return {
    /** Health, read now from the control DB and the centre's database (read-only, 5 s at most); the read is audited. */
    async getCenterHealth(actor: Actor, raw: unknown) {
      const centre = await target(actor, 'getCenterHealth', raw);
      const files = tenantMigrationFiles();
      const [hostnames, last, migration, live] = await Promise.all([
        repo.activeHostnames(db, centre.id),
        repo.lastBackupAndDrill(db, centre.id),
        repo.lastMigration(db, centre.id),
        probe(centre),
      ]);
      const figures = 'figures' in live ? live.figures : null;
      const applied = new Set(figures?.applied ?? []);
      await writeAudit(db, actor, 'utilities.health', 'center', centre.id, { database_reachable: Boolean(figures) });
      return {
        center_id: centre.id,
        name: centre.name,
        slug: centre.slug,
        status: centre.status,
        hostnames,
        database_name: centre.database_name,
        database_reachable: Boolean(figures),
        database_error: 'error' in live ? live.error : null,
        database_latency_ms: 'latency' in live ? live.latency : null,
        schema_version: figures ? versionOf(figures.applied.at(-1)) : null,
        latest_version: versionOf(files.at(-1)) ?? '',
        pending_migrations: figures ? files.filter((f) => !applied.has(f)).length : null,
        queue_backlog: figures?.backlog ?? null,
        queue_retrying: figures?.retrying ?? null,
        queue_oldest_due_at: figures?.oldestDueAt ?? null,
        last_backup_at: last.backup?.at ?? null,
        last_backup_status: last.backup?.status ?? null,
        last_drill_at: last.drill?.at ?? null,
        last_drill_status: last.drill?.status ?? null,
        last_migration: migration && { ...migration, applied: migration.applied ?? [] },
        checked_at: new Date(),
      };
    },

    /** One centre through the migration fan-out: a run of one, its job queued in the same transaction as the audit row. */
    async rerunCenterMigration(actor: Actor, raw: unknown) {
      const centre = await target(actor, 'rerunCenterMigration', raw);
      const viewer = actor.viewer!;
      const { runId } = await createMigrationRun(
        db,
        { dryRun: false, centreId: centre.id, startedBy: viewer.label },
        async (trx, id, list) => {
          if (list.length === 0) throw notMigratable();
          await writeAudit(trx, actor, 'utilities.migrate', 'center', centre.id, { run_id: id });
          await writeOutbox(trx, { queue: CONTROL_QUEUE, name: JOBS.migrateTenant, payload: { centreId: centre.id, run_id: id } });
        },
      );
      void rt.kickOutbox();
      return done(`Migration of ${centre.name} started.`, {
        action: 'migrate',
        center_id: centre.id,
        migration_run_id: runId,
        hostnames: [],
        flushed: [],
      });
    },

    /** Forgets the centre's directory entry everywhere, then resolves each of its hosts afresh from the control DB. */
    async republishCenter(actor: Actor, raw: unknown) {
      const centre = await target(actor, 'republishCenter', raw);
      const hostnames = await repo.activeHostnames(db, centre.id);
      await writeAudit(db, actor, 'utilities.republish', 'center', centre.id, { hostnames });
      await rt.directory.invalidate(centre.id);
      const resolved = await Promise.all(hostnames.map(async (h) => ((await rt.directory.resolve(h))?.id === centre.id ? h : null)));
      const answering = resolved.filter((h): h is string => h !== null);
      const missing = hostnames.length - answering.length;
      return {
        ...(missing
          ? notice(`${centre.name} announced again; ${missing} of ${hostnames.length} hostnames do not resolve to it.`, false, 'warning')
          : notice(`${centre.name} announced again on ${hostnames.length} hostname${hostnames.length === 1 ? '' : 's'}.`)),
        action: 'republish',
        center_id: centre.id,
        migration_run_id: null,
        hostnames: answering,
        flushed: ['directory entry'],
      };
    },

    /** Empties what is cached of the centre: its directory entry (here, in Redis, in every subscribed process) and the platform's pool to its database. */
    async flushCenterCaches(actor: Actor, raw: unknown) {
      const centre = await target(actor, 'flushCenterCaches', raw);
      const pools = rt.pools.openKeys().includes(centre.id);
      await writeAudit(db, actor, 'utilities.flush_caches', 'center', centre.id, { pool_closed: pools });
      await rt.directory.invalidate(centre.id);
      // Requests running on the old pool finish; the next ones open a new pool.
      rt.pools.evict(centre.id, { graceful: true });
      const flushed = ['directory entry', ...(pools ? ['database pool'] : [])];
      return done(`Caches of ${centre.name} flushed.`, {
        action: 'flush_caches',
        center_id: centre.id,
        migration_run_id: null,
        hostnames: [],
        flushed,
      });
    },
  };
}

export type UtilityService = ReturnType<typeof createUtilityService>;
