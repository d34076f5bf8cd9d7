import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { assertLocations } from '../../../core/access.ts';
import { id, pageArgs, paginated } from '../../../core/args.ts';
import { isoTime, notice } from '../../../core/result.ts';
import { toCsv } from '../../attendance-reports/index.ts';
import { billingScope } from '../policy.ts';
import { localDate } from '../fields.ts';
import * as repo from '../repo/reports.ts';

/**
 * The five billing reports (spec §3 Billing: balance, transaction, invoice, payment, billing
 * summary; routes report-*). Each is one SQL source read by the ledger: its totals, the page and
 * (with `csv: true`) the CSV of every row are one statement each, whatever the number of rows.
 */
const MAX_CSV_ROWS = 50_000;
const MAX_DAYS = 731;

const common = {
  location_id: id,
  from: localDate,
  to: localDate,
  csv: z.boolean().nullish(),
  ...pageArgs,
};

type Common = { location_id: string; from: string; to: string; csv?: boolean | null; page: number; first: number };

function checkRange(a: { from: string; to: string }) {
  if (a.to < a.from) throw badInput('to', 'The end date is before the start date.');
  const days = (Date.parse(`${a.to}T00:00:00Z`) - Date.parse(`${a.from}T00:00:00Z`)) / 86_400_000;
  if (days > MAX_DAYS) throw badInput('to', 'A report covers at most two years.');
}

async function locationZone(ctx: RequestContext, a: Common): Promise<string> {
  const scope = await billingScope(ctx);
  await assertLocations(ctx, scope, [a.location_id]);
  const loc = await ctx.db('locations').where({ id: a.location_id }).first('timezone');
  return String(loc.timezone);
}

const dollars = (cents: unknown) => Number(cents) / 100;

interface Column {
  header: string;
  key: string;
  money?: boolean;
  time?: boolean;
}

async function run(
  ctx: RequestContext,
  name: string,
  a: Common,
  src: repo.ReportSource,
  columns: Column[],
  shape: (r: Record<string, unknown>) => Record<string, unknown>,
) {
  const totals = await repo.reportTotals(ctx.db, src);
  const page = await repo.reportRows(ctx.db, src, a.first, (a.page - 1) * a.first);
  let csv = null;
  if (a.csv) {
    if (totals.rows! > MAX_CSV_ROWS) throw badInput('to', `This export has more than ${MAX_CSV_ROWS} rows. Choose a shorter period.`);
    const all = await repo.reportRows(ctx.db, src, MAX_CSV_ROWS);
    const cells = (r: Record<string, unknown>) => columns.map((c) => (c.money ? dollars(r[c.key]) : c.time ? isoTime(r[c.key]) : r[c.key]));
    const totalLine = columns.map((c, i) => (i === 0 ? 'Total' : c.money && src.sums.includes(c.key) ? dollars(totals[c.key]) : ''));
    csv = {
      ...notice(`${all.length} row${all.length === 1 ? '' : 's'} exported.`),
      filename: `${name}_${a.from}_${a.to}.csv`,
      content_type: 'text/csv; charset=utf-8',
      content: toCsv(
        columns.map((c) => c.header),
        [...all.map(cells), totalLine],
      ),
      rows: all.length,
    };
  }
  const { rows, ...sums } = totals;
  return {
    ...paginated(page.map(shape), rows!, a.page, a.first),
    location_id: a.location_id,
    from: a.from,
    to: a.to,
    totals: sums,
    csv,
  };
}

const num = (r: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, Number(r[k] ?? 0)]));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function getBalanceReport(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object(common), raw) as Common;
  checkRange(a);
  const timezone = await locationZone(ctx, a);
  const src = repo.balanceSource({ locationId: a.location_id, from: a.from, to: a.to, timezone });
  return run(
    ctx,
    'balance-report',
    a,
    src,
    [
      { header: 'Student', key: 'student_name' },
      { header: 'Opening balance', key: 'opening', money: true },
      { header: 'Charges', key: 'charges', money: true },
      { header: 'Payments', key: 'payments', money: true },
      { header: 'Adjustments', key: 'adjustments', money: true },
      { header: 'Closing balance', key: 'closing', money: true },
    ],
    (r) => ({ student_id: String(r.student_id), student_name: r.student_name, ...num(r, [...src.sums]) }),
  );
}

const KINDS = ['charge', 'void', 'waive', 'transfer', 'payment', 'unapply', 'apply', 'refund', 'payment_void'] as const;

export async function getTransactionReport(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({ ...common, kind: z.enum(KINDS, { message: 'Choose a transaction kind.' }).nullish(), student_id: id.nullish() }),
    raw,
  ) as Common & { kind?: string | null; student_id?: string | null };
  checkRange(a);
  const timezone = await locationZone(ctx, a);
  const src = repo.transactionSource({
    locationId: a.location_id,
    from: a.from,
    to: a.to,
    timezone,
    kind: a.kind ?? null,
    studentId: a.student_id ?? null,
  });
  return run(
    ctx,
    'transaction-report',
    a,
    src,
    [
      { header: 'Time', key: 'created_at', time: true },
      { header: 'Student', key: 'student_name' },
      { header: 'Kind', key: 'kind' },
      { header: 'Invoice', key: 'invoice_id' },
      { header: 'Payment', key: 'payment_id' },
      { header: 'Reason', key: 'reason' },
      { header: 'Amount', key: 'amount', money: true },
    ],
    (r) => ({
      id: String(r.id),
      created_at: isoTime(r.created_at),
      student_id: String(r.student_id),
      student_name: r.student_name,
      kind: r.kind,
      invoice_id: str(r.invoice_id),
      payment_id: str(r.payment_id),
      reason: r.reason,
      amount: Number(r.amount),
    }),
  );
}

const INVOICE_STATUSES = ['open', 'paid', 'void', 'waived', 'transferred'] as const;

export async function getInvoiceReport(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({ ...common, status: z.enum(INVOICE_STATUSES, { message: 'Choose open, paid, void, waived or transferred.' }).nullish() }),
    raw,
  ) as Common & { status?: string | null };
  checkRange(a);
  await locationZone(ctx, a);
  const src = repo.invoiceSource({ locationId: a.location_id, from: a.from, to: a.to, timezone: 'UTC', status: a.status ?? null });
  return run(
    ctx,
    'invoice-report',
    a,
    src,
    [
      { header: 'Invoice', key: 'id' },
      { header: 'Date', key: 'date' },
      { header: 'Due date', key: 'due_date' },
      { header: 'Student', key: 'student_name' },
      { header: 'Status', key: 'status' },
      { header: 'Total', key: 'total', money: true },
      { header: 'Paid', key: 'paid', money: true },
      { header: 'Balance', key: 'balance', money: true },
    ],
    (r) => ({
      id: String(r.id),
      date: r.date,
      due_date: r.due_date,
      student_id: String(r.student_id),
      student_name: r.student_name,
      status: r.status,
      ...num(r, ['total', 'paid', 'balance']),
    }),
  );
}

const METHODS = ['cash', 'check', 'ach'] as const;

export async function getPaymentReport(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({ ...common, method: z.enum(METHODS, { message: 'Choose cash, check or ACH.' }).nullish() }),
    raw,
  ) as Common & {
    method?: string | null;
  };
  checkRange(a);
  await locationZone(ctx, a);
  const src = repo.paymentSource({ locationId: a.location_id, from: a.from, to: a.to, timezone: 'UTC', method: a.method ?? null });
  return run(
    ctx,
    'payment-report',
    a,
    src,
    [
      { header: 'Payment', key: 'id' },
      { header: 'Date', key: 'date' },
      { header: 'Student', key: 'student_name' },
      { header: 'Method', key: 'method' },
      { header: 'Reference', key: 'reference' },
      { header: 'Status', key: 'status' },
      { header: 'Amount', key: 'amount', money: true },
      { header: 'Applied', key: 'applied', money: true },
      { header: 'Credit', key: 'unapplied', money: true },
      { header: 'Refunded', key: 'refunded', money: true },
      { header: 'Net', key: 'net', money: true },
    ],
    (r) => ({
      id: String(r.id),
      date: r.date,
      student_id: String(r.student_id),
      student_name: r.student_name,
      method: r.method,
      reference: r.reference,
      status: r.status,
      ...num(r, [...src.sums]),
    }),
  );
}

export async function getBillingSummaryReport(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object(common), raw) as Common;
  checkRange(a);
  const timezone = await locationZone(ctx, a);
  const src = repo.summarySource({ locationId: a.location_id, from: a.from, to: a.to, timezone });
  return run(
    ctx,
    'billing-summary',
    a,
    src,
    [
      { header: 'Kind', key: 'kind' },
      { header: 'Category', key: 'category' },
      { header: 'Entries', key: 'entries' },
      { header: 'Amount', key: 'amount', money: true },
    ],
    (r) => ({ kind: r.kind, category: r.category || null, entries: Number(r.entries), amount: Number(r.amount) }),
  );
}
