import { z } from 'zod/mini';

/**
 * A visitor's local prices on the public `/pricing` (DECISIONS §8 "Currency rules", §9): the currency rule of the
 * visitor's country (from the trusted proxy's country header or the offline GeoIP database). Amounts are the plans'
 * EUR amounts converted through GBP with the rule's rate, for display only: checkout stays in EUR, and the coupon is
 * entered at checkout like any other.
 */
export const localPricingSchema = z.object({
  countryCode: z.string(),
  currencyCode: z.string(),
  /** Empty when the rule offers no coupon. */
  couponCode: z.string(),
  discountPercentage: z.number(),
  prices: z.array(z.object({ identifier: z.string(), amount: z.number(), discountedAmount: z.number() })),
});
export type LocalPricing = z.infer<typeof localPricingSchema>;
