import Stripe from 'stripe';

/**
 * What both apps share of talking to Stripe (the centres' own accounts in the tenant API, the
 * platform's account in the control plane): where the API is (the local fake unless live), a
 * client for a key, and the webhook signature check.
 */
export interface StripeConnection {
  mode: 'fake' | 'live';
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Key-encryption key (tenant API) or the platform account's secret key (control plane). */
  secretKey?: string;
}

/** Signatures older (or newer) than this are refused: stripe-node's default tolerance. */
export const STRIPE_TOLERANCE_S = 300;

/** A Stripe client for `secretKey`: the local fake (host, port, protocol) unless live; null when the fake is not running. */
export function stripeClientFor(c: StripeConnection, secretKey: string): Stripe | null {
  if (c.mode === 'fake' && !c.host) return null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(c.mode === 'fake' ? { host: c.host, port: c.port, protocol: c.protocol ?? 'http' } : {}),
  });
}

const verifier = new Stripe('sk_test_verifier');

/** The fields of a verified event both apps read. */
export interface VerifiedEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, any>; previous_attributes?: Record<string, any> };
}

/**
 * Verifies a webhook payload (the raw body, as received) against each signing secret kept (the
 * new one and, while a rotation completes, the previous): the SDK's HMAC-SHA256 of `t.payload`
 * with a constant-time compare, and the timestamp within the tolerance either way. Null when no
 * secret verifies it.
 */
export function verifyStripeEvent(raw: string, header: string, secrets: string[], now = Math.floor(Date.now() / 1000)): VerifiedEvent | null {
  for (const secret of secrets) {
    try {
      const event = verifier.webhooks.constructEvent(raw, header, secret, STRIPE_TOLERANCE_S) as unknown as VerifiedEvent;
      const t = Number(/t=(\d+)/.exec(header)?.[1]);
      if (Math.abs(now - t) > STRIPE_TOLERANCE_S) return null;
      return event;
    } catch {
      // try the next secret
    }
  }
  return null;
}
