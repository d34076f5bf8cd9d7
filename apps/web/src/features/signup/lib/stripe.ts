/** The part of Stripe.js the funnel's card uses (the local stand-in serves the same calls). */
export interface FunnelCardElement {
  mount(target: HTMLElement): void;
  on(event: 'change' | 'ready', handler: (e: { complete?: boolean }) => void): FunnelCardElement;
  destroy(): void;
}
export interface FunnelStripe {
  elements(): { create(type: 'card'): FunnelCardElement };
  createPaymentMethod(data: { type: 'card'; card: FunnelCardElement }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
}

type StripeFactory = (publishableKey: string) => FunnelStripe;
let loading: Promise<StripeFactory> | null = null;

/** Loads Stripe.js once from where app-config.json says (the stand-in locally, js.stripe.com live). */
export function loadFunnelStripe(src: string, publishableKey: string): Promise<FunnelStripe> {
  const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing(publishableKey));
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load'));
    };
    s.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.appendChild(s);
  });
  return loading.then((factory) => factory(publishableKey));
}
