import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface ServerDomainRow {
  id: string;
  center_id: string;
  domain: string;
  kind: 'subdomain' | 'custom' | 'previous';
  status: 'pending' | 'active' | 'disabled';
  cloud_front: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = ['id', 'center_id', 'domain', 'kind', 'status', 'cloud_front', 'created_at', 'updated_at'];
const ids = (r: ServerDomainRow) => ({ ...r, id: String(r.id), center_id: String(r.center_id) });

export async function listDomains(db: Db, centreId: string): Promise<ServerDomainRow[]> {
  const rows = await db('server_domains')
    .where({ center_id: centreId })
    .select(COLUMNS)
    .orderByRaw("case kind when 'subdomain' then 0 when 'custom' then 1 else 2 end, domain");
  return rows.map(ids);
}

export async function findDomain(db: Db, id: string): Promise<ServerDomainRow | undefined> {
  const row = await db('server_domains').where({ id }).first(COLUMNS);
  return row && ids(row);
}

export async function domainExists(db: Db, domain: string): Promise<boolean> {
  return Boolean(await db('server_domains').where({ domain }).first('id'));
}

export async function insertDomain(
  db: Db,
  row: { center_id: string; domain: string; kind: string; status: string },
): Promise<ServerDomainRow> {
  const [created] = await db('server_domains').insert(row).returning(COLUMNS);
  return ids(created);
}

export async function deleteDomain(db: Db, id: string): Promise<void> {
  await db('server_domains').where({ id }).del();
}

export async function centreStatus(db: Db, centreId: string): Promise<string | null> {
  const row = await db('centers').where({ id: centreId }).first('status');
  return row?.status ?? null;
}
