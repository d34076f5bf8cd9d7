import type { Knex } from 'knex';

/** The demo plans: three public (on /packages), one private (a negotiated price). */
const PLANS = [
  { name: 'Starter', amount: '49.00', trial_days: 14, grace_days: 7, max_locations: 1, max_students: 60, max_cameras: 4, is_public: true, note: 'One location, up to 60 children.' },
  { name: 'Growth', amount: '129.00', trial_days: 14, grace_days: 10, max_locations: 3, max_students: 250, max_cameras: 20, is_public: true, note: 'Up to three locations.' },
  { name: 'Network', amount: '349.00', trial_days: 30, grace_days: 14, max_locations: null, max_students: null, max_cameras: null, is_public: true, note: 'Unlimited locations and cameras.' },
  { name: 'Founders (private)', amount: '89.00', trial_days: 0, grace_days: 14, max_locations: 3, max_students: 250, max_cameras: 20, is_public: false, note: 'Early customers, by invitation.' },
];

/**
 * Demo platform billing (idempotent): the four plans, and each demo centre on Growth with 14
 * months of paid invoices by card, one month's first charge failed and then paid.
 */
export async function seedPlatformBilling(db: Knex, centreSlugs: string[]): Promise<number> {
  let seeded = 0;
  await db.transaction(async (trx) => {
    const payments: (Record<string, unknown> & { created_at: Date })[] = [];
    for (const p of PLANS) {
      const exists = await trx('center_plans').whereRaw('lower(name) = lower(?)', [p.name]).first('id');
      if (!exists) await trx('center_plans').insert({ ...p, period: 'month', added_by: 'demo' });
    }
    const growth = await trx('center_plans').whereRaw('lower(name) = lower(?)', ['Growth']).first('id');
    for (const slug of centreSlugs) {
      const centre = await trx('centers').where({ slug }).first('id', 'center_billing_plan_id');
      if (!centre || centre.center_billing_plan_id) continue;
      const cardId = `pm_demo${String(centre.id).padStart(6, '0')}visa`;
      await trx('center_cards')
        .insert({ id: cardId, center_id: centre.id, brand: 'visa', last4: '4242', exp_month: 8, exp_year: new Date().getUTCFullYear() + 3, is_default: true })
        .onConflict('id')
        .ignore();
      // Billing began 13 months ago on the 1st: 14 monthly periods to the current one.
      await trx.raw(`update centers set center_billing_plan_id = ?, on_trial = false,
                       payment_start = (date_trunc('month', current_date) - interval '13 months')::date where id = ?`, [growth.id, centre.id]);
      const invoices = await trx.raw(
        `insert into center_invoices (center_id, plan_id, period_start, period_end, due_date, amount_cents, status, paid_at, created_at)
         select ?, ?, s::date, (s + interval '1 month')::date - 1, s::date, 12900, 'paid', s + interval '1 day', s
           from generate_series(date_trunc('month', current_date) - interval '13 months', date_trunc('month', current_date), interval '1 month') s
         on conflict (center_id, period_start) do nothing
         returning id, period_start, paid_at`,
        [centre.id, growth.id],
      );
      const rows = invoices.rows as { id: string; period_start: Date; paid_at: Date }[];
      rows.forEach((inv, i) => {
        const failed = i === rows.length - 6;
        const base = { center_id: centre.id, invoice_id: inv.id, amount_cents: 12900, method: 'card', payment_method_id: cardId, added_by: 'billing' };
        const list = failed
          ? [
              { ...base, status: 'failed', failure_code: 'card_declined', failure_message: 'Your card was declined.', created_at: inv.paid_at },
              { ...base, status: 'succeeded', created_at: new Date(new Date(inv.paid_at).getTime() + 3 * 86_400_000) },
            ]
          : [{ ...base, status: 'succeeded', created_at: inv.paid_at }];
        payments.push(...list);
      });
      seeded++;
    }
    if (payments.length) await trx('center_payments').insert(payments.map((p) => ({ ...p, updated_at: p.created_at })));
    // The month whose first charge failed was paid three days later.
    await trx.raw(`update center_invoices i set paid_at = x.created_at from center_payments x
                    where x.invoice_id = i.id and x.status = 'succeeded' and x.created_at > i.paid_at`);
  });
  return seeded;
}
