import type { Knex } from 'knex';
import { lockFor } from '../../core/tx.ts';

type Db = Knex | Knex.Transaction;

export const STREAM_COLUMNS = [
  'id',
  'name',
  'type',
  'base_url',
  'api_url',
  'secret_enc',
  'location_id',
  'is_default',
  'status',
  'created_at',
  'updated_at',
];

export interface StreamRow {
  id: string;
  name: string;
  type: 'dev' | 'mediamtx' | 'hls_token';
  base_url: string;
  api_url: string | null;
  secret_enc: string | null;
  location_id: string | null;
  is_default: boolean;
  status: boolean;
  [k: string]: unknown;
}

const live = (db: Db) => db('streaming_servers').whereNull('deleted_at');

export async function findStream(db: Db, id: string): Promise<StreamRow | undefined> {
  return live(db).where({ id }).first(STREAM_COLUMNS);
}

export async function findStreams(db: Db, ids: readonly string[]): Promise<StreamRow[]> {
  return ids.length
    ? live(db)
        .whereIn('id', ids as string[])
        .select(STREAM_COLUMNS)
    : [];
}

/** MediaMTX servers with an API URL (the camera sweep lists and kicks their HLS sessions). */
export async function mediamtxServers(db: Db): Promise<StreamRow[]> {
  return live(db).where({ type: 'mediamtx' }).whereNotNull('api_url').select(STREAM_COLUMNS);
}

/** Servers visible to a scope: centre-wide ones and those of the given locations (null: all). */
export async function pageStreams(db: Db, locationIds: string[] | null, locationId: string | null, page: number, first: number) {
  const base = () => {
    const q = live(db);
    if (locationId) q.where((w) => w.whereNull('location_id').orWhere('location_id', locationId));
    else if (locationIds) q.where((w) => w.whereNull('location_id').orWhereIn('location_id', locationIds));
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const rows: StreamRow[] = await base()
    .orderByRaw('location_id nulls first, is_default desc, lower(name), id')
    .limit(first)
    .offset((page - 1) * first)
    .select(STREAM_COLUMNS);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function insertStream(db: Db, row: Record<string, unknown>): Promise<StreamRow> {
  const [r] = await db('streaming_servers').insert(row).returning(STREAM_COLUMNS);
  return r;
}

export async function updateStream(db: Db, id: string, patch: Record<string, unknown>): Promise<StreamRow> {
  const [r] = await db('streaming_servers')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(STREAM_COLUMNS);
  return r;
}

export async function softDelete(db: Db, id: string): Promise<void> {
  await db('streaming_servers').where({ id }).update({ deleted_at: db.fn.now(), is_default: false });
}

/**
 * Makes one server the default of its level (its location, or the centre). Two set at once: the
 * second waits for the first's transaction, then clears it (one default per level, never a 23505).
 */
export async function setDefault(trx: Knex.Transaction, row: StreamRow): Promise<StreamRow> {
  await lockFor(trx, `streaming_servers.default.${row.location_id ?? 'centre'}`);
  const q = live(trx).where('is_default', true);
  if (row.location_id) q.where('location_id', row.location_id);
  else q.whereNull('location_id');
  await q.update({ is_default: false });
  return updateStream(trx, row.id, { is_default: true });
}

/**
 * The server a location's cameras play from: the one chosen in its stream settings, else the
 * location's default, else the centre's default; null means the built-in dev origin.
 */
export async function serverForLocation(db: Db, locationId: string, chosenId: string | null): Promise<StreamRow | null> {
  if (chosenId) {
    const r = await live(db)
      .where({ id: chosenId, status: true })
      .where((w) => w.whereNull('location_id').orWhere('location_id', locationId))
      .first(STREAM_COLUMNS);
    if (r) return r;
  }
  const r = await live(db)
    .where({ is_default: true, status: true })
    .where((w) => w.whereNull('location_id').orWhere('location_id', locationId))
    .orderByRaw('location_id nulls last')
    .first(STREAM_COLUMNS);
  return r ?? null;
}
