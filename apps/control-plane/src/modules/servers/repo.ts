import type { Knex } from 'knex';
import { likePattern } from '../../sql.ts';

type Db = Knex | Knex.Transaction;

export interface DatabaseServerRow {
  id: string;
  name: string;
  kind: string;
  host: string | null;
  port: number | null;
  status: string;
  max_databases: number;
  center_count: number;
  rds_instance_id: string | null;
  region: string | null;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function listServers(db: Db): Promise<DatabaseServerRow[]> {
  const rows = await db('database_servers as s')
    .leftJoin('centers as c', function () {
      this.on('c.database_server_id', 's.id').andOnVal('c.status', '<>', 'deleted');
    })
    .groupBy('s.id')
    .orderBy('s.id')
    .select(
      's.id',
      's.name',
      's.kind',
      's.host',
      's.port',
      's.status',
      's.max_databases',
      's.rds_instance_id',
      's.region',
      's.error',
      's.created_at',
      's.updated_at',
      db.raw('count(c.id)::int as center_count'),
    );
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

export interface CenterDatabaseRow {
  center_id: string;
  center_name: string;
  slug: string;
  status: string;
  database_name: string | null;
  server_id: string | null;
  server_name: string | null;
  schema_version: string | null;
  migration_status: string | null;
  migration_error: string | null;
}

export async function listCenterDatabases(
  db: Db,
  f: { search: string | null; serverId: string | null; offset: number; limit: number },
): Promise<{ rows: CenterDatabaseRow[]; total: number }> {
  const base = db('centers as c')
    .leftJoin('database_servers as s', 's.id', 'c.database_server_id')
    .whereNot('c.status', 'deleted')
    .whereNotNull('c.database_name')
    .modify((q) => {
      if (f.serverId) q.where('c.database_server_id', f.serverId);
      if (f.search) {
        const like = likePattern(f.search);
        q.where((w) => w.whereILike('c.name', like).orWhereILike('c.slug', like).orWhereILike('c.database_name', like));
      }
    });
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows = await base
    .clone()
    .orderBy('c.id')
    .offset(f.offset)
    .limit(f.limit)
    .select(
      db.raw('c.id::text as center_id'),
      'c.name as center_name',
      'c.slug',
      'c.status',
      'c.database_name',
      db.raw('c.database_server_id::text as server_id'),
      's.name as server_name',
      'c.schema_version',
      'c.migration_status',
      'c.migration_error',
    );
  return { rows, total: Number(count) };
}

export async function upsertServer(
  db: Db,
  row: {
    name: string;
    kind: string;
    host: string;
    port: number;
    admin_user: string;
    password_encrypted: string | null;
    max_databases?: number;
  },
): Promise<string> {
  const [server] = await db('database_servers')
    .insert({ ...row, status: 'available' })
    .onConflict('name')
    .merge({ ...row, status: 'available', error: null, updated_at: db.fn.now() })
    .returning('id');
  return String(server.id);
}
