import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import { centsToInput } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { assertLocations } from '../../../core/access.ts';
import { id } from '../../../core/args.ts';
import { attendedDays } from '../../attendance/index.ts';
import { billingScope } from '../policy.ts';
import * as repo from '../repo/agencies.ts';
import { localDate } from '../fields.ts';
import { agencyInScope } from './agencies.ts';
import { todayIn } from './plans.ts';

export type DiscrepancyKind =
  | 'over_authorized'
  | 'absences_over_allowance'
  | 'authorization_expired'
  | 'authorization_ending'
  | 'copay_not_invoiced'
  | 'copay_unpaid'
  | 'agency_short_pay';

export interface Discrepancy {
  kind: DiscrepancyKind;
  agency_id: string;
  agency_name: string;
  student_id: string;
  student_name: string;
  authorization_number: string;
  date: string | null;
  invoice_id: string | null;
  detail: string;
  amount_at_risk: number;
  fix: string;
}

const DAY = 86_400_000;
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** The Monday of a date's week. */
const weekOf = (d: string) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));
const money = (c: number) => `$${centsToInput(c)}`;
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

/**
 * What subsidy revenue is at risk between two dates, per authorisation: days attended beyond the
 * days per week, absences past the monthly allowance (full past weeks only), authorisations
 * expired or ending within 30 days, co-pays never invoiced or overdue, and agency invoices paid
 * short. Reads authorisations, invoices (ledger sums) and attendance days in a handful of statements.
 */
export async function getSubsidyReconciliation(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id, from: localDate, to: localDate, agency_id: id.nullish() }), raw);
  if (args.to < args.from) throw badInput('to', 'The end date is before the start date.');
  if (Date.parse(args.to) - Date.parse(args.from) > 366 * DAY) throw badInput('to', 'Choose at most one year.');
  await assertLocations(ctx, scope, [args.location_id]);
  if (args.agency_id) {
    const a = await agencyInScope(ctx, scope, args.agency_id);
    if (String(a.location_id) !== String(args.location_id)) throw badInput('agency_id', 'The agency belongs to another location.');
  }
  const loc = await ctx.db('locations').where({ id: args.location_id }).first('timezone');
  const today = todayIn(String(loc?.timezone ?? 'UTC'));
  const agencies = await repo.agencies(ctx.db, [args.location_id]);
  const names = new Map(agencies.map((a) => [String(a.id), a.name]));
  const auths = (
    await repo.agencyStudents(ctx.db, { locations: [args.location_id], agencies: args.agency_id ? [args.agency_id] : undefined }, today)
  ).filter((x) => x.start_date <= args.to && (x.end_date >= args.from || x.status === 'ending'));
  const students = [...new Set(auths.map((x) => String(x.student_id)))];
  const days = await attendedDays(ctx.db, args.location_id, students, args.from, args.to);
  const invoices = await repo.invoicesOfStudents(ctx.db, students, args.from, args.to);
  const rows: Discrepancy[] = [];

  for (const x of auths) {
    const rate = Number(x.rate);
    const copay = Number(x.copay);
    const daily = Math.round(rate / x.days_per_week);
    const base = {
      agency_id: String(x.agency_id),
      agency_name: names.get(String(x.agency_id)) ?? '',
      student_id: String(x.student_id),
      student_name: x.student_name,
      authorization_number: x.authorization_number,
    };
    const add = (kind: DiscrepancyKind, r: Omit<Discrepancy, keyof typeof base | 'kind'>) => rows.push({ kind, ...base, ...r });
    const winFrom = x.start_date > args.from ? x.start_date : args.from;
    const winTo = x.end_date < args.to ? x.end_date : args.to;
    const attended = days.get(String(x.student_id)) ?? [];
    const inWindow = attended.filter((d) => d >= winFrom && d <= winTo);

    // Days attended beyond the authorised days per week.
    const perWeek = new Map<string, number>();
    for (const d of inWindow) perWeek.set(weekOf(d), (perWeek.get(weekOf(d)) ?? 0) + 1);
    const overWeeks = [...perWeek].filter(([, n]) => n > x.days_per_week);
    const extra = overWeeks.reduce((s, [, n]) => s + n - x.days_per_week, 0);
    if (extra > 0)
      add('over_authorized', {
        date: overWeeks[0]![0],
        invoice_id: null,
        detail: `${plural(extra, 'day')} attended beyond ${x.days_per_week} a week (${plural(overWeeks.length, 'week')}).`,
        amount_at_risk: extra * daily,
        fix: `Bill the family for ${plural(extra, 'extra day')} or ask the agency to authorise more days a week.`,
      });

    // Absences past the monthly allowance, over the full weeks of the window already past.
    const absentByMonth = new Map<string, number>();
    for (
      let w = weekOf(winFrom) < winFrom ? addDays(weekOf(winFrom), 7) : winFrom;
      addDays(w, 6) <= winTo && addDays(w, 6) < today;
      w = addDays(w, 7)
    ) {
      const missed = Math.max(0, x.days_per_week - (perWeek.get(w) ?? 0));
      absentByMonth.set(w.slice(0, 7), (absentByMonth.get(w.slice(0, 7)) ?? 0) + missed);
    }
    const overAbsent = [...absentByMonth].filter(([, n]) => n > x.absence_allowance);
    const absentExtra = overAbsent.reduce((s, [, n]) => s + n - x.absence_allowance, 0);
    if (absentExtra > 0)
      add('absences_over_allowance', {
        date: `${overAbsent[0]![0]}-01`,
        invoice_id: null,
        detail: `${plural(absentExtra, 'absence')} past the allowance of ${x.absence_allowance} a month.`,
        amount_at_risk: absentExtra * daily,
        fix: 'File an absence exception with the agency or bill the family for the days it will not pay.',
      });

    // Authorisations expired (still attending after) or ending within 30 days.
    if (x.status === 'expired' && x.end_date >= args.from) {
      const after = attended.filter((d) => d > x.end_date).length;
      add('authorization_expired', {
        date: x.end_date,
        invoice_id: null,
        detail: `Expired on ${x.end_date}${after ? `; ${plural(after, 'day')} attended since` : ''}.`,
        amount_at_risk: after * daily,
        fix: 'Request a renewal from the agency; bill the family for the days not covered meanwhile.',
      });
    } else if (x.status === 'ending') {
      add('authorization_ending', {
        date: x.end_date,
        invoice_id: null,
        detail: `Ends on ${x.end_date}.`,
        amount_at_risk: Math.max(0, rate - copay),
        fix: `Request a renewal from the agency before ${x.end_date}.`,
      });
    }

    // Co-pays never invoiced or overdue.
    const own = invoices.filter(
      (i) => String(i.student_id) === String(x.student_id) && (i.period_end ?? '') >= winFrom && (i.period_start ?? '') <= winTo,
    );
    const family = own.filter((i) => !i.agency_id);
    const pastTo = winTo < today ? winTo : addDays(today, -1);
    if (copay > 0 && winFrom <= pastTo && !family.length) {
      const weeks = Math.ceil((Date.parse(pastTo) - Date.parse(winFrom) + DAY) / (7 * DAY));
      add('copay_not_invoiced', {
        date: winFrom,
        invoice_id: null,
        detail: `No family invoice from ${winFrom} to ${pastTo} for the ${money(copay)} weekly co-pay.`,
        amount_at_risk: weeks * copay,
        fix: 'Invoice the family’s co-pay (add a plan or an item).',
      });
    }
    for (const i of family.filter((f) => copay > 0 && f.due_date < today && Number(f.balance) > 0)) {
      add('copay_unpaid', {
        date: i.due_date,
        invoice_id: String(i.id),
        detail: `${money(Number(i.balance))} of the family invoice of ${i.date} is overdue.`,
        amount_at_risk: Number(i.balance),
        fix: 'Send the family an unpaid reminder or record their payment.',
      });
    }

    // Agency invoices paid short.
    for (const i of own.filter(
      (f) => String(f.agency_id) === String(x.agency_id) && Number(f.paid) > 0 && Number(f.balance) > 0 && f.due_date < today,
    )) {
      add('agency_short_pay', {
        date: i.date,
        invoice_id: String(i.id),
        detail: `The agency paid ${money(Number(i.paid))} of ${money(Number(i.total))}.`,
        amount_at_risk: Number(i.balance),
        fix: `Ask the agency for the missing ${money(Number(i.balance))} (authorisation ${x.authorization_number}) or bill the family.`,
      });
    }
  }
  rows.sort((a, b) => b.amount_at_risk - a.amount_at_risk || a.student_name.localeCompare(b.student_name) || a.kind.localeCompare(b.kind));
  return { rows, total_at_risk: rows.reduce((s, r) => s + r.amount_at_risk, 0) };
}
