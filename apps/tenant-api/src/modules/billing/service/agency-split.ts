import type { Knex } from 'knex';
import * as repo from '../repo/agencies.ts';
import * as ledger from '../repo/ledger.ts';
import { insertInvoice, insertItem } from '../repo/invoices.ts';
import { plans } from '../repo/plans.ts';
import { lockStudent } from './invoices.ts';
import { todayIn } from './plans.ts';

/** A weekly amount over a plan period: 1, 2 or 52/12 weeks, rounded half-up to the cent. */
export function perPeriod(weekly: number, period: string): number {
  if (period === 'weekly') return weekly;
  if (period === 'biweekly') return weekly * 2;
  return Math.round((weekly * 52) / 12);
}

/**
 * The agency's part of a plan amount: the authorised rate (capped at the plan amount) less the
 * co-pay, never below zero; the family pays the rest, so the two add up to the plan amount.
 */
export function splitPlanAmount(planAmount: number, rate: number, copay: number, period: string) {
  const agency = Math.max(0, Math.min(planAmount, perPeriod(rate, period)) - perPeriod(copay, period));
  return { agency, family: planAmount - agency };
}

export interface SplitAgency {
  id: string;
  name: string;
  location_id: string;
}

/**
 * Splits an agency's authorised children's plan invoices: for each open family plan invoice whose
 * period start the child's authorisation covers and that has no agency invoice for its period yet,
 * the agency's part (rate / co-pay, `splitPlanAmount`, never more than the family invoice still
 * owes) moves onto an agency invoice (item source `subsidy`): a charge on the agency invoice and a
 * `transfer` entry on the family's that names the agency item (`invoice_item_id`), under each
 * child's lock, in the caller's transaction. The unique (agency, child, period) index and the
 * "no agency invoice yet" filter make a re-run (or two at once) move nothing twice. The daily
 * billing run calls it for every agency right after issuing; `issueAgencyInvoices` re-runs it for
 * one agency. Answers the agency invoices created.
 */
export async function splitAgencyParts(trx: Knex.Transaction, a: SplitAgency, today: string, by: string | null): Promise<string[]> {
  const auths = await repo.agencyStudents(trx, { agencies: [a.id] }, today);
  const studentIds = [...new Set(auths.map((x) => String(x.student_id)))].sort();
  if (!studentIds.length) return [];
  const candidates = await repo.familyPlanInvoicesToSplit(trx, a.id, studentIds);
  if (!candidates.length) return [];
  const touched = [...new Set(candidates.map((c) => String(c.student_id)))].sort();
  for (const sid of touched) await lockStudent(trx, sid);
  // Read again under the locks: balances are true until commit.
  const todo = await repo.familyPlanInvoicesToSplit(trx, a.id, touched);
  const planRows = await plans(trx, { ids: [...new Set(todo.map((t) => String(t.plan_id)))] });
  const ids: string[] = [];
  for (const inv of todo) {
    const auth = auths.find(
      (x) => String(x.student_id) === String(inv.student_id) && x.start_date <= inv.period_start && x.end_date >= inv.period_start,
    );
    const plan = planRows.find((p) => String(p.id) === String(inv.plan_id));
    if (!auth || !plan) continue;
    const split = splitPlanAmount(Number(inv.plan_amount), Number(auth.rate), Number(auth.copay), plan.period);
    const amount = Math.min(split.agency, Number(inv.balance));
    if (amount <= 0) continue;
    const aid = await insertInvoice(trx, {
      student_id: inv.student_id,
      location_id: inv.location_id,
      agency_id: a.id,
      date: today,
      due_date: inv.due_date,
      period_start: inv.period_start,
      period_end: inv.period_end,
      created_by: by,
    });
    const item = await insertItem(trx, {
      invoice_id: aid,
      name: `Subsidy — ${a.name}`,
      detail: `Authorization ${auth.authorization_number}`,
      original_amount: amount,
      amount,
      source: {
        kind: 'subsidy',
        plan_id: String(inv.plan_id),
        period_start: inv.period_start,
        period_end: inv.period_end,
        agency_id: String(a.id),
        family_invoice_id: String(inv.id),
      },
      created_by: by,
    });
    await ledger.append(trx, [
      {
        location_id: inv.location_id,
        student_id: inv.student_id,
        invoice_id: aid,
        invoice_item_id: item.id,
        kind: 'charge',
        amount,
        created_by: by,
      },
      {
        location_id: inv.location_id,
        student_id: inv.student_id,
        invoice_id: inv.id,
        invoice_item_id: item.id,
        kind: 'transfer',
        amount: -amount,
        reason: `Agency part: ${a.name}`,
        created_by: by,
      },
    ]);
    ids.push(aid);
  }
  return ids;
}

/**
 * The daily run's split: every agency with authorised children at a location with billing on
 * (optionally only `locations`), on its location's today. Answers the agency invoices created.
 */
export async function splitDueAgencyParts(trx: Knex.Transaction, now: Date, locations: string[] | null = null): Promise<number> {
  const q = trx('agencies as a')
    .join('locations as l', 'l.id', 'a.location_id')
    .where('l.billing', true)
    .whereNull('l.deleted_at')
    .whereExists(trx('agency_students as x').whereRaw('x.agency_id = a.id').select(trx.raw('1')))
    .orderBy('a.id')
    .select('a.id', 'a.name', 'a.location_id', 'l.timezone');
  if (locations) q.whereIn('a.location_id', locations);
  const agencies: (SplitAgency & { timezone: string })[] = await q;
  let n = 0;
  for (const a of agencies) n += (await splitAgencyParts(trx, a, todayIn(a.timezone, now), null)).length;
  return n;
}
