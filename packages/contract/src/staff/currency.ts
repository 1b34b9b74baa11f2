import { z } from 'zod/mini';
import { numeric, text } from '../common.ts';
import { withData } from '../envelope.ts';
import { staffListResponse, staffPageQuery } from './lists.ts';

/**
 * Multi currency (spec 3 "Pricing list" Multi Currency tab, §3 Currency rule, §7 `price/*currency*`, `country/lookup`;
 * DECISIONS §8 "Currency rules"). One rule per country: the currency its visitors see on the public `/pricing`, the
 * rate as units of that currency per 1 GBP (`conversationRate`, the spec's spelling; label "1 GBP = 100 Rs"), and the
 * coupon they are offered with its percent off. Payments stay in EUR; the coupon is a real checkout coupon.
 */

/** The highest rate accepted (units per 1 GBP); the weakest currencies are in the hundreds of thousands. */
export const MAX_CONVERSATION_RATE = 10_000_000;

const upperCode = (letters: number, what: string) =>
  text().check(
    z.trim(),
    z.toUpperCase(),
    z.regex(new RegExp(`^[A-Z]{${letters}}$`), { error: `must be a ${letters}-letter ${what}` }),
  );

export const countryCodeSchema = upperCode(2, 'ISO country code');
export const currencyCodeSchema = upperCode(3, 'ISO currency code');

export const conversationRateSchema = numeric(
  z.coerce.number({ error: 'must be a number' }).check(
    z.refine((n) => Number.isFinite(n) && n > 0, { error: 'must be a number above 0', abort: true }),
    z.lte(MAX_CONVERSATION_RATE, { error: `must be at most ${MAX_CONVERSATION_RATE}` }),
  ),
);

export const discountPercentageSchema = numeric(
  z.coerce.number({ error: 'must be a number' }).check(
    z.refine((n) => Number.isFinite(n), { error: 'must be a number', abort: true }),
    z.gte(0, { error: 'must be between 0 and 99' }),
    z.lte(99, { error: 'must be between 0 and 99' }),
    z.refine((n) => Math.round(n * 100) === n * 100, { error: 'may have at most 2 decimals' }),
  ),
);

/** Letters, digits, `-` and `_` (stored upper-case, as checkout matches coupons); empty: no coupon. */
export const couponCodeSchema = text().check(
  z.trim(),
  z.toUpperCase(),
  z.maxLength(40, { error: 'must be at most 40 characters' }),
  z.regex(/^[A-Z0-9_-]*$/, { error: 'may hold only letters, digits, - and _' }),
);

export const currencyRuleSchema = z.object({
  _id: z.string(),
  countryCode: z.string(),
  conversationRate: z.number(),
  couponCode: z.string(),
  discountPercentage: z.number(),
  currencyCode: z.string(),
  created_at: z.string(),
});
export type CurrencyRule = z.infer<typeof currencyRuleSchema>;

const ruleFields = {
  countryCode: countryCodeSchema,
  conversationRate: conversationRateSchema,
  couponCode: z._default(couponCodeSchema, ''),
  discountPercentage: z._default(discountPercentageSchema, 0),
  currencyCode: currencyCodeSchema,
};

/** `price/add/currency`. A discount needs a coupon code and a coupon code a discount (checked by the server). */
export const currencyAddRequestSchema = z.object(ruleFields);
export type CurrencyAddRequest = z.input<typeof currencyAddRequestSchema>;

/** `price/update/currency`: the same fields plus the rule's `id`. */
export const currencyUpdateRequestSchema = z.object({ id: z.uuid({ error: 'must be a currency id' }), ...ruleFields });
export type CurrencyUpdateRequest = z.input<typeof currencyUpdateRequestSchema>;

export const currencyRuleResponseSchema = withData(currencyRuleSchema);

export const currencyListQuerySchema = z.object(staffPageQuery());
export type CurrencyListQuery = z.input<typeof currencyListQuerySchema>;
export const currencyListResponseSchema = staffListResponse(currencyRuleSchema);

export const currencyIdQuerySchema = z.object({ id: z.uuid({ error: 'must be a currency id' }) });

/** `price/country/lookup?countryCode`: the country's currency and its rate from the current table. */
export const countryLookupQuerySchema = z.object({ countryCode: countryCodeSchema });
export const countryLookupSchema = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  currencyCode: z.string(),
  /** Units per 1 GBP; null when the rates table has no rate for that currency. */
  conversationRate: z.nullable(z.number()),
});
export type CountryLookup = z.infer<typeof countryLookupSchema>;
/** Spec 3 §7 names `currencyCode` and `conversationRate` as the response: at the top and in `data`. */
export const countryLookupResponseSchema = z.object({
  respones_msg: z.string(),
  currencyCode: z.string(),
  conversationRate: z.nullable(z.number()),
  data: countryLookupSchema,
});

export const CURRENCY_RATE_SOURCES = ['bundled', 'FX_RATES_URL'] as const;

/** `price/currency/sync`: where the rates came from and what changed. */
export const currencySyncSummarySchema = z.object({
  source: z.enum(CURRENCY_RATE_SOURCES),
  /** The table's date (YYYY-MM-DD). */
  asOf: z.string(),
  /** Currencies in the table. */
  currencies: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  /** Currencies of rules that the table has no rate for (their rate is kept). */
  missing: z.array(z.string()),
});
export type CurrencySyncSummary = z.infer<typeof currencySyncSummarySchema>;
export const currencySyncResponseSchema = withData(currencySyncSummarySchema);

/** Audit sub-types of pricing writes (`type: 'Pricing'`, no customer; the staff member is the actor). */
export const PRICING_AUDIT_SUB_TYPES = [
  'Price Updated',
  'App Version Updated',
  'Currency Added',
  'Currency Updated',
  'Currency Deleted',
  'Currency Rates Synced',
  'Price Amount Changed',
  'Coupon Created',
  'Coupon Updated',
  'APK Uploaded',
] as const;
export type PricingAuditSubType = (typeof PRICING_AUDIT_SUB_TYPES)[number];
