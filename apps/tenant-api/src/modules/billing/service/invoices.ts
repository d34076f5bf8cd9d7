import type { Knex } from 'knex';
import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { reaches } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { id, idList, pageArgs, paginated } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction, lockFor, mapUniqueViolations } from '../../../core/tx.ts';
import { billedStudent, billingScope, billingViewer, listFilter, readableStudent } from '../policy.ts';
import * as repo from '../repo/invoices.ts';
import * as ledger from '../repo/ledger.ts';
import { findCategory, findPreset, variableCharges } from '../repo/setup.ts';
import { studentsFacts, type StudentFacts } from '../repo/people.ts';
import { invoiceClosed, invoiceNotFound, presetNotFound, studentNotFound, variableChargeNotFound } from '../errors.ts';
import { cents, label, localDate, note, reason } from '../fields.ts';
import { priceItem } from './pricing.ts';
import { todayIn } from './plans.ts';

const STATUS = z.enum(['open', 'paid', 'void', 'waived', 'transferred'], { message: 'Choose open, paid, void, waived or transferred.' });

/** Every change to a child's money runs under this lock: balances read inside it stay true until commit. */
export const lockStudent = (trx: Knex.Transaction, studentId: string) => lockFor(trx, `billing:student:${studentId}`);

function range(a: { from?: string | null; to?: string | null }) {
  if (a.from && a.to && a.to < a.from) throw badInput('to', 'The end date is before the start date.');
}

export async function getInvoices(ctx: RequestContext, raw: unknown) {
  const who = await billingViewer(ctx);
  const args = parseArgs(
    z.object({
      location_id: id.nullish(),
      student_id: id.nullish(),
      status: STATUS.nullish(),
      from: localDate.nullish(),
      to: localDate.nullish(),
      ...pageArgs,
    }),
    raw,
  );
  range(args);
  const f = await listFilter(ctx, who, args.location_id);
  if (args.student_id) {
    await readableStudent(ctx, who, args.student_id);
    f.students = [args.student_id];
  }
  const { rows, total } = await repo.invoicePage(
    ctx.db,
    { ...f, status: args.status, from: args.from, to: args.to },
    args.page,
    args.first,
  );
  return paginated(rows, total, args.page, args.first);
}

export async function getStudentAllInvoices(ctx: RequestContext, raw: unknown) {
  const who = await billingViewer(ctx);
  const args = parseArgs(z.object({ id, location: id.nullish(), from: localDate.nullish(), to: localDate.nullish() }), raw);
  range(args);
  await readableStudent(ctx, who, args.id);
  return repo.invoiceList(ctx.db, {
    locations: args.location ? [args.location] : null,
    students: [args.id],
    from: args.from,
    to: args.to,
    // A parent sees the family's invoices; staff see the agency's too (marked by agency_id).
    family: who.kind !== 'staff',
  });
}

/** An invoice of the staff scope, or NOT_FOUND. */
async function staffInvoice(ctx: RequestContext, invoiceId: string) {
  const scope = await billingScope(ctx);
  const inv = await repo.findInvoice(ctx.db, invoiceId);
  if (!inv || !reaches(scope, inv.location_id)) throw invoiceNotFound();
  return inv;
}

/** Re-reads an invoice inside the child's lock: it must still be open. */
async function openInvoice(trx: Knex.Transaction, invoiceId: string) {
  const inv = await repo.findInvoice(trx, invoiceId);
  if (!inv) throw invoiceNotFound();
  if (inv.stored_status !== 'open') throw invoiceClosed(inv.stored_status);
  return inv;
}

interface NewItem {
  name: string;
  detail?: string | null;
  priced: ReturnType<typeof priceItem>;
  category_id?: string | null;
  source: Record<string, unknown>;
  source_key?: string | null;
}

/** Adds items to an invoice with their ledger charges (in the caller's transaction). */
export async function addItems(
  ctx: RequestContext | null,
  trx: Knex.Transaction,
  inv: { id: string; student_id: string; location_id: string },
  items: NewItem[],
) {
  for (const it of items) {
    const row = await repo.insertItem(trx, {
      invoice_id: inv.id,
      name: it.name,
      detail: it.detail ?? null,
      original_amount: it.priced.original_amount,
      amount: it.priced.amount,
      discount: it.priced.discount,
      discount_type: it.priced.discount_type,
      discounts: it.priced.discounts,
      category_id: it.category_id ?? null,
      source: it.source,
      source_key: it.source_key ?? null,
      created_by: ctx?.viewer?.id ?? null,
    });
    await ledger.append(trx, [
      {
        location_id: inv.location_id,
        student_id: inv.student_id,
        invoice_id: inv.id,
        invoice_item_id: row.id,
        kind: 'charge',
        amount: it.priced.amount,
        created_by: ctx?.viewer?.id ?? null,
      },
    ]);
  }
}

async function newInvoice(ctx: RequestContext, trx: Knex.Transaction, s: StudentFacts, date: string, extra: Record<string, unknown> = {}) {
  const invoiceId = await repo.insertInvoice(trx, {
    student_id: s.id,
    location_id: s.location_id,
    date,
    due_date: date,
    created_by: ctx.viewer!.id,
    ...extra,
  });
  return { id: invoiceId, student_id: String(s.id), location_id: String(s.location_id) };
}

const itemInput = z.object({
  name: label('Item name'),
  detail: z.string().trim().max(500, 'A detail has at most 500 characters.').nullish(),
  original_amount: cents('Amount'),
  discount: z.number().nullish(),
  discount_type: z.string().nullish(),
  category_id: id.nullish(),
  preset_id: id.nullish(),
});

/** Adds an item to an open invoice (`id`), or to a new invoice of a child (`student_id`, `date`). */
export async function addNewItemToInvoice(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id: id.nullish(), student_id: id.nullish(), date: localDate.nullish(), item: itemInput }), raw);
  let student: StudentFacts;
  if (args.id) {
    const inv = await staffInvoice(ctx, args.id);
    student = await billedStudent(ctx, scope, inv.student_id);
  } else if (args.student_id) student = await billedStudent(ctx, scope, args.student_id);
  else throw badInput('student_id', 'Choose the invoice or the child.');
  const priced = priceItem(args.item.original_amount, args.item.discount, args.item.discount_type);
  if (args.item.category_id) {
    const c = await findCategory(ctx.db, args.item.category_id);
    if (!c || String(c.location_id) !== String(student.location_id))
      throw badInput('item.category_id', 'The category belongs to another location.');
  }
  if (args.item.preset_id) {
    const p = await findPreset(ctx.db, args.item.preset_id);
    if (!p || String(p.location_id) !== String(student.location_id)) throw presetNotFound();
  }
  const source = {
    kind: args.item.preset_id ? 'preset' : 'manual',
    ...(args.item.preset_id ? { preset_id: args.item.preset_id } : {}),
    ...(priced.discount_type ? { discount: priced.discount, discount_type: priced.discount_type } : {}),
  };
  const invoiceId = await inTransaction(ctx, async (trx) => {
    await lockStudent(trx, student.id);
    const inv = args.id ? await openInvoice(trx, args.id) : await newInvoice(ctx, trx, student, args.date ?? todayIn(student.timezone));
    await addItems(ctx, trx, inv, [{ name: args.item.name, detail: args.item.detail, priced, category_id: args.item.category_id, source }]);
    await audit(ctx, trx, {
      action: 'invoice.add_item',
      entity: 'invoice',
      entity_id: inv.id,
      location_id: student.location_id,
      data: { name: args.item.name, amount: priced.amount, original_amount: priced.original_amount },
    });
    return inv.id;
  });
  return { ...notice('Item added.'), invoice: await repo.findInvoice(ctx.db, invoiceId) };
}

export async function updateInvoiceNote(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ id, note }), raw);
  const inv = await staffInvoice(ctx, args.id);
  await inTransaction(ctx, async (trx) => {
    await repo.updateInvoice(trx, args.id, { note: args.note });
    await audit(ctx, trx, {
      action: 'invoice.note',
      entity: 'invoice',
      entity_id: args.id,
      location_id: inv.location_id,
      data: { changes: { note: [inv.note, args.note] } },
    });
  });
  return { ...notice('Note saved.'), invoice: await repo.findInvoice(ctx.db, args.id) };
}

/** Voids an invoice: payments on it go back to credit, then its charges are reversed to zero. */
export async function voidInvoice(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ id, reason: reason.nullish() }), raw);
  const before = await staffInvoice(ctx, args.id);
  await inTransaction(ctx, async (trx) => {
    await lockStudent(trx, before.student_id);
    const inv = await openInvoice(trx, args.id);
    const by = ctx.viewer!.id;
    const at = { location_id: inv.location_id, student_id: inv.student_id };
    const paid = await ledger.paymentsOnInvoice(trx, inv.id);
    await ledger.append(
      trx,
      paid.flatMap((p) => [
        { ...at, invoice_id: inv.id, payment_id: p.payment_id, kind: 'unapply' as const, amount: p.amount, created_by: by },
        { ...at, invoice_id: null, payment_id: p.payment_id, kind: 'unapply' as const, amount: -p.amount, created_by: by },
      ]),
    );
    const owed = (await ledger.invoiceBalances(trx, [inv.id])).get(inv.id) ?? 0;
    await ledger.append(trx, [{ ...at, invoice_id: inv.id, kind: 'void', amount: -owed, reason: args.reason ?? null, created_by: by }]);
    await repo.updateInvoice(trx, inv.id, { status: 'void', reason: args.reason ?? null });
    await audit(ctx, trx, {
      action: 'invoice.void',
      entity: 'invoice',
      entity_id: inv.id,
      location_id: inv.location_id,
      data: { reversed: owed, payments_to_credit: paid },
    });
  });
  return { ...notice('Invoice voided.'), invoice: await repo.findInvoice(ctx.db, args.id) };
}

function appendNote(before: string | null, extra: string | null | undefined) {
  if (!extra) return before;
  return before ? `${before}\n${extra}` : extra;
}

/** Waives what is still owed on an invoice (payments already on it stay). */
export async function saveWaiveInvoice(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ id, reason, note }), raw);
  const before = await staffInvoice(ctx, args.id);
  await inTransaction(ctx, async (trx) => {
    await lockStudent(trx, before.student_id);
    const inv = await openInvoice(trx, args.id);
    const owed = Number(inv.balance);
    if (owed <= 0) throw badInput('id', 'Nothing is owed on this invoice.');
    await ledger.append(trx, [
      {
        location_id: inv.location_id,
        student_id: inv.student_id,
        invoice_id: inv.id,
        kind: 'waive',
        amount: -owed,
        reason: args.reason,
        created_by: ctx.viewer!.id,
      },
    ]);
    await repo.updateInvoice(trx, inv.id, { status: 'waived', reason: args.reason, note: appendNote(inv.note, args.note) });
    await audit(ctx, trx, {
      action: 'invoice.waive',
      entity: 'invoice',
      entity_id: inv.id,
      location_id: inv.location_id,
      data: { waived: owed, reason: args.reason },
    });
  });
  return { ...notice('Invoice waived.'), invoice: await repo.findInvoice(ctx.db, args.id) };
}

/** Moves what is still owed on an invoice to a new invoice of the child dated `date`. */
export async function saveBillTransferInvoice(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ id, reason, note, date: localDate }), raw);
  const before = await staffInvoice(ctx, args.id);
  const [student] = await studentsFacts(ctx.db, [before.student_id]);
  if (!student) throw invoiceNotFound();
  const newId = await inTransaction(ctx, async (trx) => {
    await lockStudent(trx, before.student_id);
    const inv = await openInvoice(trx, args.id);
    const owed = Number(inv.balance);
    if (owed <= 0) throw badInput('id', 'Nothing is owed on this invoice.');
    const target = await newInvoice(ctx, trx, student, args.date, { note: `Balance of invoice #${inv.id}: ${args.reason}` });
    await ledger.append(trx, [
      {
        location_id: inv.location_id,
        student_id: inv.student_id,
        invoice_id: inv.id,
        kind: 'transfer',
        amount: -owed,
        reason: args.reason,
        created_by: ctx.viewer!.id,
      },
    ]);
    await addItems(ctx, trx, target, [
      {
        name: `Balance of invoice #${inv.id}`,
        detail: args.reason,
        priced: priceItem(owed, 0, null),
        source: { kind: 'transfer', from_invoice_id: inv.id, date: inv.date },
      },
    ]);
    await repo.updateInvoice(trx, inv.id, {
      status: 'transferred',
      reason: args.reason,
      transferred_to: target.id,
      note: appendNote(inv.note, args.note),
    });
    await audit(ctx, trx, {
      action: 'invoice.transfer',
      entity: 'invoice',
      entity_id: inv.id,
      location_id: inv.location_id,
      data: { amount: owed, to_invoice_id: target.id, date: args.date, reason: args.reason },
    });
    return target.id;
  });
  return { ...notice('Balance transferred.'), invoice: await repo.findInvoice(ctx.db, newId) };
}

const MAX_RANGE_DAYS = 93;

function checkRange(from: string, to: string, fromField: string, toField: string) {
  if (to < from) throw badInput(toField, 'The end date is before the start date.');
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_RANGE_DAYS)
    throw badInput(fromField, `Choose at most ${MAX_RANGE_DAYS} days.`);
}

/**
 * Charges variable charges (late pickup, early drop-off) found in attendance between two dates:
 * per child and day, one started interval past the time costs `amount`, at most `max_amount` a
 * day. One invoice per child (dated end_date); each charge's key is its charge, child and day, so
 * a re-run (or an overlapping range) charges nothing twice.
 */
export async function applyVariableChargesToStudents(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(
    z.object({ charges: idList.min(1, 'Choose at least one charge.'), start_date: localDate, end_date: localDate }),
    raw,
  );
  checkRange(args.start_date, args.end_date, 'start_date', 'end_date');
  const ids = [...new Set(args.charges)];
  const vcs = await variableCharges(ctx.db, null, ids);
  if (vcs.length !== ids.length || vcs.some((v) => !reaches(scope, v.location_id))) throw variableChargeNotFound();
  const byStudent = new Map<string, NewItem[]>();
  for (const vc of vcs) {
    for (const late of await repo.chargeableMinutes(ctx.db, vc, args.start_date, args.end_date)) {
      const intervals = Math.ceil(late.minutes / vc.interval);
      const full = intervals * Number(vc.amount);
      const amount = vc.max_amount === null ? full : Math.min(full, Number(vc.max_amount));
      const list = byStudent.get(late.student_id) ?? [];
      list.push({
        name: vc.details,
        detail: `${late.date}: ${late.minutes} min`,
        priced: priceItem(amount, 0, null),
        category_id: vc.category_id,
        source: {
          kind: vc.end_time ? 'late_pickup' : 'variable_charge',
          variable_charge_id: vc.id,
          date: late.date,
          minutes: late.minutes,
        },
        source_key: `vc:${vc.id}:${late.student_id}:${late.date}`,
      });
      byStudent.set(late.student_id, list);
    }
  }
  return chargeStudents(ctx, byStudent, args.end_date, 'variable_charges.apply', 'Charges applied.');
}

/** Invoices days attended between from_date and to_date at each child's rate, dated `date`. */
export async function saveStudentAttendanceInvoice(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(
    z.object({
      date: localDate,
      from_date: localDate,
      to_date: localDate,
      charges: z
        .array(z.object({ student_id: id, amount: cents('Amount per day'), name: label('Item name').nullish(), category_id: id.nullish() }))
        .min(1, 'Choose at least one child.')
        .max(500, 'Too many children.'),
    }),
    raw,
  );
  checkRange(args.from_date, args.to_date, 'from_date', 'to_date');
  const ids = [...new Set(args.charges.map((c) => c.student_id))];
  if (ids.length !== args.charges.length) throw badInput('charges', 'Each child once.');
  const students = await studentsFacts(ctx.db, ids);
  if (students.length !== ids.length || students.some((s) => !reaches(scope, s.location_id))) throw studentNotFound();
  const where = new Map(students.map((s) => [String(s.id), String(s.location_id)]));
  for (const [i, c] of args.charges.entries()) {
    if (!c.category_id) continue;
    const cat = await findCategory(ctx.db, c.category_id);
    if (!cat || String(cat.location_id) !== where.get(c.student_id))
      throw badInput(`charges.${i}.category_id`, 'The category belongs to another location.');
  }
  const days = await repo.attendedDays(ctx.db, ids, args.from_date, args.to_date);
  const byStudent = new Map<string, NewItem[]>();
  for (const c of args.charges) {
    const n = days.get(c.student_id) ?? 0;
    if (!n) continue;
    byStudent.set(c.student_id, [
      {
        name: c.name ?? 'Attendance',
        detail: `${n} day${n === 1 ? '' : 's'} × $${(c.amount / 100).toFixed(2)} (${args.from_date} – ${args.to_date})`,
        priced: priceItem(n * c.amount, 0, null),
        category_id: c.category_id,
        source: { kind: 'attendance', days: n, period_start: args.from_date, period_end: args.to_date },
        source_key: `attendance:${c.student_id}:${args.from_date}:${args.to_date}`,
      },
    ]);
  }
  return chargeStudents(ctx, byStudent, args.date, 'attendance.invoice', 'Attendance invoiced.');
}

/** One new invoice per child with the items not charged before (by source key); all in one transaction. */
async function chargeStudents(ctx: RequestContext, byStudent: Map<string, NewItem[]>, date: string, action: string, message: string) {
  const students = new Map((await studentsFacts(ctx.db, [...byStudent.keys()])).map((s) => [String(s.id), s]));
  const created = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      const ids: string[] = [];
      for (const [studentId, items] of byStudent) {
        const s = students.get(studentId);
        if (!s) continue;
        await lockStudent(trx, studentId);
        const done = await repo.chargedKeys(trx, items.map((i) => i.source_key!).filter(Boolean));
        const fresh = items.filter((i) => !i.source_key || !done.has(i.source_key));
        if (!fresh.length) continue;
        const inv = await newInvoice(ctx, trx, s, date);
        await addItems(ctx, trx, inv, fresh);
        await audit(ctx, trx, {
          action,
          entity: 'invoice',
          entity_id: inv.id,
          location_id: s.location_id,
          data: { student_id: studentId, items: fresh.length, amount: fresh.reduce((a, i) => a + i.priced.amount, 0) },
        });
        ids.push(inv.id);
      }
      return ids;
    }),
    { invoice_items_source_unique: () => badInput('charges', 'These charges were just applied by someone else; reload.') },
  );
  const invoices = (await Promise.all(created.map((i) => repo.findInvoice(ctx.db, i)))).filter((i) => i !== undefined);
  return {
    ...notice(created.length ? `${message} ${created.length} invoice${created.length === 1 ? '' : 's'}.` : 'Nothing new to charge.'),
    invoices,
  };
}
