import type { Knex } from 'knex';
import type Stripe from 'stripe';

/** The demo plans: three public (on /packages), one private (a negotiated price). */
const PLANS = [
  { name: 'Starter', amount: '49.00', trial_days: 14, grace_days: 7, max_locations: 1, max_students: 60, max_cameras: 4, is_public: true, note: 'One location, up to 60 children.' },
  { name: 'Growth', amount: '129.00', trial_days: 14, grace_days: 10, max_locations: 3, max_students: 250, max_cameras: 20, is_public: true, note: 'Up to three locations.' },
  { name: 'Network', amount: '349.00', trial_days: 30, grace_days: 14, max_locations: null, max_students: null, max_cameras: null, is_public: true, note: 'Unlimited locations and cameras.' },
  { name: 'Founders (private)', amount: '89.00', trial_days: 0, grace_days: 14, max_locations: 3, max_students: 250, max_cameras: 20, is_public: false, note: 'Early customers, by invitation.' },
];

type DemoCard = { id: string; brand: string; last4: string; exp_month: number; exp_year: number };

/**
 * The centre's demo card made at the platform's account (the Stripe fake's test card 4242…),
 * attached to its customer as the default, so the hourly run and the owner's "pay with the saved
 * card" charge a card the provider knows. Null when the provider is not there (then the card is
 * a `pm_demo…` placeholder the owner replaces by paying with a new card).
 */
async function providerCard(db: Knex, stripe: Stripe, centre: { id: string; name: string; customer_id: string | null }): Promise<DemoCard | null> {
  try {
    let customer = centre.customer_id;
    if (!customer) {
      customer = (
        await stripe.customers.create({ name: centre.name, metadata: { kv_center_id: centre.id } }, { idempotencyKey: `centre:${centre.id}:customer:v1` })
      ).id;
      await db('centers').where({ id: centre.id }).whereNull('customer_id').update({ customer_id: customer });
    }
    const year = new Date().getUTCFullYear() + 3;
    const pm = await stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 8, exp_year: year, cvc: '123' } } as Stripe.PaymentMethodCreateParams);
    await stripe.paymentMethods.attach(pm.id, { customer });
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: pm.id } });
    return { id: pm.id, brand: pm.card?.brand ?? 'visa', last4: pm.card?.last4 ?? '4242', exp_month: 8, exp_year: year };
  } catch {
    return null;
  }
}

/**
 * Demo platform billing (idempotent): the four plans, and each demo centre on Growth with 13
 * months of paid invoices by card (one month's first charge failed and then paid) and the current
 * month's invoice open, due in a week: the first centre's waits for its owner to pay it on
 * /kidsvision-plan, the second's has a bank transfer pending the platform's approval (and one
 * earlier month was paid by cheque). With `stripe` (the platform's account) the demo cards are
 * real cards there.
 */
export async function seedPlatformBilling(db: Knex, centreSlugs: string[], opts: { stripe?: Stripe | null } = {}): Promise<number> {
  const cards = new Map<string, DemoCard>();
  if (opts.stripe) {
    for (const slug of centreSlugs) {
      const centre = await db('centers').where({ slug }).whereNull('center_billing_plan_id').first(db.raw('id::text as id'), 'name', 'customer_id');
      const card = centre ? await providerCard(db, opts.stripe, centre) : null;
      if (card) cards.set(slug, card);
    }
  }
  // The provider's webhooks for those cards (attached, default) write the same rows while this
  // runs; a deadlock between the two rolls one back, so this transaction is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await seedBilling(db, centreSlugs, cards);
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt === 3) throw err;
    }
  }
}

async function seedBilling(db: Knex, centreSlugs: string[], cards: Map<string, DemoCard>): Promise<number> {
  let seeded = 0;
  await db.transaction(async (trx) => {
    const payments: (Record<string, unknown> & { created_at: Date })[] = [];
    for (const p of PLANS) {
      const exists = await trx('center_plans').whereRaw('lower(name) = lower(?)', [p.name]).first('id');
      if (!exists) await trx('center_plans').insert({ ...p, period: 'month', added_by: 'demo' });
    }
    const growth = await trx('center_plans').whereRaw('lower(name) = lower(?)', ['Growth']).first('id');
    for (const [index, slug] of centreSlugs.entries()) {
      const centre = await trx('centers').where({ slug }).first('id', 'center_billing_plan_id');
      if (!centre || centre.center_billing_plan_id) continue;
      const card = cards.get(slug) ?? {
        id: `pm_demo${String(centre.id).padStart(6, '0')}visa`,
        brand: 'visa',
        last4: '4242',
        exp_month: 8,
        exp_year: new Date().getUTCFullYear() + 3,
      };
      const cardId = card.id;
      await trx('center_cards').insert({ ...card, center_id: centre.id, is_default: true }).onConflict('id').merge({ is_default: true, detached: false });
      await trx('center_cards').where({ center_id: centre.id }).whereNot({ id: cardId }).update({ is_default: false });
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
      const rows = (invoices.rows as { id: string; period_start: Date; paid_at: Date }[]).sort((a, b) => +new Date(a.period_start) - +new Date(b.period_start));
      // The current month: issued on the 1st, due in a week, not paid yet.
      const current = rows[rows.length - 1];
      if (current) {
        await trx('center_invoices')
          .where({ id: current.id })
          .update({ status: 'open', paid_at: null, due_date: trx.raw(`current_date + 7`) });
      }
      rows.forEach((inv, i) => {
        const failed = i === rows.length - 6;
        const base = { center_id: centre.id, invoice_id: inv.id, amount_cents: 12900, method: 'card', payment_method_id: cardId, added_by: 'billing' };
        if (inv === current) {
          // The second centre paid this month by bank transfer: pending until the platform sees the money.
          if (index === 1)
            payments.push({ ...base, method: 'transfer', payment_method_id: null, status: 'pending', reference: `TRF ${String(inv.id).padStart(6, '0')}`, added_by: 'Owner (centre owner)', created_at: new Date(Date.now() - 86_400_000) });
          return;
        }
        if (index === 1 && i === rows.length - 3) {
          payments.push({ ...base, method: 'cheque', payment_method_id: null, status: 'succeeded', reference: `Cheque ${1040 + i}`, approved_by: 'demo admin', approved_at: new Date(new Date(inv.paid_at).getTime() + 2 * 86_400_000), created_at: inv.paid_at });
          return;
        }
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
