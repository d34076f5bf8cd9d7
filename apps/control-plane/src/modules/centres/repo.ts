import type { Knex } from 'knex';
import { likePattern } from '../../sql.ts';

type Db = Knex | Knex.Transaction;

export const CENTER_STATUSES = ['provisioning', 'active', 'suspended', 'failed', 'deleted'] as const;
export type CenterStatus = (typeof CENTER_STATUSES)[number];

export interface CenterRow {
  id: string;
  name: string;
  slug: string;
  kind: 'childcare' | 'petcare';
  language_pack: 'default' | 'dogs';
  status: CenterStatus;
  url: string | null;
  hostname: string | null;
  on_trial: boolean;
  trial_start_date: string | null;
  trial_days: number | null;
  trial_ends_on: string | null;
  contact_email: string | null;
  owner_fname: string | null;
  owner_lname: string | null;
  owner_username: string | null;
  database_server_id: string | null;
  database_name: string | null;
  schema_version: string | null;
  migration_status: string | null;
  migration_error: string | null;
  provisioning_progress: number;
  provisioning_step: string | null;
  provisioning_error: string | null;
  added_by: string | null;
  added_at: Date | null;
  changed_by: string | null;
  changed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  deploy: string | null;
  is_aws_center: boolean;
  aws_center_id: string | null;
  last_updated_time: Date | null;
  center_billing_plan_id: string | null;
  payment_start: string | null;
  payment_end: string | null;
  customer_id: string | null;
  /** How the centre pays the platform: card, or transfer/cheque invoices kept pending until approved. */
  billing_method: 'card' | 'transfer' | 'cheque';
  /** A restore is swapping the centre's database: its host answers 503. */
  maintenance: boolean;
  /** A deleted centre: when its purge may run (undoDeleteCenter until then), and when it ran. */
  purge_after: Date | null;
  purged_at: Date | null;
  /** The centre's first active custom domain, if any (its base_url). */
  custom_domain: string | null;
}

// Dates as `YYYY-MM-DD` text: node-postgres would turn a `date` into a local-midnight Date.
const SELECT = `c.id::text as id, c.name, c.slug, c.kind, c.language_pack, c.status, c.url, c.hostname, c.on_trial,
  to_char(c.trial_start_date, 'YYYY-MM-DD') as trial_start_date, c.trial_days,
  case when c.on_trial and c.trial_start_date is not null and c.trial_days is not null
       then to_char(c.trial_start_date + c.trial_days, 'YYYY-MM-DD') end as trial_ends_on,
  c.contact_email, c.owner_fname, c.owner_lname, c.owner_username, c.database_server_id::text as database_server_id,
  c.database_name, c.schema_version, c.migration_status, c.migration_error, c.provisioning_progress, c.provisioning_step,
  c.provisioning_error, c.deploy, c.is_aws_center, c.aws_center_id, c.last_updated_time, c.center_billing_plan_id::text as center_billing_plan_id,
  to_char(c.payment_start, 'YYYY-MM-DD') as payment_start, to_char(c.payment_end, 'YYYY-MM-DD') as payment_end, c.customer_id, c.billing_method,
  c.added_by, c.added_at, c.changed_by, c.changed_at, c.created_at, c.updated_at, c.deleted_at,
  c.maintenance, c.purge_after, c.purged_at,
  (select d.domain from server_domains d where d.center_id = c.id and d.kind = 'custom' and d.status = 'active'
    order by d.created_at, d.id limit 1) as custom_domain`;

export async function listCenters(
  db: Db,
  f: { search: string | null; status: CenterStatus | null; offset: number; limit: number },
): Promise<{ rows: CenterRow[]; total: number }> {
  const base = db('centers as c').modify((q) => {
    if (f.status) q.where('c.status', f.status);
    else q.whereNot('c.status', 'deleted');
    if (f.search) {
      const like = likePattern(f.search);
      q.where((w) =>
        w.whereILike('c.name', like).orWhereILike('c.slug', like).orWhereILike('c.hostname', like).orWhereILike('c.contact_email', like),
      );
    }
  });
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows = await base
    .clone()
    .select(db.raw(SELECT))
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .offset(f.offset)
    .limit(f.limit);
  return { rows, total: Number(count) };
}

export async function findCenter(db: Db, id: string): Promise<CenterRow | undefined> {
  return db('centers as c').where('c.id', id).first(db.raw(SELECT));
}

/** Row lock for a state change, so two operators' transitions serialise. */
export async function lockCenter(trx: Knex.Transaction, id: string): Promise<CenterRow | undefined> {
  return trx('centers as c').where('c.id', id).forUpdate().first(trx.raw(SELECT));
}

export async function slugExists(db: Db, slug: string): Promise<boolean> {
  return Boolean(await db('centers').where({ slug }).first('id'));
}

/** True when an active, non-fallback hostname row of another centre holds this host. */
export async function hostHeldByOther(db: Db, host: string, centreId: string | null): Promise<boolean> {
  const row = await db('server_domains')
    .where({ domain: host })
    .whereNot('kind', 'previous')
    .modify((q) => {
      if (centreId) q.whereNot('center_id', centreId);
    })
    .first('id');
  return Boolean(row);
}

export async function insertCenter(trx: Knex.Transaction, row: Record<string, unknown>): Promise<string> {
  const [c] = await trx('centers').insert(row).returning('id');
  return String(c.id);
}

export async function updateCenterRow(db: Db, id: string, patch: Record<string, unknown>): Promise<void> {
  await db('centers')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

/** Moves the centre's subdomain to the new host and keeps the old one as a `previous` fallback. */
export async function renameSubdomain(trx: Knex.Transaction, centreId: string, oldHost: string, newHost: string): Promise<void> {
  await trx('server_domains').where({ center_id: centreId, domain: newHost, kind: 'previous' }).del();
  await trx('server_domains').where({ domain: newHost, kind: 'previous' }).whereNot({ center_id: centreId }).del();
  const moved = await trx('server_domains')
    .where({ center_id: centreId, domain: oldHost, kind: 'subdomain' })
    .update({ domain: newHost, updated_at: trx.fn.now() });
  if (moved)
    await trx('server_domains')
      .insert({ center_id: centreId, domain: oldHost, kind: 'previous', status: 'active' })
      .onConflict('domain')
      .ignore();
}

export async function extendTrial(db: Db, id: string, days: number): Promise<void> {
  // From the later of today and the current end, so extending an ended trial gives `days` from now.
  await db.raw(
    `update centers set
       trial_start_date = case when on_trial and trial_start_date is not null then trial_start_date else current_date end,
       trial_days = greatest(case when on_trial and trial_start_date is not null and trial_days is not null then trial_start_date + trial_days else current_date end, current_date)
                    + :days::int
                    - (case when on_trial and trial_start_date is not null then trial_start_date else current_date end),
       on_trial = true,
       updated_at = now()
     where id = :id`,
    { id, days },
  );
}

export async function disableDomains(trx: Knex.Transaction, centreId: string): Promise<void> {
  await trx('server_domains').where({ center_id: centreId }).update({ status: 'disabled', updated_at: trx.fn.now() });
}

export async function endOpenSupportSessions(trx: Knex.Transaction, centreId: string): Promise<void> {
  await trx('support_sessions').where({ center_id: centreId }).whereNull('ended_at').update({ ended_at: trx.fn.now() });
}
