import Stripe from 'stripe';
import { stripeClientFor } from '@kv/stripe-fake';
import type { Knex } from 'knex';
import { AppError } from '@kv/server';
import { decryptSecret, encryptSecret } from '@kv/directory';
import type { StripeConfig, TenantApiConfig } from '../../../types.ts';
import { accountRow, type StripeAccountRow } from '../repo/stripe.ts';

/** Development and tests only: production refuses to start card payments without its own key. */
/** What Stripe needs of the API's configuration (the worker passes the same). */
export type StripeSettings = Pick<TenantApiConfig, 'production' | 'stripe'>;

const DEV_SECRET_KEY = 'kv-dev-stripe-secret-key-0123456789abcdef';

export const StripeError = {
  NotConfigured: 'PAYMENTS_NOT_CONFIGURED',
  Unavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  CardDeclined: 'CARD_DECLINED',
  InProgress: 'PAYMENT_IN_PROGRESS',
} as const;

export const notConfigured = () =>
  new AppError(StripeError.NotConfigured, 'Card payments are not set up at this centre yet.', { field: 'location_id' });
export const unavailable = () => new AppError(StripeError.Unavailable, 'The card payment provider cannot be reached. Try again in a minute.');

/** The Stripe settings: the configured ones, else STRIPE_MODE (fake by default) from the environment. */
export function stripeConfig(config: StripeSettings): StripeConfig {
  if (config.stripe) return config.stripe;
  const mode = process.env.STRIPE_MODE === 'live' ? 'live' : 'fake';
  const url = process.env.STRIPE_FAKE_URL ? new URL(process.env.STRIPE_FAKE_URL) : null;
  return {
    mode,
    host: url?.hostname,
    port: url ? Number(url.port) : undefined,
    protocol: url?.protocol === 'https:' ? 'https' : 'http',
    secretKey: process.env.STRIPE_SECRET_KEY,
  };
}

/** Where the SPA loads Stripe.js from: the stand-in (fake mode) or js.stripe.com (app-config.json names it). */
export const stripeJsUrl = (config: StripeSettings) => (stripeConfig(config).mode === 'fake' ? '/dev/stripe/v3.js' : 'https://js.stripe.com/v3/');

export function secretKeyOf(config: StripeSettings): string {
  const k = stripeConfig(config).secretKey;
  if (k) return k;
  if (config.production) throw new Error('stripe.secretKey is required in production');
  return DEV_SECRET_KEY;
}

export const encrypt = (config: StripeSettings, plain: string) => encryptSecret(plain, secretKeyOf(config));
export const decrypt = (config: StripeSettings, blob: string) => decryptSecret(blob, secretKeyOf(config));

/** A stripe client for a secret key: the local fake (host, port, protocol) unless live. */
export function stripeClient(config: StripeSettings, secretKey: string): Stripe {
  const client = stripeClientFor(stripeConfig(config), secretKey);
  if (!client) throw unavailable();
  return client;
}

export interface CentreStripe {
  stripe: Stripe;
  account: StripeAccountRow;
}

/** The centre's account and a client with its secret key, or null when no keys are saved. */
export async function centreStripe(config: StripeSettings, db: Knex | Knex.Transaction): Promise<CentreStripe | null> {
  const account = await accountRow(db);
  if (!account) return null;
  return { account, stripe: stripeClient(config, decrypt(config, account.secret_key_enc)) };
}

/** Stripe's own errors to ours: a card problem names the card field, an outage is UNAVAILABLE. */
export function isCardError(e: unknown): e is Stripe.errors.StripeCardError {
  return e instanceof Stripe.errors.StripeCardError;
}
export function isConnectionError(e: unknown): boolean {
  return e instanceof Stripe.errors.StripeConnectionError || e instanceof Stripe.errors.StripeAPIError;
}

/** The masked form of a key: its prefix and last four. */
export function mask(key: string): string {
  const m = /^([a-z]{2}_(?:test|live)_)/.exec(key);
  return `${m?.[1] ?? ''}••••${key.slice(-4)}`;
}
