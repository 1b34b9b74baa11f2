import { z } from 'zod/mini';

/**
 * Stable, machine-readable error codes. The UI switches on these, never on text.
 * `respones_msg` (sic, DECISIONS §2) carries the human sentence.
 */
export const ERROR_CODES = [
  'E_VALIDATION',
  'E_MALFORMED_JSON',
  'E_UNSUPPORTED_MEDIA_TYPE',
  'E_PAYLOAD_TOO_LARGE',
  'E_NOT_FOUND',
  'E_METHOD_NOT_ALLOWED',
  'E_INTERNAL',
  'E_UNAVAILABLE',
  'E_UNAUTHORIZED',
  'E_SESSION_EXPIRED',
  'E_FORBIDDEN',
  'E_RATE_LIMITED',
  'E_ACCOUNT_LOCKED',
  'E_ACCOUNT_DISABLED',
  'E_EMAIL_TAKEN',
  'E_INVALID_CREDENTIALS',
  'E_LEGACY_USER',
  'E_EMAIL_NOT_VERIFIED',
  'E_OTP_INVALID',
  'E_OTP_EXPIRED',
  'E_OTP_EXHAUSTED',
  'E_OTP_SEND_LIMIT',
  'E_LINK_INVALID',
  'E_LINK_EXPIRED',
  'E_LINK_USED',
  'E_PASSWORD_MISMATCH',
  'E_PASSWORD_WEAK',
  'E_PASSWORD_SAME',
  'E_WRONG_PASSWORD',
  'E_NO_LICENCE',
  'E_PAYMENT_REQUIRED',
  'E_CAPTCHA',
  'E_CONFLICT',
  'E_PLAN_NOT_FOUND',
  'E_PLAN_INACTIVE',
  'E_QTY_MINIMUM',
  'E_COUPON_INVALID',
  'E_COUPON_EXPIRED',
  'E_CARD_INVALID',
  'E_CARD_DECLINED',
  'E_INSUFFICIENT_FUNDS',
  'E_PAYMENT_FAILED',
  'E_PAYMENT_METHOD_REQUIRED',
  'E_NO_SUBSCRIPTION',
  'E_PROVIDER',
  'E_WEBHOOK_SIGNATURE',
  'E_RESELLER',
  'E_ENROLMENT_TOKEN_INVALID',
  'E_DEVICE_TOKEN_INVALID',
  'E_DEVICE_LOGGED_OUT',
  'E_PROFILE_NOT_FOUND',
  'E_IMPERSONATION_FORBIDDEN',
  /** A staff list's Export found no rows (spec 3 §5 "No data to export"). */
  'E_NO_DATA',
  /** A refund the payment does not allow (status, offline, no seats left, expired). */
  'E_REFUND_NOT_ALLOWED',
  /** A refund amount above the refundable figure, or different from it for a subscription. */
  'E_REFUND_AMOUNT',
  /** Back-office seat edit with the same quantity (spec 3 §5 "No change made."). */
  'E_NO_CHANGE',
  /** Edit or refund of a payment that is not Success. */
  'E_PAYMENT_NOT_SUCCESS',
  /** Fewer seats than the devices using them: log devices out first. */
  'E_SEATS_IN_USE',
  // Issue 12 (hardening): errors raised before a route runs, device takeover and device quotas.
  'E_BAD_REQUEST',
  'E_BAD_URL',
  'E_URI_TOO_LONG',
  'E_HEADERS_TOO_LARGE',
  'E_REQUEST_TIMEOUT',
  'E_DEVICE_ACTIVE',
  'E_QUOTA_EXCEEDED',
  /** The login QR code's end date has passed, or it has enrolled as many devices as its limit allows. */
  'E_ENROLMENT_TOKEN_EXPIRED',
  'E_ENROLMENT_TOKEN_USED_UP',
  // Issue 22 (DECISIONS §14).
  /** A phone number that cannot be a number of its country code (or a national number without a country code). */
  'E_PHONE_INVALID',
  /** An offline customer's licences are changed by the vendor's staff: no checkout or subscription change. */
  'E_OFFLINE_CUSTOMER',
  // Issue 28 (DECISIONS §13).
  /** The same `Idempotency-Key` was sent with another request (method, path or body) within 24 h: 422. */
  'E_IDEMPOTENCY',
  /** An API key called outside its scopes (or a call never open to keys): 403. */
  'E_SCOPE',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every answer, success or failure, carries `respones_msg`. */
export const messageSchema = z.object({ respones_msg: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** The failure envelope of DECISIONS §2. Optional flags steer the UI. */
export const errorResponseSchema = z.object({
  respones_msg: z.string(),
  code: z.optional(errorCodeSchema),
  is_logout: z.optional(z.literal(1)),
  userExist: z.optional(z.literal(1)),
  redirectToPaymentPage: z.optional(z.literal(1)),
  isSubscriptionUpdate: z.optional(z.literal(1)),
  requiredPurchasedQty: z.optional(z.int()),
  /** The payment provider's decline code (card_declined, insufficient_funds…) on payment failures. */
  decline_code: z.optional(z.string()),
  errors: z.optional(z.array(fieldErrorSchema)),
  errorId: z.optional(z.string()),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * The failure envelope as the browser reads it: the same fields, but `code` is any text (the UI compares it with
 * `ErrorCode` values), so the web's login pages do not carry the whole list of codes and an older page still reads a
 * newer server's answer.
 */
export const errorAnswerSchema = z.object({
  respones_msg: z.string(),
  code: z.optional(z.string()),
  is_logout: z.optional(z.literal(1)),
  userExist: z.optional(z.literal(1)),
  redirectToPaymentPage: z.optional(z.literal(1)),
  isSubscriptionUpdate: z.optional(z.literal(1)),
  requiredPurchasedQty: z.optional(z.int()),
  decline_code: z.optional(z.string()),
  errors: z.optional(z.array(fieldErrorSchema)),
  errorId: z.optional(z.string()),
});

/** Wraps a data schema in the success envelope `{ respones_msg, data }`. */
export const withData = <T extends z.ZodMiniType>(data: T) => z.object({ respones_msg: z.string(), data });
