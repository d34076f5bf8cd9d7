import { z } from 'zod';
import { badInput, forbidden, parseArgs } from '@kv/server';
import { roleAtLeast } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { requireViewer } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction, lockFor } from '../../../core/tx.ts';
import { accountRow, saveAccount, type StripeAccountRow } from '../repo/stripe.ts';
import { decrypt, encrypt, isConnectionError, mask, stripeClient, unavailable } from '../stripe/client.ts';

/** The webhook events the centre's endpoint listens for. */
export const WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_method.attached',
  'payment_method.updated',
  'payment_method.detached',
  'customer.updated',
  'charge.refunded',
] as const;

/** Keys are the owner's alone (the matrix says `center`; checked here too). */
function requireOwner(ctx: RequestContext) {
  const v = requireViewer(ctx);
  if (!roleAtLeast(v.role, 'center')) throw forbidden();
  return v;
}

const shown = (a: StripeAccountRow | undefined) =>
  a
    ? {
        configured: true,
        publishable_key: mask(a.publishable_key),
        secret_key: `sk_${a.livemode ? 'live' : 'test'}_••••${a.secret_key_last4}`,
        livemode: a.livemode,
        webhook_url: a.webhook_url,
        webhook_secrets: a.webhook_secrets_enc.length,
        updated_at: a.updated_at instanceof Date ? a.updated_at.toISOString() : String(a.updated_at),
      }
    : { configured: false, publishable_key: null, secret_key: null, livemode: false, webhook_url: null, webhook_secrets: 0, updated_at: null };

export async function getPaymentProviderKeys(ctx: RequestContext) {
  requireOwner(ctx);
  return shown(await accountRow(ctx.db));
}

const KEY = /^(pk|sk|rk)_(test|live)_[A-Za-z0-9]{8,200}$/;

/**
 * Saves the centre's Stripe keys: checks the secret key against Stripe, encrypts it, creates the
 * webhook endpoint `<centre host>/webhooks/stripe` and keeps its signing secret. Saving again
 * (a rotation) keeps the previous endpoint's secret beside the new one, so events already
 * signed with it still verify; a third save retires the oldest endpoint.
 */
export async function savePaymentProviderKeys(ctx: RequestContext, raw: unknown) {
  const v = requireOwner(ctx);
  const args = parseArgs(
    z.object({
      publishable_key: z.string().trim().max(255, 'A key has at most 255 characters.'),
      secret_key: z.string().trim().max(255, 'A key has at most 255 characters.'),
    }),
    raw,
  );
  const pk = KEY.exec(args.publishable_key);
  if (!pk || pk[1] !== 'pk') throw badInput('publishable_key', 'A publishable key starts with pk_test_ or pk_live_.');
  const sk = KEY.exec(args.secret_key);
  if (!sk || sk[1] === 'pk') throw badInput('secret_key', 'A secret key starts with sk_test_, sk_live_ or rk_ (restricted).');
  if (pk[2] !== sk[2]) throw badInput('publishable_key', 'The two keys are of different modes (one test, one live).');
  const stripe = stripeClient(ctx.deps.config, args.secret_key);
  let accountId: string;
  try {
    accountId = (await stripe.accounts.retrieve()).id;
  } catch (e) {
    if (isConnectionError(e)) throw unavailable();
    throw badInput('secret_key', 'Stripe refused this secret key.');
  }
  const before = await accountRow(ctx.db);
  const sameAccount = before?.account_id === accountId;
  const url = `${ctx.deps.config.centreOrigin(ctx.tenant.slug)}/webhooks/stripe`;
  let endpoint;
  try {
    endpoint = await stripe.webhookEndpoints.create({ url, enabled_events: [...WEBHOOK_EVENTS], description: `KidsVision ${ctx.tenant.slug}` });
  } catch (e) {
    if (isConnectionError(e)) throw unavailable();
    throw badInput('secret_key', 'This key may not create webhook endpoints (a restricted key needs Webhook Endpoints: write).');
  }
  const kept = sameAccount ? before!.webhook_secrets_enc.slice(0, 1) : [];
  const retired = sameAccount ? before!.webhook_secrets_enc.slice(1) : [];
  await inTransaction(ctx, async (trx) => {
    await lockFor(trx, 'billing:stripe:keys');
    await saveAccount(trx, {
      publishable_key: args.publishable_key,
      secret_key_enc: encrypt(ctx.deps.config, args.secret_key),
      secret_key_last4: args.secret_key.slice(-4),
      livemode: pk[2] === 'live',
      account_id: accountId,
      webhook_endpoint_id: endpoint.id,
      webhook_url: url,
      webhook_secrets_enc: [{ endpoint_id: endpoint.id, secret_enc: encrypt(ctx.deps.config, endpoint.secret!) }, ...kept],
      updated_by: v.id,
    });
    // A new Stripe account: the old account's customers and cards mean nothing there.
    if (before && !sameAccount) {
      await trx('stripe_payment_methods').update({ detached: true });
      await trx('stripe_customers').del();
    }
    await audit(ctx, trx, {
      action: 'billing.payment_provider_keys',
      entity: 'stripe_account',
      entity_id: '1',
      data: { publishable_key: mask(args.publishable_key), secret_key: mask(args.secret_key), rotated: sameAccount },
    });
  });
  // Retire the endpoint older than the rotation window (best effort: it only stops deliveries).
  if (before) {
    const oldStripe = stripeClient(ctx.deps.config, sameAccount ? args.secret_key : decrypt(ctx.deps.config, before.secret_key_enc));
    for (const r of sameAccount ? retired : before.webhook_secrets_enc)
      await oldStripe.webhookEndpoints.del(r.endpoint_id).catch(() => undefined);
  }
  return { ...notice('Payment provider keys saved.'), keys: shown(await accountRow(ctx.db)) };
}
