import type { Stripe } from '@stripe/stripe-js';

const cache = new Map<string, Promise<Stripe | null>>();

/** Stripe.js, loaded with a dynamic import the first time a payment page needs it (one instance per key). */
export const getStripe = (publishableKey: string): Promise<Stripe | null> => {
  let pending = cache.get(publishableKey);
  if (!pending) {
    pending = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
    pending.catch(() => cache.delete(publishableKey));
    cache.set(publishableKey, pending);
  }
  return pending;
};
