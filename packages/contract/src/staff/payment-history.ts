import { z } from 'zod/mini';
import { blankAsAbsent, keysetPaginationSchema } from '../activity.ts';
import { idOf, text } from '../common.ts';
import { withData } from '../envelope.ts';
import { creditNoteParamsSchema, invoiceParamsSchema, pdfSchema } from '../payment-record.ts';
import { booleanQuerySchema, isExportDataSchema, isoDateQuerySchema, staffPageQuery } from './lists.ts';
import { PAYMENT_SUBSCRIPTION_TYPES, emailFilter, staffPaymentRowSchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

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

export const PAYMENT_HISTORY_STATUSES = ['Success', 'Failed'] as const;

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
  id: idOf('customer'),
});

export const whatsappCountResponseSchema = withData(z.object({ whatsappRedirectCount: z.int() }));

// ------------------------------------------------------------- payment history, expiry, errors, coupons (spec 3 §7)

/** Payment history; `isExportData=true` answers `payment-history.csv`. */
export const paymentHistory = staffEndpoint({
  area: 'paymentHistory',
  method: 'GET',
  path: `${S}/payments/history`,
  query: paymentHistoryQuerySchema,
  response: paymentHistoryResponseSchema,
});

/** The invoice PDF of any customer's Success payment (`content-type: application/pdf`; issue 22). */
export const paymentInvoice = staffEndpoint({
  area: 'paymentHistory',
  method: 'GET',
  path: `${S}/payments/:id/invoice`,
  params: invoiceParamsSchema,
  response: pdfSchema,
});

/** A credit note PDF of any customer's refund (`content-type: application/pdf`; issue 22). */
export const paymentCreditNote = staffEndpoint({
  area: 'paymentHistory',
  method: 'GET',
  path: `${S}/payments/:id/credit-notes/:creditNoteId`,
  params: creditNoteParamsSchema,
  response: pdfSchema,
});

export const failedPaymentEmail = staffEndpoint({
  area: 'paymentHistory',
  method: 'POST',
  path: `${S}/payments/fail/email`,
  body: failedPaymentEmailRequestSchema,
  response: failedPaymentEmailResponseSchema,
});

/** The WhatsApp link of a failed payment row (payment history and upcoming expiry, both SuperAdmin pages). */
export const updateWhatsappCount = staffEndpoint({
  area: 'paymentHistory',
  method: 'POST',
  path: `${S}/customers/updateWhatsappCount`,
  body: whatsappCountRequestSchema,
  response: whatsappCountResponseSchema,
});
