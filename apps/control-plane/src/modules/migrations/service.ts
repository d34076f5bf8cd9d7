import { writeOutbox } from '@kv/jobs';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { isUuid, id as idArg } from '../../validate.ts';
import { toPage, paginatorInfo, type PageArgs } from '../../graphql/pagination.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { CONTROL_QUEUE, JOBS } from '../../jobs/names.ts';
import { centreNotFound } from '../centres/errors.ts';
import { findCenter } from '../centres/repo.ts';
import { migrationPolicy } from './policy.ts';
import { createMigrationRun } from './fan-out.ts';
import * as repo from './repo.ts';
import { migrationRunNotFound, notMigratable } from './errors.ts';

export function createMigrationService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  return {
    /** One job per centre through the outbox; the run closes itself when the last centre reports. */
    async runTenantMigrations(actor: Actor, args: { dry_run?: boolean | null; center_id?: string | null }) {
      const viewer = requireRole(actor, migrationPolicy.runTenantMigrations);
      const centerId = args.center_id ? idArg('center_id', args.center_id) : null;
      const dryRun = args.dry_run ?? false;
      if (centerId && !(await findCenter(db, centerId))) throw centreNotFound();
      const { runId, targets } = await createMigrationRun(db, { dryRun, centerId, startedBy: viewer.label }, async (trx, id, list) => {
        if (centerId && list.length === 0) throw notMigratable();
        await writeAudit(trx, actor, 'migrations.run', 'migration_run', id, { dry_run: dryRun, center_id: centerId, total: list.length });
        for (const t of list) {
          await writeOutbox(trx, { queue: CONTROL_QUEUE, name: JOBS.migrateTenant, payload: { centerId: t.id, run_id: id } });
        }
      });
      void rt.kickOutbox();
      const what = dryRun ? 'Dry run' : 'Migration';
      return done(`${what} started for ${targets.length} centre${targets.length === 1 ? '' : 's'}.`, {
        run: await repo.findRun(db, runId),
      });
    },

    async migrationRun(actor: Actor, args: { id: string }) {
      requireRole(actor, migrationPolicy.migrationRun);
      if (!isUuid(args.id)) throw migrationRunNotFound();
      const run = await repo.findRun(db, args.id);
      if (!run) throw migrationRunNotFound();
      return run;
    },

    async migrationRuns(actor: Actor, args: PageArgs) {
      requireRole(actor, migrationPolicy.migrationRuns);
      const page = toPage(args);
      const { rows, total } = await repo.listRuns(db, { offset: page.offset, limit: page.perPage });
      return { data: rows, paginatorInfo: paginatorInfo(total, page) };
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
