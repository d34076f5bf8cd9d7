import type { Knex } from 'knex';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { SYSTEM_ACTOR } from '../../access.ts';
import { writeAudit } from '../audit/repo.ts';

/**
 * Issues the invoice of the plan period containing `today` for every billed centre (or one):
 * periods run from `payment_start` by the plan's month or year; a centre still on trial, a free
 * plan or a deleted centre gets none. One statement, `on conflict do nothing` on (centre, period
 * start): a re-run issues nothing twice. Answers the new invoices' ids.
 */
export async function issueDueInvoices(db: Knex | Knex.Transaction, opts: { today?: string; centreId?: string } = {}): Promise<string[]> {
  const today = opts.today ?? null;
  const r = await db.raw(
    `with d as (select coalesce(?::date, current_date) as today),
          cur as (
            select c.id as center_id, p.id as plan_id, p.period, round(p.amount * 100)::bigint as cents,
                   case when p.period = 'year'
                        then c.payment_start + make_interval(years => extract(year from age(d.today, c.payment_start))::int)
                        else c.payment_start + make_interval(months => (extract(year from age(d.today, c.payment_start)) * 12
                                                                       + extract(month from age(d.today, c.payment_start)))::int)
                   end::date as start
              from centers c
              join center_plans p on p.id = c.center_billing_plan_id
              cross join d
             where c.status in ('active', 'suspended')
               and c.payment_start is not null and c.payment_start <= d.today
               and not (c.on_trial and c.trial_start_date is not null and c.trial_days is not null
                        and c.trial_start_date + c.trial_days > d.today)
               and p.amount > 0
               and (?::bigint is null or c.id = ?::bigint))
     insert into center_invoices (center_id, plan_id, period_start, period_end, due_date, amount_cents)
     select center_id, plan_id, start,
            (start + case when period = 'year' then interval '1 year' else interval '1 month' end)::date - 1, start, cents
       from cur
     on conflict (center_id, period_start) do nothing
     returning id::text as id`,
    [today, opts.centreId ?? null, opts.centreId ?? null],
  );
  return (r.rows as { id: string }[]).map((x) => x.id);
}

/**
 * Suspends every active centre with an invoice still open past its due date plus the plan's
 * grace days (`billing_suspended_at` set, audited); paying it brings the centre back. Answers the
 * suspended centres' ids.
 */
export async function suspendOverdue(db: Knex, today?: string): Promise<string[]> {
  return db.transaction(async (trx) => {
    const r = await trx.raw(
      `update centers c set status = 'suspended', billing_suspended_at = now(), changed_by = 'billing', changed_at = now()
        where c.status = 'active'
          and exists (select 1 from center_invoices i join center_plans p on p.id = i.plan_id
                       where i.center_id = c.id and i.status = 'open'
                         and i.due_date + p.grace_days < coalesce(?::date, current_date))
        returning c.id::text as id`,
      [today ?? null],
    );
    const ids = (r.rows as { id: string }[]).map((x) => x.id);
    for (const id of ids) await writeAudit(trx, SYSTEM_ACTOR, 'center.billing_suspend', 'center', id, {});
    return ids;
  });
}

/**
 * Open invoices due by `today` of centres billed by card with a default card, not charged (nor
 * tried) today and none in flight. A transfer or cheque centre's invoices wait for its payment.
 */
export async function invoicesToAutoCharge(db: Knex, today?: string): Promise<{ center_id: string; invoice_id: string; card_id: string }[]> {
  const r = await db.raw(
    `select i.center_id::text as center_id, i.id::text as invoice_id, k.id as card_id
       from center_invoices i
       join centers c on c.id = i.center_id and c.status in ('active', 'suspended') and c.billing_method = 'card'
       join center_cards k on k.center_id = i.center_id and k.is_default and not k.detached
      where i.status = 'open' and i.due_date <= coalesce(?::date, current_date)
        and not exists (select 1 from center_payments x where x.invoice_id = i.id
                          and (x.status = 'pending' or (x.method = 'card' and x.created_at::date = coalesce(?::date, current_date))))
      order by i.due_date
      limit 500`,
    [today ?? null, today ?? null],
  );
  return r.rows;
}

/**
 * The hourly billing run: issue due invoices, charge them on the default card (a failure is a
 * `failed` payment; one try per invoice a day), then suspend what stayed unpaid past the grace days.
 */
export async function runBillingCycle(
  rt: ControlPlaneRuntime,
  charge: (centreId: string, invoiceId: string, cardId: string) => Promise<unknown>,
  today?: string,
): Promise<{ issued: number; charged: number; suspended: string[] }> {
  const issued = await issueDueInvoices(rt.controlDb, { today });
  let charged = 0;
  for (const x of await invoicesToAutoCharge(rt.controlDb, today)) {
    try {
      await charge(x.center_id, x.invoice_id, x.card_id);
      charged++;
    } catch (e) {
      rt.log.warn({ err: e, centre: x.center_id, invoice: x.invoice_id }, 'platform billing: charge failed');
    }
  }
  const suspended = await suspendOverdue(rt.controlDb, today);
  for (const id of suspended) await rt.directory.invalidate(id);
  return { issued: issued.length, charged, suspended };
}
