import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import type { TenantDirectory } from '@kv/directory';
import type { Log } from '../deps.ts';
import { createMigrationRun, migrateCentreInRun, type CentreResult } from '../modules/migrations/fan-out.ts';
import { findRun } from '../modules/migrations/repo.ts';

export interface MigrateTenantsOptions {
  controlDb: Knex;
  directory: Pick<TenantDirectory, 'serverUrl'>;
  templateName: string;
  /** Only the centre with this slug. */
  slug?: string | null;
  dryRun: boolean;
  concurrency?: number;
  out: (line: string) => void;
  log: Log;
}

export const USAGE = 'Usage: migrate-tenants [--tenant <slug>] [--dry-run] [--concurrency <n>]';

export function parseMigrateTenantsArgs(argv: string[]): { slug: string | null; dryRun: boolean; concurrency: number } {
  const { values } = parseArgs({
    args: argv,
    options: { tenant: { type: 'string' }, 'dry-run': { type: 'boolean', default: false }, concurrency: { type: 'string', default: '4' } },
    strict: true,
  });
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) throw new Error('--concurrency must be 1–32');
  return { slug: values.tenant ?? null, dryRun: values['dry-run'] ?? false, concurrency };
}

function describe(r: CentreResult, dryRun: boolean): string {
  if (r.status === 'failed') return `FAILED (${r.from ?? 'empty'}): ${r.error}`;
  if (r.status === 'skipped') return 'skipped (already handled by another worker)';
  if (dryRun) return r.applied.length ? `${r.applied.length} pending: ${r.applied.join(', ')}` : `up to date (${r.from ?? 'empty'})`;
  return r.applied.length ? `migrated ${r.from ?? 'empty'} → ${r.to} (${r.applied.join(', ')})` : `up to date (${r.from ?? 'empty'})`;
}

/**
 * The fan-out run from a terminal: one run row like the API's, centres migrated here `concurrency`
 * at a time, a line per centre and a summary. Resolves with the process exit code (1 if any failed).
 */
export async function migrateTenants(opts: MigrateTenantsOptions): Promise<number> {
  const { runId, targets } = await createMigrationRun(opts.controlDb, { dryRun: opts.dryRun, slug: opts.slug, startedBy: 'cli' });
  if (opts.slug && targets.length === 0) {
    opts.out(`No active or suspended centre with slug "${opts.slug}".`);
    return 1;
  }
  opts.out(`${opts.dryRun ? 'Dry run' : 'Migration run'} ${runId}: ${targets.length} centre${targets.length === 1 ? '' : 's'}`);
  const deps = { controlDb: opts.controlDb, directory: opts.directory, templateName: opts.templateName, log: opts.log };
  const queue = [...targets];
  let doneCount = 0;
  const worker = async () => {
    for (let t = queue.shift(); t; t = queue.shift()) {
      const result = await migrateCentreInRun(deps, runId, t.id);
      doneCount++;
      opts.out(`[${doneCount}/${targets.length}] ${t.slug}: ${describe(result, opts.dryRun)}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 4, Math.max(1, targets.length)) }, worker));
  const run = (await findRun(opts.controlDb, runId))!;
  if (run.error) opts.out(`Warning: ${run.error}`);
  const verb = opts.dryRun ? 'checked' : 'migrated';
  opts.out(`Done: ${run.succeeded} ${verb}, ${run.failed} failed, of ${run.total}.`);
  return run.failed > 0 ? 1 : 0;
}
