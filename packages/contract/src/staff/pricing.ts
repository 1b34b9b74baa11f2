import { z } from 'zod/mini';
import { numeric, text } from '../common.ts';
import { withData } from '../envelope.ts';
import { planTypeSchema } from '../payments.ts';
import { planCodeSchema } from '../plans.ts';

/**
 * Pricing (spec 3 "Pricing list", "Pricing edit", §3 Price and App version config, §7 `price/*`; DECISIONS §8).
 * A price is one plan of the catalogue; `identifier` is its plan code and cannot change (payments, seats and the
 * apps' families hang on it): `price/update` refuses another code with 400 E_VALIDATION.
 */

export const PRICE_STATUSES = ['Active', 'Inactive'] as const;
export const priceStatusSchema = z.enum(PRICE_STATUSES);

export const priceFeatureSchema = z.object({
  text: text().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(200)),
  checked: z.boolean({ error: 'must be true or false' }),
});

export const staffPriceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  identifier: z.string(),
  /** The provider's price id (Stripe `price_…`), or the plan code while the plan has none. */
  priceId: z.string(),
  description: z.string(),
  status: priceStatusSchema,
  apkLink: z.string(),
  features: z.array(z.object({ text: z.string(), checked: z.boolean() })),
  amount: z.number(),
  currency: z.string(),
  interval: z.nullable(z.string()),
  intervalCount: z.int(),
  type: planTypeSchema,
  created_at: z.string(),
});
export type StaffPrice = z.infer<typeof staffPriceSchema>;

export const priceListResponseSchema = withData(
  z.object({ recurringPriceList: z.array(staffPriceSchema), oneTimePriceList: z.array(staffPriceSchema) }),
);
export type PriceListResponse = z.infer<typeof priceListResponseSchema>;

export const priceIdQuerySchema = z.object({ id: z.uuid({ error: 'must be a price id' }) });
export const priceDetailResponseSchema = withData(staffPriceSchema);

/** http(s) only, or empty (the family's download then falls back to the Download APK page). */
export const apkLinkSchema = text().check(
  z.trim(),
  z.maxLength(2000),
  z.refine(
    (v) => {
      if (v === '') return true;
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'must be an http(s) link' },
  ),
);

export const PRICE_AMOUNT_MAX = 1_000_000;
const amountError = 'must be an amount in euro';

/**
 * A price in EUR (DECISIONS §14 "Price amounts"): above 0 (a free plan is a mistake here), at most two decimals, never
 * rounded or clamped. Sent as a number or its text.
 */
export const priceAmountSchema = numeric(
  z.coerce.number({ error: amountError }).check(
    z.refine((n) => Number.isFinite(n), { error: amountError, abort: true }),
    z.gt(0, { error: 'must be more than 0' }),
    z.lte(PRICE_AMOUNT_MAX, { error: `must be at most ${PRICE_AMOUNT_MAX.toLocaleString('en')}` }),
    z.refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), { error: 'may have at most 2 decimals' }),
  ),
  amountError,
);

export const priceUpdateRequestSchema = z.object({
  id: z.uuid({ error: 'must be a price id' }),
  name: text().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(200)),
  identifier: planCodeSchema,
  description: z._default(text().check(z.trim(), z.maxLength(2000)), ''),
  status: priceStatusSchema,
  apkLink: z._default(apkLinkSchema, ''),
  features: z.array(priceFeatureSchema).check(z.maxLength(50)),
  /** The new price in EUR; absent: unchanged. New purchases use it at once, subscriptions at their next renewal. */
  amount: z.optional(priceAmountSchema),
});
export type PriceUpdateRequest = z.input<typeof priceUpdateRequestSchema>;

/** `GET price/subscribers?id=`: how many live subscriptions a price has (emailed when its amount rises). */
export const priceSubscribersResponseSchema = withData(z.object({ subscribers: z.int() }));

/** `price/sync`: what the reload (sandbox) or the Stripe import did. */
export const priceSyncSummarySchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
});
export const priceSyncResponseSchema = withData(priceSyncSummarySchema);
export type PriceSyncSummary = z.infer<typeof priceSyncSummarySchema>;

// ------------------------------------------------------------------------------------------------ app version config

export const appVersionQuerySchema = z.object({ planIdentifier: planCodeSchema });

export const appVersionSchema = z.object({
  planIdentifier: planCodeSchema,
  minAppVersionCode: z.int(),
  message: z.string(),
  forceUpdate: z.boolean(),
});
export type AppVersionConfig = z.infer<typeof appVersionSchema>;

/** `data` is null until staff configure the plan. */
export const appVersionResponseSchema = withData(z.nullable(appVersionSchema));

/** Android's largest versionCode. */
export const MAX_VERSION_CODE = 2_100_000_000;

export const appVersionUpdateRequestSchema = z.object({
  planIdentifier: planCodeSchema,
  minAppVersionCode: numeric(
    z.coerce
      .number({ error: 'must be a whole number' })
      .check(
        z.int({ error: 'must be a whole number' }),
        z.gte(1, { error: 'must be at least 1' }),
        z.lte(MAX_VERSION_CODE, { error: `must be at most ${MAX_VERSION_CODE}` }),
      ),
    'must be a whole number',
  ),
  message: z._default(text().check(z.trim(), z.maxLength(500)), ''),
  forceUpdate: z.boolean({ error: 'must be true or false' }),
});
export type AppVersionUpdateRequest = z.input<typeof appVersionUpdateRequestSchema>;
export const appVersionUpdateResponseSchema = withData(appVersionSchema);
