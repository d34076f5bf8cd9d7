import { z } from 'zod';
import { writeOutbox } from '@kv/jobs';
import { fields, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { CONTROL_QUEUE, JOBS } from '../../jobs/names.ts';
import { centreNotFound } from '../centres/errors.ts';
import { findCenter } from '../centres/repo.ts';
import { migrationPolicy } from './policy.ts';
import { createMigrationRun } from './fan-out.ts';
import * as repo from './repo.ts';
import { migrationRunNotFound, notMigratable } from './errors.ts';

const runArgs = z.object({ dry_run: z.boolean('dry_run must be true or false.').nullish(), center_id: fields.id('center_id').nullish() });
const runIdArgs = z.object({ id: fields.uuidKey });
const listArgs = z.object(pageArgs);

export function createMigrationService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  return {
    /** One job per centre through the outbox; the run closes itself when the last centre reports. */
    async runTenantMigrations(actor: Actor, raw: unknown) {
      const viewer = requireRole(actor, migrationPolicy.runTenantMigrations);
      const args = parseArgs(runArgs, raw);
      const centreId = args.center_id ?? null;
      const dryRun = args.dry_run ?? false;
      if (centreId && !(await findCenter(db, centreId))) throw centreNotFound();
      const { runId, targets } = await createMigrationRun(db, { dryRun, centreId, startedBy: viewer.label }, async (trx, id, list) => {
        if (centreId && list.length === 0) throw notMigratable();
        await writeAudit(trx, actor, 'migrations.run', 'migration_run', id, { dry_run: dryRun, center_id: centreId, total: list.length });
        for (const t of list) {
          await writeOutbox(trx, { queue: CONTROL_QUEUE, name: JOBS.migrateTenant, payload: { centreId: t.id, run_id: id } });
        }
      });
      void rt.kickOutbox();
      const what = dryRun ? 'Dry run' : 'Migration';
      return done(`${what} started for ${targets.length} centre${targets.length === 1 ? '' : 's'}.`, {
        run: await repo.findRun(db, runId),
      });
    },

    async migrationRun(actor: Actor, raw: unknown) {
      requireRole(actor, migrationPolicy.migrationRun);
      const { id } = parseArgs(runIdArgs, raw);
      const run = id ? await repo.findRun(db, id) : undefined;
      if (!run) throw migrationRunNotFound();
      return run;
    },

    async migrationRuns(actor: Actor, raw: unknown) {
      requireRole(actor, migrationPolicy.migrationRuns);
      const { page, first } = parseArgs(listArgs, raw);
      const { rows, total } = await repo.listRuns(db, { offset: (page - 1) * first, limit: first });
      return paginated(rows, total, page, first);
    },

    /** The per-centre rows of several runs at once (the MigrationRun.centers loader). */
    async centresOfRuns(actor: Actor, runIds: string[]) {
      requireRole(actor, migrationPolicy.migrationRun);
      const rows = await repo.listTenantMigrations(db, runIds);
      return runIds.map((id) => rows.filter((r) => r.run_id === id));
    },
  };
}

export type MigrationService = ReturnType<typeof createMigrationService>;
