import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { encryptSecret } from '@kv/directory';
import { addDays, localParts } from '@kv/shared';
import { platformSecret } from '../../services.ts';
import type { SeedStep } from '../context.ts';

/** The key the platform encrypts centres' Stripe secrets with (derived from the platform secret as platform.ts derives it). */
export const stripeSecretKey = (secret = platformSecret()) => createHmac('sha256', secret).update('stripe-secret-key').digest('base64url');

const EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_method.attached',
  'payment_method.updated',
  'payment_method.detached',
  'customer.updated',
  'charge.refunded',
];

type Card = { id: string; brand: string; last4: string; exp_month: number; exp_year: number };

/**
 * Card payments (issue 19): fake Stripe keys for the centre (the webhook endpoint registered with
 * the local Stripe fake when `npm start` runs it: STRIPE_FAKE_URL), the demo parent with a test
 * card and autopay on, one of the demo parent's children split 50/50 with its other contact (the
 * "pay half" journey), one family whose autopay failed today and is in retry (a declining test
 * card), and one payer whose card expires within 30 days. Without a running fake (a seed test),
 * the same rows are written with local ids.
 */
export const billingStripeStep: SeedStep = {
  name: 'billing-stripe',
  async run({ trx, def, faker, now, centre, locations }) {
    const locs = await locations();
    if (!locs.length) return 'no locations';
    const tag = def.slug.replace(/\W/g, '');
    const pk = `pk_test_${tag}demo0001`;
    const sk = `sk_test_${tag}demo0001`;
    const url = process.env.STRIPE_FAKE_URL ? new URL(process.env.STRIPE_FAKE_URL) : null;
    const stripe = url ? new Stripe(sk, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 1 }) : null;
    const key = process.env.STRIPE_SECRET_KEY ?? stripeSecretKey();
    let n = 0;
    const localId = (prefix: string) => `${prefix}_seed${tag}${String(++n).padStart(4, '0')}${faker.string.alphanumeric(6)}`;

    const webhookUrl = `${centre.origin}/webhooks/stripe`;
    const endpoint = stripe ? await stripe.webhookEndpoints.create({ url: webhookUrl, enabled_events: EVENTS as Stripe.WebhookEndpointCreateParams.EnabledEvent[] }) : null;
    const account = stripe ? await stripe.accounts.retrieve() : null;
    await trx('stripe_accounts').insert({
      id: 1,
      publishable_key: pk,
      secret_key_enc: encryptSecret(sk, key),
      secret_key_last4: sk.slice(-4),
      livemode: false,
      account_id: account?.id ?? null,
      webhook_endpoint_id: endpoint?.id ?? null,
      webhook_url: webhookUrl,
      webhook_secrets_enc: JSON.stringify(endpoint ? [{ endpoint_id: endpoint.id, secret_enc: encryptSecret(endpoint.secret!, key) }] : []),
    });

    /** A Stripe customer for a payer with one card (through the publishable key, as Stripe.js would), saved locally. */
    async function customerWithCard(userId: string, number: string, exp: { month: number; year: number }, autopay: boolean, autopaySince: string | null = null) {
      const user = await trx('users').where({ id: userId }).first('email', 'fname', 'lname');
      let customerId = localId('cus');
      let card: Card = { id: localId('pm'), brand: 'visa', last4: number.slice(-4), exp_month: exp.month, exp_year: exp.year };
      if (stripe && url) {
        const c = await stripe.customers.create({ email: user?.email ?? undefined, name: `${user?.fname ?? ''} ${user?.lname ?? ''}`.trim(), metadata: { kv_user_id: String(userId) } });
        customerId = c.id;
        const body = new URLSearchParams({ type: 'card', 'card[number]': number, 'card[exp_month]': String(exp.month), 'card[exp_year]': String(exp.year), 'card[cvc]': '123' });
        const r = await fetch(`http://${url.host}/v1/payment_methods`, { method: 'POST', headers: { authorization: `Bearer ${pk}`, 'content-type': 'application/x-www-form-urlencoded' }, body });
        const pm = (await r.json()) as { id: string; card: Omit<Card, 'id'> };
        await stripe.paymentMethods.attach(pm.id, { customer: c.id });
        await stripe.customers.update(c.id, { invoice_settings: { default_payment_method: pm.id } });
        card = { id: pm.id, brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year };
      }
      await trx('stripe_customers').insert({ user_id: userId, customer_id: customerId, default_payment_method: card.id, autopay, autopay_since: autopaySince });
      await trx('stripe_payment_methods').insert({ ...card, user_id: userId });
      return { customerId, card };
    }

    const year = now.getUTCFullYear();
    // The demo parent: a test card, autopay on; one child split 50/50 with its other contact.
    const demo = await trx('users').where({ username: def.families[0]?.contacts[0]?.username ?? 'parent' }).first('id');
    let split = 0;
    if (demo) {
      // Autopay from tomorrow: the two open invoices stay for the parent to pay (the journey pays half of one).
      const since = addDays(localParts(now, locs[0]!.timezone).date, 1);
      await customerWithCard(String(demo.id), '4242424242424242', { month: 12, year: year + 3 }, true, since);
      // The child with an open invoice first: the journey pays half of it.
      const { rows: kidRows } = await trx.raw(
        `select su.student_id from student_users su
          where su.user_id = ? and su.is_payer
          order by exists (select 1 from invoices i where i.student_id = su.student_id and i.status = 'open'
                             and (select coalesce(sum(g.amount), 0) from billing_ledger g where g.invoice_id = i.id) > 0) desc, su.student_id`,
        [demo.id],
      );
      const kids = (kidRows as { student_id: string }[]).map((r) => r.student_id);
      for (const kid of kids) {
        const other = await trx('student_users')
          .where({ student_id: kid, black_list: false })
          .whereNot({ user_id: demo.id })
          .orderBy('user_id')
          .first('user_id');
        if (!other) continue;
        await trx('student_users').where({ student_id: kid, user_id: other.user_id }).update({ is_payer: true });
        await trx('billing_payer_shares').where({ student_id: kid }).del();
        await trx('billing_payer_shares').insert([
          { student_id: kid, user_id: demo.id, share_type: 'percent', value: 50 },
          { student_id: kid, user_id: other.user_id, share_type: 'percent', value: 50 },
        ]);
        split++;
        break;
      }
    }

    // Payers with an open invoice due from today on, other than the demo parent's family.
    const demoKids = demo ? await trx('student_users').where({ user_id: demo.id }).pluck('student_id') : [];
    const { rows: open } = await trx.raw(
      `select i.id, i.student_id, i.location_id, l.timezone, su.user_id,
              (select coalesce(sum(g.amount), 0) from billing_ledger g where g.invoice_id = i.id)::bigint as balance
         from invoices i
         join locations l on l.id = i.location_id
         join student_users su on su.student_id = i.student_id and su.is_payer and not su.black_list
        where i.status = 'open' and coalesce(i.period_end, i.due_date) >= (?::timestamptz at time zone l.timezone)::date
          and not (i.student_id = any(?::bigint[]))
          and not exists (select 1 from stripe_customers c where c.user_id = su.user_id)
          and not exists (select 1 from student_users o where o.student_id = i.student_id and o.is_payer and o.user_id <> su.user_id)
        order by i.id limit 40`,
      [now, demoKids.map(String)],
    );
    const owing = (open as { id: string; student_id: string; location_id: string; timezone: string; user_id: string; balance: string }[]).filter(
      (r) => Number(r.balance) > 0,
    );

    // One autopay in retry: due today, declined this morning (attempt 1 of 4), the card still declines.
    let retry = 0;
    const r0 = owing[0];
    if (r0) {
      const today = localParts(now, r0.timezone).date;
      await trx('invoices').where({ id: r0.id }).update({ due_date: today });
      const { card } = await customerWithCard(String(r0.user_id), '4000000000000341', { month: 9, year: year + 2 }, true, today);
      const [charge] = await trx('stripe_charges')
        .insert({
          invoice_id: r0.id,
          student_id: r0.student_id,
          location_id: r0.location_id,
          user_id: r0.user_id,
          amount: Number(r0.balance),
          payment_method: card.id,
          kind: 'autopay',
          attempt: 0,
          idempotency_key: `kv-seed-${tag}-autopay-${r0.id}`,
          status: 'failed',
          error_code: 'card_declined',
          error_message: 'Your card was declined.',
        })
        .returning('id');
      await trx('payments').insert({
        student_id: r0.student_id,
        location_id: r0.location_id,
        user_id: r0.user_id,
        method: 'card',
        amount: Number(r0.balance),
        date: today,
        note: 'Autopay failed (attempt 1): Your card was declined.',
        status: 'failed',
        created_by: r0.user_id,
      });
      retry = charge ? 1 : 0;
    }

    // One card expiring within 30 days: it expires at the end of this month.
    let expiring = 0;
    const r1 = owing.find((r) => r.user_id !== r0?.user_id);
    if (r1) {
      await customerWithCard(String(r1.user_id), '4242424242424242', { month: now.getUTCMonth() + 1, year: now.getUTCFullYear() }, false);
      expiring = 1;
    }
    return `keys ${stripe ? 'registered with the Stripe fake' : 'saved (no Stripe fake running)'}, demo parent card + autopay, ${split} split 50/50, ${retry} autopay in retry, ${expiring} card expiring`;
  },
};
