import type { JobHandler } from '@kv/jobs';
import { PermanentJobError } from '@kv/jobs';
import type { ControlPlaneRuntime } from '../deps.ts';
import { dropReplacedDatabase, runBackup, runDrill, runNightly, runRestore } from '../modules/backups/engine.ts';
import { centreDeleted } from '../modules/backups/deletion.ts';

const idOf = (data: Record<string, unknown>, key: string, job: string): string => {
  const v = data[key];
  if (typeof v !== 'string' || !/^\d+$/.test(v)) throw new PermanentJobError(`${job} needs ${key}`);
  return v;
};

/** `control-plane/backup-center-database` `{ centreId: null, center_id, backup_id }`. */
export const backupCenterDatabaseJob = (rt: ControlPlaneRuntime): JobHandler => async (job) => {
  const b = await runBackup(rt, idOf(job.data, 'backup_id', job.name));
  return { status: b.status, rows: b.row_count, bytes: b.size_bytes };
};

/** `control-plane/drill-center-backup` `{ centreId: null, center_id, drill_id }`. */
export const drillCenterBackupJob = (rt: ControlPlaneRuntime): JobHandler => async (job) => {
  const d = await runDrill(rt, idOf(job.data, 'drill_id', job.name));
  return { status: d.status, tables: d.tables_checked };
};

/** `control-plane/restore-center-database` `{ centreId: null, center_id, restore_id }`. */
export const restoreCenterDatabaseJob = (rt: ControlPlaneRuntime): JobHandler => async (job) => {
  const r = await runRestore(rt, idOf(job.data, 'restore_id', job.name));
  return { status: r.status, to: r.to_database };
};

/** `control-plane/drop-replaced-database` `{ centreId: null, center_id, restore_id }`: 14 days after a restore. */
export const dropReplacedDatabaseJob = (rt: ControlPlaneRuntime): JobHandler => async (job) =>
  dropReplacedDatabase(rt, idOf(job.data, 'restore_id', job.name));

/** `control-plane/nightly-backups` `{ centreId: null, night }`: every centre's backup, retention, rotating drills. */
export const nightlyBackupsJob = (rt: ControlPlaneRuntime): JobHandler => async () => runNightly(rt);

/** `control-plane/center-deleted` `{ centreId: null, center_id }`: the subscription ends (platform billing's call point). */
export const centerDeletedJob = (rt: ControlPlaneRuntime): JobHandler => async (job) => centreDeleted(rt, idOf(job.data, 'center_id', job.name));
