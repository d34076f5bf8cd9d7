import type { Knex } from 'knex';
import type { CentreEntry } from './types.ts';

// A centre whose database a restore is swapping reads as `maintenance` (its host answers 503).
const ENTRY_COLUMNS = `c.id::text as id, c.slug, c.name, c.kind, c.language_pack,
  case when c.maintenance then 'maintenance' else c.status end as status, c.on_trial,
  case when c.on_trial and c.trial_start_date is not null and c.trial_days is not null
       then to_char(c.trial_start_date + c.trial_days, 'YYYY-MM-DD') end as trial_ends_on, c.billing_method,
  c.database_server_id::text as database_server_id, c.database_name, c.schema_version,
  coalesce((select array_agg(w.slug order by w.slug) from customer_websites w
             where w.center_id = c.id and w.offline_at is not null), '{}') as offline_sites`;

/**
 * One round trip: an active custom or current subdomain row wins, then `<slug>.<platform>`, then a
 * previous subdomain (kept after a rename so old links still work). Offboarded centres never match.
 */
export async function findCentreByHost(db: Knex, host: string, slug: string | null): Promise<CentreEntry | null> {
  const r = await db.raw(
    `select * from (
       select ${ENTRY_COLUMNS}, 0 as rank from server_domains d join centers c on c.id = d.center_id
        where d.domain = :host and d.status = 'active' and d.kind <> 'previous' and c.status <> 'deleted'
       union all
       select ${ENTRY_COLUMNS}, 1 as rank from centers c where c.slug = :slug and c.status <> 'deleted'
       union all
       select ${ENTRY_COLUMNS}, 2 as rank from server_domains d join centers c on c.id = d.center_id
        where d.domain = :host and d.status = 'active' and d.kind = 'previous' and c.status <> 'deleted'
     ) m order by rank limit 1`,
    { host, slug: slug ?? '' },
  );
  const row = r.rows[0] as (CentreEntry & { rank: number }) | undefined;
  if (!row) return null;
  const { rank: _rank, ...entry } = row;
  return entry;
}

export interface ServerCredentials {
  host: string | null;
  port: number | null;
  admin_user: string | null;
  password_encrypted: string | null;
  status: string;
}

export async function findServerCredentials(db: Knex, serverId: string): Promise<ServerCredentials | null> {
  const row = await db('database_servers').where({ id: serverId }).first('host', 'port', 'admin_user', 'password_encrypted', 'status');
  return row ?? null;
}
