import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { decryptSecret, encryptSecret } from '@kv/directory';
import { verifyStripeEvent, type VerifiedEvent } from '@kv/stripe-fake';
import type { ControlPlaneRuntime } from '../../deps.ts';
import * as repo from './repo.ts';
import { applyOutcome, type Outcome } from './settle.ts';
import { providerUnavailable } from './errors.ts';

/** The events the platform's endpoint listens for. */
export const PLATFORM_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_method.attached',
  'payment_method.detached',
  'customer.updated',
] as const;

/** The platform's own Stripe client; PAYMENT_PROVIDER_UNAVAILABLE when none is configured or reachable. */
export function platformStripe(rt: ControlPlaneRuntime): Stripe {
  const client = rt.stripe.client();
  if (!client) throw providerUnavailable();
  return client;
}

export const isCardError = (e: unknown): e is { type: string; code?: string; message: string; raw?: { payment_intent?: Stripe.PaymentIntent } } =>
  (e as { type?: string })?.type === 'StripeCardError';

/**
 * Makes sure the platform's account posts its events to `<platform origin>/webhooks/stripe` and
 * keeps the endpoint's signing secret (encrypted). Live mode may pass the secret instead
 * (`STRIPE_PLATFORM_WEBHOOK_SECRET`). Returns the secrets to verify with.
 */
export async function ensurePlatformWebhook(rt: ControlPlaneRuntime): Promise<void> {
  if (rt.stripe.webhookSecret) return;
  const url = rt.stripe.webhookUrl;
  if (await rt.controlDb('platform_stripe_endpoints').where({ url }).first('id')) return;
  const client = rt.stripe.client();
  if (!client) return;
  const endpoint = await client.webhookEndpoints.create({ url, enabled_events: [...PLATFORM_WEBHOOK_EVENTS], description: 'KidsVision platform billing' });
  await rt.controlDb('platform_stripe_endpoints')
    .insert({ id: endpoint.id, url, secret_enc: encryptSecret(endpoint.secret!, rt.secret) })
    .onConflict('url')
    .ignore();
}

async function signingSecrets(rt: ControlPlaneRuntime): Promise<string[]> {
  if (rt.stripe.webhookSecret) return [rt.stripe.webhookSecret];
  const rows = await rt.controlDb('platform_stripe_endpoints').where({ url: rt.stripe.webhookUrl }).select('secret_enc');
  return rows.map((r: { secret_enc: string }) => decryptSecret(r.secret_enc, rt.secret));
}

/** The centre's customer at the platform's account, created once (`centre:<id>:customer:v1`). */
export async function ensureCustomer(rt: ControlPlaneRuntime, centreId: string): Promise<string> {
  const centre = await repo.findCentre(rt.controlDb, centreId);
  if (!centre) throw new Error(`centre ${centreId} not found`);
  if (centre.customer_id) return centre.customer_id;
  const stripe = platformStripe(rt);
  let customer: Stripe.Customer;
  try {
    customer = await stripe.customers.create(
      { name: centre.name, email: centre.contact_email ?? undefined, metadata: { kv_center_id: centre.id } },
      { idempotencyKey: `centre:${centre.id}:customer:v1` },
    );
  } catch {
    throw providerUnavailable();
  }
  await rt.controlDb('centers').where({ id: centre.id }).whereNull('customer_id').update({ customer_id: customer.id });
  return (await repo.findCentre(rt.controlDb, centreId))!.customer_id!;
}

type Effect = 'applied' | 'stale' | 'ignored';

const intentOutcome = (type: string): Outcome['status'] | null =>
  type === 'payment_intent.succeeded' ? 'succeeded' : type === 'payment_intent.payment_failed' ? 'failed' : null;

/**
 * One event's effect, in the transaction that records it. The customer names the centre through
 * our own `centers.customer_id` (never metadata alone); an unknown customer is ignored; an event
 * older than what its object already saw is stale.
 */
async function effectOf(trx: Parameters<typeof applyOutcome>[0], event: VerifiedEvent): Promise<{ effect: Effect; reactivated: string | null }> {
  const obj = event.data.object;
  const ignored = { effect: 'ignored' as const, reactivated: null };
  if (event.type.startsWith('payment_intent.')) {
    const status = intentOutcome(event.type);
    const centre = typeof obj.customer === 'string' ? await repo.centreByCustomer(trx, obj.customer) : undefined;
    if (!status || !centre) return ignored;
    const byIntent = await repo.paymentByIntent(trx, obj.id);
    const paymentId = byIntent?.id ?? (typeof obj.metadata?.kv_payment_id === 'string' ? obj.metadata.kv_payment_id : null);
    if (!paymentId || !/^\d{1,18}$/.test(paymentId)) return ignored;
    const payment = await repo.findPayment(trx, paymentId);
    if (!payment || payment.center_id !== centre.id || payment.method !== 'card') return ignored;
    if (payment.payment_intent_id && payment.payment_intent_id !== obj.id) return ignored;
    return applyOutcome(trx, paymentId, {
      status,
      paymentIntentId: obj.id,
      code: obj.last_payment_error?.code ?? null,
      message: obj.last_payment_error?.message ?? null,
      eventCreated: event.created,
    });
  }
  if (event.type.startsWith('payment_method.')) {
    const customerId = (typeof obj.customer === 'string' ? obj.customer : null) ?? event.data.previous_attributes?.customer ?? null;
    const centre = customerId ? await repo.centreByCustomer(trx, customerId) : undefined;
    if (!centre || !obj.card) return ignored;
    const known = await repo.cardById(trx, obj.id);
    if (known && known.center_id !== centre.id) return ignored;
    if (known && event.created < Number(known.last_event_created)) return { effect: 'stale', reactivated: null };
    if (event.type === 'payment_method.detached') {
      if (!known) return ignored;
      await trx('center_cards').where({ id: obj.id }).update({ detached: true, is_default: false, last_event_created: event.created, updated_at: trx.fn.now() });
      return { effect: 'applied', reactivated: null };
    }
    const hasDefault = Boolean(await repo.defaultCard(trx, centre.id));
    await repo.upsertCard(
      trx,
      centre.id,
      { id: obj.id, brand: obj.card.brand, last4: obj.card.last4, exp_month: obj.card.exp_month, exp_year: obj.card.exp_year, last_event_created: event.created },
      !hasDefault,
    );
    return { effect: 'applied', reactivated: null };
  }
  if (event.type === 'customer.updated') {
    const centre = await repo.centreByCustomer(trx, obj.id);
    const def = obj.invoice_settings?.default_payment_method;
    if (!centre || typeof def !== 'string') return ignored;
    const card = await repo.cardById(trx, def);
    if (!card || card.center_id !== centre.id || card.detached) return ignored;
    if (event.created < Number(card.last_event_created)) return { effect: 'stale', reactivated: null };
    await trx('center_cards').where({ center_id: centre.id }).update({ is_default: trx.raw('id = ?', [def]) });
    return { effect: 'applied', reactivated: null };
  }
  return ignored;
}

/**
 * One delivery: verified against the raw bytes (300 s tolerance), recorded once by `event.id`
 * and applied in that same transaction (five deliveries of one event at once: one effect).
 */
export async function handlePlatformWebhook(
  rt: ControlPlaneRuntime,
  raw: string,
  header: string | undefined,
): Promise<{ status: number; effect?: Effect | 'duplicate' }> {
  if (!header) return { status: 400 };
  const event = verifyStripeEvent(raw, header, await signingSecrets(rt));
  if (!event || typeof event.id !== 'string' || typeof event.type !== 'string') return { status: 400 };
  const eventId = event.id.slice(0, 100);
  const r = await rt.controlDb.transaction(async (trx) => {
    const fresh = await repo.recordEvent(trx, {
      id: eventId,
      type: event.type.slice(0, 80),
      object_id: typeof event.data?.object?.id === 'string' ? event.data.object.id.slice(0, 100) : null,
      created: Number(event.created) || 0,
    });
    if (!fresh) return { effect: 'duplicate' as const, reactivated: null };
    const e = await effectOf(trx, event);
    if (e.effect !== 'ignored') await repo.setEventEffect(trx, eventId, e.effect);
    return e;
  });
  if (r.reactivated) await rt.directory.invalidate(r.reactivated);
  return { status: 200, effect: r.effect };
}

/** `POST /webhooks/stripe` on the platform host: the raw body, as the signature covers its bytes. */
export const platformWebhookRoutes: FastifyPluginAsync<{ rt: ControlPlaneRuntime }> = async (app: FastifyInstance, opts) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
  app.post('/webhooks/stripe', async (request, reply) => {
    const r = await handlePlatformWebhook(opts.rt, String(request.body ?? ''), request.headers['stripe-signature'] as string | undefined);
    reply.code(r.status).header('cache-control', 'no-store');
    return r.status === 200 ? { received: true } : { error: 'Invalid signature.' };
  });
};
