import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { STRIPE_TOLERANCE_S, verifyStripeEvent } from '@kv/stripe-fake';
import type { TenantApiDeps } from '../../../types.ts';
import * as repo from '../repo/stripe.ts';
import { decrypt } from '../stripe/client.ts';
import { applyOutcome, type Outcome } from './stripe-charge.ts';
import { reconcileChargeRefunded } from './stripe-refund.ts';

/** Signatures older than this are refused (Stripe's default tolerance). */
export const TOLERANCE_S = STRIPE_TOLERANCE_S;

type Effect = 'applied' | 'stale' | 'ignored';

const intentStatus = (type: string, pi: Stripe.PaymentIntent): Outcome['status'] | null => {
  if (type === 'payment_intent.succeeded') return 'succeeded';
  if (type === 'payment_intent.requires_action') return 'requires_action';
  if (type === 'payment_intent.payment_failed')
    return pi.last_payment_error?.code === 'authentication_required' ? 'requires_action' : 'failed';
  return null;
};

/**
 * One event's effect, in the transaction that records the event: payment intents settle their
 * charge (a card payment on the ledger, or the failure), payment methods refresh or drop a saved
 * card, a customer's default card follows Stripe's, a refunded charge writes each refund of it
 * the ledger has not got yet (once). An event about a customer this centre does
 * not know is ignored; one older than what its object already saw is stale.
 */
async function effectOf(trx: Knex.Transaction, event: Stripe.Event): Promise<Effect> {
  const obj = event.data.object as unknown as Record<string, any>;
  if (event.type.startsWith('payment_intent.')) {
    const pi = obj as Stripe.PaymentIntent;
    const customer = typeof pi.customer === 'string' ? await repo.customerById(trx, pi.customer) : undefined;
    if (!customer) return 'ignored';
    const status = intentStatus(event.type, pi);
    if (!status) return 'ignored';
    const charge = (await repo.chargeByIntent(trx, pi.id)) ?? (pi.metadata?.kv_charge_id ? await repo.chargeById(trx, pi.metadata.kv_charge_id) : undefined);
    if (!charge || String(charge.user_id) !== String(customer.user_id)) return 'ignored';
    const r = await applyOutcome(trx, charge.id, {
      status,
      pi,
      code: pi.last_payment_error?.code ?? null,
      message: pi.last_payment_error?.message ?? null,
      eventCreated: event.created,
    });
    return r === 'applied' ? 'applied' : 'stale';
  }
  if (event.type.startsWith('payment_method.')) {
    const pm = obj as Stripe.PaymentMethod;
    const prev = (event.data.previous_attributes ?? {}) as { customer?: string };
    const customerId = (typeof pm.customer === 'string' ? pm.customer : null) ?? prev.customer ?? null;
    const customer = customerId ? await repo.customerById(trx, customerId) : undefined;
    if (!customer) return 'ignored';
    const known = await repo.cardById(trx, pm.id);
    if (known && event.created < Number(known.last_event_created)) return 'stale';
    if (event.type === 'payment_method.detached') {
      if (!known) return 'ignored';
      await trx('stripe_payment_methods').where({ id: pm.id }).update({ detached: true, last_event_created: event.created, updated_at: trx.fn.now() });
      if (customer.default_payment_method === pm.id) await repo.updateCustomer(trx, customer.user_id, { default_payment_method: null, autopay: false });
      return 'applied';
    }
    if (!pm.card) return 'ignored';
    await repo.upsertCard(trx, { id: pm.id, user_id: customer.user_id, brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year, last_event_created: event.created });
    if (!customer.default_payment_method) await repo.updateCustomer(trx, customer.user_id, { default_payment_method: pm.id });
    return 'applied';
  }
  if (event.type === 'charge.refunded') return reconcileChargeRefunded(trx, obj as Stripe.Charge);
  if (event.type === 'customer.updated') {
    const c = obj as Stripe.Customer;
    const customer = await repo.customerById(trx, c.id);
    if (!customer) return 'ignored';
    if (event.created < Number(customer.last_event_created)) return 'stale';
    const def = c.invoice_settings?.default_payment_method;
    await repo.updateCustomer(trx, customer.user_id, {
      last_event_created: String(event.created),
      ...(def !== undefined ? { default_payment_method: typeof def === 'string' ? def : (def?.id ?? null) } : {}),
    });
    return 'applied';
  }
  return 'ignored';
}

/** Verifies a payload against the centre's signing secrets (the shared check of @kv/stripe-fake). */
export function verifyEvent(raw: string, header: string, secrets: string[], now = Math.floor(Date.now() / 1000)): Stripe.Event | null {
  return verifyStripeEvent(raw, header, secrets, now) as unknown as Stripe.Event | null;
}

/**
 * Handles one delivery: verified, recorded once by `event.id` and applied in that same
 * transaction (five deliveries of one event at once: one effect). Answers the HTTP status.
 */
export async function handleStripeWebhook(db: Knex, deps: Pick<TenantApiDeps, 'config'>, raw: string, header: string | undefined): Promise<{ status: number; effect?: Effect | 'duplicate' }> {
  if (!header) return { status: 400 };
  const account = await repo.accountRow(db);
  if (!account) return { status: 400 };
  const secrets = account.webhook_secrets_enc.map((s) => decrypt(deps.config, s.secret_enc));
  const event = verifyEvent(raw, header, secrets);
  if (!event) return { status: 400 };
  const effect = await db.transaction(async (trx) => {
    const obj = event.data.object as { id?: string };
    const fresh = await repo.recordEvent(trx, { id: event.id, type: event.type, object_id: obj.id ?? null, created: event.created, effect: 'ignored' });
    if (!fresh) return 'duplicate' as const;
    const e = await effectOf(trx, event);
    if (e !== 'ignored') await repo.setEventEffect(trx, event.id, e);
    return e;
  });
  return { status: 200, effect };
}

/** `POST /webhooks/stripe` on every centre host: the raw body (the signature covers its bytes). */
export const stripeWebhookRoutes: FastifyPluginAsync<{ deps: TenantApiDeps }> = async (app: FastifyInstance, opts) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
  app.post('/webhooks/stripe', async (request, reply) => {
    const db = await request.tenantDb();
    const r = await handleStripeWebhook(db, opts.deps, String(request.body ?? ''), request.headers['stripe-signature'] as string | undefined);
    reply.code(r.status).header('cache-control', 'no-store');
    return r.status === 200 ? { received: true } : { error: 'Invalid signature.' };
  });
};
