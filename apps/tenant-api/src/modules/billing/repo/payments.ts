import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export type PaymentRow = {
  id: string;
  student_id: string;
  student_name: string;
  location_id: string;
  user_id: string | null;
  method: string;
  reference: string | null;
  amount: string;
  date: string;
  note: string | null;
  status: string;
  /** A card payment's Stripe charge (stripe_charges.id). */
  stripe_charge_id: string | null;
  applied: string;
  unapplied: string;
  refunded: string;
  created_at: Date;
};

/** Where a payment's money sits now, summed from the ledger. */
const PLACES = `left join lateral (select
    coalesce(-sum(g.amount) filter (where g.invoice_id is not null), 0) as applied,
    coalesce(-sum(g.amount) filter (where g.invoice_id is null), 0) as unapplied,
    coalesce(sum(g.amount) filter (where g.kind = 'refund'), 0) as refunded
  from billing_ledger g where g.payment_id = p.id) m on true`;

function base(db: Db) {
  return db
    .from('payments as p')
    .join('students as s', 's.id', 'p.student_id')
    .joinRaw(PLACES)
    .select(
      'p.id',
      'p.student_id',
      db.raw(`trim(concat_ws(' ', s.fname, s.lname)) as student_name`),
      'p.location_id',
      'p.user_id',
      'p.method',
      'p.reference',
      'p.amount',
      db.raw(`to_char(p.date, 'YYYY-MM-DD') as date`),
      'p.note',
      'p.status',
      'p.agency_id',
      'p.stripe_charge_id',
      'm.applied',
      'm.unapplied',
      'm.refunded',
      'p.created_at',
    );
}

export interface PaymentFilter {
  locations: string[] | null;
  students: string[] | null;
  from?: string | null;
  to?: string | null;
  agency?: string | null;
  ids?: string[] | null;
  /** The family's payments only (a parent's view). */
  family?: boolean;
}

function filtered(db: Db, f: PaymentFilter) {
  const q = base(db);
  if (f.agency) q.where('p.agency_id', f.agency);
  if (f.family) q.whereNull('p.agency_id');
  if (f.ids) q.whereIn('p.id', f.ids);
  if (f.locations) q.whereIn('p.location_id', f.locations);
  if (f.students) q.whereIn('p.student_id', f.students);
  if (f.from) q.where('p.date', '>=', f.from);
  if (f.to) q.where('p.date', '<=', f.to);
  return q.orderBy([
    { column: 'p.date', order: 'desc' },
    { column: 'p.id', order: 'desc' },
  ]);
}

export async function paymentPage(db: Db, f: PaymentFilter, page: number, first: number) {
  const rows = await filtered(db, f)
    .select(db.raw('count(*) over () as __total'))
    .limit(first)
    .offset((page - 1) * first);
  return { rows: rows as (PaymentRow & { __total: string })[], total: Number(rows[0]?.__total ?? 0) };
}

export async function paymentList(db: Db, f: PaymentFilter, limit = 2000): Promise<PaymentRow[]> {
  return filtered(db, f).limit(limit);
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return base(db).where('p.id', id).first();
}

export async function insertPayment(trx: Knex.Transaction, row: Record<string, unknown>): Promise<string> {
  const [r] = await trx('payments').insert(row).returning('id');
  return String(r.id);
}

export async function setPaymentStatus(trx: Knex.Transaction, id: string, status: 'void'): Promise<void> {
  await trx('payments').where({ id }).update({ status, updated_at: trx.fn.now() });
}

/** Each payment's invoices and the amounts on them now (loader). */
export async function applicationsOf(db: Db, paymentIds: string[]): Promise<Map<string, { invoice_id: string; amount: number }[]>> {
  const m = new Map<string, { invoice_id: string; amount: number }[]>();
  if (!paymentIds.length) return m;
  const rows = await db('billing_ledger')
    .whereIn('payment_id', paymentIds)
    .whereNotNull('invoice_id')
    .groupBy('payment_id', 'invoice_id')
    .havingRaw('sum(amount) <> 0')
    .orderBy(['payment_id', 'invoice_id'])
    .select('payment_id', 'invoice_id', db.raw('-sum(amount) as s'));
  for (const r of rows) {
    const list = m.get(String(r.payment_id)) ?? [];
    list.push({ invoice_id: String(r.invoice_id), amount: Number(r.s) });
    m.set(String(r.payment_id), list);
  }
  return m;
}
