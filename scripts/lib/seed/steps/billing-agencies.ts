import { addDays, localParts } from '@kv/shared';
import { allocateIds, auditRow, insertMany, type SeedStep } from '../context.ts';

/** Childcare: two agencies (8 + 4 children); pet care: a rescue's 4 foster pets. */
const AGENCIES = {
  childcare: [
    { name: 'County Child Care Assistance', contact: 'Maria Lopez', prefix: 'CCA', children: 8 },
    { name: 'Early Learning Coalition', contact: 'James Carter', prefix: 'ELC', children: 4 },
  ],
  petcare: [{ name: 'Second Chance Rescue', contact: 'Dana Brooks', prefix: 'SCR', children: 4 }],
} as const;
/** What the agency leaves unpaid on one invoice of the planted child (cents). */
const SHORT = 3500;

const dayOf = (date: string, hour = 9) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
const mondayOf = (d: string) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));
/** A weekly amount over a plan period, as the billing module's `perPeriod` counts it. */
const perPeriod = (weekly: number, period: string) =>
  period === 'weekly' ? weekly : period === 'biweekly' ? weekly * 2 : Math.round((weekly * 52) / 12);

type Planted = 'over' | 'absent' | 'ending' | 'short';

/**
 * Subsidy agencies (issue 19, after billing): at the centre's first location (the demo manager's),
 * children whose active plan is fully paid get an authorisation starting with the attendance
 * history. Each plan invoice since then is split as `issueAgencyInvoices` splits it (an agency
 * invoice with a `subsidy` item, a reversing entry on the family's), and as the family had already
 * paid the whole, the agency's part of that payment goes back to the family as credit (`unapply`).
 * The agency pays its invoices 5 days after they are due. Four discrepancies are planted on the
 * first agency, one of each: days beyond the authorisation, absences over the allowance, an
 * authorisation ending within 30 days and an agency short-pay; every other authorisation is sized
 * to the child's attendance. The seed adds no plan and no attendance.
 */
export const billingAgenciesStep: SeedStep = {
  name: 'billing-agencies',
  async run({ trx, def, faker, now, locations, ownerId }) {
    const owner = await ownerId();
    const locs = await locations();
    const loc = locs.find((l) => l.name === def.locations[0]?.name) ?? locs[0];
    if (!loc) return 'no locations';
    const today = localParts(now, loc.timezone).date;
    const start = mondayOf(addDays(today, -28));
    const specs = AGENCIES[def.kind];
    const wanted = specs.reduce((s, a) => s + a.children, 0);
    const demoParent = def.families[0]?.contacts[0]?.username ?? 'parent';

    // Active plans, fully paid, of children at the location (not the demo parent's).
    const { rows: candidates } = await trx.raw<{
      rows: { student_id: string; plan_id: string; amount: string; period: string; name: string }[];
    }>(
      `select p.student_id::text, p.id::text as plan_id, p.amount, p.period, p.name from billing_plans p
       join students s on s.id = p.student_id and s.deleted_at is null and s.status
       where p.location_id = ? and p.paused_from is null and p.end_date is null
         and not exists (select 1 from student_users su join users u on u.id = su.user_id where su.student_id = p.student_id and u.username = ?)
         and not exists (select 1 from invoices i where i.student_id = p.student_id
                          and (select coalesce(sum(g.amount), 0) from billing_ledger g where g.invoice_id = i.id) > 0)
       order by p.id`,
      [loc.id, demoParent],
    );
    const chosen = faker.helpers.shuffle(candidates).slice(0, wanted);
    if (!chosen.length) return 'no paid-up plans to subsidise';

    const { rows: days } = await trx.raw<{ rows: { student_id: string; week: string; n: number }[] }>(
      `select student_id::text, to_char(date_trunc('week', date), 'YYYY-MM-DD') as week, count(distinct date)::int as n
       from attendances where student_id = any(?::bigint[]) and date >= ? and deleted_at is null group by 1, 2`,
      [chosen.map((c) => c.student_id), start],
    );
    const most = new Map<string, number>();
    for (const r of days) if (r.week < mondayOf(today)) most.set(r.student_id, Math.max(most.get(r.student_id) ?? 0, r.n));
    const busiest = (id: string) => most.get(id) ?? 0;

    // Money of each authorisation: a weekly rate near the plan's, a weekly co-pay.
    const money = new Map(
      chosen.map((c) => {
        const weekly = Math.round((Number(c.amount) * (c.period === 'weekly' ? 1 : c.period === 'biweekly' ? 0.5 : 12 / 52)) / 100) * 100;
        const rate = Math.max(1000, weekly - faker.helpers.arrayElement([0, 1000, 2500]));
        const copay = faker.helpers.arrayElement(def.kind === 'petcare' ? [1000, 1500] : [1500, 2500, 3500]);
        const part = Math.max(0, Math.min(Number(c.amount), perPeriod(rate, c.period)) - perPeriod(copay, c.period));
        return [c.student_id, { rate, copay, part }] as const;
      }),
    );
    // The planted four, each on a child it can be planted on, first in the first agency.
    const planted = new Map<string, Planted>();
    const pick = (kind: Planted, ok: (id: string) => boolean) => {
      const c = chosen.find((x) => !planted.has(x.student_id) && ok(x.student_id));
      if (c) planted.set(c.student_id, kind);
    };
    pick('over', (id) => busiest(id) >= 2);
    pick('absent', (id) => busiest(id) <= 6);
    pick('short', (id) => money.get(id)!.part > SHORT);
    pick('ending', () => true);
    const ordered = [...chosen.filter((c) => planted.has(c.student_id)), ...chosen.filter((c) => !planted.has(c.student_id))];

    const agencyIds = await allocateIds(trx, 'agencies', specs.length);
    const agencies = specs.map((s, i) => ({
      id: agencyIds[i]!,
      location_id: loc.id,
      name: s.name,
      contact_name: s.contact,
      email: `billing@${s.prefix.toLowerCase()}.example.org`,
      phone: `(555) 01${20 + i}-${faker.string.numeric(4)}`,
      created_by: owner,
      created_at: dayOf(start, 8),
      updated_at: dayOf(start, 8),
    }));
    const audits = agencies.map((a) =>
      auditRow({
        action: 'agency.create',
        entity: 'agency',
        entity_id: a.id,
        location_id: loc.id,
        actor_user_id: owner,
        data: { name: a.name },
        created_at: dayOf(start, 8),
      }),
    );
    const owners = ordered.map((_, i) => {
      let k = i;
      for (const [ai, s] of specs.entries()) {
        if (k < s.children) return ai;
        k -= s.children;
      }
      return specs.length - 1;
    });

    // The family plan invoices to split (since the authorisations start) with the payment on each.
    const { rows: family } = await trx.raw<{
      rows: {
        id: string;
        student_id: string;
        date: string;
        due_date: string;
        period_start: string;
        period_end: string;
        payment_id: string | null;
      }[];
    }>(
      `select i.id::text, i.student_id::text, to_char(i.date, 'YYYY-MM-DD') as date, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
              to_char(i.period_start, 'YYYY-MM-DD') as period_start, to_char(i.period_end, 'YYYY-MM-DD') as period_end,
              (select g.payment_id::text from billing_ledger g where g.invoice_id = i.id and g.kind = 'payment' order by g.id limit 1) as payment_id
       from invoices i where i.student_id = any(?::bigint[]) and i.plan_id is not null and i.period_start >= ? and i.agency_id is null
       order by i.student_id, i.period_start`,
      [ordered.map((c) => c.student_id), start],
    );
    const [invoiceIds, itemIds, paymentIds] = await Promise.all([
      allocateIds(trx, 'invoices', family.length),
      allocateIds(trx, 'invoice_items', family.length),
      allocateIds(trx, 'payments', family.length),
    ]);
    const auths: Record<string, unknown>[] = [];
    const invoices: Record<string, unknown>[] = [];
    const items: Record<string, unknown>[] = [];
    const payments: Record<string, unknown>[] = [];
    const ledger: Record<string, unknown>[] = [];
    let n = 0;
    let pays = 0;
    let shorted = false;
    for (const [i, c] of ordered.entries()) {
      const agency = agencies[owners[i]!]!;
      const spec = specs[owners[i]!]!;
      const kind = planted.get(c.student_id);
      const { rate, copay, part } = money.get(c.student_id)!;
      const seen = busiest(c.student_id);
      const number = `${spec.prefix}-${faker.string.numeric(6)}`;
      auths.push({
        agency_id: agency.id,
        student_id: c.student_id,
        authorization_number: number,
        start_date: start,
        end_date: kind === 'ending' ? addDays(today, 12) : addDays(today, faker.number.int({ min: 90, max: 200 })),
        // "over": one day a week fewer than the busiest week; "absent": one more than ever attended, no absence allowed
        days_per_week: kind === 'over' ? seen - 1 : kind === 'absent' ? seen + 1 : Math.min(7, Math.max(5, seen)),
        rate,
        copay,
        absence_allowance: kind === 'absent' ? 0 : 31,
        created_by: owner,
        created_at: dayOf(start, 8),
        updated_at: dayOf(start, 8),
      });
      if (part <= 0) continue;
      for (const f of family.filter((x) => x.student_id === c.student_id)) {
        const id = invoiceIds[n]!;
        const itemId = itemIds[n++]!;
        const at = dayOf(f.date, 6);
        invoices.push({
          id,
          student_id: c.student_id,
          location_id: loc.id,
          agency_id: agency.id,
          date: f.date,
          due_date: f.due_date,
          period_start: f.period_start,
          period_end: f.period_end,
          status: 'open',
          created_by: owner,
          created_at: at,
          updated_at: at,
        });
        items.push({
          id: itemId,
          invoice_id: id,
          name: `Subsidy — ${agency.name}`,
          detail: `Authorization ${number}`,
          original_amount: part,
          amount: part,
          discount: 0,
          discounts: [],
          source: {
            kind: 'subsidy',
            plan_id: c.plan_id,
            period_start: f.period_start,
            period_end: f.period_end,
            agency_id: String(agency.id),
            family_invoice_id: f.id,
          },
          created_by: owner,
          created_at: at,
        });
        ledger.push(
          {
            location_id: loc.id,
            student_id: c.student_id,
            invoice_id: id,
            invoice_item_id: itemId,
            kind: 'charge',
            amount: part,
            created_by: owner,
            created_at: at,
          },
          {
            location_id: loc.id,
            student_id: c.student_id,
            invoice_id: f.id,
            // The agency item the part moved to: how a family invoice's agency part is found.
            invoice_item_id: itemId,
            kind: 'transfer',
            amount: -part,
            reason: `Agency part: ${agency.name}`,
            created_by: owner,
            created_at: at,
          },
        );
        if (f.payment_id)
          ledger.push(
            {
              location_id: loc.id,
              student_id: c.student_id,
              invoice_id: f.id,
              payment_id: f.payment_id,
              kind: 'unapply',
              amount: part,
              reason: 'Agency part paid by the family: kept as credit',
              created_by: owner,
              created_at: at,
            },
            {
              location_id: loc.id,
              student_id: c.student_id,
              invoice_id: null,
              payment_id: f.payment_id,
              kind: 'unapply',
              amount: -part,
              reason: 'Agency part paid by the family: kept as credit',
              created_by: owner,
              created_at: at,
            },
          );
        const paidOn = addDays(f.due_date, 5);
        if (paidOn >= today) continue;
        const short = kind === 'short' && !shorted ? SHORT : 0;
        if (short) shorted = true;
        const pid = paymentIds[pays++]!;
        const when = dayOf(paidOn, 15);
        payments.push({
          id: pid,
          student_id: c.student_id,
          location_id: loc.id,
          agency_id: agency.id,
          method: 'ach',
          reference: number,
          amount: part - short,
          date: paidOn,
          status: 'active',
          created_by: owner,
          created_at: when,
          updated_at: when,
        });
        ledger.push({
          location_id: loc.id,
          student_id: c.student_id,
          invoice_id: id,
          payment_id: pid,
          kind: 'payment',
          amount: -(part - short),
          created_by: owner,
          created_at: when,
        });
      }
    }
    for (const a of agencies)
      audits.push(
        auditRow({
          action: 'agency.students',
          entity: 'agency',
          entity_id: a.id,
          location_id: loc.id,
          actor_user_id: owner,
          data: { students: auths.filter((x) => x.agency_id === a.id).length },
          created_at: dayOf(start, 8),
        }),
      );
    await insertMany(trx, 'agencies', agencies);
    await insertMany(trx, 'agency_students', auths);
    await insertMany(trx, 'invoices', invoices);
    await insertMany(trx, 'invoice_items', items);
    await insertMany(trx, 'payments', payments);
    await insertMany(trx, 'billing_ledger', ledger);
    await insertMany(trx, 'audit_log', audits);
    return `${agencies.length} agencies, ${auths.length} authorised children, ${invoices.length} agency invoices, ${payments.length} agency payments, ${planted.size} planted discrepancies`;
  },
};
