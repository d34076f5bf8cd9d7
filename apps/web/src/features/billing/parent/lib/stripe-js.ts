/** The part of Stripe.js the parent pages use (the local stand-in serves the same calls). */
export interface StripeCardElement {
  mount(target: HTMLElement | string): void;
  on(event: 'change' | 'ready', handler: (e: { complete?: boolean }) => void): StripeCardElement;
  destroy(): void;
}
export interface StripeError {
  message?: string;
  code?: string;
}
export interface StripeLike {
  elements(): { create(type: 'card'): StripeCardElement };
  confirmCardSetup(secret: string, data: { payment_method: { card: StripeCardElement } }): Promise<{ setupIntent?: { id: string; status: string }; error?: StripeError }>;
  confirmCardPayment(secret: string, data?: { payment_method?: string }): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeError }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeLike;
  }
}

const loading = new Map<string, Promise<void>>();

/** Loads Stripe.js once (app-config.json names it: the stand-in locally, js.stripe.com live) and makes a client. */
export async function loadStripe(src: string, publishableKey: string): Promise<StripeLike> {
  if (!window.Stripe) {
    let p = loading.get(src);
    if (!p) {
      p = new Promise<void>((resolve, reject) => {
        const s = document.createElement('script');
        s.src = src;
        s.async = true;
        s.onload = () => resolve();
        s.onerror = () => {
          loading.delete(src);
          reject(new Error('Stripe.js did not load'));
        };
        document.head.appendChild(s);
      });
      loading.set(src, p);
    }
    await p;
  }
  if (!window.Stripe) throw new Error('Stripe.js did not load');
  return window.Stripe(publishableKey);
}
