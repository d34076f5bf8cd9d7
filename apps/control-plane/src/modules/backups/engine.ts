import { randomUUID } from 'node:crypto';
import {
  createDatabase,
  createKnex,
  dropDatabase,
  migrateLatest,
  migrateUpTo,
  setDatabaseAllowConnections,
  terminateConnections,
  withDatabase,
} from '@kv/db';
import { backupPrefix, type FileStore } from '@kv/files';
import { writeOutbox } from '@kv/jobs';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { SYSTEM_ACTOR } from '../../access.ts';
import { CONTROL_QUEUE, JOBS } from '../../jobs/names.ts';
import { writeAudit } from '../audit/repo.ts';
import { findCenter } from '../centres/repo.ts';
import { ensureTenantTemplate } from '../provisioning/tenant-template.ts';
import { templateLockKey, withServerLock } from '../provisioning/server-lock.ts';
import { compareWithManifest, dumpDatabase, loadBackup, readManifest } from './dump.ts';
import * as repo from './repo.ts';
import { noStore } from './errors.ts';

/** How long the database a restore replaced is kept before a job drops it. */
export const REPLACED_DATABASE_KEEP_DAYS = 14;
const DAY_MS = 86_400_000;

export function storeOf(rt: ControlPlaneRuntime): FileStore {
  if (!rt.files) throw noStore();
  return rt.files;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/** `YYYYMMDDHHMMSS` (UTC, with milliseconds `mmm` when asked): names of drill and restore databases sort by when they were made. */
const stamp = (ms = false, d = new Date()) => d.toISOString().replace(/[-:TZ.]/g, '').slice(0, ms ? 17 : 14);

async function serverAdmin<T>(rt: ControlPlaneRuntime, serverId: string, fn: (admin: ReturnType<typeof createKnex>) => Promise<T>): Promise<T> {
  const admin = createKnex(await rt.directory.serverUrl(serverId), { max: 1, statementTimeoutMs: 10 * 60_000, applicationName: 'kv:backups' });
  try {
    return await fn(admin);
  } finally {
    await admin.destroy();
  }
}

/**
 * A new database on the centre's server at a schema version: a copy of the tenant template when
 * that is the template's version, else an empty database migrated up to it (a backup taken
 * before later migrations).
 */
async function createAtVersion(rt: ControlPlaneRuntime, serverId: string, name: string, version: string | null): Promise<void> {
  const serverUrl = await rt.directory.serverUrl(serverId);
  const copied = await withServerLock(serverUrl, templateLockKey(rt.config.tenantTemplate), async (admin) => {
    const template = await ensureTenantTemplate(admin, rt.config.tenantTemplate);
    if (template.version === version) {
      await createDatabase(admin, name, rt.config.tenantTemplate);
      return true;
    }
    await createDatabase(admin, name);
    return false;
  });
  if (copied || !version) return;
  const db = createKnex(withDatabase(serverUrl, name), { max: 1, statementTimeoutMs: 10 * 60_000, applicationName: 'kv:restore' });
  try {
    await migrateUpTo(db, 'tenant', version);
  } finally {
    await db.destroy();
  }
}

/** Runs a queued backup: the dump into the store, then the row `done` (or `failed` with the reason). */
export async function runBackup(rt: ControlPlaneRuntime, backupId: string): Promise<repo.BackupRow> {
  const backup = await repo.findBackup(rt.controlDb, backupId);
  if (!backup) throw new Error(`backup ${backupId} does not exist`);
  if (backup.status !== 'queued' && backup.status !== 'running') return backup;
  const store = storeOf(rt);
  const centre = await findCenter(rt.controlDb, backup.center_id);
  const prefix = backupPrefix(backup.center_id, randomUUID());
  await repo.updateBackup(rt.controlDb, backupId, { status: 'running', started_at: rt.controlDb.fn.now(), storage_prefix: prefix });
  try {
    if (!centre?.database_server_id || !centre.database_name) throw new Error('The centre has no database.');
    const url = withDatabase(await rt.directory.serverUrl(centre.database_server_id), centre.database_name);
    const dump = await dumpDatabase(url, centre.database_name, store, prefix);
    await repo.updateBackup(rt.controlDb, backupId, {
      status: 'done',
      database_name: centre.database_name,
      schema_version: dump.manifest.schema_version,
      table_count: dump.manifest.tables.length,
      row_count: dump.rows,
      size_bytes: dump.size,
      checksum: dump.checksum,
      manifest: JSON.stringify(dump.manifest),
      finished_at: rt.controlDb.fn.now(),
    });
  } catch (err) {
    rt.log.error({ err, centre: backup.center_id, backup: backupId }, 'backup failed');
    // Whatever part of the dump was written is of no use.
    await store.remove(await objectsUnder(store, backup.center_id, prefix)).catch(() => undefined);
    await repo.updateBackup(rt.controlDb, backupId, { status: 'failed', error: errorText(err), finished_at: rt.controlDb.fn.now() });
  }
  return (await repo.findBackup(rt.controlDb, backupId))!;
}

async function objectsUnder(store: FileStore, centreId: string, prefix: string): Promise<string[]> {
  return (await store.listCentre(centreId)).filter((k) => k.startsWith(prefix));
}

/**
 * Runs a queued drill: the backup restored into `restore_<centre>_<time>` on the centre's server,
 * every table compared with the manifest (rows and COPY checksum), the result recorded, the
 * database dropped whatever happened.
 */
export async function runDrill(rt: ControlPlaneRuntime, drillId: string): Promise<repo.DrillRow> {
  const drill = await repo.findDrill(rt.controlDb, drillId);
  if (!drill) throw new Error(`drill ${drillId} does not exist`);
  if (drill.status !== 'queued' && drill.status !== 'running') return drill;
  const started = Date.now();
  const centre = await findCenter(rt.controlDb, drill.center_id);
  const name = `restore_${drill.center_id}_${stamp(true)}`;
  await repo.updateDrill(rt.controlDb, drillId, { status: 'running', started_at: rt.controlDb.fn.now(), database_name: name });
  let created = false;
  try {
    const store = storeOf(rt);
    const backup = drill.backup_id ? await repo.findBackup(rt.controlDb, drill.backup_id) : undefined;
    if (!backup || backup.status !== 'done' || !backup.storage_prefix) throw new Error('The backup is not available.');
    if (!centre?.database_server_id) throw new Error('The centre has no database server.');
    const manifest = await readManifest(store, backup.storage_prefix);
    await createAtVersion(rt, centre.database_server_id, name, manifest.schema_version);
    created = true;
    const url = withDatabase(await rt.directory.serverUrl(centre.database_server_id), name);
    await loadBackup(url, store, backup.storage_prefix, manifest);
    const { mismatches, rows } = await compareWithManifest(url, manifest);
    await repo.updateDrill(rt.controlDb, drillId, {
      status: mismatches.length ? 'failed' : 'passed',
      tables_checked: manifest.tables.length,
      rows_checked: rows,
      mismatches: JSON.stringify(mismatches),
      error: mismatches.length ? `${mismatches.length} table(s) differ from the backup.` : null,
    });
  } catch (err) {
    rt.log.error({ err, centre: drill.center_id, drill: drillId }, 'restore drill failed');
    await repo.updateDrill(rt.controlDb, drillId, { status: 'failed', error: errorText(err) });
  } finally {
    if (created && centre?.database_server_id)
      await serverAdmin(rt, centre.database_server_id, (admin) => dropDatabase(admin, name)).catch((err) =>
        rt.log.error({ err, database: name }, 'drill database not dropped'),
      );
    await repo.updateDrill(rt.controlDb, drillId, { finished_at: rt.controlDb.fn.now(), duration_ms: Date.now() - started });
  }
  const done = (await repo.findDrill(rt.controlDb, drillId))!;
  await writeAudit(rt.controlDb, SYSTEM_ACTOR, 'center.backup_drill', 'center', drill.center_id, {
    drill_id: drillId,
    backup_id: drill.backup_id,
    status: done.status,
    duration_ms: done.duration_ms,
  });
  return done;
}

async function setMaintenance(rt: ControlPlaneRuntime, centreId: string, on: boolean): Promise<void> {
  await rt.controlDb('centers').where({ id: centreId }).update({ maintenance: on, updated_at: rt.controlDb.fn.now() });
  await rt.directory.invalidate(centreId);
}

/**
 * Restore in place: the centre's host answers 503, a fresh backup of the current database is
 * taken, the chosen backup is loaded into a new database (migrated to the current schema), the
 * directory is switched to it, and the replaced database is closed and kept 14 days.
 */
export async function runRestore(rt: ControlPlaneRuntime, restoreId: string): Promise<repo.RestoreRow> {
  const db = rt.controlDb;
  const restore = await repo.findRestore(db, restoreId);
  if (!restore) throw new Error(`restore ${restoreId} does not exist`);
  if (restore.status !== 'queued') return restore;
  const centreId = restore.center_id;
  const step = (s: string, extra: Record<string, unknown> = {}) => repo.updateRestore(db, restoreId, { step: s, ...extra });
  await step('maintenance', { status: 'running', started_at: db.fn.now() });
  await setMaintenance(rt, centreId, true);
  let newDb: string | null = null;
  let serverId: string | null = null;
  let switched = false;
  try {
    const store = storeOf(rt);
    const centre = await findCenter(db, centreId);
    if (!centre?.database_server_id || !centre.database_name) throw new Error('The centre has no database.');
    serverId = centre.database_server_id;
    const backup = await repo.findBackup(db, restore.backup_id);
    if (!backup || backup.status !== 'done' || !backup.storage_prefix) throw new Error('The backup is not available.');

    await step('backup');
    const preId = await repo.insertBackup(db, { center_id: centreId, kind: 'pre_restore', requested_by: restore.requested_by });
    await repo.updateRestore(db, restoreId, { pre_backup_id: preId });
    const pre = await runBackup(rt, preId);
    if (pre.status !== 'done') throw new Error(`The backup before the restore failed: ${pre.error ?? 'unknown'}`);

    await step('restore');
    const manifest = await readManifest(store, backup.storage_prefix);
    // `<prefix><slug>` is at most 45 characters, so the new name stays within Postgres' 63.
    const base = centre.database_name.replace(/_r\d{14}$/, '');
    newDb = `${base}_r${stamp()}`;
    await createAtVersion(rt, serverId, newDb, manifest.schema_version);
    const serverUrl = await rt.directory.serverUrl(serverId);
    await loadBackup(withDatabase(serverUrl, newDb), store, backup.storage_prefix, manifest);

    await step('migrate');
    const migrator = createKnex(withDatabase(serverUrl, newDb), { max: 1, statementTimeoutMs: 10 * 60_000, applicationName: 'kv:migrate' });
    let version: string | null;
    try {
      version = (await migrateLatest(migrator, 'tenant')).version;
    } finally {
      await migrator.destroy();
    }

    await step('switch');
    const oldDb = centre.database_name;
    const dropAfter = new Date(Date.now() + REPLACED_DATABASE_KEEP_DAYS * DAY_MS);
    await db.transaction(async (trx) => {
      await trx('centers').where({ id: centreId }).update({ database_name: newDb, schema_version: version, updated_at: trx.fn.now() });
      await repo.updateRestore(trx, restoreId, { from_database: oldDb, to_database: newDb, drop_old_after: dropAfter });
      await writeOutbox(trx, {
        queue: CONTROL_QUEUE,
        name: JOBS.dropReplacedDatabase,
        payload: { centreId: null, center_id: centreId, restore_id: restoreId },
        dedupeKey: `drop-replaced-database:${restoreId}`,
        availableAt: dropAfter,
      });
      await writeAudit(trx, SYSTEM_ACTOR, 'center.database_restored', 'center', centreId, {
        restore_id: restoreId,
        backup_id: restore.backup_id,
        pre_backup_id: preId,
        from_database: oldDb,
        to_database: newDb,
      });
    });
    switched = true;
    rt.pools.evict(centreId);
    // Nothing may keep writing to the replaced database: it is kept only to be looked at or switched back.
    await serverAdmin(rt, serverId, async (admin) => {
      await setDatabaseAllowConnections(admin, oldDb, false);
      await terminateConnections(admin, oldDb);
    });
    await repo.updateRestore(db, restoreId, { status: 'done', step: 'done', finished_at: db.fn.now() });
    void rt.kickOutbox();
  } catch (err) {
    rt.log.error({ err, centre: centreId, restore: restoreId }, 'restore failed');
    if (!switched && newDb && serverId) {
      const name = newDb;
      await serverAdmin(rt, serverId, (admin) => dropDatabase(admin, name)).catch(() => undefined);
    }
    await repo.updateRestore(db, restoreId, { status: switched ? 'done' : 'failed', error: errorText(err), finished_at: db.fn.now() });
  } finally {
    await setMaintenance(rt, centreId, false);
  }
  return (await repo.findRestore(db, restoreId))!;
}

/** Drops a database a restore replaced, once its 14 days are over. */
export async function dropReplacedDatabase(rt: ControlPlaneRuntime, restoreId: string): Promise<{ dropped: string | null }> {
  const restore = await repo.findRestore(rt.controlDb, restoreId);
  if (!restore || restore.status !== 'done' || !restore.from_database || restore.old_dropped_at) return { dropped: null };
  if (restore.drop_old_after && restore.drop_old_after.getTime() > Date.now()) return { dropped: null };
  const centre = await findCenter(rt.controlDb, restore.center_id);
  // Never the database the centre uses now (it was switched back to it by hand).
  if (!centre?.database_server_id || centre.database_name === restore.from_database) return { dropped: null };
  await serverAdmin(rt, centre.database_server_id, (admin) => dropDatabase(admin, restore.from_database!));
  await repo.updateRestore(rt.controlDb, restoreId, { old_dropped_at: rt.controlDb.fn.now() });
  await writeAudit(rt.controlDb, SYSTEM_ACTOR, 'center.replaced_database_dropped', 'center', restore.center_id, {
    restore_id: restoreId,
    database_name: restore.from_database,
  });
  return { dropped: restore.from_database };
}

/**
 * Which finished backups to keep: the newest of each of the last 7 days, of the last 4 ISO weeks
 * and of the last 12 months (UTC), and every backup a restore was made from or before.
 */
export function backupsToKeep(backups: { id: string; created_at: Date }[], pinned: Set<string> = new Set()): Set<string> {
  const keep = new Set<string>(pinned);
  const tiers: [number, (d: Date) => string][] = [
    [7, (d) => d.toISOString().slice(0, 10)],
    [4, (d) => isoWeek(d)],
    [12, (d) => d.toISOString().slice(0, 7)],
  ];
  for (const [count, bucket] of tiers) {
    const seen = new Set<string>();
    for (const b of backups) {
      const key = bucket(b.created_at);
      if (seen.has(key)) continue;
      seen.add(key);
      if (seen.size > count) break;
      keep.add(b.id);
    }
  }
  return keep;
}

function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const year = t.getUTCFullYear();
  const week = Math.ceil(((t.getTime() - Date.UTC(year, 0, 1)) / DAY_MS + 1) / 7);
  return `${year}-W${week}`;
}

/** Removes the objects of backups retention no longer keeps; their rows stay, marked `pruned`. */
export async function pruneBackups(rt: ControlPlaneRuntime, centreId: string): Promise<number> {
  const store = storeOf(rt);
  const backups = await repo.doneBackups(rt.controlDb, centreId);
  const pinnedRows = await rt.controlDb('center_restores')
    .where({ center_id: centreId })
    .whereIn('status', ['queued', 'running'])
    .select(rt.controlDb.raw('backup_id::text as id'));
  const keep = backupsToKeep(backups, new Set(pinnedRows.map((r: { id: string }) => r.id)));
  const drop = backups.filter((b) => !keep.has(b.id));
  if (!drop.length) return 0;
  const keys = await store.listCentre(centreId);
  for (const b of drop) {
    if (b.storage_prefix) await store.remove(keys.filter((k) => k.startsWith(b.storage_prefix!)));
    await repo.updateBackup(rt.controlDb, b.id, { status: 'pruned' });
  }
  return drop.length;
}

/** How many centres are backed up at once by the nightly run. */
export const NIGHTLY_CONCURRENCY = 2;
/** Drills per night, the centres drilled longest ago first. */
export const NIGHTLY_DRILLS = 3;
/** 02:00 UTC. */
const NIGHTLY_HOUR_UTC = 2;

export function nextNightlyRun(now = new Date()): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NIGHTLY_HOUR_UTC));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** Queues the next nightly run (once per night whoever asks: the outbox's dedupe key). */
export async function scheduleNightly(rt: ControlPlaneRuntime, now = new Date()): Promise<void> {
  const at = nextNightlyRun(now);
  const night = at.toISOString().slice(0, 10);
  await writeOutbox(rt.controlDb, {
    queue: CONTROL_QUEUE,
    name: JOBS.nightlyBackups,
    payload: { centreId: null, night },
    dedupeKey: `nightly-backups:${night}`,
    availableAt: at,
  });
}

async function inBatches<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * The nightly run: a backup of every serving or suspended centre (two at a time), retention,
 * drills of the centres drilled longest ago, replaced databases past their 14 days; then the next
 * night is queued.
 */
export async function runNightly(rt: ControlPlaneRuntime): Promise<{ backups: number; failed: number; pruned: number; drills: number }> {
  const db = rt.controlDb;
  const result = { backups: 0, failed: 0, pruned: 0, drills: 0 };
  await inBatches(await repo.backupCandidates(db), NIGHTLY_CONCURRENCY, async ({ id }) => {
    if (await repo.openWork(db, id)) return;
    const backup = await runBackup(rt, await repo.insertBackup(db, { center_id: id, kind: 'nightly', requested_by: 'nightly' }));
    if (backup.status === 'done') result.backups++;
    else result.failed++;
    result.pruned += await pruneBackups(rt, id).catch((err) => {
      rt.log.error({ err, centre: id }, 'backup retention failed');
      return 0;
    });
  });
  for (const { id } of await repo.drillRotation(db, NIGHTLY_DRILLS)) {
    const backup = await repo.latestDoneBackup(db, id);
    if (!backup || (await repo.openWork(db, id))) continue;
    await runDrill(rt, await repo.insertDrill(db, { center_id: id, backup_id: backup.id, requested_by: 'nightly' }));
    result.drills++;
  }
  for (const r of await repo.replacedDatabasesDue(db)) await dropReplacedDatabase(rt, r.id).catch(() => undefined);
  await scheduleNightly(rt, new Date(Date.now() + 60_000));
  return result;
}
