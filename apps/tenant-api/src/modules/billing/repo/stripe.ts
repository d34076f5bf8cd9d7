import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface StripeAccountRow {
  publishable_key: string;
  secret_key_enc: string;
  secret_key_last4: string;
  livemode: boolean;
  account_id: string | null;
  webhook_endpoint_id: string | null;
  webhook_url: string | null;
  /** Newest first: { endpoint_id, secret_enc }. */
  webhook_secrets_enc: { endpoint_id: string; secret_enc: string }[];
  updated_at: Date;
}

export const accountRow = (db: Db): Promise<StripeAccountRow | undefined> => db('stripe_accounts').where({ id: 1 }).first();

export async function saveAccount(trx: Knex.Transaction, row: Omit<StripeAccountRow, 'updated_at'> & { updated_by: string }) {
  const data = { ...row, webhook_secrets_enc: JSON.stringify(row.webhook_secrets_enc), updated_at: trx.fn.now() };
  await trx('stripe_accounts')
    .insert({ id: 1, ...data })
    .onConflict('id')
    .merge();
}

export interface CustomerRow {
  user_id: string;
  customer_id: string;
  default_payment_method: string | null;
  autopay: boolean;
  autopay_since: string | null;
  last_event_created: string;
}

export const customerOf = (db: Db, userId: string): Promise<CustomerRow | undefined> =>
  db('stripe_customers').where({ user_id: userId }).first();
export const customerById = (db: Db, customerId: string): Promise<CustomerRow | undefined> =>
  db('stripe_customers').where({ customer_id: customerId }).first();

export async function insertCustomer(trx: Knex.Transaction, userId: string, customerId: string): Promise<CustomerRow> {
  await trx('stripe_customers').insert({ user_id: userId, customer_id: customerId }).onConflict('user_id').ignore();
  return (await customerOf(trx, userId))!;
}

export async function updateCustomer(db: Db, userId: string, patch: Partial<Omit<CustomerRow, 'user_id'>>) {
  await db('stripe_customers')
    .where({ user_id: userId })
    .update({ ...patch, updated_at: db.fn.now() });
}

export interface CardRow {
  id: string;
  user_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  detached: boolean;
  last_event_created: string;
}

export const cardsOf = (db: Db, userId: string): Promise<CardRow[]> =>
  db('stripe_payment_methods').where({ user_id: userId, detached: false }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
export const cardById = (db: Db, id: string): Promise<CardRow | undefined> => db('stripe_payment_methods').where({ id }).first();

/** Inserts or refreshes a saved card (brand, last four, expiry: never the number). */
export async function upsertCard(db: Db, row: Omit<CardRow, 'detached' | 'last_event_created'> & { last_event_created?: number }) {
  await db('stripe_payment_methods')
    .insert({ ...row, detached: false, last_event_created: row.last_event_created ?? 0 })
    .onConflict('id')
    .merge({
      brand: row.brand,
      last4: row.last4,
      exp_month: row.exp_month,
      exp_year: row.exp_year,
      detached: false,
      updated_at: db.fn.now(),
      ...(row.last_event_created ? { last_event_created: row.last_event_created } : {}),
    });
}

export interface ChargeRow {
  id: string;
  invoice_id: string;
  student_id: string;
  location_id: string;
  user_id: string;
  amount: string;
  payment_method: string;
  kind: 'manual' | 'autopay';
  attempt: number;
  idempotency_key: string;
  payment_intent_id: string | null;
  status: 'pending' | 'succeeded' | 'failed' | 'requires_action';
  error_code: string | null;
  error_message: string | null;
  payment_id: string | null;
  last_event_created: string;
  created_at: Date;
  updated_at: Date;
}

export const chargeById = (db: Db, id: string): Promise<ChargeRow | undefined> => db('stripe_charges').where({ id }).first();
export const chargeByIntent = (db: Db, pi: string): Promise<ChargeRow | undefined> =>
  db('stripe_charges').where({ payment_intent_id: pi }).first();

/** The charge of a payer's invoice still in flight (pending or waiting for the payer's authentication). */
export const chargeInFlight = (db: Db, invoiceId: string, userId: string): Promise<ChargeRow | undefined> =>
  db('stripe_charges').where({ invoice_id: invoiceId, user_id: userId }).whereIn('status', ['pending', 'requires_action']).first();

export async function insertCharge(trx: Knex.Transaction, row: Record<string, unknown>): Promise<ChargeRow> {
  const [r] = await trx('stripe_charges').insert(row).returning('*');
  return r as ChargeRow;
}

export async function updateCharge(db: Db, id: string, patch: Record<string, unknown>) {
  await db('stripe_charges')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

/** What a payer already paid on an invoice (their payments' entries on it), as positive cents. */
export async function paidByUser(db: Db, invoiceId: string, userId: string): Promise<number> {
  const r = await db('billing_ledger as g')
    .join('payments as p', 'p.id', 'g.payment_id')
    .where({ 'g.invoice_id': invoiceId, 'p.user_id': userId })
    .select(db.raw('coalesce(-sum(g.amount), 0) as s'))
    .first();
  return Number(r?.s ?? 0);
}

/** Records a webhook event once; false when it was seen before. */
export async function recordEvent(trx: Knex.Transaction, row: { id: string; type: string; object_id: string | null; created: number; effect: string }) {
  const r = await trx('stripe_events').insert(row).onConflict('id').ignore().returning('id');
  return r.length > 0;
}

export async function setEventEffect(trx: Knex.Transaction, id: string, effect: string) {
  await trx('stripe_events').where({ id }).update({ effect });
}

/** The location managers of a location (alerts about a family's card payments). */
export async function managersOf(db: Db, locationIds: string[]): Promise<string[]> {
  if (!locationIds.length) return [];
  const rows = await db('location_managers as lm')
    .join('users as u', 'u.id', 'lm.user_id')
    .whereIn('lm.location_id', locationIds)
    .whereNull('u.deleted_at')
    .distinct('lm.user_id');
  return rows.map((r: { user_id: string }) => String(r.user_id));
}

export interface RefundRow {
  id: string;
  payment_id: string;
  student_id: string;
  location_id: string;
  amount: string;
  reason: string | null;
  idempotency_key: string;
  stripe_refund_id: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  error_code: string | null;
  error_message: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export const refundById = (db: Db, id: string): Promise<RefundRow | undefined> =>
  /^\d{1,18}$/.test(String(id)) ? db('stripe_refunds').where({ id }).first() : Promise.resolve(undefined);
export const refundByStripeId = (db: Db, id: string): Promise<RefundRow | undefined> => db('stripe_refunds').where({ stripe_refund_id: id }).first();

export async function insertRefund(trx: Knex.Transaction, row: Record<string, unknown>): Promise<RefundRow> {
  const [r] = await trx('stripe_refunds').insert(row).returning('*');
  return r as RefundRow;
}

export async function updateRefund(db: Db, id: string, patch: Record<string, unknown>) {
  await db('stripe_refunds')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

/** Card refunds of a payment Stripe has not answered yet (cents): reserved against what is left. */
export async function pendingRefunds(db: Db, paymentId: string): Promise<number> {
  const r = await db('stripe_refunds').where({ payment_id: paymentId, status: 'pending' }).sum({ s: 'amount' }).first();
  return Number(r?.s ?? 0);
}
