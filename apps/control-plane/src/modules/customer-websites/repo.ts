import type { Knex } from 'knex';
import type { ReportedWebsite } from '@kv/auth';
import { likePattern } from '../../sql.ts';

type Db = Knex | Knex.Transaction;

export const WEBSITE_KINDS = ['website', 'blog'] as const;
export const WEBSITE_STATES = ['online', 'offline'] as const;

export interface CustomerWebsiteRow {
  id: string;
  center_id: string;
  center_name: string;
  center_slug: string;
  site_id: string;
  slug: string;
  title: string;
  kind: string;
  pages: number;
  published: boolean;
  site_updated_at: Date | null;
  reported_at: Date;
  offline_at: Date | null;
  offline_by: string | null;
  offline_reason: string | null;
}

const COLUMNS = [
  'w.id',
  'w.center_id',
  'c.name as center_name',
  'c.slug as center_slug',
  'w.site_id',
  'w.slug',
  'w.title',
  'w.kind',
  'w.pages',
  'w.published',
  'w.site_updated_at',
  'w.reported_at',
  'w.offline_at',
  'w.offline_by',
  'w.offline_reason',
];

const ids = (r: CustomerWebsiteRow): CustomerWebsiteRow => ({ ...r, id: String(r.id), center_id: String(r.center_id) });

/** The slugs of the centre's sites held offline, in order. */
export async function offlineSlugs(db: Db, centreId: string): Promise<string[]> {
  const rows = await db('customer_websites').where('center_id', centreId).whereNotNull('offline_at').orderBy('slug').select('slug');
  return rows.map((r: { slug: string }) => r.slug);
}

/**
 * Replaces what the platform knows of one centre's sites with its report: reported sites are
 * added or updated (an offline site stays offline), sites left out are forgotten.
 */
export async function replaceReport(trx: Knex.Transaction, centreId: string, sites: ReportedWebsite[]): Promise<void> {
  if (sites.length) {
    await trx('customer_websites')
      .insert(
        sites.map((s) => ({
          center_id: centreId,
          site_id: s.id,
          slug: s.slug,
          title: s.title,
          kind: s.kind,
          pages: s.pages,
          published: s.published,
          site_updated_at: s.updated_at,
          reported_at: trx.fn.now(),
        })),
      )
      .onConflict(['center_id', 'site_id'])
      .merge(['slug', 'title', 'kind', 'pages', 'published', 'site_updated_at', 'reported_at']);
  }
  await trx('customer_websites')
    .where('center_id', centreId)
    .modify((q) => {
      if (sites.length)
        q.whereNotIn(
          'site_id',
          sites.map((s) => s.id),
        );
    })
    .delete();
}

export async function listWebsites(
  db: Db,
  f: { centreId: string | null; kind: string | null; state: string | null; search: string | null; offset: number; limit: number },
): Promise<{ rows: CustomerWebsiteRow[]; total: number }> {
  const base = () =>
    db('customer_websites as w')
      .join('centers as c', 'c.id', 'w.center_id')
      .whereNot('c.status', 'deleted')
      .modify((q) => {
        if (f.centreId) q.where('w.center_id', f.centreId);
        if (f.kind) q.where('w.kind', f.kind);
        if (f.state === 'offline') q.whereNotNull('w.offline_at');
        if (f.state === 'online') q.whereNull('w.offline_at');
        if (f.search) {
          const like = likePattern(f.search);
          q.where((w) => w.whereILike('w.title', like).orWhereILike('w.slug', like).orWhereILike('c.name', like));
        }
      });
  const counted = await base().count({ count: '*' });
  const rows = await base()
    .orderBy([
      { column: 'c.name', order: 'asc' },
      { column: 'w.title', order: 'asc' },
      { column: 'w.id', order: 'asc' },
    ])
    .offset(f.offset)
    .limit(f.limit)
    .select(COLUMNS);
  return { rows: rows.map(ids), total: Number(counted[0]?.count ?? 0) };
}

export async function findWebsite(db: Db, id: string): Promise<CustomerWebsiteRow | undefined> {
  const row = await db('customer_websites as w').join('centers as c', 'c.id', 'w.center_id').where('w.id', id).first(COLUMNS);
  return row ? ids(row) : undefined;
}

/** The site under its row lock (a take-offline and a bring-back never interleave). */
export async function lockWebsite(
  trx: Knex.Transaction,
  id: string,
): Promise<{ id: string; center_id: string; offline_at: Date | null } | undefined> {
  const row = await trx('customer_websites').where('id', id).forUpdate().first('id', 'center_id', 'offline_at');
  return row ? { ...row, id: String(row.id), center_id: String(row.center_id) } : undefined;
}

export async function setOffline(trx: Knex.Transaction, id: string, by: string, reason: string | null): Promise<void> {
  await trx('customer_websites').where('id', id).update({ offline_at: trx.fn.now(), offline_by: by, offline_reason: reason });
}

export async function setOnline(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('customer_websites').where('id', id).update({ offline_at: null, offline_by: null, offline_reason: null });
}
