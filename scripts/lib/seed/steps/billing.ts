import { addDays, daysBetween, localParts } from '@kv/shared';
import { allocateIds, auditRow, insertMany, type SeedStep } from '../context.ts';

const PLANNED = 70;
const PAUSED = 6;
const ENDED = 3;
const OVERDUE_FAMILIES = 10;
const SPLITS = 6;
/** How old the oldest unpaid invoice of each overdue family is (days), across the ageing buckets. */
const OVERDUE_AGES = [12, 20, 27, 40, 52, 58, 75, 88, 100, 118];

/** A date plus `n` months (the day is at most 28, so no month end clamps it, as Postgres' would). */
function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1 + n, d));
  return `${t.getUTCFullYear()}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-${String(t.getUTCDate()).padStart(2, '0')}`;
}

/** The periods of a plan from its start to the one containing `today`, as the invoice run cuts them. */
function periodsOf(start: string, period: string, today: string): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  for (let k = 0; ; k++) {
    const s = period === 'monthly' ? addMonths(start, k) : addDays(start, (period === 'weekly' ? 7 : 14) * k);
    if (s > today) break;
    const e = period === 'monthly' ? addDays(addMonths(start, k + 1), -1) : addDays(s, period === 'weekly' ? 6 : 13);
    out.push({ start: s, end: e });
  }
  return out;
}

const dayOf = (date: string, hour = 9) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);

/**
 * Family billing (issue 19): billing on at every location; 4 billing programs with their rooms and
 * children; categories, presets and a late-pickup charge per location; 8 plan templates; plans for
 * ~70 children (6 paused, 3 ended) with 4 months of invoices cut exactly as the invoice run cuts
 * them (so the run adds nothing twice), paid a few days after they are due except: the current
 * period of some families, 10 families overdue across the ageing buckets, and the demo parent's
 * two open invoices. 6 children are split between two payers. Every amount is in the ledger.
 */
export const billingStep: SeedStep = {
  name: 'billing',
  async run({ trx, def, faker, now, vocabulary, locations, rooms, children, ownerId }) {
    const owner = await ownerId();
    const locs = await locations();
    if (!locs.length) return 'no locations';
    const words = vocabulary.billing;
    const byLoc = new Map(locs.map((l) => [l.id, l]));
    await trx('locations').update({ billing: true, updated_at: trx.fn.now() });
    const allRooms = await rooms();
    const kids = (await children()).filter((c) => !c.archived && c.status);

    // Set-up per location: categories, presets, late pickup; 4 billing programs, 8 templates round robin.
    const categories: Record<string, unknown>[] = [];
    const catIds = await allocateIds(trx, 'charge_categories', locs.length * words.categories.length);
    const catOf = new Map<string, string>();
    locs.forEach((l, li) =>
      words.categories.forEach((name, ci) => {
        const id = catIds[li * words.categories.length + ci]!;
        categories.push({ id, location_id: l.id, name, archived: false });
        catOf.set(`${l.id}/${name}`, id);
      }),
    );
    await insertMany(trx, 'charge_categories', categories);
    await insertMany(
      trx,
      'billing_presets',
      locs.flatMap((l) =>
        words.presets.map((p) => ({ location_id: l.id, name: p.name, amount: p.amount, category_id: catOf.get(`${l.id}/${p.category}`) })),
      ),
    );
    await insertMany(
      trx,
      'variable_charges',
      locs.map((l) => ({
        location_id: l.id,
        category_id: catOf.get(`${l.id}/${words.categories[1]}`),
        details: words.lateCharge,
        end_time: '18:00',
        amount: 500,
        max_amount: 3000,
        interval: 5,
        days: [],
      })),
    );
    const programIds = await allocateIds(trx, 'billing_programs', words.programs.length);
    const programs = words.programs.map((name, i) => ({ id: programIds[i]!, location_id: locs[i % locs.length]!.id, name }));
    await insertMany(
      trx,
      'billing_programs',
      programs.map((p, i) => ({ ...p, color: ['#4a0d66', '#28C76F', '#FF9F43', '#00CFE8'][i % 4] })),
    );
    const programRooms = programs.flatMap((p) =>
      allRooms
        .filter((r) => r.location_id === p.location_id)
        .slice(0, 2)
        .map((r) => ({ billing_program_id: p.id, program_id: r.id })),
    );
    await insertMany(trx, 'billing_program_rooms', programRooms);
    const programOfLoc = (locId: string) => programs.filter((p) => p.location_id === locId);
    await insertMany(
      trx,
      'student_billing_programs',
      kids.flatMap((k) => {
        const options = programOfLoc(k.location_id);
        return options.length ? [{ student_id: k.id, billing_program_id: faker.helpers.arrayElement(options).id }] : [];
      }),
    );
    const templateIds = await allocateIds(trx, 'plan_templates', words.templates.length);
    const templates = words.templates.map((t, i) => ({ id: templateIds[i]!, location_id: locs[i % locs.length]!.id, ...t }));
    await insertMany(
      trx,
      'plan_templates',
      templates.map((t) => ({ ...t, invoice_without_payer: true, invoice_with_payer: true })),
    );

    // Who gets a plan: the demo parent's children first, then a draw of the others.
    const demoParent = await trx('users')
      .where({ username: def.families[0]?.contacts[0]?.username ?? 'parent' })
      .first('id');
    const demoKids = demoParent
      ? new Set((await trx('student_users').where({ user_id: demoParent.id }).select('student_id')).map((r) => String(r.student_id)))
      : new Set<string>();
    const planned = [...kids.filter((k) => demoKids.has(k.id)), ...faker.helpers.shuffle(kids.filter((k) => !demoKids.has(k.id)))].slice(
      0,
      PLANNED,
    );

    const planIds = await allocateIds(trx, 'billing_plans', planned.length);
    const others = planned.filter((k) => !demoKids.has(k.id));
    const paused = new Set(others.slice(0, PAUSED).map((k) => k.id));
    const ended = new Set(others.slice(PAUSED, PAUSED + ENDED).map((k) => k.id));
    const overdue = others.slice(PAUSED + ENDED, PAUSED + ENDED + OVERDUE_FAMILIES).map((k) => k.id);
    const overdueAge = new Map(overdue.map((id, i) => [id, OVERDUE_AGES[i]!]));
    const plans: Record<string, unknown>[] = [];
    const invoices: Record<string, unknown>[] = [];
    const items: Record<string, unknown>[] = [];
    const payments: Record<string, unknown>[] = [];
    const ledger: Record<string, unknown>[] = [];
    const audits: Record<string, unknown>[] = [];
    const pending: {
      plan: Record<string, unknown>;
      kid: (typeof planned)[number];
      periods: { start: string; end: string }[];
      today: string;
    }[] = [];
    planned.forEach((kid, i) => {
      const loc = byLoc.get(kid.location_id)!;
      const today = localParts(now, loc.timezone).date;
      const choices = templates.filter((t) => t.location_id === kid.location_id);
      const t = choices.length ? faker.helpers.arrayElement(choices) : faker.helpers.arrayElement(templates);
      const start = addMonths(`${today.slice(0, 8)}01`, -4);
      const plan: Record<string, unknown> = {
        id: planIds[i]!,
        student_id: kid.id,
        location_id: kid.location_id,
        template_id: t.location_id === kid.location_id ? t.id : null,
        name: t.name,
        amount: t.amount,
        period: t.period,
        days: t.days,
        start_date: start,
        created_by: owner,
        created_at: dayOf(start),
      };
      if (paused.has(kid.id)) plan.paused_from = addDays(today, -faker.number.int({ min: 5, max: 25 }));
      if (ended.has(kid.id)) plan.end_date = addDays(today, -faker.number.int({ min: 20, max: 45 }));
      plans.push(plan);
      audits.push(
        auditRow({
          action: 'billing_plan.create',
          entity: 'billing_plan',
          entity_id: String(plan.id),
          location_id: kid.location_id,
          actor_user_id: owner,
          data: { student_id: kid.id, name: t.name, amount: t.amount, period: t.period, start_date: start },
          created_at: dayOf(start),
        }),
      );
      const periods = periodsOf(start, t.period, today).filter(
        (p) => (!plan.paused_from || p.start < String(plan.paused_from)) && (!plan.end_date || p.start <= String(plan.end_date)),
      );
      pending.push({ plan, kid, periods, today });
    });

    const invoiceIds = await allocateIds(
      trx,
      'invoices',
      pending.reduce((a, p) => a + p.periods.length, 0),
    );
    const itemIds = await allocateIds(trx, 'invoice_items', invoiceIds.length);
    let n = 0;
    const unpaid: { id: string; kid: string; amount: number; loc: string }[] = [];
    for (const { plan, kid, periods, today } of pending) {
      const demo = demoKids.has(kid.id);
      const age = overdueAge.get(kid.id);
      periods.forEach((p, pi) => {
        const id = invoiceIds[n]!;
        const itemId = itemIds[n]!;
        n++;
        const amount = Number(plan.amount);
        invoices.push({
          id,
          student_id: kid.id,
          location_id: kid.location_id,
          plan_id: plan.id,
          date: p.start,
          due_date: p.start,
          period_start: p.start,
          period_end: p.end,
          status: 'open',
          created_at: dayOf(p.start, 6),
          updated_at: dayOf(p.start, 6),
        });
        items.push({
          id: itemId,
          invoice_id: id,
          name: plan.name,
          detail: `${p.start} – ${p.end}`,
          original_amount: amount,
          amount,
          discount: 0,
          discounts: [],
          source: { kind: 'plan', plan_id: String(plan.id), period_start: p.start, period_end: p.end },
          created_at: dayOf(p.start, 6),
        });
        ledger.push({
          location_id: kid.location_id,
          student_id: kid.id,
          invoice_id: id,
          invoice_item_id: itemId,
          kind: 'charge',
          amount,
          created_at: dayOf(p.start, 6),
        });
        const last = pi === periods.length - 1;
        const stillOwed =
          (demo && last) ||
          (age !== undefined && p.end >= addDays(today, -age)) ||
          (last && daysBetween(p.start, today) < 10 && faker.datatype.boolean({ probability: 0.4 }));
        if (stillOwed) unpaid.push({ id, kid: kid.id, amount, loc: kid.location_id });
        else {
          const paidOn = addDays(p.start, faker.number.int({ min: 0, max: 6 }));
          payments.push({
            student_id: kid.id,
            location_id: kid.location_id,
            method: faker.helpers.weightedArrayElement([
              { value: 'ach', weight: 5 },
              { value: 'check', weight: 3 },
              { value: 'cash', weight: 2 },
            ]),
            amount,
            date: paidOn > today ? today : paidOn,
            status: 'active',
            created_by: owner,
            invoice: id,
            created_at: dayOf(paidOn > today ? today : paidOn, 15),
          });
        }
      });
    }
    const paymentIds = await allocateIds(trx, 'payments', payments.length);
    const paymentRows = payments.map(({ invoice, ...p }, i) => {
      const pid = paymentIds[i]!;
      ledger.push({
        location_id: p.location_id,
        student_id: p.student_id,
        invoice_id: invoice,
        payment_id: pid,
        kind: 'payment',
        amount: -Number(p.amount),
        created_by: owner,
        created_at: p.created_at,
      });
      audits.push(
        auditRow({
          action: 'payment.create',
          entity: 'payment',
          entity_id: pid,
          location_id: String(p.location_id),
          actor_user_id: owner,
          data: { student_id: p.student_id, amount: p.amount, method: p.method, credit: 0 },
          created_at: p.created_at as Date,
        }),
      );
      return { id: pid, ...p, updated_at: p.created_at };
    });
    await insertMany(trx, 'billing_plans', plans);
    await insertMany(trx, 'invoices', invoices);
    await insertMany(trx, 'invoice_items', items);
    await insertMany(trx, 'payments', paymentRows);
    await insertMany(trx, 'billing_ledger', ledger);
    await insertMany(trx, 'audit_log', audits);

    // Two payers of one child (one child per family), 50/50 to 70/30: the family's payer and a
    // contact who pays for no child yet.
    const contacts = await trx('student_users')
      .whereIn(
        'student_id',
        planned.filter((k) => !demoKids.has(k.id)).map((k) => k.id),
      )
      .where({ black_list: false })
      .orderBy(['student_id', 'user_id'])
      .select('student_id', 'user_id', 'is_payer');
    const payersNow = new Set((await trx('student_users').where({ is_payer: true }).distinct('user_id')).map((r) => String(r.user_id)));
    const byChild = new Map<string, { user_id: string; is_payer: boolean }[]>();
    for (const c of contacts)
      byChild.set(String(c.student_id), [
        ...(byChild.get(String(c.student_id)) ?? []),
        { user_id: String(c.user_id), is_payer: c.is_payer },
      ]);
    const split: [string, string, string][] = [];
    const used = new Set<string>();
    for (const [studentId, list] of byChild) {
      if (split.length >= SPLITS) break;
      const payer = list.find((c) => c.is_payer);
      const second = list.find((c) => !c.is_payer && !payersNow.has(c.user_id) && !used.has(c.user_id));
      if (!payer || !second || used.has(payer.user_id)) continue;
      used.add(payer.user_id);
      used.add(second.user_id);
      split.push([studentId, payer.user_id, second.user_id]);
    }
    const shares: Record<string, unknown>[] = [];
    for (const [studentId, payer, second] of split) {
      const first = faker.helpers.arrayElement([50, 60, 70]);
      await trx('student_users').where({ student_id: studentId, user_id: second }).update({ is_payer: true });
      shares.push({ student_id: studentId, user_id: payer, share_type: 'percent', value: first });
      shares.push({ student_id: studentId, user_id: second, share_type: 'percent', value: 100 - first });
    }
    await insertMany(trx, 'billing_payer_shares', shares);

    const owed = unpaid.reduce((a, u) => a + u.amount, 0);
    return (
      `${programs.length} billing programs, ${templates.length} templates, ${plans.length} plans (${paused.size} paused, ${ended.size} ended), ` +
      `${invoices.length} invoices, ${paymentRows.length} payments, ${unpaid.length} open ($${(owed / 100).toFixed(2)}), ` +
      `${overdue.length} families overdue, ${split.length} two-payer splits`
    );
  },
};
