import { z } from 'zod/mini';
import { pageQuerySchema } from '../activity.ts';
import { numeric, text } from '../common.ts';
import { withData } from '../envelope.ts';
import { PLAN_CODES } from '../plans.ts';
import { staffLimitSchema } from './lists.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

/** The website's payment text (spec 3 "Setting": key paymentNotes), shown as plain text, line breaks kept. */
export const PAYMENT_NOTES_MAX = 2000;

export const SETTING_KEYS = ['paymentNotes'] as const;

/** `GET payments/coupons`: the coupons with their Success payments, and the payment notes. */
export const couponListQuerySchema = z.object({ page: pageQuerySchema, limit: staffLimitSchema() });

export type CouponListQuery = z.input<typeof couponListQuerySchema>;

export type CouponListSearch = z.output<typeof couponListQuerySchema>;

/** Spec 3 §3 "Coupon summary": `id` is the coupon code (the history's `?coupon=`). */
export const couponSummarySchema = z.object({
  id: z.string(),
  percentOff: z.number(),
  active: z.boolean(),
  expiresAt: z.nullable(z.string()),
  /** Redemptions taken (checkouts holding or having used the coupon; DECISIONS §14, docs/adr/0008). */
  redeemed: z.int(),
  /** null: no limit. */
  maxRedemptions: z.nullable(z.int()),
  /** The plans it is valid for; null: every plan. */
  planIdentifiers: z.nullable(z.array(z.string())),
  /** The reseller whose personal coupon this is (DECISIONS §5), or null. */
  resellerEmail: z.nullable(z.string()),
  totalPaymentCount: z.int(),
  created_at: z.string(),
});

export type CouponSummary = z.infer<typeof couponSummarySchema>;

export const couponListResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(couponSummarySchema),
  pagination: z.object({ page: z.int(), limit: z.int(), total: z.int() }),
  paymentNotes: z.object({ value: z.string() }),
});

export type CouponListResponse = z.infer<typeof couponListResponseSchema>;

/** `POST payments/save/setting {key: 'paymentNotes', value}`. */
export const saveSettingRequestSchema = z.object({
  key: z.enum(SETTING_KEYS, { error: 'must be paymentNotes' }),
  value: text().check(
    z.trim(),
    z.maxLength(PAYMENT_NOTES_MAX, { error: `must be at most ${PAYMENT_NOTES_MAX} characters` }),
  ),
});

export type SaveSettingRequest = z.input<typeof saveSettingRequestSchema>;

export const saveSettingResponseSchema = withData(z.object({ key: z.enum(SETTING_KEYS), value: z.string() }));

/**
 * Coupons staff create, limit, expire and disable (DECISIONS §14 "Coupons"; issue 22 item 9). `id` is the coupon code,
 * as in `GET payments/coupons` rows and the payment history's `?coupon=`. The code and the percent are fixed once a
 * coupon is redeemed (`payments/coupons/update` changes only `active`, `maxRedemptions` and `expiresAt`).
 */

export const COUPON_CODE_MAX = 40;

export const COUPON_REDEMPTIONS_MAX = 1_000_000;

/** Letters, digits, `-` and `_`, stored upper-case (checkout matches codes in any case). */
export const newCouponCodeSchema = text().check(
  z.trim(),
  z.toUpperCase(),
  z.minLength(3, { error: 'must be at least 3 characters' }),
  z.maxLength(COUPON_CODE_MAX, { error: `must be at most ${COUPON_CODE_MAX} characters` }),
  z.regex(/^[A-Z0-9_-]*$/, { error: 'may hold only letters, digits, - and _' }),
);

const wholeNumber = 'must be a whole number';

/** 1–100, whole percent. */
export const couponPercentSchema = numeric(
  z.coerce.number({ error: wholeNumber }).check(
    z.refine((n) => Number.isFinite(n), { error: wholeNumber, abort: true }),
    z.int({ error: wholeNumber }),
    z.gte(1, { error: 'must be between 1 and 100' }),
    z.lte(100, { error: 'must be between 1 and 100' }),
  ),
  wholeNumber,
);

/** How many checkouts may use the coupon; null: no limit. */
export const couponMaxRedemptionsSchema = z.nullable(
  numeric(
    z.coerce.number({ error: wholeNumber }).check(
      z.refine((n) => Number.isFinite(n), { error: wholeNumber, abort: true }),
      z.int({ error: wholeNumber }),
      z.gte(1, { error: 'must be at least 1' }),
      z.lte(COUPON_REDEMPTIONS_MAX, { error: `must be at most ${COUPON_REDEMPTIONS_MAX.toLocaleString('en')}` }),
    ),
    wholeNumber,
  ),
);

/** An ISO date-time (or a plain day, read as the end of that UTC day); null: never expires. */
export const couponExpiresAtSchema = z.nullable(
  text().check(
    z.trim(),
    z.refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
      error: 'must be a date',
    }),
  ),
);

export const couponPlanIdentifiersSchema = z.nullable(
  z
    .array(z.enum(PLAN_CODES, { error: 'must be a plan identifier' }))
    .check(z.maxLength(PLAN_CODES.length, { error: 'lists too many plans' })),
);

/** `POST payments/coupons/create`. */
export const couponCreateRequestSchema = z.object({
  code: newCouponCodeSchema,
  percentOff: couponPercentSchema,
  maxRedemptions: z.optional(couponMaxRedemptionsSchema),
  expiresAt: z.optional(couponExpiresAtSchema),
  /** The plans the coupon is valid for (absent, null or empty: every plan). */
  planIdentifiers: z.optional(couponPlanIdentifiersSchema),
});

export type CouponCreateRequest = z.input<typeof couponCreateRequestSchema>;

/** `POST payments/coupons/update`: `id` is the code (never changes). Fields left out stay as they are; null clears a limit or expiry. */
export const couponUpdateRequestSchema = z.object({
  id: text().check(z.trim(), z.toUpperCase(), z.minLength(1, { error: 'is required' }), z.maxLength(COUPON_CODE_MAX)),
  /** Only until the coupon is first redeemed (then 409 E_CONFLICT). */
  percentOff: z.optional(couponPercentSchema),
  active: z.optional(z.boolean({ error: 'must be true or false' })),
  maxRedemptions: z.optional(couponMaxRedemptionsSchema),
  expiresAt: z.optional(couponExpiresAtSchema),
});

export type CouponUpdateRequest = z.input<typeof couponUpdateRequestSchema>;

/** One coupon as staff see it after a create or update (the list's row without the payment count). */
export const couponDetailSchema = z.object({
  id: z.string(),
  percentOff: z.number(),
  active: z.boolean(),
  redeemed: z.int(),
  maxRedemptions: z.nullable(z.int()),
  expiresAt: z.nullable(z.string()),
  planIdentifiers: z.nullable(z.array(z.string())),
  /** The Stripe coupon mirroring it (PAYMENT_PROVIDER=stripe), or null. */
  providerCouponId: z.nullable(z.string()),
});

export type CouponDetail = z.infer<typeof couponDetailSchema>;

export const couponDetailResponseSchema = withData(couponDetailSchema);

export const coupons = staffEndpoint({
  area: 'coupons',
  method: 'GET',
  path: `${S}/payments/coupons`,
  query: couponListQuerySchema,
  response: couponListResponseSchema,
});

/** DECISIONS §14 "Coupons": create, then limit, expire, disable or enable (code and percent fixed once redeemed). */
export const couponCreate = staffEndpoint({
  area: 'coupons',
  method: 'POST',
  path: `${S}/payments/coupons/create`,
  body: couponCreateRequestSchema,
  response: couponDetailResponseSchema,
});

export const couponUpdate = staffEndpoint({
  area: 'coupons',
  method: 'POST',
  path: `${S}/payments/coupons/update`,
  body: couponUpdateRequestSchema,
  response: couponDetailResponseSchema,
});

export const saveSetting = staffEndpoint({
  area: 'coupons',
  method: 'POST',
  path: `${S}/payments/save/setting`,
  body: saveSettingRequestSchema,
  response: saveSettingResponseSchema,
});
