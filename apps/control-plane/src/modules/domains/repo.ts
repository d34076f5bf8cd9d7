import type { Knex } from 'knex';
import { VERIFYING_STATUSES, type DomainStatus } from './verification.ts';

type Db = Knex | Knex.Transaction;

export interface ServerDomainRow {
  id: string;
  center_id: string;
  domain: string;
  kind: 'subdomain' | 'custom' | 'previous';
  status: DomainStatus;
  status_reason: string | null;
  verify_token: string | null;
  checked_at: Date | null;
  verify_until: Date | null;
  cloud_front: string | null;
  /** Read with lists and single rows (not with an insert's returning). */
  center_slug?: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = [
  'id',
  'center_id',
  'domain',
  'kind',
  'status',
  'status_reason',
  'verify_token',
  'checked_at',
  'verify_until',
  'cloud_front',
  'created_at',
  'updated_at',
];
/** The centre's slug with each listed row: the CNAME target of its records, without a query per row. */
const withSlug = (db: Db) => db.raw('(select c.slug from centers c where c.id = server_domains.center_id) as center_slug');
const ids = (r: ServerDomainRow) => ({ ...r, id: String(r.id), center_id: String(r.center_id) });

export async function listDomains(db: Db, centreId: string): Promise<ServerDomainRow[]> {
  const rows = await db('server_domains')
    .where({ center_id: centreId })
    .select([...COLUMNS, withSlug(db)])
    .orderByRaw("case kind when 'subdomain' then 0 when 'custom' then 1 else 2 end, domain");
  return rows.map(ids);
}

export async function findDomain(db: Db, id: string): Promise<ServerDomainRow | undefined> {
  const row = await db('server_domains')
    .where({ id })
    .first([...COLUMNS, withSlug(db)]);
  return row && ids(row);
}

export async function domainExists(db: Db, domain: string): Promise<boolean> {
  return Boolean(await db('server_domains').where({ domain }).first('id'));
}

export async function insertDomain(
  db: Db,
  row: { center_id: string; domain: string; kind: string; status: string; verify_token?: string; verify_until?: Date },
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

/** Domains still on their way to active, least recently checked first (index `server_domains_verifying_idx`). */
export async function verifyingDomains(db: Db, limit: number): Promise<ServerDomainRow[]> {
  const rows = await db('server_domains')
    .whereIn('status', VERIFYING_STATUSES)
    .orderByRaw('checked_at nulls first')
    .limit(limit)
    .select(COLUMNS);
  return rows.map(ids);
}

/** Moves a domain on only from the state it was read in (a concurrent check or a removal wins). */
export async function moveDomain(
  db: Db,
  id: string,
  from: DomainStatus,
  patch: { status?: DomainStatus; status_reason?: string | null; verify_token?: string; verify_until?: Date },
): Promise<boolean> {
  const n = await db('server_domains')
    .where({ id, status: from })
    .update({ ...patch, checked_at: db.fn.now(), updated_at: db.fn.now() });
  return n > 0;
}

export async function centreSlug(db: Db, centreId: string): Promise<string | null> {
  const row = await db('centers').where({ id: centreId }).first('slug');
  return row?.slug ?? null;
}
