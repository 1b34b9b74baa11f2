import { z } from 'zod/mini';
import { blankAsAbsent, keysetPaginationSchema, pageQuerySchema } from '../activity.ts';
import { text } from '../common.ts';
import { paymentRecordShape } from '../payment-record.ts';
import { withData } from '../envelope.ts';
import {
  booleanQuerySchema,
  isExportDataSchema,
  isoDateQuerySchema,
  staffLimitSchema,
  staffPageQuery,
} from './lists.ts';

/**
 * The back office's payment lists (spec 3 "Payment history", "Upcoming-expiry payments", "Payment errors",
 * "Coupons"; §3 payment record, coupon summary, setting, payment error; §7 Payments). Dates `from_date`/`to_date` are
 * whole UTC days, both included. `email` matches a customer's email exactly, case-insensitively.
 */

/** Spec 3 §9 payment method types (a wallet such as google_pay is the card's `wallet.type`). */
export const PAYMENT_METHOD_TYPES = [
  'card',
  'paypal',
  'link',
  'google_pay',
  'apple_pay',
  'wechat_pay',
  'alipay',
] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];
export const PAYMENT_SUBSCRIPTION_TYPES = ['recurring', 'one_time'] as const;
export const PAYMENT_HISTORY_STATUSES = ['Success', 'Failed'] as const;

const emailFilter = blankAsAbsent(text().check(z.trim(), z.maxLength(254)));
const withAll = <const T extends readonly [string, ...string[]]>(values: T) =>
  blankAsAbsent(z.enum(['All', ...values], { error: `must be All, ${values.join(', ')}` }));

/** `GET payments/history`: every filter of spec 3 "Payment history". */
export const paymentHistoryQuerySchema = z.object({
  from_date: isoDateQuerySchema,
  to_date: isoDateQuerySchema,
  subscriptionType: withAll(PAYMENT_SUBSCRIPTION_TYPES),
  paymentMethodType: withAll(PAYMENT_METHOD_TYPES),
  email: emailFilter,
  status: withAll(PAYMENT_HISTORY_STATUSES),
  /** The product: a plan identifier (e.g. PD, UBOT) of `pricing`. */
  priceId: blankAsAbsent(
    text().check(z.trim(), z.maxLength(32), z.regex(/^[A-Za-z0-9_]+$/, { error: 'must be a plan identifier' })),
  ),
  /** Only customers who have no Success payment at all. */
  zeroSuccessPayment: booleanQuerySchema,
  coupon: blankAsAbsent(text().check(z.trim(), z.maxLength(64))),
  isExportData: isExportDataSchema,
  ...staffPageQuery(),
});
export type PaymentHistoryQuery = z.input<typeof paymentHistoryQuerySchema>;
export type PaymentHistorySearch = z.output<typeof paymentHistoryQuerySchema>;

/** Spec 3 §3 "Payment record", as the old back office named its fields. */
export const staffPaymentRowSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  email: z.string(),
  subscriptionType: z.enum(PAYMENT_SUBSCRIPTION_TYPES),
  subscriptionReason: z.string(),
  qty: z.int(),
  /** Euros (the payment's currency is EUR). */
  totalAmount: z.number(),
  currency: z.string(),
  coupon: z.nullable(z.string()),
  status: z.string(),
  message: z.nullable(z.string()),
  /** The provider's last payment error code (Stripe's decline code when it gave one). */
  paymentIntent: z.object({ last_payment_error: z.nullable(z.object({ code: z.nullable(z.string()) })) }),
  paymentMethod: z.nullable(
    z.object({
      type: z.string(),
      card: z.nullable(
        z.object({
          brand: z.optional(z.string()),
          last4: z.optional(z.string()),
          wallet: z.nullable(z.object({ type: z.string() })),
        }),
      ),
    }),
  ),
  expiryAt: z.nullable(z.string()),
  created_at: z.string(),
  /** Apology emails staff sent this customer about failed payments (counted per customer). */
  failedEmailFollowupCount: z.int(),
  userId: z.object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    phone_number: z.string(),
    whatsappRedirectCount: z.int(),
  }),
  priceId: z.object({ identifier: z.string() }),
  refundBy: z.nullable(z.string()),
  isOfflinePayment: z.boolean(),
  ...paymentRecordShape,
});
export type StaffPaymentRow = z.infer<typeof staffPaymentRowSchema>;

/** A plan of the Product filter. */
export const pricingOptionSchema = z.object({
  identifier: z.string(),
  name: z.string(),
  type: z.enum(PAYMENT_SUBSCRIPTION_TYPES),
});
export type PricingOption = z.infer<typeof pricingOptionSchema>;

export const paymentHistoryResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(staffPaymentRowSchema),
  pagination: keysetPaginationSchema,
  pricing: z.array(pricingOptionSchema),
});
export type PaymentHistoryResponse = z.infer<typeof paymentHistoryResponseSchema>;

/** `GET payments/upcoming-expire-history`: Success payments whose seats expire in the next 30 days, soonest first. */
export const upcomingExpireQuerySchema = z.object({
  /** `true`: offline sales only; `false`: online payments only; absent: both. */
  isOfflinePayment: booleanQuerySchema,
  email: emailFilter,
  ...staffPageQuery(),
});
export type UpcomingExpireQuery = z.input<typeof upcomingExpireQuerySchema>;
export type UpcomingExpireSearch = z.output<typeof upcomingExpireQuerySchema>;

export const upcomingExpireResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(staffPaymentRowSchema),
  pagination: keysetPaginationSchema,
});

/** The apology text of the Send Email modal: plain text, sent as the email's body. */
export const FOLLOWUP_CONTENT_MAX = 5000;

/** `POST payments/fail/email`: the apology email to a customer whose payment failed. */
export const failedPaymentEmailRequestSchema = z.object({
  email: text().check(z.trim(), z.minLength(3, { error: 'is required' }), z.maxLength(254)),
  content: text().check(
    z.trim(),
    z.minLength(1, { error: 'is required' }),
    z.maxLength(FOLLOWUP_CONTENT_MAX, { error: `must be at most ${FOLLOWUP_CONTENT_MAX} characters` }),
  ),
});
export type FailedPaymentEmailRequest = z.input<typeof failedPaymentEmailRequestSchema>;
export const failedPaymentEmailResponseSchema = withData(z.object({ failedEmailFollowupCount: z.int() }));

/** `POST customers/updateWhatsappCount {id}`: the customer's id (`userId._id` of a payment row). */
export const whatsappCountRequestSchema = z.object({
  id: text().check(z.regex(/^[0-9a-f-]{36}$/i, { error: 'must be a customer id' })),
});
export const whatsappCountResponseSchema = withData(z.object({ whatsappRedirectCount: z.int() }));

/** `GET payments/errors`: spec 3 "Payment errors", 5 to 500 rows a page. */
export const paymentErrorsQuerySchema = z.object({
  email: emailFilter,
  from_date: isoDateQuerySchema,
  to_date: isoDateQuerySchema,
  ...staffPageQuery('wide'),
});
export type PaymentErrorsQuery = z.input<typeof paymentErrorsQuerySchema>;
export type PaymentErrorsSearch = z.output<typeof paymentErrorsQuerySchema>;

/** Spec 3 §3 "Payment error". `email` is null when the provider named no customer: show the billing name then. */
export const paymentErrorRowSchema = z.object({
  _id: z.string(),
  email: z.nullable(z.string()),
  message: z.string(),
  code: z.nullable(z.string()),
  reqBody: z.object({
    error: z.object({
      code: z.nullable(z.string()),
      message: z.string(),
      payment_method: z.nullable(
        z.object({
          type: z.nullable(z.string()),
          billing_details: z.object({ name: z.nullable(z.string()) }),
        }),
      ),
    }),
  }),
  created_at: z.string(),
});
export type PaymentErrorRow = z.infer<typeof paymentErrorRowSchema>;

export const paymentErrorsResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(paymentErrorRowSchema),
  pagination: keysetPaginationSchema,
});

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
