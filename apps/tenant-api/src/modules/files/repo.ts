import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export type FileStatus = 'pending' | 'checking' | 'ready' | 'rejected' | 'deleted';

export interface VariantInfo {
  type: string;
  size: number;
  width: number | null;
  height: number | null;
}

export interface FileRow {
  id: string;
  purpose: string;
  owner_id: string;
  status: FileStatus;
  upload_key: string | null;
  key: string | null;
  variants: Record<string, VariantInfo>;
  original_name: string;
  declared_type: string;
  declared_size: string;
  content_type: string | null;
  size: string | null;
  width: number | null;
  height: number | null;
  duration: number | null;
  sha256: string | null;
  reason: string | null;
  uploaded_by: string | null;
  upload_expires_at: Date;
  checked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export async function insertFile(db: Db, row: Partial<FileRow> & Pick<FileRow, 'id' | 'purpose' | 'owner_id'>): Promise<FileRow> {
  const [created] = await db('files').insert(row).returning('*');
  return created as FileRow;
}

export async function findFile(db: Db, id: string): Promise<FileRow | null> {
  return ((await db('files').where({ id }).first()) as FileRow | undefined) ?? null;
}

/** Moves a file from one status to another; false when it was not in `from` (another run won). */
export async function moveFile(
  db: Db,
  id: string,
  from: FileStatus,
  patch: Partial<Record<keyof FileRow, unknown>>,
): Promise<FileRow | null> {
  const values: Record<string, unknown> = { ...patch, updated_at: db.fn.now() };
  // Stringified: node-postgres would send a JS object's array members as a Postgres array.
  if (patch.variants !== undefined) values.variants = JSON.stringify(patch.variants);
  const [row] = await db('files').where({ id, status: from }).update(values).returning('*');
  return (row as FileRow | undefined) ?? null;
}

/** Open uploads of a person (issued forms not yet checked), to bound what one account can start. */
export async function openUploadCount(db: Db, userId: string): Promise<number> {
  const row = await db('files')
    .where({ uploaded_by: userId })
    .whereIn('status', ['pending', 'checking'])
    .where('upload_expires_at', '>', db.raw("now() - interval '1 hour'"))
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/** Upload forms issued but never completed, expired longer than `age` (an SQL interval) ago. */
export async function abandonedUploads(db: Db, age: string, limit: number): Promise<Pick<FileRow, 'id' | 'upload_key'>[]> {
  return (await db('files')
    .where({ status: 'pending' })
    .where('upload_expires_at', '<', db.raw(`now() - ${age}`))
    .orderBy('upload_expires_at')
    .limit(limit)
    .select('id', 'upload_key')) as Pick<FileRow, 'id' | 'upload_key'>[];
}

/** Rejects the still-pending rows among `ids` (a completeUpload that arrived meanwhile wins). */
export async function rejectPending(db: Db, ids: readonly string[], reason: string): Promise<number> {
  return db('files')
    .whereIn('id', ids as string[])
    .where({ status: 'pending' })
    .update({ status: 'rejected', reason, upload_key: null, checked_at: db.fn.now(), updated_at: db.fn.now() });
}

/** The newest ready file of each owner, for one purpose. */
export async function latestReady(db: Db, purpose: string, ownerIds: readonly string[]): Promise<Map<string, FileRow>> {
  if (!ownerIds.length) return new Map();
  const rows = (await db('files')
    .distinctOn('owner_id')
    .where({ purpose, status: 'ready' })
    .whereIn('owner_id', ownerIds as string[])
    .orderBy([{ column: 'owner_id' }, { column: 'created_at', order: 'desc' }])
    .select('*')) as FileRow[];
  return new Map(rows.map((r) => [String(r.owner_id), r]));
}

/** Marks an owner's other ready files deleted (a single-file purpose); answers their keys. */
export async function retireOthers(trx: Knex.Transaction, keep: FileRow): Promise<string[]> {
  const rows = (await trx('files')
    .where({ purpose: keep.purpose, owner_id: keep.owner_id, status: 'ready' })
    .whereNot({ id: keep.id })
    .update({ status: 'deleted', updated_at: trx.fn.now() })
    .returning(['key', 'variants'])) as Pick<FileRow, 'key' | 'variants'>[];
  return rows.flatMap((r) => (r.key ? Object.keys(r.variants ?? {}).map((v) => `${r.key}/${v}`) : []));
}

/** What the centre stores: ready files and their bytes (every variant). */
export async function storageUsed(db: Db): Promise<{ files: number; bytes: number }> {
  const row = await db('files')
    .where({ status: 'ready' })
    .first(db.raw('count(*)::int as files'), db.raw('coalesce(sum(size), 0)::bigint as bytes'));
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Files by id (any status). */
export async function findFiles(db: Db, ids: readonly string[]): Promise<FileRow[]> {
  if (!ids.length) return [];
  return (await db('files')
    .whereIn('id', ids as string[])
    .select('*')) as FileRow[];
}

/** Marks ready files deleted (their owner removed them); answers the object keys to remove after commit. */
export async function markFilesDeleted(db: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = (await db('files')
    .whereIn('id', ids as string[])
    .where({ status: 'ready' })
    .update({ status: 'deleted', updated_at: db.fn.now() })
    .returning(['key', 'variants'])) as Pick<FileRow, 'key' | 'variants'>[];
  return rows.flatMap((r) => (r.key ? Object.keys(r.variants ?? {}).map((v) => `${r.key}/${v}`) : []));
}
