import { z } from 'zod';
import { DescribeDBSnapshotsCommand } from '@aws-sdk/client-rds';
import { normaliseHost } from '@kv/directory';
import { writeOutbox } from '@kv/jobs';
import { fields, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { CONTROL_QUEUE, JOBS } from '../../jobs/names.ts';
import { writeAudit } from '../audit/repo.ts';
import * as centres from '../centres/repo.ts';
import { centreNotFound, invalidState } from '../centres/errors.ts';
import { backupPolicy } from './policy.ts';
import { backupNotFound, backupNotReady, centreBusy, confirmMismatch, snapshotsNotAvailable } from './errors.ts';
import { createDeletionService, findDeletion } from './deletion.ts';
import { storeOf } from './engine.ts';
import * as repo from './repo.ts';

const centreArgs = z.object({ center_id: fields.id('center_id') });
const listArgs = z.object({ center_id: fields.id('center_id'), ...pageArgs });
const drillArgs = z.object({ center_id: fields.id('center_id'), backup_id: fields.id('backup_id').nullish() });
const restoreArgs = z.object({
  center_id: fields.id('center_id'),
  backup_id: fields.id('backup_id'),
  confirm_hostname: fields.text('confirm_hostname', { max: 255 }),
});

/** Centres whose database can be read: a backup or drill of anything else has nothing to read. */
const WITH_DATABASE = new Set(['active', 'suspended']);

export function createBackupService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  const deletion = createDeletionService(rt);

  async function centreWithDatabase(id: string, verb: string) {
    const centre = await centres.findCenter(db, id);
    if (!centre) throw centreNotFound();
    if (!WITH_DATABASE.has(centre.status) || !centre.database_name) throw invalidState(centre.status, verb);
    return centre;
  }

  async function list<T>(actor: Actor, raw: unknown, op: keyof typeof backupPolicy, read: typeof repo.listBackups | typeof repo.listDrills | typeof repo.listRestores) {
    requireRole(actor, backupPolicy[op]);
    const { center_id, page, first } = parseArgs(listArgs, raw);
    if (!(await centres.findCenter(db, center_id))) throw centreNotFound();
    const { rows, total } = await read(db, center_id, (page - 1) * first, first);
    return paginated(rows as T[], total, page, first);
  }

  return {
    getCenterBackups: (actor: Actor, raw: unknown) => list<repo.BackupRow>(actor, raw, 'getCenterBackups', repo.listBackups),
    getCenterDrills: (actor: Actor, raw: unknown) => list<repo.DrillRow>(actor, raw, 'getCenterDrills', repo.listDrills),
    getCenterRestores: (actor: Actor, raw: unknown) => list<repo.RestoreRow>(actor, raw, 'getCenterRestores', repo.listRestores),

    async backupCenterDatabase(actor: Actor, raw: unknown) {
      requireRole(actor, backupPolicy.backupCenterDatabase);
      const { center_id } = parseArgs(centreArgs, raw);
      storeOf(rt);
      const id = await db.transaction(async (trx) => {
        const centre = await centres.lockCenter(trx, center_id);
        if (!centre) throw centreNotFound();
        if (!WITH_DATABASE.has(centre.status) || !centre.database_name) throw invalidState(centre.status, 'backed up');
        const busy = await repo.openWork(trx, center_id);
        if (busy) throw centreBusy(busy);
        const backupId = await repo.insertBackup(trx, { center_id, kind: 'manual', requested_by: actor.viewer?.label ?? null });
        await writeOutbox(trx, { queue: CONTROL_QUEUE, name: JOBS.backupCenterDatabase, payload: { centreId: null, center_id, backup_id: backupId } });
        await writeAudit(trx, actor, 'center.backup', 'center', center_id, { backup_id: backupId });
        return backupId;
      });
      void rt.kickOutbox();
      return done('Backup queued.', { backup: await repo.findBackup(db, id) });
    },

    async drillCenterBackup(actor: Actor, raw: unknown) {
      requireRole(actor, backupPolicy.drillCenterBackup);
      const { center_id, backup_id } = parseArgs(drillArgs, raw);
      storeOf(rt);
      const id = await db.transaction(async (trx) => {
        const centre = await centres.lockCenter(trx, center_id);
        if (!centre) throw centreNotFound();
        if (!WITH_DATABASE.has(centre.status)) throw invalidState(centre.status, 'drilled');
        const backup = backup_id ? await repo.findBackup(trx, backup_id) : await repo.latestDoneBackup(trx, center_id);
        if (!backup || backup.center_id !== center_id) throw backupNotFound();
        if (backup.status !== 'done') throw backupNotReady(backup.status);
        const busy = await repo.openWork(trx, center_id);
        if (busy) throw centreBusy(busy);
        const drillId = await repo.insertDrill(trx, { center_id, backup_id: backup.id, requested_by: actor.viewer?.label ?? null });
        await writeOutbox(trx, { queue: CONTROL_QUEUE, name: JOBS.drillCenterBackup, payload: { centreId: null, center_id, drill_id: drillId } });
        await writeAudit(trx, actor, 'center.backup_drill_request', 'center', center_id, { drill_id: drillId, backup_id: backup.id });
        return drillId;
      });
      void rt.kickOutbox();
      return done('Restore drill queued.', { drill: await repo.findDrill(db, id) });
    },

    async restoreCenterDatabase(actor: Actor, raw: unknown) {
      requireRole(actor, backupPolicy.restoreCenterDatabase);
      const { center_id, backup_id, confirm_hostname } = parseArgs(restoreArgs, raw);
      storeOf(rt);
      const id = await db.transaction(async (trx) => {
        const centre = await centres.lockCenter(trx, center_id);
        if (!centre) throw centreNotFound();
        if (!WITH_DATABASE.has(centre.status) || !centre.database_name) throw invalidState(centre.status, 'restored');
        if (normaliseHost(confirm_hostname) !== `${centre.slug}.${rt.config.platformDomain}`) throw confirmMismatch();
        const backup = await repo.findBackup(trx, backup_id);
        if (!backup || backup.center_id !== center_id) throw backupNotFound();
        if (backup.status !== 'done') throw backupNotReady(backup.status);
        const busy = await repo.openWork(trx, center_id);
        if (busy) throw centreBusy(busy);
        const restoreId = await repo.insertRestore(trx, { center_id, backup_id, requested_by: actor.viewer?.label ?? null });
        await writeOutbox(trx, {
          queue: CONTROL_QUEUE,
          name: JOBS.restoreCenterDatabase,
          payload: { centreId: null, center_id, restore_id: restoreId },
        });
        await writeAudit(trx, actor, 'center.restore', 'center', center_id, { restore_id: restoreId, backup_id });
        return restoreId;
      });
      void rt.kickOutbox();
      return done('Restore queued: the centre answers “under maintenance” until it is done.', { restore: await repo.findRestore(db, id) });
    },

    async getDatabaseSnapshots(actor: Actor, raw: unknown) {
      requireRole(actor, backupPolicy.getDatabaseSnapshots);
      const { center_id } = parseArgs(centreArgs, raw);
      const centre = await centres.findCenter(db, center_id);
      if (!centre) throw centreNotFound();
      const server = centre.database_server_id
        ? await db('database_servers').where({ id: centre.database_server_id }).first('kind', 'rds_instance_id')
        : null;
      if (!rt.rds || server?.kind !== 'rds' || !server.rds_instance_id) throw snapshotsNotAvailable();
      const out = await rt.rds.client.send(new DescribeDBSnapshotsCommand({ DBInstanceIdentifier: server.rds_instance_id }));
      return (out.DBSnapshots ?? [])
        .map((s) => ({
          id: s.DBSnapshotIdentifier ?? '',
          instance_id: s.DBInstanceIdentifier ?? null,
          status: s.Status ?? null,
          type: s.SnapshotType ?? null,
          created_at: s.SnapshotCreateTime ?? null,
          size_gb: s.AllocatedStorage ?? null,
        }))
        .sort((a, b) => (b.created_at?.getTime() ?? 0) - (a.created_at?.getTime() ?? 0));
    },

    async undoDeleteCenter(actor: Actor, raw: unknown) {
      const center = await deletion.undoDeleteCenter(actor, raw);
      return done('Delete undone: the centre is back, suspended.', { center });
    },

    async deleteCenterDatabase(actor: Actor, raw: unknown) {
      const { centre, deletion: record } = await deletion.deleteCenterDatabase(actor, raw);
      return done('Centre purged: its database, files and backups are gone.', { center: centre, deletion: record });
    },

    /** Center.last_drill_passed_at. */
    async lastDrillPassedAt(actor: Actor, centre: { id: string }) {
      requireRole(actor, 'kvsupport');
      return repo.lastPassedDrillAt(db, centre.id);
    },

    /** Center.deletion. */
    async deletionOf(actor: Actor, centre: { id: string; purged_at?: Date | null }) {
      requireRole(actor, 'kvsupport');
      if (!centre.purged_at) return null;
      return (await findDeletion(db, centre.id)) ?? null;
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
