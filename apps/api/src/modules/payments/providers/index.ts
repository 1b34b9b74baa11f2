import type { AppContext } from '../../../context.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

const cache = new WeakMap<AppContext, PaymentProvider>();

/** The provider of this installation (`PAYMENT_PROVIDER`), built once per context. */
export function createPaymentProvider(ctx: AppContext): PaymentProvider {
  let provider = cache.get(ctx);
  if (!provider) {
    provider = ctx.config.paymentProvider === 'stripe' ? createStripeProvider(ctx) : createSandboxProvider(ctx);
    cache.set(ctx, provider);
  }
  return provider;
}

export type { PaymentProvider } from './types.ts';
