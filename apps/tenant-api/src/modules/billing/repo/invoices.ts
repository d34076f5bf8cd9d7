import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export type InvoiceRow = {
  id: string;
  student_id: string;
  student_name: string;
  location_id: string;
  plan_id: string | null;
  date: string;
  due_date: string;
  period_start: string | null;
  period_end: string | null;
  note: string | null;
  status: string;
  stored_status: string;
  reason: string | null;
  transferred_to: string | null;
  /** Set on an agency's invoice (the agency owes it, not the family). */
  agency_id: string | null;
  total: string;
  balance: string;
  paid: string;
  /** What an agency took over of this family invoice (its `transfer` entries naming the agency item). */
  agency_part: string;
  created_at: Date;
};

const d = (c: string) => `to_char(i.${c}, 'YYYY-MM-DD') as ${c}`;

/**
 * Totals come from the items, what is paid from the ledger; what is owed is the invoice's running
 * balance (`invoices.balance`, the sum of its ledger entries kept by the ledger's insert trigger).
 */
const TOTALS = `left join lateral (select coalesce(sum(it.amount), 0) as total from invoice_items it where it.invoice_id = i.id) t on true
  left join lateral (select coalesce(-sum(g.amount) filter (where g.payment_id is not null), 0) as paid,
                            coalesce(-sum(g.amount) filter (where g.kind = 'transfer' and g.invoice_item_id is not null), 0) as agency_part
                     from billing_ledger g where g.invoice_id = i.id) b on true`;
const STATUS = `case when i.status <> 'open' then i.status when t.total > 0 and i.balance <= 0 then 'paid' else 'open' end`;

function base(db: Db) {
  return db
    .from('invoices as i')
    .join('students as s', 's.id', 'i.student_id')
    .joinRaw(TOTALS)
    .select(
      'i.id',
      'i.student_id',
      db.raw(`trim(concat_ws(' ', s.fname, s.lname)) as student_name`),
      'i.location_id',
      'i.plan_id',
      db.raw(d('date')),
      db.raw(d('due_date')),
      db.raw(d('period_start')),
      db.raw(d('period_end')),
      'i.note',
      db.raw(`${STATUS} as status`),
      'i.status as stored_status',
      'i.reason',
      'i.transferred_to',
      'i.agency_id',
      't.total',
      'i.balance',
      'b.paid',
      'b.agency_part',
      'i.created_at',
    );
}

export interface InvoiceFilter {
  locations: string[] | null;
  students: string[] | null;
  status?: string | null;
  from?: string | null;
  to?: string | null;
  agency?: string | null;
  ids?: string[] | null;
  /** The family's invoices only (a parent's view: an agency's invoices are the agency's). */
  family?: boolean;
}

function filtered(db: Db, f: InvoiceFilter) {
  const q = base(db);
  if (f.agency) q.where('i.agency_id', f.agency);
  if (f.family) q.whereNull('i.agency_id');
  if (f.ids) q.whereIn('i.id', f.ids);
  if (f.locations) q.whereIn('i.location_id', f.locations);
  if (f.students) q.whereIn('i.student_id', f.students);
  if (f.from) q.where('i.date', '>=', f.from);
  if (f.to) q.where('i.date', '<=', f.to);
  if (f.status) q.whereRaw(`${STATUS} = ?`, [f.status]);
  return q;
}

export async function invoicePage(db: Db, f: InvoiceFilter, page: number, first: number) {
  const rows = await filtered(db, f)
    .select(db.raw('count(*) over () as __total'))
    .orderBy([
      { column: 'i.date', order: 'desc' },
      { column: 'i.id', order: 'desc' },
    ])
    .limit(first)
    .offset((page - 1) * first);
  return { rows: rows as (InvoiceRow & { __total: string })[], total: Number(rows[0]?.__total ?? 0) };
}

export async function invoiceList(db: Db, f: InvoiceFilter, limit = 1000): Promise<InvoiceRow[]> {
  return filtered(db, f)
    .orderBy([
      { column: 'i.date', order: 'desc' },
      { column: 'i.id', order: 'desc' },
    ])
    .limit(limit);
}

export async function findInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  return base(db).where('i.id', id).first();
}

/** A child's open invoices with something owed, oldest first (the order payments fill them). */
export async function openInvoices(db: Db, studentId: string, ids?: string[]): Promise<InvoiceRow[]> {
  const q = base(db).where('i.student_id', studentId).whereNull('i.agency_id').where('i.status', 'open').where('i.balance', '>', 0);
  if (ids) q.whereIn('i.id', ids);
  return q.orderBy([{ column: 'i.due_date' }, { column: 'i.date' }, { column: 'i.id' }]);
}

export async function insertInvoice(trx: Knex.Transaction, row: Record<string, unknown>): Promise<string> {
  const [r] = await trx('invoices').insert(row).returning('id');
  return String(r.id);
}

export async function updateInvoice(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<void> {
  await trx('invoices')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() });
}

export type ItemRow = {
  id: string;
  invoice_id: string;
  name: string;
  detail: string | null;
  original_amount: string;
  amount: string;
  discount: string;
  discount_type: string | null;
  discounts: string[];
  category_id: string | null;
  source: Record<string, unknown>;
};
const ITEM = [
  'id',
  'invoice_id',
  'name',
  'detail',
  'original_amount',
  'amount',
  'discount',
  'discount_type',
  'discounts',
  'category_id',
  'source',
];

export async function insertItem(trx: Knex.Transaction, row: Record<string, unknown>): Promise<ItemRow> {
  const [r] = await trx('invoice_items')
    .insert({ ...row, source: JSON.stringify(row.source), discounts: JSON.stringify(row.discounts ?? []) })
    .returning(ITEM);
  return r;
}

export async function itemsOf(db: Db, invoiceIds: string[]): Promise<Map<string, ItemRow[]>> {
  const m = new Map<string, ItemRow[]>();
  if (!invoiceIds.length) return m;
  const rows: ItemRow[] = await db('invoice_items').whereIn('invoice_id', invoiceIds).orderBy('id').select(ITEM);
  for (const r of rows) {
    const list = m.get(String(r.invoice_id)) ?? [];
    list.push(r);
    m.set(String(r.invoice_id), list);
  }
  return m;
}

/** Which of these source keys are already charged. */
export async function chargedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  return new Set((await db('invoice_items').whereIn('source_key', keys).select('source_key')).map((r) => String(r.source_key)));
}

/**
 * The daily run: every plan at a location with billing on gets the invoice of the period that
 * contains the location's today, if it has not got it yet (the unique index on plan and period
 * start makes a re-run, or two runs at once, charge once). Its item keeps the plan period as its
 * source and its ledger charge is written by the same statement. Paused plans (from a date on or
 * before the period start) and ended ones (before it) are skipped. Answers the invoices created.
 */
export async function issueDueInvoices(db: Db, now: Date, locations: string[] | null = null): Promise<number> {
  const where = locations ? `and p.location_id = any(?::bigint[])` : '';
  const bindings: (Date | string[])[] = [now];
  if (locations) bindings.push(locations);
  const r = await db.raw(
    `with due as (
       select p.id as plan_id, p.student_id, p.location_id, p.name, p.amount, p.period, p.start_date,
              p.paused_from, p.end_date, (?::timestamptz at time zone l.timezone)::date as today
       from billing_plans p
       join locations l on l.id = p.location_id and l.billing and l.deleted_at is null
       join students s on s.id = p.student_id and s.deleted_at is null
       where true ${where}
     ), numbered as (
       select due.*, case period
           when 'weekly' then (today - start_date) / 7
           when 'biweekly' then (today - start_date) / 14
           else (extract(year from age(today, start_date)) * 12 + extract(month from age(today, start_date)))::int end as n
       from due where start_date <= today
     ), periods as (
       select numbered.*, case period
           when 'weekly' then start_date + 7 * n
           when 'biweekly' then start_date + 14 * n
           else (start_date + make_interval(months => n))::date end as period_start,
         case period
           when 'weekly' then start_date + 7 * n + 6
           when 'biweekly' then start_date + 14 * n + 13
           else (start_date + make_interval(months => n + 1))::date - 1 end as period_end
       from numbered
     ), billable as (
       select * from periods
       where (paused_from is null or paused_from > period_start) and (end_date is null or end_date >= period_start)
     ), inv as (
       insert into invoices (student_id, location_id, plan_id, date, due_date, period_start, period_end)
       select student_id, location_id, plan_id, today, period_start, period_start, period_end from billable
       on conflict (plan_id, period_start) where plan_id is not null do nothing
       returning id, plan_id, student_id, location_id, period_start, period_end
     ), items as (
       insert into invoice_items (invoice_id, name, detail, original_amount, amount, source)
       select inv.id, b.name, to_char(inv.period_start, 'MM/DD/YYYY') || ' – ' || to_char(inv.period_end, 'MM/DD/YYYY'),
              b.amount, b.amount,
              jsonb_build_object('kind', 'plan', 'plan_id', inv.plan_id::text,
                'period_start', to_char(inv.period_start, 'YYYY-MM-DD'), 'period_end', to_char(inv.period_end, 'YYYY-MM-DD'))
       from inv join billable b on b.plan_id = inv.plan_id
       returning id, invoice_id, amount
     ), led as (
       insert into billing_ledger (location_id, student_id, invoice_id, invoice_item_id, kind, amount)
       select inv.location_id, inv.student_id, inv.id, items.id, 'charge', items.amount
       from items join inv on inv.id = items.invoice_id where items.amount <> 0
       returning 1
     )
     select (select count(*) from inv)::int as invoices, (select count(*) from led)::int as charges`,
    bindings,
  );
  return Number(r.rows[0]?.invoices ?? 0);
}

/** Days each child attended (checked in) between two dates. */
export async function attendedDays(db: Db, studentIds: string[], from: string, to: string): Promise<Map<string, number>> {
  if (!studentIds.length) return new Map();
  const rows = await db('attendances')
    .whereIn('student_id', studentIds)
    .whereNull('deleted_at')
    .whereBetween('date', [from, to])
    .groupBy('student_id')
    .select('student_id', db.raw('count(distinct date)::int as n'));
  return new Map(rows.map((r) => [String(r.student_id), Number(r.n)]));
}

export interface LateRow {
  student_id: string;
  location_id: string;
  date: string;
  minutes: number;
}

/**
 * Minutes past a variable charge's end time at check-out (late pickup), or before its start time at
 * check-in (early drop-off), per child and day, in the location's time zone; only rooms and
 * weekdays the charge applies to.
 */
export async function chargeableMinutes(
  db: Db,
  vc: { id: string; location_id: string; start_time: string | null; end_time: string | null; days: number[]; programs: string[] },
  from: string,
  to: string,
): Promise<LateRow[]> {
  const r = await db.raw(
    `select a.student_id::text, a.location_id::text, to_char(a.date, 'YYYY-MM-DD') as date,
            max(greatest(
              case when ?::time is null or a.end_time is null then 0
                   else ceil(extract(epoch from ((a.end_time at time zone l.timezone)::time - ?::time)) / 60) end,
              case when ?::time is null then 0
                   else ceil(extract(epoch from (?::time - (a.start_time at time zone l.timezone)::time)) / 60) end
            ))::int as minutes
     from attendances a
     join locations l on l.id = a.location_id
     join students s on s.id = a.student_id and s.deleted_at is null
     where a.deleted_at is null and a.location_id = ? and a.date between ? and ?
       and (cardinality(?::smallint[]) = 0 or extract(dow from a.date)::smallint = any(?::smallint[]))
       and (cardinality(?::bigint[]) = 0 or a.program_id = any(?::bigint[]))
     group by a.student_id, a.location_id, a.date
     having max(greatest(
              case when ?::time is null or a.end_time is null then 0
                   else ceil(extract(epoch from ((a.end_time at time zone l.timezone)::time - ?::time)) / 60) end,
              case when ?::time is null then 0
                   else ceil(extract(epoch from (?::time - (a.start_time at time zone l.timezone)::time)) / 60) end)) > 0
     order by a.student_id, a.date`,
    [
      vc.end_time,
      vc.end_time,
      vc.start_time,
      vc.start_time,
      vc.location_id,
      from,
      to,
      vc.days,
      vc.days,
      vc.programs,
      vc.programs,
      vc.end_time,
      vc.end_time,
      vc.start_time,
      vc.start_time,
    ],
  );
  return r.rows.map((x: LateRow) => ({ ...x, minutes: Number(x.minutes) }));
}
