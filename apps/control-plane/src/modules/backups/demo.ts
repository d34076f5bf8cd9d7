import { runtimeFor, type ControlPlaneDeps } from '../../deps.ts';
import { runBackup, runDrill } from './engine.ts';
import * as repo from './repo.ts';

/**
 * Demo data: a finished backup and a passed restore drill for a demo centre, made as the jobs
 * make them (the first start only: a centre that has a backup is left alone). Null without a store.
 */
export async function seedCentreBackup(deps: ControlPlaneDeps, centreId: string): Promise<{ backup: string; drill: string } | null> {
  const rt = runtimeFor(deps);
  if (!rt.files || (await repo.latestDoneBackup(rt.controlDb, centreId))) return null;
  const backup = await runBackup(rt, await repo.insertBackup(rt.controlDb, { center_id: centreId, kind: 'nightly', requested_by: 'nightly' }));
  if (backup.status !== 'done') throw new Error(`demo backup of centre ${centreId} failed: ${backup.error ?? 'unknown'}`);
  const drill = await runDrill(rt, await repo.insertDrill(rt.controlDb, { center_id: centreId, backup_id: backup.id, requested_by: 'nightly' }));
  return { backup: backup.status, drill: drill.status };
}
