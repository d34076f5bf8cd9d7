import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/**
 * Overdue ageing by days past the due date. The demo data's overdue families are 12 to 118 days
 * behind, across these four buckets (scripts/lib/seed/steps/billing.ts, OVERDUE_AGES).
 */
export const AGE_BUCKETS = [
  { label: '1-30', min_days: 1, max_days: 30 },
  { label: '31-60', min_days: 31, max_days: 60 },
  { label: '61-90', min_days: 61, max_days: 90 },
  { label: '90+', min_days: 91, max_days: null },
] as const;

export interface OverviewRow {
  outstanding: string;
  agency_outstanding: string;
  credit: string;
  balance: string;
  open_invoices: string;
  students_owing: string;
  overdue: string;
  overdue_invoices: string;
  overdue_students: string;
  collected: string;
  payments: string;
  failed_autopay: string;
  failed_autopay_amount: string;
  [bucket: `b${number}_amount` | `b${number}_invoices` | `b${number}_students`]: string;
}

/**
 * The overview of one location in one statement:
 * - the invoices that still owe (or are owed) something, read through their running balance
 *   (`invoices.balance`, kept equal to the sum of each invoice's ledger entries by the ledger's
 *   insert trigger) and the partial index `invoices_open_balance_idx`: no ledger scan. The
 *   family's invoices give outstanding and overdue (aged into AGE_BUCKETS on the location's
 *   `today`); agencies' invoices are `agency_outstanding`, never a family's;
 * - credit: money paid and on no invoice (an index-only sum);
 * - collected: money received in [from, to) (payments net of refunds and voids, by the time
 *   the ledger recorded them, read in the location's time zone);
 * - failed autopay: payments of the period in status `failed`.
 * outstanding + agency_outstanding − credit is the location's ledger sum (`balance`).
 */
export async function overview(
  db: Db,
  a: { locationId: string; today: string; from: string | null; to: string; timezone: string },
): Promise<OverviewRow> {
  const buckets = AGE_BUCKETS.map((b, i) => {
    const cond = `o.age >= ${b.min_days}${b.max_days === null ? '' : ` and o.age <= ${b.max_days}`}`;
    return `coalesce(sum(o.bal) filter (where ${cond}), 0) as b${i}_amount,
      count(*) filter (where ${cond}) as b${i}_invoices,
      count(distinct o.student_id) filter (where ${cond}) as b${i}_students`;
  }).join(',\n      ');
  const from = a.from === null ? `'-infinity'::timestamptz` : `(:from::date)::timestamp at time zone :tz`;
  const { rows } = await db.raw(
    `with open_all as materialized (
       select i.id, i.student_id, i.due_date, i.agency_id, i.balance as bal
         from invoices i
        where i.location_id = :loc and i.balance <> 0
     ), inv as (
       select * from open_all where agency_id is null
     ), o as (
       select inv.*, (:today::date - inv.due_date) as age from inv where inv.bal > 0 and inv.due_date < :today::date
     ), credit as (
       select coalesce(-sum(amount), 0) as credit from billing_ledger where location_id = :loc and invoice_id is null
     ), money as (
       select coalesce(-sum(amount), 0) as collected, count(distinct payment_id) filter (where kind = 'payment') as payments
         from billing_ledger
        where location_id = :loc and payment_id is not null and kind in ('payment', 'refund', 'payment_void')
          and created_at >= ${from} and created_at < (:to::date)::timestamp at time zone :tz
     ), failed as (
       select count(*) as n, coalesce(sum(amount), 0) as amount
         from payments
        where location_id = :loc and status = 'failed' and date >= coalesce(:from::date, '-infinity'::date) and date < :to::date
     )
     select (select coalesce(sum(bal), 0) from inv) as outstanding,
            (select coalesce(sum(bal), 0) from open_all where agency_id is not null) as agency_outstanding,
            credit.credit,
            (select coalesce(sum(bal), 0) from open_all) - credit.credit as balance,
            (select count(*) from inv where bal > 0) as open_invoices,
            (select count(distinct student_id) from inv where bal > 0) as students_owing,
            (select coalesce(sum(bal), 0) from o) as overdue,
            (select count(*) from o) as overdue_invoices,
            (select count(distinct student_id) from o) as overdue_students,
            money.collected, money.payments,
            failed.n as failed_autopay, failed.amount as failed_autopay_amount,
            b.*
       from credit, money, failed,
            (select ${buckets} from o) b`,
    { loc: a.locationId, today: a.today, from: a.from, to: a.to, tz: a.timezone },
  );
  return rows[0] as OverviewRow;
}

export interface PayerContact {
  user_id: string;
  name: string;
  fname: string;
  email: string | null;
  locale: string;
  share_type: 'percent' | 'fixed' | null;
  value: string | null;
}

/** A child's payers (is_payer, not black-listed) with their address, locale and share. */
export async function payersOf(db: Db, studentId: string): Promise<PayerContact[]> {
  return db('student_users as su')
    .join('users as u', 'u.id', 'su.user_id')
    .leftJoin('billing_payer_shares as ps', function () {
      this.on('ps.student_id', 'su.student_id').andOn('ps.user_id', 'su.user_id');
    })
    .where({ 'su.student_id': studentId, 'su.is_payer': true, 'su.black_list': false })
    .whereNull('u.deleted_at')
    .orderBy(['u.fname', 'u.lname', 'u.id'])
    .select(
      'u.id as user_id',
      db.raw(`trim(concat_ws(' ', u.fname, u.lname)) as name`),
      'u.fname',
      'u.email',
      'u.locale',
      'ps.share_type',
      'ps.value',
    );
}

export async function insertReminder(
  trx: Knex.Transaction,
  row: { student_id: string; location_id: string; local_date: string; amount: number; recipients: number; sent_by: string },
): Promise<void> {
  await trx('billing_unpaid_reminders').insert(row);
}

// ── reports ──────────────────────────────────────────────────────────────────

/** A report: one SQL source of rows; its totals, page and CSV are each one statement over it. */
export interface ReportSource {
  /** select … producing the report's rows (named bindings as `:name`). */
  sql: string;
  bindings: Record<string, unknown>;
  /** The money columns summed into the totals. */
  sums: readonly string[];
  order: string;
}

/** Local dates [from, to] of a location as a time range (to inclusive: until its next midnight). */
const RANGE = `g.created_at >= cast(:from as date)::timestamp at time zone :tz
  and g.created_at < (cast(:to as date) + 1)::timestamp at time zone :tz`;
const NAME = `trim(concat_ws(' ', s.fname, s.lname))`;

export type ReportArgs = { locationId: string; from: string; to: string; timezone: string };

/**
 * Balance report: per child, the balance before `from`, what the period charged, collected and
 * adjusted, and the balance at the end of `to`. opening + charges − payments + adjustments = closing,
 * every column a sum of the ledger.
 */
export function balanceSource(a: ReportArgs): ReportSource {
  const inRange = RANGE;
  return {
    sql: `select g.student_id, ${NAME} as student_name,
        coalesce(sum(g.amount) filter (where g.created_at < cast(:from as date)::timestamp at time zone :tz), 0) as opening,
        coalesce(sum(g.amount) filter (where ${inRange} and g.kind = 'charge'), 0) as charges,
        coalesce(-sum(g.amount) filter (where ${inRange} and g.kind in ('payment', 'refund', 'payment_void')), 0) as payments,
        coalesce(sum(g.amount) filter (where ${inRange} and g.kind not in ('charge', 'payment', 'refund', 'payment_void')), 0) as adjustments,
        sum(g.amount) as closing
      from billing_ledger g join students s on s.id = g.student_id
      where g.location_id = :loc and g.created_at < (cast(:to as date) + 1)::timestamp at time zone :tz
      group by g.student_id, s.fname, s.lname`,
    bindings: { loc: a.locationId, from: a.from, to: a.to, tz: a.timezone },
    sums: ['opening', 'charges', 'payments', 'adjustments', 'closing'],
    order: 'student_name, student_id',
  };
}

/** Transaction report: the ledger entries of the period, as written. */
export function transactionSource(a: ReportArgs & { kind: string | null; studentId: string | null }): ReportSource {
  return {
    sql: `select g.id, g.created_at, g.student_id, ${NAME} as student_name, g.kind, g.invoice_id, g.payment_id, g.reason, g.amount
      from billing_ledger g join students s on s.id = g.student_id
      where g.location_id = :loc and ${RANGE}
        and (cast(:kind as text) is null or g.kind = :kind)
        and (cast(:student as bigint) is null or g.student_id = :student)`,
    bindings: { loc: a.locationId, from: a.from, to: a.to, tz: a.timezone, kind: a.kind, student: a.studentId },
    sums: ['amount'],
    order: 'created_at, id',
  };
}

const INVOICE_STATUS = `case when i.status <> 'open' then i.status when coalesce(b.balance, 0) <= 0 then 'paid' else 'open' end`;

/**
 * Invoice report: invoices dated in the period with their total (items), what was paid on them and
 * what they still owe (their ledger sum), as of now.
 */
export function invoiceSource(a: ReportArgs & { status: string | null }): ReportSource {
  return {
    sql: `select * from (
      select i.id, to_char(i.date, 'YYYY-MM-DD') as date, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
        i.student_id, ${NAME} as student_name, ${INVOICE_STATUS} as status,
        coalesce(t.total, 0) as total, coalesce(b.paid, 0) as paid, coalesce(b.balance, 0) as balance
      from invoices i join students s on s.id = i.student_id
      left join lateral (select sum(it.amount) as total from invoice_items it where it.invoice_id = i.id) t on true
      left join lateral (
        select sum(g.amount) as balance, coalesce(-sum(g.amount) filter (where g.payment_id is not null), 0) as paid
        from billing_ledger g where g.invoice_id = i.id
      ) b on true
      where i.location_id = :loc and i.date between cast(:from as date) and cast(:to as date)) r
      where cast(:status as text) is null or r.status = :status`,
    bindings: { loc: a.locationId, from: a.from, to: a.to, status: a.status },
    sums: ['total', 'paid', 'balance'],
    order: 'date, id',
  };
}

/** Payment report: payments dated in the period, where their money sits now (ledger sums). */
export function paymentSource(a: ReportArgs & { method: string | null }): ReportSource {
  return {
    sql: `select p.id, to_char(p.date, 'YYYY-MM-DD') as date, p.student_id, ${NAME} as student_name, p.method, p.reference, p.status,
        p.amount,
        coalesce(-sum(g.amount) filter (where g.invoice_id is not null), 0) as applied,
        coalesce(-sum(g.amount) filter (where g.invoice_id is null), 0) as unapplied,
        coalesce(sum(g.amount) filter (where g.kind = 'refund'), 0) as refunded,
        coalesce(-sum(g.amount), 0) as net
      from payments p join students s on s.id = p.student_id
      left join billing_ledger g on g.payment_id = p.id
      where p.location_id = :loc and p.date between cast(:from as date) and cast(:to as date)
        and (cast(:method as text) is null or p.method = :method)
      group by p.id, s.fname, s.lname`,
    bindings: { loc: a.locationId, from: a.from, to: a.to, method: a.method },
    sums: ['amount', 'applied', 'unapplied', 'refunded', 'net'],
    order: 'date, id',
  };
}

/** Billing summary: the period's ledger by kind and charge category (a charge's item category). */
export function summarySource(a: ReportArgs): ReportSource {
  return {
    sql: `select g.kind, coalesce(c.name, '') as category, count(*) as entries, sum(g.amount) as amount
      from billing_ledger g
      left join invoice_items it on it.id = g.invoice_item_id
      left join charge_categories c on c.id = it.category_id
      where g.location_id = :loc and ${RANGE}
      group by g.kind, c.name`,
    bindings: { loc: a.locationId, from: a.from, to: a.to, tz: a.timezone },
    sums: ['amount', 'entries'],
    order: 'kind, category',
  };
}

/** The totals of a report (row count and each money column's sum): one statement. */
export async function reportTotals(db: Db, src: ReportSource): Promise<Record<string, number>> {
  const cols = src.sums.map((c) => `coalesce(sum(r.${c}), 0) as ${c}`).join(', ');
  const { rows } = await db.raw(`select count(*) as rows, ${cols} from (${src.sql}) r`, src.bindings);
  return Object.fromEntries(Object.entries(rows[0] as Record<string, unknown>).map(([k, v]) => [k, Number(v)]));
}

/** Rows of a report, ordered, `limit` from `offset`: one statement. */
export async function reportRows(db: Db, src: ReportSource, limit: number, offset = 0): Promise<Record<string, unknown>[]> {
  const { rows } = await db.raw(`select * from (${src.sql}) r order by ${src.order} limit :limit offset :offset`, {
    ...src.bindings,
    limit,
    offset,
  });
  return rows;
}
