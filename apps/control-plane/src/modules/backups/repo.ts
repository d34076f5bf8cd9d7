import type { Knex } from 'knex';
import type { TableComparison } from './dump.ts';

type Db = Knex | Knex.Transaction;

export const BACKUP_KINDS = ['manual', 'nightly', 'pre_restore'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

export interface BackupRow {
  id: string;
  center_id: string;
  kind: BackupKind;
  status: 'queued' | 'running' | 'done' | 'failed' | 'pruned';
  database_name: string | null;
  storage_prefix: string | null;
  schema_version: string | null;
  table_count: number | null;
  row_count: number | null;
  size_bytes: number | null;
  checksum: string | null;
  error: string | null;
  requested_by: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
}

export interface DrillRow {
  id: string;
  center_id: string;
  backup_id: string | null;
  status: 'queued' | 'running' | 'passed' | 'failed';
  database_name: string | null;
  tables_checked: number | null;
  rows_checked: number | null;
  mismatches: TableComparison[];
  duration_ms: number | null;
  error: string | null;
  requested_by: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
}

export interface RestoreRow {
  id: string;
  center_id: string;
  backup_id: string;
  pre_backup_id: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  step: string | null;
  from_database: string | null;
  to_database: string | null;
  drop_old_after: Date | null;
  old_dropped_at: Date | null;
  error: string | null;
  requested_by: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
}

const BACKUP_COLUMNS = `id::text as id, center_id::text as center_id, kind, status, database_name, storage_prefix, schema_version,
  table_count, row_count::float8 as row_count, size_bytes::float8 as size_bytes, checksum, error, requested_by, started_at, finished_at, created_at`;
const DRILL_COLUMNS = `id::text as id, center_id::text as center_id, backup_id::text as backup_id, status, database_name, tables_checked,
  rows_checked::float8 as rows_checked, mismatches, duration_ms, error, requested_by, started_at, finished_at, created_at`;
const RESTORE_COLUMNS = `id::text as id, center_id::text as center_id, backup_id::text as backup_id, pre_backup_id::text as pre_backup_id,
  status, step, from_database, to_database, drop_old_after, old_dropped_at, error, requested_by, started_at, finished_at, created_at`;

async function page<T>(q: Knex.QueryBuilder, columns: string, db: Db, offset: number, limit: number): Promise<{ rows: T[]; total: number }> {
  const rows = (await q
    .clone()
    .select(db.raw(`${columns}, count(*) over () as total_count`))
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(offset)
    .limit(limit)) as (T & { total_count: string })[];
  const total = rows.length ? Number(rows[0]!.total_count) : offset > 0 ? Number((await q.clone().count({ n: '*' }))[0]!.n) : 0;
  return { rows: rows.map(({ total_count: _t, ...r }) => r as unknown as T), total };
}

export function listBackups(db: Db, centreId: string, offset: number, limit: number) {
  return page<BackupRow>(db('center_backups').where({ center_id: centreId }).whereNot({ status: 'pruned' }), BACKUP_COLUMNS, db, offset, limit);
}

export function listDrills(db: Db, centreId: string, offset: number, limit: number) {
  return page<DrillRow>(db('center_backup_drills').where({ center_id: centreId }), DRILL_COLUMNS, db, offset, limit);
}

export function listRestores(db: Db, centreId: string, offset: number, limit: number) {
  return page<RestoreRow>(db('center_restores').where({ center_id: centreId }), RESTORE_COLUMNS, db, offset, limit);
}

export async function findBackup(db: Db, id: string): Promise<BackupRow | undefined> {
  return db('center_backups').where({ id }).first(db.raw(BACKUP_COLUMNS));
}

export async function findDrill(db: Db, id: string): Promise<DrillRow | undefined> {
  return db('center_backup_drills').where({ id }).first(db.raw(DRILL_COLUMNS));
}

export async function findRestore(db: Db, id: string): Promise<RestoreRow | undefined> {
  return db('center_restores').where({ id }).first(db.raw(RESTORE_COLUMNS));
}

/** The newest finished backup of a centre (what a drill checks when none is named). */
export async function latestDoneBackup(db: Db, centreId: string): Promise<BackupRow | undefined> {
  return db('center_backups')
    .where({ center_id: centreId, status: 'done' })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first(db.raw(BACKUP_COLUMNS));
}

export async function insertBackup(db: Db, row: { center_id: string; kind: BackupKind; requested_by: string | null }): Promise<string> {
  const [r] = await db('center_backups').insert({ ...row, status: 'queued' }).returning('id');
  return String(r.id);
}

export async function updateBackup(db: Db, id: string, patch: Record<string, unknown>): Promise<void> {
  await db('center_backups').where({ id }).update(patch);
}

export async function insertDrill(db: Db, row: { center_id: string; backup_id: string; requested_by: string | null }): Promise<string> {
  const [r] = await db('center_backup_drills').insert({ ...row, status: 'queued' }).returning('id');
  return String(r.id);
}

export async function updateDrill(db: Db, id: string, patch: Record<string, unknown>): Promise<void> {
  await db('center_backup_drills').where({ id }).update(patch);
}

export async function insertRestore(db: Db, row: { center_id: string; backup_id: string; requested_by: string | null }): Promise<string> {
  const [r] = await db('center_restores').insert({ ...row, status: 'queued' }).returning('id');
  return String(r.id);
}

export async function updateRestore(db: Db, id: string, patch: Record<string, unknown>): Promise<void> {
  await db('center_restores').where({ id }).update(patch);
}

/** A backup, drill or restore of the centre still queued or running (one at a time per centre). */
export async function openWork(db: Db, centreId: string): Promise<'backup' | 'drill' | 'restore' | null> {
  const r = await db.raw(
    `select 'restore' as kind from center_restores where center_id = :id and status in ('queued', 'running')
     union all select 'backup' from center_backups where center_id = :id and status in ('queued', 'running')
     union all select 'drill' from center_backup_drills where center_id = :id and status in ('queued', 'running')
     limit 1`,
    { id: centreId },
  );
  return (r.rows[0]?.kind as 'backup' | 'drill' | 'restore' | undefined) ?? null;
}

/** When the centre's last drill passed, or null. */
export async function lastPassedDrillAt(db: Db, centreId: string): Promise<Date | null> {
  const row = await db('center_backup_drills')
    .where({ center_id: centreId, status: 'passed' })
    .orderBy('finished_at', 'desc')
    .first('finished_at');
  return row?.finished_at ?? null;
}

/** Finished backups of a centre, newest first (retention works on them). */
export async function doneBackups(db: Db, centreId: string): Promise<BackupRow[]> {
  return db('center_backups')
    .where({ center_id: centreId, status: 'done' })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select(db.raw(BACKUP_COLUMNS));
}

/** Centres whose databases a nightly run backs up (serving or suspended, not being deleted). */
export async function backupCandidates(db: Db): Promise<{ id: string }[]> {
  return db('centers').whereIn('status', ['active', 'suspended']).whereNotNull('database_name').orderBy('id').select(db.raw('id::text as id'));
}

/** Centres ordered by their last drill, never drilled first: the nightly drill rotates through them. */
export async function drillRotation(db: Db, limit: number): Promise<{ id: string }[]> {
  const r = await db.raw(
    `select c.id::text as id from centers c
      where c.status in ('active', 'suspended')
        and exists (select 1 from center_backups b where b.center_id = c.id and b.status = 'done')
      order by (select max(d.created_at) from center_backup_drills d where d.center_id = c.id) asc nulls first, c.id
      limit :limit`,
    { limit },
  );
  return r.rows;
}

/** Restores whose replaced database is due to be dropped. */
export async function replacedDatabasesDue(db: Db): Promise<RestoreRow[]> {
  return db('center_restores')
    .where({ status: 'done' })
    .whereNull('old_dropped_at')
    .where('drop_old_after', '<=', db.fn.now())
    .select(db.raw(RESTORE_COLUMNS));
}
