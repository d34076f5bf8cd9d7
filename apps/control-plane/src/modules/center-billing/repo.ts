import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface PlanRow {
  id: string;
  name: string;
  amount: string;
  period: 'month' | 'year';
  note: string | null;
  active: boolean;
  trial_days: number;
  grace_days: number;
  max_locations: number | null;
  max_students: number | null;
  max_cameras: number | null;
  is_public: boolean;
  centers_count?: number;
  created_at: Date;
}

const planColumns = (db: Db) => [
  db.raw('p.id::text as id'),
  'p.name',
  db.raw('p.amount::text as amount'),
  'p.period',
  'p.note',
  'p.active',
  'p.trial_days',
  'p.grace_days',
  'p.max_locations',
  'p.max_students',
  'p.max_cameras',
  'p.is_public',
  'p.created_at',
];

export async function listPlans(db: Db, opts: { publicOnly: boolean; offset: number; limit: number }) {
  const base = db('center_plans as p').modify((q) => {
    if (opts.publicOnly) q.where({ 'p.is_public': true, 'p.active': true });
  });
  const [{ n }] = await base.clone().count({ n: '*' });
  const rows: PlanRow[] = await base
    .clone()
    .select(
      ...planColumns(db),
      db.raw("(select count(*)::int from centers c where c.center_billing_plan_id = p.id and c.status <> 'deleted') as centers_count"),
    )
    .orderBy([{ column: 'p.amount', order: 'asc' }, { column: 'p.id', order: 'asc' }])
    .offset(opts.offset)
    .limit(opts.limit);
  return { rows, total: Number(n) };
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  return db('center_plans as p').where('p.id', id).first(...planColumns(db));
}

export async function insertPlan(db: Db, row: Record<string, unknown>): Promise<string> {
  const [r] = await db('center_plans').insert(row).returning('id');
  return String(r.id);
}

export interface InvoiceRow {
  id: string;
  center_id: string;
  center_name: string;
  plan_id: string | null;
  plan_name: string | null;
  period_start: string;
  period_end: string;
  due_date: string;
  amount_cents: string;
  paid_cents: string;
  status: 'open' | 'paid' | 'void';
  paid_at: Date | null;
  created_at: Date;
}

const invoiceColumns = (db: Db) => [
  db.raw('i.id::text as id'),
  db.raw('i.center_id::text as center_id'),
  'c.name as center_name',
  db.raw('i.plan_id::text as plan_id'),
  'p.name as plan_name',
  db.raw(`to_char(i.period_start, 'YYYY-MM-DD') as period_start`),
  db.raw(`to_char(i.period_end, 'YYYY-MM-DD') as period_end`),
  db.raw(`to_char(i.due_date, 'YYYY-MM-DD') as due_date`),
  db.raw('i.amount_cents::text as amount_cents'),
  db.raw(`(select coalesce(sum(x.amount_cents), 0)::text from center_payments x where x.invoice_id = i.id and x.status = 'succeeded') as paid_cents`),
  'i.status',
  'i.paid_at',
  'i.created_at',
];

export async function listInvoices(db: Db, f: { centerId: string | null; status: string | null; offset: number; limit: number }) {
  const base = db('center_invoices as i').modify((q) => {
    if (f.centerId) q.where('i.center_id', f.centerId);
    if (f.status) q.where('i.status', f.status);
  });
  const [{ n }] = await base.clone().count({ n: '*' });
  const rows: InvoiceRow[] = await base
    .clone()
    .join('centers as c', 'c.id', 'i.center_id')
    .leftJoin('center_plans as p', 'p.id', 'i.plan_id')
    .select(...invoiceColumns(db))
    .orderBy([{ column: 'i.period_start', order: 'desc' }, { column: 'i.id', order: 'desc' }])
    .offset(f.offset)
    .limit(f.limit);
  return { rows, total: Number(n) };
}

export async function findInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  return db('center_invoices as i')
    .join('centers as c', 'c.id', 'i.center_id')
    .leftJoin('center_plans as p', 'p.id', 'i.plan_id')
    .where('i.id', id)
    .first(...invoiceColumns(db));
}

/** Open invoices of a centre, oldest first, with what is still owed on each. */
export async function openInvoices(db: Db, centerId: string): Promise<{ id: string; owed_cents: number; due_date: string }[]> {
  const rows = await db('center_invoices as i')
    .where({ 'i.center_id': centerId, 'i.status': 'open' })
    .select(
      db.raw('i.id::text as id'),
      db.raw(`to_char(i.due_date, 'YYYY-MM-DD') as due_date`),
      db.raw(`(i.amount_cents - (select coalesce(sum(x.amount_cents), 0) from center_payments x
                                 where x.invoice_id = i.id and x.status = 'succeeded'))::text as owed_cents`),
    )
    .orderBy('i.period_start');
  return rows.map((r: { id: string; due_date: string; owed_cents: string }) => ({ ...r, owed_cents: Number(r.owed_cents) }));
}

export interface PaymentRow {
  id: string;
  center_id: string;
  center_name: string;
  invoice_id: string | null;
  amount_cents: string;
  method: 'card' | 'transfer' | 'cheque';
  status: 'pending' | 'succeeded' | 'failed';
  reference: string | null;
  payment_intent_id: string | null;
  payment_method_id: string | null;
  idempotency_key: string | null;
  failure_code: string | null;
  failure_message: string | null;
  last_event_created: string;
  added_by: string | null;
  approved_by: string | null;
  approved_at: Date | null;
  created_at: Date;
}

const paymentColumns = (db: Db) => [
  db.raw('x.id::text as id'),
  db.raw('x.center_id::text as center_id'),
  'c.name as center_name',
  db.raw('x.invoice_id::text as invoice_id'),
  db.raw('x.amount_cents::text as amount_cents'),
  'x.method',
  'x.status',
  'x.reference',
  'x.payment_intent_id',
  'x.payment_method_id',
  'x.idempotency_key',
  'x.failure_code',
  'x.failure_message',
  db.raw('x.last_event_created::text as last_event_created'),
  'x.added_by',
  'x.approved_by',
  'x.approved_at',
  'x.created_at',
];

export async function listPayments(
  db: Db,
  f: { centerId: string | null; status: string | null; method: string | null; offset: number; limit: number },
) {
  const base = db('center_payments as x').modify((q) => {
    if (f.centerId) q.where('x.center_id', f.centerId);
    if (f.status) q.where('x.status', f.status);
    if (f.method) q.where('x.method', f.method);
  });
  const [{ n }] = await base.clone().count({ n: '*' });
  const rows: PaymentRow[] = await base
    .clone()
    .join('centers as c', 'c.id', 'x.center_id')
    .select(...paymentColumns(db))
    .orderBy([{ column: 'x.created_at', order: 'desc' }, { column: 'x.id', order: 'desc' }])
    .offset(f.offset)
    .limit(f.limit);
  return { rows, total: Number(n) };
}

export async function findPayment(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<PaymentRow | undefined> {
  return db('center_payments as x')
    .join('centers as c', 'c.id', 'x.center_id')
    .where('x.id', id)
    .modify((q) => {
      if (opts.lock) q.forUpdate('x');
    })
    .first(...paymentColumns(db));
}

export async function paymentByIntent(db: Db, intentId: string): Promise<{ id: string } | undefined> {
  return db('center_payments').where({ payment_intent_id: intentId }).first(db.raw('id::text as id'));
}

export interface CardRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  last_event_created: string;
}

export async function cards(db: Db, centerId: string): Promise<CardRow[]> {
  return db('center_cards')
    .where({ center_id: centerId, detached: false })
    .select('id', 'brand', 'last4', 'exp_month', 'exp_year', 'is_default', db.raw('last_event_created::text as last_event_created'))
    .orderBy([{ column: 'is_default', order: 'desc' }, { column: 'created_at', order: 'desc' }]);
}

export async function defaultCard(db: Db, centerId: string): Promise<CardRow | undefined> {
  return (await cards(db, centerId)).find((c) => c.is_default);
}

export async function cardById(db: Db, id: string) {
  return db('center_cards').where({ id }).first('id', db.raw('center_id::text as center_id'), 'detached', db.raw('last_event_created::text as last_event_created'));
}

/** Saves (or refreshes) a card of the centre; `makeDefault` makes it the only default. */
export async function upsertCard(
  trx: Knex.Transaction,
  centerId: string,
  card: { id: string; brand: string; last4: string; exp_month: number; exp_year: number; last_event_created: number },
  makeDefault: boolean,
): Promise<void> {
  // Card writes of one centre take turns (a double click and the webhook saving the same card at once).
  await trx('centers').where({ id: centerId }).forUpdate().first('id');
  if (makeDefault) await trx('center_cards').where({ center_id: centerId }).whereNot({ id: card.id }).update({ is_default: false });
  await trx('center_cards')
    .insert({ ...card, center_id: centerId, is_default: makeDefault, detached: false })
    .onConflict('id')
    .merge({
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      detached: false,
      last_event_created: card.last_event_created,
      updated_at: trx.fn.now(),
      ...(makeDefault ? { is_default: true } : {}),
    });
}

export interface BillingCentre {
  id: string;
  name: string;
  slug: string;
  status: string;
  contact_email: string | null;
  customer_id: string | null;
  center_billing_plan_id: string | null;
  billing_suspended_at: Date | null;
}

export async function lockCentre(trx: Knex.Transaction, id: string): Promise<BillingCentre | undefined> {
  return trx('centers')
    .where({ id })
    .forUpdate()
    .first(
      trx.raw('id::text as id'),
      'name',
      'slug',
      'status',
      'contact_email',
      'customer_id',
      trx.raw('center_billing_plan_id::text as center_billing_plan_id'),
      'billing_suspended_at',
    );
}

export async function findCentre(db: Db, id: string): Promise<BillingCentre | undefined> {
  return db('centers')
    .where({ id })
    .whereNot({ status: 'deleted' })
    .first(
      db.raw('id::text as id'),
      'name',
      'slug',
      'status',
      'contact_email',
      'customer_id',
      db.raw('center_billing_plan_id::text as center_billing_plan_id'),
      'billing_suspended_at',
    );
}

export async function centreByCustomer(db: Db, customerId: string): Promise<{ id: string } | undefined> {
  return db('centers').where({ customer_id: customerId }).first(db.raw('id::text as id'));
}

/** Records an event once; false when its id was seen before. */
export async function recordEvent(trx: Knex.Transaction, e: { id: string; type: string; object_id: string | null; created: number }): Promise<boolean> {
  const rows = await trx('platform_stripe_events')
    .insert({ ...e, effect: 'ignored' })
    .onConflict('id')
    .ignore()
    .returning('id');
  return rows.length > 0;
}

export async function setEventEffect(trx: Knex.Transaction, id: string, effect: string): Promise<void> {
  await trx('platform_stripe_events').where({ id }).update({ effect });
}
