import { z } from 'zod/mini';
import { blankAsAbsent, keysetPaginationSchema, pageQuerySchema } from '../activity.ts';
import { idOf, numeric, text } from '../common.ts';
import { messageSchema, withData } from '../envelope.ts';
import { planTypeSchema } from '../payments.ts';
import { familySchema, planCodeSchema } from '../plans.ts';
import { staffLimitSchema, staffListResponse, staffPageQuery } from './lists.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

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

export const priceIdQuerySchema = z.object({ id: idOf('price') });

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
  id: idOf('price'),
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
export const currencyUpdateRequestSchema = z.object({ id: idOf('currency'), ...ruleFields });

export type CurrencyUpdateRequest = z.input<typeof currencyUpdateRequestSchema>;

export const currencyRuleResponseSchema = withData(currencyRuleSchema);

export const currencyListQuerySchema = z.object(staffPageQuery());

export type CurrencyListQuery = z.input<typeof currencyListQuerySchema>;

export const currencyListResponseSchema = staffListResponse(currencyRuleSchema);

export const currencyIdQuerySchema = z.object({ id: idOf('currency') });

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

/**
 * APK publishing in the back office (DECISIONS §14). `price/apk/upload` takes `multipart/form-data` with the field
 * `family` and the file part `file` (a ZIP holding `AndroidManifest.xml` and `classes.dex`, at most `APK_MAX_MB`);
 * the version code and name are read from the manifest. No body schema: the server reads the parts as they stream.
 */
export const APK_UPLOAD_FIELDS = { family: 'family', file: 'file' } as const;

export const staffApkVersionSchema = z.object({
  _id: z.string(),
  family: familySchema,
  versionCode: z.int(),
  versionName: z.string(),
  packageName: z.string(),
  sizeBytes: z.int(),
  sha256: z.string(),
  /** Email of the staff member who uploaded it ('' when that account is gone). */
  uploadedBy: z.string(),
  created_at: z.string(),
  /** The absolute download URL (`<PUBLIC_URL>/downloads/<family>/<versionCode>.apk`). */
  downloadUrl: z.string(),
});

export type StaffApkVersion = z.infer<typeof staffApkVersionSchema>;

export const apkUploadResponseSchema = withData(staffApkVersionSchema);

export const apkListQuerySchema = z.object({
  page: pageQuerySchema,
  limit: staffLimitSchema(),
  family: blankAsAbsent(familySchema),
});

export type ApkListQuery = z.input<typeof apkListQuerySchema>;

/** Newest first; `maxUploadBytes` is the server's `APK_MAX_MB` in bytes, so the form can say so before sending. */
export const apkListResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(staffApkVersionSchema),
  pagination: keysetPaginationSchema,
  maxUploadBytes: z.int(),
});

export type ApkListResponse = z.infer<typeof apkListResponseSchema>;

/** Pricing and app versions (spec 3 §7 `price/*`; DECISIONS §8). SuperAdmin only. */

export const priceList = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${S}/price/list`,
  response: priceListResponseSchema,
});

export const priceDetail = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${S}/price/detail`,
  query: priceIdQuerySchema,
  response: priceDetailResponseSchema,
});

export const priceUpdate = staffEndpoint({
  area: 'pricing',
  method: 'POST',
  path: `${S}/price/update`,
  body: priceUpdateRequestSchema,
  response: priceDetailResponseSchema,
});

/** The live subscriptions of a price: the confirmation of an amount change names how many are emailed. */
export const priceSubscribers = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${S}/price/subscribers`,
  query: priceIdQuerySchema,
  response: priceSubscribersResponseSchema,
});

export const priceSync = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${S}/price/sync`,
  response: priceSyncResponseSchema,
});

export const appVersionGet = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${S}/price/get/app-version`,
  query: appVersionQuerySchema,
  response: appVersionResponseSchema,
});

export const appVersionUpdate = staffEndpoint({
  area: 'pricing',
  method: 'POST',
  path: `${S}/price/update/app-version`,
  body: appVersionUpdateRequestSchema,
  response: appVersionUpdateResponseSchema,
});

/** Multi currency (spec 3 §7 `price/*currency*`, `price/country/lookup`; DECISIONS §8). SuperAdmin only (Pricing). */

export const currencyAdd = staffEndpoint({
  area: 'pricing',
  method: 'POST',
  path: `${S}/price/add/currency`,
  body: currencyAddRequestSchema,
  response: currencyRuleResponseSchema,
});

export const currencyUpdate = staffEndpoint({
  area: 'pricing',
  method: 'POST',
  path: `${S}/price/update/currency`,
  body: currencyUpdateRequestSchema,
  response: currencyRuleResponseSchema,
});

export const currencyList = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${S}/price/list/currency`,
  query: currencyListQuerySchema,
  response: currencyListResponseSchema,
});

export const currencyDelete = staffEndpoint({
  area: 'pricing',
  method: 'DELETE',
  path: `${S}/price/delete/currency`,
  query: currencyIdQuerySchema,
  response: messageSchema,
});

export const countryLookup = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${S}/price/country/lookup`,
  query: countryLookupQuerySchema,
  response: countryLookupResponseSchema,
});

export const currencySync = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${S}/price/currency/sync`,
  response: currencySyncResponseSchema,
});

/** APK publishing (DECISIONS §14): Pricing area, SuperAdmin only. */

/** `multipart/form-data` `{family, file}`; see `APK_UPLOAD_FIELDS`. */
export const apkUpload = staffEndpoint({
  area: 'pricing',
  method: 'POST',
  path: `${S}/price/apk/upload`,
  response: apkUploadResponseSchema,
});

export const apkList = staffEndpoint({
  area: 'pricing',
  method: 'GET',
  path: `${S}/price/apk/list`,
  query: apkListQuerySchema,
  response: apkListResponseSchema,
});
