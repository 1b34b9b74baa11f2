import { z } from 'zod/mini';
import { localPricingSchema } from './local-pricing.ts';
import { DEFAULT_PAGE_SIZE, documentedPageSize, PAGE_SIZES, numeric, text } from './common.ts';
import { withData } from './envelope.ts';
import { paymentRecordShape } from './payment-record.ts';
import { familySchema, planCodeSchema } from './plans.ts';
import { apkVersionInfoSchema } from './apk.ts';

/**
 * Licences, plans and payments (spec 1 §2, §3, §7; DECISIONS §1, §5). Customer calls live under
 * /api/v1/admin/ (`dashboard`, `payments/…`, `users/payment-method/…`, `users/download/sdk`);
 * the sandbox provider under /api/v1/sandbox/; the captcha under /api/v1/captcha/.
 */

export const PLAN_TYPES = ['recurring', 'one_time'] as const;
export const planTypeSchema = z.enum(PLAN_TYPES);

/** `Partially refunded`: some of the payment's seats were refunded (DECISIONS §8 "Refund"). */
export const PAYMENT_STATUSES = ['Pending', 'Success', 'Failed', 'Refunded', 'Partially refunded'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** Payment method types of spec 3 §9 (history shows them; only card is taken online here). */
export const PAYMENT_METHOD_TYPES = [
  'card',
  'paypal',
  'link',
  'google_pay',
  'apple_pay',
  'wechat_pay',
  'alipay',
] as const;

/** Minimum quantity per purchase; Power Chat needs at least 2 users (spec 1 §5). */
export const MIN_QTY = 1;
export const PCHAT_MIN_QTY = 2;
export const MAX_QTY = 10_000;
export const PCHAT_MIN_QTY_MESSAGE = 'Please purchase minimum 2 licences for 2 users.';
export const CAPTCHA_MESSAGE = 'Please verify captcha.';

/** Reseller tiers of spec 1 §9 (referral count → earn percentage). */
export const RESELLER_TIERS = [
  { name: 'Silver', from: 10, to: 100, earnPercent: 10 },
  { name: 'Gold', from: 101, to: 500, earnPercent: 12 },
  { name: 'Platinum', from: 501, to: 1000, earnPercent: 15 },
  { name: 'Premium', from: 1001, to: null, earnPercent: 20 },
] as const;
export const RESELLER_BUYER_DISCOUNT_PERCENT = 10;

/** A payment method as the provider reported it on a payment (history rows). */
export const paymentMethodSnapshotSchema = z.object({
  type: z.string(),
  card: z.optional(
    z.nullable(
      z.object({
        brand: z.string(),
        last4: z.string(),
        wallet: z.optional(z.nullable(z.object({ type: z.string() }))),
      }),
    ),
  ),
});
export type PaymentMethodSnapshot = z.infer<typeof paymentMethodSnapshotSchema>;

/** The customer's subscription of a recurring plan (plan cards, `payments/subscription`). */
export const subscriptionDetailSchema = z.object({
  _id: z.string(),
  priceId: planCodeSchema,
  family: familySchema,
  quantity: z.int(),
  status: z.enum(['incomplete', 'active', 'past_due', 'canceled']),
  currentPeriodEnd: z.nullable(z.string()),
  coupon: z.nullable(z.string()),
  paymentMethod: z.nullable(paymentMethodSnapshotSchema),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

/** A plan (price) with the signed-in customer's seats of it. Amounts in EUR as numbers (29.99). */
export const planSchema = z.object({
  _id: z.string(),
  identifier: planCodeSchema,
  family: familySchema,
  name: z.string(),
  description: z.string(),
  type: planTypeSchema,
  amount: z.number(),
  currency: z.string(),
  interval: z.nullable(z.string()),
  intervalCount: z.int(),
  features: z.array(z.object({ text: z.string(), checked: z.boolean() })),
  apkLink: z.string(),
  status: z.enum(['Active', 'Inactive']),
  /** Latest expiry of this plan's unexpired seats; null when none. */
  expiry: z.nullable(z.string()),
  /** Unexpired, unrefunded seats bought on this plan. */
  totalPurchasedDevices: z.int(),
  /** Recurring plans with a subscription only. */
  subscriptionDetail: z.nullable(subscriptionDetailSchema),
});
export type Plan = z.infer<typeof planSchema>;

export const plansResponseSchema = withData(
  z.object({ recurringPriceList: z.array(planSchema), oneTimePriceList: z.array(planSchema) }),
);
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** Saved payment method (payment-methods page). */
export const savedPaymentMethodSchema = z.object({
  id: z.string(),
  type: z.enum(['card', 'paypal']),
  card: z.nullable(
    z.object({ brand: z.string(), country: z.string(), exp_month: z.int(), exp_year: z.int(), last4: z.string() }),
  ),
  paypal: z.nullable(z.object({ country: z.string(), payer_email: z.string(), payer_id: z.string() })),
  isDefault: z.boolean(),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethodSchema>;

export const paymentMethodListResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(savedPaymentMethodSchema),
  /** Id of the default method, or null. */
  defaultSource: z.nullable(z.string()),
});
export type PaymentMethodListResponse = z.infer<typeof paymentMethodListResponseSchema>;

const pmIdSchema = text().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(255));
export const paymentMethodAttachRequestSchema = z.object({ pmId: pmIdSchema });
export const paymentMethodDefaultRequestSchema = z.object({ pmId: pmIdSchema });

/** `GET payments/price/detail?id=` — id is the plan `_id` or its identifier (PD, PDOT…). */
export const priceDetailQuerySchema = z.object({
  id: text().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(64)),
});
export const priceDetailResponseSchema = z.object({
  respones_msg: z.string(),
  data: planSchema,
  defaultPaymentMethodDetail: z.nullable(savedPaymentMethodSchema),
  userDetail: z.object({ email: z.string() }),
});
export type PriceDetailResponse = z.infer<typeof priceDetailResponseSchema>;

const qtySchema = z
  .pipe(
    z.union([z.number(), text()], { error: 'must be a number' }),
    z.transform((v) => Number(v)),
  )
  .check(
    z.refine((n) => Number.isInteger(n), { error: 'must be a whole number' }),
    z.refine((n) => n >= MIN_QTY, { error: `must be at least ${MIN_QTY}` }),
    z.refine((n) => n <= MAX_QTY, { error: `must be at most ${MAX_QTY}` }),
  );
const priceIdSchema = text().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(64));
const couponCodeSchema = z.optional(z.nullable(text().check(z.trim(), z.maxLength(64))));
/**
 * The ALTCHA widget's payload (base64 JSON). Optional in the schema so that a missing captcha gets the
 * server's own answer (400 `E_CAPTCHA`, "Please verify captcha.") instead of a field validation error.
 */
const captchaSchema = z.optional(z.nullable(text().check(z.maxLength(4096))));

export const couponApplyRequestSchema = z.object({
  couponCode: text().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(64)),
  priceId: priceIdSchema,
  qty: qtySchema,
});
export type CouponApplyRequest = z.input<typeof couponApplyRequestSchema>;
export const couponApplyResponseSchema = withData(
  z.object({
    couponCode: z.string(),
    percentOff: z.number(),
    /** The discount in EUR for this plan and quantity. */
    discountAmount: z.number(),
    subtotal: z.number(),
    total: z.number(),
  }),
);

/**
 * `POST payments/purchase` (spec 1 §7). `token`, `email` and `payment_method_id` are what old app builds send;
 * the server computes every amount. Send an `Idempotency-Key` header to make retries safe.
 */
export const purchaseRequestSchema = z.object({
  token: z.optional(z.nullable(text().check(z.maxLength(255)))),
  qty: qtySchema,
  coupon_code: couponCodeSchema,
  couponCode: couponCodeSchema,
  email: z.optional(z.nullable(text().check(z.maxLength(254)))),
  priceId: priceIdSchema,
  payment_method_id: z.optional(z.nullable(text().check(z.maxLength(255)))),
  captcha: captchaSchema,
});
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

export const subscriptionUpdateRequestSchema = z.object({
  qty: qtySchema,
  priceId: priceIdSchema,
  captcha: captchaSchema,
});
export type SubscriptionUpdateRequest = z.input<typeof subscriptionUpdateRequestSchema>;

/** What purchase and subscription update answer: the client secret to confirm in the browser. */
export const checkoutResponseSchema = withData(
  z.object({
    clientSecret: z.string(),
    /** Same value, Stripe's spelling. */
    client_secret: z.string(),
    paymentId: z.string(),
    provider: z.enum(['sandbox', 'stripe']),
    amount: z.number(),
    currency: z.string(),
    /** Set when the payment method on file was charged without a browser step. */
    status: z.enum(['requires_payment_method', 'requires_confirmation', 'processing', 'succeeded']),
  }),
);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const subscriptionQuerySchema = z.object({ priceId: z.optional(text().check(z.maxLength(64))) });
export const subscriptionListResponseSchema = withData(z.array(subscriptionDetailSchema));

/** `GET payments/history` — server-side pages; `priceId` (plan `_id` or identifier) narrows to one plan. */
export const paymentHistoryQuerySchema = z.object({
  priceId: z.optional(text().check(z.maxLength(64))),
  page: z._default(numeric(z.coerce.number().check(z.int(), z.gte(1))), 1),
  limit: z._default(
    numeric(
      documentedPageSize(
        z.coerce.number().check(
          z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
            error: `must be one of ${PAGE_SIZES.join(', ')}`,
          }),
        ),
      ),
    ),
    DEFAULT_PAGE_SIZE,
  ),
});

export const paymentHistoryRowSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  paymentMethod: z.nullable(paymentMethodSnapshotSchema),
  subscriptionType: planTypeSchema,
  subscriptionReason: z.string(),
  qty: z.int(),
  priceId: z.object({ _id: z.string(), identifier: planCodeSchema, name: z.string() }),
  totalAmount: z.number(),
  currency: z.string(),
  coupon: z.nullable(z.string()),
  status: paymentStatusSchema,
  message: z.nullable(z.string()),
  errorCode: z.nullable(z.string()),
  expiryAt: z.nullable(z.string()),
  created_at: z.string(),
  ...paymentRecordShape,
});
export type PaymentHistoryRow = z.infer<typeof paymentHistoryRowSchema>;

export const paginationSchema = z.object({ page: z.int(), limit: z.int(), total: z.int() });
export const paymentHistoryResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(paymentHistoryRowSchema),
  pagination: paginationSchema,
});
export type PaymentHistoryResponse = z.infer<typeof paymentHistoryResponseSchema>;

/** Seats of one family: purchased (unexpired, unrefunded), used (devices or chat users), expired. */
export const familyLicenceSchema = z.object({
  family: familySchema,
  purchased: z.int(),
  used: z.int(),
  expired: z.int(),
  exceeded: z.boolean(),
});
export type FamilyLicence = z.infer<typeof familyLicenceSchema>;

export const LICENCE_EXCEEDED_MESSAGE = 'Your enrolled licences exceed then available licences.';

/** `GET dashboard` (spec 1 §3 dashboard data) plus the per-family licence summary. */
export const dashboardSchema = z.object({
  purchasedDevices: z.int(),
  pdOnetimeDevices: z.int(),
  enrolDevices: z.int(),
  pdEnrolledDevices: z.int(),
  pdOWEnrolledDevices: z.int(),
  pcEnrolledDevices: z.int(),
  ubEnrolledDevices: z.int(),
  kmEnrolledDevices: z.int(),
  pChatUsers: z.int(),
  pobEnrolledDevices: z.int(),
  /** Legacy field name kept for old app builds: the URL Blocker count (same as ubEnrolledDevices). */
  upEnrolledDevices: z.int(),
  slEnrolledDevices: z.int(),
  /** Enrolments per month of the current year, January first (12 values). */
  monthWiseDeviceCount: z.array(z.int()),
  licences: z.array(familyLicenceSchema),
  licenceExceeded: z.boolean(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = withData(dashboardSchema);

/** `GET licences/summary`: what the shell needs for the red banner. */
export const licenceSummaryResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(familyLicenceSchema),
  enrolledDevices: z.int(),
  purchasedDevices: z.int(),
  exceeded: z.boolean(),
  device_exceeded_message: z.nullable(z.string()),
});
export type LicenceSummaryResponse = z.infer<typeof licenceSummaryResponseSchema>;

/**
 * `GET users/download/sdk` (spec 1 §3 per-app price details): APK link and a QR PNG of it, plus (DECISIONS §14) the
 * hosted file's version, size and SHA-256 (`version`, null for an external link or nothing published). Every family
 * sold has its entry: the spec's six plus the Owner App (`pdowPriceDetail`) and Super Lock (`slPriceDetail`).
 */
export const apkDetailSchema = z.object({
  apkLink: z.string(),
  apkLinkQrCode: z.string(),
  version: z.nullable(apkVersionInfoSchema),
});
const sdkDetails = {
  pdPriceDetail: apkDetailSchema,
  pdowPriceDetail: apkDetailSchema,
  slPriceDetail: apkDetailSchema,
  pcPriceDetail: apkDetailSchema,
  ubPriceDetail: apkDetailSchema,
  kmPriceDetail: apkDetailSchema,
  pobPriceDetail: apkDetailSchema,
  powerChatPriceDetail: apkDetailSchema,
};
export const downloadSdkQuerySchema = z.object({ appName: z.optional(text().check(z.maxLength(16))) });
/** The details stand both at the top level (as the old API answered) and under `data`. */
export const downloadSdkResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.object(sdkDetails),
  ...sdkDetails,
});
export type DownloadSdkResponse = z.infer<typeof downloadSdkResponseSchema>;

/** Sandbox provider: tokenise a card, as Stripe.js createPaymentMethod does. */
const cardFields = {
  number: text().check(z.trim(), z.regex(/^[0-9 ]{12,23}$/, { error: 'must be a card number' })),
  expMonth: numeric(
    z.coerce.number({ error: 'must be a month' }).check(z.int(), z.gte(1), z.lte(12)),
    'must be a month',
  ),
  expYear: numeric(
    z.coerce.number({ error: 'must be a year' }).check(z.int(), z.gte(2000), z.lte(2100)),
    'must be a year',
  ),
  cvc: text().check(z.trim(), z.regex(/^\d{3,4}$/, { error: 'must be 3 or 4 digits' })),
};
export const sandboxPaymentMethodRequestSchema = z.object({
  ...cardFields,
  country: z.optional(text().check(z.regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code' }))),
});
export const sandboxPaymentMethodResponseSchema = withData(savedPaymentMethodSchema);

/** Sandbox provider: confirm a PaymentIntent with a card, or with a saved method (`paymentMethodId`). */
export const sandboxConfirmRequestSchema = z.object({
  clientSecret: text().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(255)),
  number: z.optional(cardFields.number),
  expMonth: z.optional(cardFields.expMonth),
  expYear: z.optional(cardFields.expYear),
  cvc: z.optional(cardFields.cvc),
  paymentMethodId: z.optional(text().check(z.maxLength(255))),
  /** Keep the card as a saved payment method (default true). */
  savePaymentMethod: z.optional(z.boolean()),
  /** Card country (two letters) for a new card; default US. */
  country: z.optional(text().check(z.regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code' }))),
});
export type SandboxConfirmRequest = z.input<typeof sandboxConfirmRequestSchema>;
export const sandboxConfirmResponseSchema = withData(
  z.object({ status: z.enum(['succeeded', 'processing']), paymentIntentId: z.string(), paymentId: z.string() }),
);

/**
 * ALTCHA challenge, protocol v2 (altcha-lib v2 `createChallenge`, read natively by the altcha v3 widget):
 * `{ parameters: { algorithm, nonce, salt, cost, keyLength, keyPrefix, keySignature?, expiresAt, … }, signature }`.
 * The widget answers a base64 JSON payload `{ challenge: { parameters, signature }, solution: { counter, derivedKey } }`.
 */
export const captchaChallengeParametersSchema = z.object({
  algorithm: z.string(),
  nonce: z.string(),
  salt: z.string(),
  cost: z.number(),
  keyLength: z.number(),
  keyPrefix: z.string(),
  keySignature: z.optional(z.string()),
  memoryCost: z.optional(z.number()),
  parallelism: z.optional(z.number()),
  expiresAt: z.optional(z.number()),
  data: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});
export const captchaChallengeSchema = z.object({
  respones_msg: z.string(),
  parameters: captchaChallengeParametersSchema,
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** `GET /api/v1/pricing` (public, no session): Active plans, same shape with customer fields zeroed/null. */
export const publicPlansResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.object({ recurringPriceList: z.array(planSchema), oneTimePriceList: z.array(planSchema) }),
  /** The visitor's local prices by their country's currency rule (DECISIONS §8, §9); null when it has none. */
  localPricing: z.optional(z.nullable(localPricingSchema)),
});
export type PublicPlansResponse = z.infer<typeof publicPlansResponseSchema>;
