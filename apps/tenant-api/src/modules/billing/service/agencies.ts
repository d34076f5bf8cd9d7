import { z } from 'zod';
import { badInput, notFound, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { assertLocations, reaches, scopeFilter, type LocationScope } from '../../../core/access.ts';
import { audit, diff } from '../../../core/audit.ts';
import { id, idList, optionalText, pageArgs, paginated } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction, mapUniqueViolations } from '../../../core/tx.ts';
import { billingScope } from '../policy.ts';
import * as repo from '../repo/agencies.ts';
import * as ledger from '../repo/ledger.ts';
import { invoiceList, invoicePage } from '../repo/invoices.ts';
import { insertPayment, paymentList, paymentPage } from '../repo/payments.ts';
import { plans } from '../repo/plans.ts';
import { studentsFacts } from '../repo/people.ts';
import { nameTaken } from '../errors.ts';
import { cents, label, localDate, note, positiveCents } from '../fields.ts';
import { lockStudent } from './invoices.ts';
import { todayIn } from './plans.ts';
import { splitAgencyParts, splitPlanAmount } from './agency-split.ts';

export { perPeriod, splitPlanAmount } from './agency-split.ts';

export const agencyNotFound = () => notFound('Agency not found.');

/** An agency the manager bills (NOT_FOUND outside the scope, so existence is never confirmed). */
export async function agencyInScope(ctx: RequestContext, scope: LocationScope, agencyId: string) {
  const a = await repo.findAgency(ctx.db, agencyId);
  if (!a || !reaches(scope, a.location_id)) throw agencyNotFound();
  return a;
}

async function locationToday(ctx: RequestContext, locationId: string): Promise<string> {
  const l = await ctx.db('locations').where({ id: locationId }).first('timezone');
  return todayIn(String(l?.timezone ?? 'UTC'));
}

// ---------- money of an authorisation ----------

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
function addMonths(d: string, n: number): string {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(day, last));
  return t.toISOString().slice(0, 10);
}

/** The plan period after the one containing `today` (or the first, if the plan starts later). */
export function nextPeriod(start: string, period: string, today: string): { start: string; end: string } {
  const days = (Date.parse(today) - Date.parse(start)) / 86_400_000;
  if (period === 'monthly') {
    let n = 0;
    while (addMonths(start, n) <= today) n++;
    return { start: addMonths(start, n), end: addDays(addMonths(start, n + 1), -1) };
  }
  const len = period === 'biweekly' ? 14 : 7;
  const n = days < 0 ? 0 : Math.floor(days / len) + 1;
  return { start: addDays(start, n * len), end: addDays(start, n * len + len - 1) };
}

// ---------- agencies ----------

const agencyFields = {
  contact_name: optionalText(150),
  email: z
    .string()
    .trim()
    .email('Enter a valid email address.')
    .max(200)
    .nullish()
    .or(z.literal('').transform(() => null)),
  phone: optionalText(40),
  address: optionalText(300),
  note,
};

export async function getAgencies(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id.nullish() }), raw);
  if (args.location_id) await assertLocations(ctx, scope, [args.location_id]);
  return repo.agencies(ctx.db, args.location_id ? [args.location_id] : scopeFilter(scope));
}

export async function getAgency(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  return agencyInScope(ctx, scope, args.id);
}

const uniqueName = { agencies_location_name_uq: () => nameTaken('agency') };

export async function createAgency(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id, name: label('Name'), ...agencyFields }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const agencyId = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      const aid = await repo.insertAgency(trx, { ...args, created_by: ctx.viewer!.id });
      await audit(ctx, trx, { action: 'agency.create', entity: 'agency', entity_id: aid, location_id: args.location_id, data: args });
      return aid;
    }),
    uniqueName,
  );
  return { ...notice('Agency created.'), agency: await repo.findAgency(ctx.db, agencyId) };
}

export async function updateAgency(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id, name: label('Name').optional(), ...agencyFields }), raw);
  const before = await agencyInScope(ctx, scope, args.id);
  const { id: agencyId, ...patch } = args;
  const changes = Object.fromEntries(Object.entries(patch).filter(([k]) => k in (raw as object)));
  await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      await repo.updateAgency(trx, agencyId, changes);
      await audit(ctx, trx, {
        action: 'agency.update',
        entity: 'agency',
        entity_id: agencyId,
        location_id: before.location_id,
        data: diff(before as unknown as Record<string, unknown>, changes, Object.keys(changes)),
      });
    }),
    uniqueName,
  );
  return { ...notice('Agency updated.'), agency: await repo.findAgency(ctx.db, agencyId) };
}

export async function deleteAgency(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const before = await agencyInScope(ctx, scope, args.id);
  const billed = await ctx.db('invoices').where({ agency_id: args.id }).first('id');
  if (billed) throw badInput('id', 'This agency has invoices: remove its children instead of the agency.');
  await inTransaction(ctx, async (trx) => {
    await repo.deleteAgency(trx, args.id);
    await audit(ctx, trx, {
      action: 'agency.delete',
      entity: 'agency',
      entity_id: args.id,
      location_id: before.location_id,
      data: { name: before.name },
    });
  });
  return { ...notice('Agency deleted.'), id: args.id };
}

// ---------- authorisations ----------

const authorisation = z.object({
  student_id: id,
  authorization_number: label('Authorization number', 60),
  start_date: localDate,
  end_date: localDate,
  days_per_week: z.number().int('Days per week is a whole number.').min(1, 'Days per week is 1 to 7.').max(7, 'Days per week is 1 to 7.'),
  rate: cents('Rate'),
  copay: cents('Co-pay'),
  absence_allowance: z
    .number()
    .int()
    .min(0, 'Allowed absences cannot be negative.')
    .max(31, 'Allowed absences are at most 31 a month.')
    .nullish(),
});

export async function getAgencyStudentList(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const a = await agencyInScope(ctx, scope, args.id);
  return repo.agencyStudents(ctx.db, { agencies: [a.id] }, await locationToday(ctx, a.location_id));
}

export async function updateAgencyStudents(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(
    z.object({ id, students: z.array(authorisation).min(1, 'Give at least one child.').max(200, 'At most 200 children at once.') }),
    raw,
  );
  const a = await agencyInScope(ctx, scope, args.id);
  const seen = new Set<string>();
  args.students.forEach((s, i) => {
    const f = (k: string) => `students.${i}.${k}`;
    if (seen.has(s.student_id)) throw badInput(f('student_id'), 'This child is listed twice.');
    seen.add(s.student_id);
    if (s.end_date < s.start_date) throw badInput(f('end_date'), 'The end date is before the start date.');
    if (s.copay > s.rate) throw badInput(f('copay'), 'The co-pay is more than the rate.');
  });
  const facts = await studentsFacts(ctx.db, [...seen]);
  args.students.forEach((s, i) => {
    const st = facts.find((x) => String(x.id) === String(s.student_id));
    if (!st || String(st.location_id) !== String(a.location_id))
      throw badInput(`students.${i}.student_id`, 'Choose a child of the agency’s location.');
  });
  await inTransaction(ctx, async (trx) => {
    await repo.upsertAgencyStudents(
      trx,
      args.students.map((s) => ({
        agency_id: a.id,
        ...s,
        absence_allowance: s.absence_allowance ?? 0,
        created_by: ctx.viewer!.id,
        updated_at: trx.fn.now(),
      })),
    );
    await audit(ctx, trx, {
      action: 'agency.students',
      entity: 'agency',
      entity_id: a.id,
      location_id: a.location_id,
      data: { students: args.students },
    });
  });
  const today = await locationToday(ctx, a.location_id);
  return { ...notice('Authorisations saved.'), students: await repo.agencyStudents(ctx.db, { agencies: [a.id] }, today) };
}

export async function removeAgencyStudent(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ student_id: id, agency_id: id }), raw);
  const a = await agencyInScope(ctx, scope, args.agency_id);
  await inTransaction(ctx, async (trx) => {
    const n = await repo.removeAgencyStudent(trx, a.id, args.student_id);
    if (!n) throw badInput('student_id', 'This child has no authorisation from the agency.');
    await audit(ctx, trx, {
      action: 'agency.student_remove',
      entity: 'agency',
      entity_id: a.id,
      location_id: a.location_id,
      data: { student_id: args.student_id },
    });
  });
  return { ...notice('Child removed from the agency.'), id: args.student_id };
}

// ---------- invoices and payments ----------

export async function getAgencyNextInvoices(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const a = await agencyInScope(ctx, scope, args.id);
  const today = await locationToday(ctx, a.location_id);
  const auths = await repo.agencyStudents(ctx.db, { agencies: [a.id] }, today);
  const active = await plans(ctx.db, { students: auths.map((x) => x.student_id), status: 'active' });
  const out = [];
  for (const p of active) {
    const next = nextPeriod(p.start_date, p.period, today);
    if (p.end_date && p.end_date < next.start) continue;
    const auth = auths.find((x) => String(x.student_id) === String(p.student_id) && x.start_date <= next.start && x.end_date >= next.start);
    if (!auth) continue;
    const amount = Number(p.amount);
    const split = splitPlanAmount(amount, Number(auth.rate), Number(auth.copay), p.period);
    out.push({
      student_id: p.student_id,
      student_name: auth.student_name,
      plan_id: p.id,
      plan_name: p.name,
      period_start: next.start,
      period_end: next.end,
      plan_amount: amount,
      agency_amount: split.agency,
      family_amount: split.family,
    });
  }
  return out;
}

export async function getAgencyInvoices(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id, ...pageArgs }), raw);
  const a = await agencyInScope(ctx, scope, args.id);
  const { rows, total } = await invoicePage(ctx.db, { locations: [a.location_id], students: null, agency: a.id }, args.page, args.first);
  return paginated(rows, total, args.page, args.first);
}

export async function getAgencyPayments(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id, ...pageArgs }), raw);
  const a = await agencyInScope(ctx, scope, args.id);
  const { rows, total } = await paymentPage(ctx.db, { locations: [a.location_id], students: null, agency: a.id }, args.page, args.first);
  return paginated(rows, total, args.page, args.first);
}

/**
 * Re-runs the daily run's agency split for one agency now (`splitAgencyParts`, the same code):
 * after authorisations change, the open plan invoices they cover are split without waiting for
 * the next hourly run; a re-run moves nothing twice.
 */
export async function issueAgencyInvoices(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const a = await agencyInScope(ctx, scope, args.id);
  const today = await locationToday(ctx, a.location_id);
  const created = await inTransaction(ctx, async (trx) => {
    const ids = await splitAgencyParts(trx, a, today, ctx.viewer!.id);
    await audit(ctx, trx, {
      action: 'agency.invoice',
      entity: 'agency',
      entity_id: a.id,
      location_id: a.location_id,
      data: { invoices: ids },
    });
    return ids;
  });
  const invoices = created.length ? await invoiceList(ctx.db, { locations: [a.location_id], students: null, ids: created }) : [];
  return { ...notice(created.length ? `${created.length} agency invoices issued.` : 'Nothing to invoice to the agency.'), invoices };
}

const METHOD = z.enum(['cash', 'check', 'ach'], { message: 'Choose cash, check or ACH.' });

/**
 * An agency payment: one payment row per child invoice it covers (the ledger is per child),
 * filling the chosen (or oldest) open agency invoices; a payment larger than they owe is refused,
 * one smaller leaves the rest owed (a short-pay the reconciliation reports).
 */
export async function saveAgencyPayment(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(
    z.object({
      agency_id: id,
      amount: positiveCents('Amount'),
      method: METHOD,
      date: localDate.nullish(),
      reference: z.string().trim().max(100, 'A reference has at most 100 characters.').nullish(),
      note,
      invoice_ids: idList.nullish(),
    }),
    raw,
  );
  const a = await agencyInScope(ctx, scope, args.agency_id);
  const today = await locationToday(ctx, a.location_id);
  const paymentIds = await inTransaction(ctx, async (trx) => {
    const pre = await repo.openAgencyInvoices(trx, a.id, args.invoice_ids ?? null);
    for (const sid of [...new Set(pre.map((i) => String(i.student_id)))].sort()) await lockStudent(trx, sid);
    const open = await repo.openAgencyInvoices(trx, a.id, args.invoice_ids ?? null);
    if (args.invoice_ids && open.length !== new Set(args.invoice_ids).size)
      throw badInput('invoice_ids', 'Choose open invoices of this agency with something owed.');
    const owed = open.reduce((s, i) => s + Number(i.balance), 0);
    if (!open.length) throw badInput('agency_id', 'This agency owes nothing.');
    if (args.amount > owed) throw badInput('amount', 'The amount is more than the agency owes on these invoices.');
    let left = args.amount;
    const ids: string[] = [];
    for (const inv of open) {
      if (left <= 0) break;
      const part = Math.min(left, Number(inv.balance));
      left -= part;
      const pid = await insertPayment(trx, {
        student_id: inv.student_id,
        location_id: inv.location_id,
        agency_id: a.id,
        method: args.method,
        reference: args.reference || null,
        amount: part,
        date: args.date ?? today,
        note: args.note,
        created_by: ctx.viewer!.id,
      });
      await ledger.append(trx, [
        {
          location_id: inv.location_id,
          student_id: inv.student_id,
          invoice_id: inv.id,
          payment_id: pid,
          kind: 'payment',
          amount: -part,
          created_by: ctx.viewer!.id,
        },
      ]);
      ids.push(pid);
    }
    await audit(ctx, trx, {
      action: 'agency.payment',
      entity: 'agency',
      entity_id: a.id,
      location_id: a.location_id,
      data: { amount: args.amount, method: args.method, payments: ids },
    });
    return ids;
  });
  const payments = await paymentList(ctx.db, { locations: [a.location_id], students: null, ids: paymentIds });
  return { ...notice('Agency payment recorded.'), payments };
}
