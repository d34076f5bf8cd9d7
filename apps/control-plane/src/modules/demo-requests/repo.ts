import type { Knex } from 'knex';
import { likePattern } from '../../sql.ts';

type Db = Knex | Knex.Transaction;

export const DEMO_STATUSES = ['new', 'contacted', 'converted', 'closed'] as const;
export type DemoStatus = (typeof DEMO_STATUSES)[number];

export interface DemoRequestRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  center_name: string;
  kind: string;
  locations: number | null;
  message: string | null;
  status: DemoStatus;
  notes: string | null;
  ip: string | null;
  signup_link_sent_at: Date | null;
  changed_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const ids = (r: DemoRequestRow) => ({ ...r, id: String(r.id) });

/** Requests from one address in the last hour (index `demo_requests_ip_idx`). */
export async function recentFromIp(db: Db, ip: string): Promise<number> {
  const counted = await db('demo_requests')
    .where({ ip })
    .where('created_at', '>', db.raw("now() - interval '1 hour'"))
    .count({ count: '*' });
  return Number(counted[0]?.count ?? 0);
}

export async function insertDemoRequest(db: Db, row: Omit<DemoRequestRow, 'id' | 'status' | 'notes' | 'signup_link_sent_at' | 'changed_by' | 'created_at' | 'updated_at'>) {
  const [created] = await db('demo_requests').insert(row).returning('*');
  return ids(created);
}

export async function listDemoRequests(
  db: Db,
  f: { status: DemoStatus | null; search: string | null; offset: number; limit: number },
): Promise<{ rows: DemoRequestRow[]; total: number }> {
  const base = () =>
    db('demo_requests').modify((q) => {
      if (f.status) q.where('status', f.status);
      if (f.search) {
        const like = likePattern(f.search);
        q.where((w) => w.whereILike('name', like).orWhereILike('email', like).orWhereILike('center_name', like));
      }
    });
  const counted = await base().count({ count: '*' });
  const rows = await base()
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(f.offset)
    .limit(f.limit)
    .select('*');
  return { rows: rows.map(ids), total: Number(counted[0]?.count ?? 0) };
}

export async function lockDemoRequest(trx: Knex.Transaction, id: string): Promise<DemoRequestRow | undefined> {
  const row = await trx('demo_requests').where({ id }).forUpdate().first();
  return row && ids(row);
}

export async function updateDemoRequest(db: Db, id: string, patch: Partial<DemoRequestRow>): Promise<DemoRequestRow> {
  const [row] = await db('demo_requests')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning('*');
  return ids(row);
}
