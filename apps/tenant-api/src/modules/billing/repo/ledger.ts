import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export type LedgerKind = 'charge' | 'void' | 'waive' | 'transfer' | 'payment' | 'unapply' | 'apply' | 'refund' | 'payment_void';

export interface LedgerEntry {
  location_id: string;
  student_id: string;
  invoice_id?: string | null;
  payment_id?: string | null;
  invoice_item_id?: string | null;
  kind: LedgerKind;
  /** Cents: + the family owes more, − it owes less. */
  amount: number;
  /** A card refund's row (its `refund` entry is written once). */
  stripe_refund_id?: string | null;
  reason?: string | null;
  created_by?: string | null;
}

/**
 * Appends entries (the table refuses UPDATE and DELETE). Zero amounts are dropped: they change
 * nothing and would only clutter the account.
 */
export async function append(trx: Knex.Transaction, entries: LedgerEntry[]): Promise<void> {
  const rows = entries.filter((e) => e.amount !== 0);
  if (rows.length) await trx('billing_ledger').insert(rows);
}

/** What is still owed on each invoice: the sum of its entries. */
export async function invoiceBalances(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db('billing_ledger').whereIn('invoice_id', ids).groupBy('invoice_id').select('invoice_id', db.raw('sum(amount) as s'));
  const m = new Map<string, number>(ids.map((i) => [String(i), 0]));
  for (const r of rows) m.set(String(r.invoice_id), Number(r.s));
  return m;
}

/** A payment's money by where it sits: each invoice (id) and credit (null), as positive cents. */
export async function paymentPlaces(db: Db, paymentId: string): Promise<{ invoice_id: string | null; amount: number }[]> {
  const rows = await db('billing_ledger')
    .where({ payment_id: paymentId })
    .groupBy('invoice_id')
    .select('invoice_id', db.raw('-sum(amount) as s'));
  return rows.map((r) => ({ invoice_id: r.invoice_id === null ? null : String(r.invoice_id), amount: Number(r.s) }));
}

/** Payments applied to an invoice now, as positive cents. */
export async function paymentsOnInvoice(db: Db, invoiceId: string): Promise<{ payment_id: string; amount: number }[]> {
  const rows = await db('billing_ledger')
    .where({ invoice_id: invoiceId })
    .whereNotNull('payment_id')
    .groupBy('payment_id')
    .havingRaw('sum(amount) <> 0')
    .select('payment_id', db.raw('-sum(amount) as s'));
  return rows.map((r) => ({ payment_id: String(r.payment_id), amount: Number(r.s) }));
}

/** A child's credit by payment (oldest first): money paid and not on any invoice. */
export async function creditsOf(
  db: Db,
  studentId: string,
): Promise<{ payment_id: string; amount: number; date: string; method: string }[]> {
  const rows = await db('billing_ledger as g')
    .join('payments as p', 'p.id', 'g.payment_id')
    .where('g.student_id', studentId)
    .whereNull('g.invoice_id')
    .groupBy('g.payment_id', 'p.date', 'p.method')
    .havingRaw('sum(g.amount) < 0')
    .orderBy([{ column: 'p.date' }, { column: 'g.payment_id' }])
    .select('g.payment_id', db.raw('-sum(g.amount) as s'), db.raw(`to_char(p.date, 'YYYY-MM-DD') as date`), 'p.method');
  return rows.map((r) => ({ payment_id: String(r.payment_id), amount: Number(r.s), date: r.date, method: r.method }));
}

/**
 * The family's part of the ledger: entries of the child's own invoices and payments. What an
 * agency owes (its invoices) and pays (its payments) is the agency's, shown on the agency pages;
 * a family balance plus the agencies' balances is the ledger's sum.
 */
function familyEntries(db: Db) {
  return db('billing_ledger as g')
    .leftJoin('invoices as fi', 'fi.id', 'g.invoice_id')
    .leftJoin('payments as fp', 'fp.id', 'g.payment_id')
    .whereNull('fi.agency_id')
    .whereNull('fp.agency_id');
}

/** Children's family balances: owed (positive) or in credit (negative); agency debt excluded. */
export async function familyBalances(db: Db, studentIds: string[]): Promise<Map<string, number>> {
  const m = new Map<string, number>(studentIds.map((i) => [String(i), 0]));
  if (!studentIds.length) return m;
  const rows = await familyEntries(db).whereIn('g.student_id', studentIds).groupBy('g.student_id').select('g.student_id', db.raw('sum(g.amount) as s'));
  for (const r of rows) m.set(String(r.student_id), Number(r.s));
  return m;
}

/** A child's family balance: owed (positive) or in credit (negative); what agencies owe is not in it. */
export async function studentBalance(db: Db, studentId: string): Promise<number> {
  return (await familyBalances(db, [studentId])).get(String(studentId)) ?? 0;
}

export type LedgerRow = {
  id: string;
  kind: LedgerKind;
  amount: string;
  invoice_id: string | null;
  payment_id: string | null;
  reason: string | null;
  created_at: Date;
};

/** A child's family entries, newest first (the agency's are on the agency pages). */
export async function entriesOf(db: Db, studentId: string, limit = 500): Promise<LedgerRow[]> {
  return familyEntries(db)
    .where('g.student_id', studentId)
    .orderBy([
      { column: 'g.created_at', order: 'desc' },
      { column: 'g.id', order: 'desc' },
    ])
    .limit(limit)
    .select('g.id', 'g.kind', 'g.amount', 'g.invoice_id', 'g.payment_id', 'g.reason', 'g.created_at');
}
