/** The part of Stripe.js My Plan uses: a card element, and the card made into a payment method (pm_…) in the browser. */
export interface CardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
export interface CardStripe {
  elements(): { create(type: 'card'): CardElement };
  createPaymentMethod(data: { type: 'card'; card: CardElement }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
}

type StripeFactory = (publishableKey: string) => CardStripe;
const globalStripe = () => (window as unknown as { Stripe?: StripeFactory }).Stripe;

let loading: Promise<void> | null = null;

/** Loads Stripe.js once (app-config names it: the local stand-in, or js.stripe.com live) and makes a client for the platform's key. */
export async function loadCardStripe(src: string, publishableKey: string): Promise<CardStripe> {
  if (!globalStripe()) {
    loading ??= new Promise<void>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => {
        loading = null;
        reject(new Error('Stripe.js did not load'));
      };
      document.head.appendChild(s);
    });
    await loading;
  }
  const factory = globalStripe();
  if (!factory) throw new Error('Stripe.js did not load');
  return factory(publishableKey);
}
