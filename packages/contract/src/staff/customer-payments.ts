import { z } from 'zod/mini';
import { idOf, moneyAmountSchema, numeric, text } from '../common.ts';
import { messageSchema, withData } from '../envelope.ts';
import { paymentStatusSchema, planTypeSchema } from '../payments.ts';
import { customerPaymentSchema, idListQuerySchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

export const resellerApproveRequestSchema = z.object({ customerId: idOf('customer') });

export type ResellerApproveRequest = z.input<typeof resellerApproveRequestSchema>;

export const resellerApproveResponseSchema = withData(
  z.object({ customerId: z.string(), resellerCouponCode: z.string() }),
);

/** `payments/create`: an offline payment (DECISIONS §8). `amount` is the total in euro. */
/** The most seats one staff entry (offline sale, seat edit) records. */
export const MAX_STAFF_QTY = 100_000;

/** The largest offline sale, in euros. */
export const MAX_OFFLINE_AMOUNT = 10_000_000;

export const offlinePaymentRequestSchema = z.object({
  customerId: idOf('customer'),
  priceId: text().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(64)),
  qty: numeric(
    z.coerce
      .number({ error: 'must be a number of licences' })
      .check(
        z.int({ error: 'must be a whole number' }),
        z.gte(1, { error: 'must be at least 1' }),
        z.lte(MAX_STAFF_QTY, { error: `must be at most ${MAX_STAFF_QTY.toLocaleString('en-GB')}` }),
      ),
    'must be a number of licences',
  ),
  amount: moneyAmountSchema(MAX_OFFLINE_AMOUNT),
  note: z._default(text().check(z.trim(), z.maxLength(1000)), ''),
});

export type OfflinePaymentRequest = z.input<typeof offlinePaymentRequestSchema>;

export const customerPaymentResponseSchema = withData(customerPaymentSchema);

export const subscriptionDetailQuerySchema = z.object({
  customerId: idOf('customer'),
  priceId: text().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(64)),
});

export type SubscriptionDetailQuery = z.input<typeof subscriptionDetailQuerySchema>;

export const subscriptionDetailResponseSchema = z.object({
  respones_msg: z.string(),
  /** Unexpired, unrevoked seats the customer holds on this plan. */
  totalPurchasedDevices: z.int(),
  data: z.object({ totalPurchasedDevices: z.int() }),
});

/** `payments/subscription/update`: the new seat count of a Success payment. */
export const subscriptionUpdateRequestSchema = z.object({
  id: idOf('payment'),
  updatedQty: numeric(
    z.coerce
      .number({ error: 'must be a number of licences' })
      .check(
        z.int({ error: 'must be a whole number' }),
        z.gte(1, { error: 'must be at least 1' }),
        z.lte(MAX_STAFF_QTY, { error: `must be at most ${MAX_STAFF_QTY.toLocaleString('en-GB')}` }),
      ),
    'must be a number of licences',
  ),
});

export type SubscriptionUpdateRequest = z.input<typeof subscriptionUpdateRequestSchema>;

export const deviceByProductQuerySchema = z.object({
  /** A plan or family code (`UB`, `UBOT`…): the devices of its family. */
  productIdentifier: text().check(z.trim(), z.toUpperCase(), z.minLength(1, { error: 'is required' }), z.maxLength(16)),
  customerId: idOf('customer'),
});

export type DeviceByProductQuery = z.input<typeof deviceByProductQuerySchema>;

/** Spec 3 §3 Enrolled device. */
export const enrolledDeviceSchema = z.object({ _id: z.string(), deviceName: z.string(), serialNumber: z.string() });

export type EnrolledDevice = z.infer<typeof enrolledDeviceSchema>;

/** At most DEVICE_BY_PRODUCT_MAX devices, newest first; `total` counts them all. */
export const DEVICE_BY_PRODUCT_MAX = 500;

export const deviceByProductResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(enrolledDeviceSchema),
  total: z.int(),
});

export const deleteDeviceQuerySchema = z.object({ id: idOf('device') });

export type DeleteDeviceQuery = z.input<typeof deleteDeviceQuerySchema>;

export const deleteDeviceResponseSchema = messageSchema;

/**
 * Refunds (spec 3 "Refund", §7 `payments/detail` and `payments/refund`; DECISIONS §8 "Refund"). Amounts are euros with
 * two decimals, as `totalAmount` everywhere; the server computes them in cents.
 *
 * proratedRefundAmount = paid × remaining days ÷ period days × refundQty ÷ qty (cents, rounded down), never more than
 * what remains paid after earlier refunds. The period is the payment's own: from its success to its `expiryAt`;
 * remaining days count a started day as remaining (a refund on the day of purchase is the full amount).
 */

const paymentIdSchema = idOf('payment');

export const paymentDetailQuerySchema = z.object({
  id: paymentIdSchema,
  /** The quantity `proratedRefundAmount` is computed for (default: every seat left). */
  refundQty: z.optional(
    numeric(z.coerce.number({ error: 'must be a whole number' }).check(z.int(), z.gte(1)), 'must be a whole number'),
  ),
  /** The devices chosen to log out (`a,b` or repeated): `devicesToLogOut` names them and the newest ones after. */
  refundDevices: z.optional(idListQuerySchema('device', 1000)),
});

export type PaymentDetailQuery = z.input<typeof paymentDetailQuerySchema>;

export const paymentDetailSchema = z.object({
  _id: z.string(),
  customerId: z.string(),
  email: z.string(),
  productName: z.string(),
  priceId: z.object({ _id: z.string(), identifier: z.string() }),
  subscriptionType: planTypeSchema,
  subscriptionReason: z.string(),
  status: paymentStatusSchema,
  isOfflinePayment: z.boolean(),
  provider: z.string(),
  qty: z.int(),
  totalAmount: z.number(),
  currency: z.string(),
  /** Seats and money already refunded (completed refunds and ones in flight). */
  refundedQty: z.int(),
  refundedAmount: z.number(),
  /** Seats of this payment still live (unexpired, not refunded): the most a refund can take. */
  seatsLeft: z.int(),
  remainingDays: z.int(),
  periodDays: z.int(),
  /** The quantity `proratedRefundAmount` is for (the query's `refundQty`, else `seatsLeft`). */
  refundQty: z.int(),
  proratedRefundAmount: z.number(),
  /** One-time purchases: staff type the amount; subscriptions: the amount is `proratedRefundAmount`. */
  amountEditable: z.boolean(),
  /**
   * The most `refundAmount` may be for `refundQty` seats (DECISIONS §14): one-time, those seats' share of what remains
   * paid (`(paid − refunded) × refundQty ÷ seatsLeft`, cents rounded down: all seats left → all that remains);
   * subscriptions, `proratedRefundAmount`.
   */
  maxRefundAmount: z.number(),
  /**
   * Every device a refund of `refundQty` seats with the query's `refundDevices` would log out: the chosen ones
   * (`chosen: true`), then the newest while the customer would have more devices of the product than seats.
   */
  devicesToLogOut: z.array(z.extend(enrolledDeviceSchema, { chosen: z.boolean() })),
  /** Whether a refund is possible now, and why not. */
  refundable: z.boolean(),
  notRefundableReason: z.nullable(z.string()),
  refundBy: z.nullable(z.string()),
  expiryAt: z.nullable(z.string()),
  created_at: z.string(),
  /** The customer's enrolled (not logged out) devices of the payment's family. */
  devices: z.array(enrolledDeviceSchema),
});

export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

export const paymentDetailResponseSchema = z.object({ respones_msg: z.string(), data: paymentDetailSchema });

export type PaymentDetailResponse = z.infer<typeof paymentDetailResponseSchema>;

export const refundRequestSchema = z.object({
  id: paymentIdSchema,
  refundQty: z.int({ error: 'must be a whole number' }).check(z.gte(1, { error: 'must be at least 1' })),
  /**
   * Euros, at most two decimals. Subscriptions: must equal the server's figure (or be left out). One-time: exactly what
   * is refunded, at most `maxRefundAmount` of `payments/detail`.
   */
  refundAmount: z.optional(z.nullable(moneyAmountSchema(100_000_000, 'must be an amount'))),
  /** Devices (ids from `payments/detail`) to log out with the refund. */
  refundDevices: z._default(z.array(idOf('device')).check(z.maxLength(1000)), []),
});

export type RefundRequest = z.input<typeof refundRequestSchema>;

export const refundResultSchema = z.object({
  paymentId: z.string(),
  refundId: z.string(),
  status: paymentStatusSchema,
  refundQty: z.int(),
  refundAmount: z.number(),
  refundBy: z.string(),
  /** Device ids logged out: the chosen ones, then the newest while more devices than seats were left. */
  devicesLoggedOut: z.array(z.string()),
  /** True when this answers a refund already made with the same request (idempotent replay). */
  replayed: z.boolean(),
});

export const refundResponseSchema = z.object({ respones_msg: z.string(), data: refundResultSchema });

export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** Refunds (spec 3 §7 `payments/detail`, `payments/refund`; DECISIONS §8 "Refund"). */
export const paymentDetail = staffEndpoint({
  area: 'customerPayments',
  method: 'GET',
  path: '/api/v1/super-admin/payments/detail',
  query: paymentDetailQuerySchema,
  response: paymentDetailResponseSchema,
});

/** Takes an optional `Idempotency-Key` header; without it the key is derived from the request body. */
export const paymentRefund = staffEndpoint({
  area: 'customerPayments',
  method: 'POST',
  path: '/api/v1/super-admin/payments/refund',
  body: refundRequestSchema,
  response: refundResponseSchema,
});

/** DECISIONS §5: approving a reseller request issues the reseller's coupon (money: finance roles). */
export const resellerApprove = staffEndpoint({
  area: 'customerPayments',
  method: 'POST',
  path: `${S}/customers/reseller/approve`,
  body: resellerApproveRequestSchema,
  response: resellerApproveResponseSchema,
});

// ------------------------------------------------------------------------ customer subscriptions (spec 3 §7)

/** An offline payment (DECISIONS §8); an `Idempotency-Key` header makes a retry return the same payment. */
export const offlinePaymentCreate = staffEndpoint({
  area: 'customerPayments',
  method: 'POST',
  path: `${S}/payments/create`,
  body: offlinePaymentRequestSchema,
  response: customerPaymentResponseSchema,
});

export const subscriptionDetail = staffEndpoint({
  area: 'customerPayments',
  method: 'GET',
  path: `${S}/payments/subscription/detail`,
  query: subscriptionDetailQuerySchema,
  response: subscriptionDetailResponseSchema,
});

export const subscriptionUpdate = staffEndpoint({
  area: 'customerPayments',
  method: 'POST',
  path: `${S}/payments/subscription/update`,
  body: subscriptionUpdateRequestSchema,
  response: customerPaymentResponseSchema,
});

export const deviceByProduct = staffEndpoint({
  area: 'customerPayments',
  method: 'GET',
  path: `${S}/payments/deviceByProduct`,
  query: deviceByProductQuerySchema,
  response: deviceByProductResponseSchema,
});

export const deleteDevice = staffEndpoint({
  area: 'customerPayments',
  method: 'DELETE',
  path: `${S}/payments/delete/device`,
  query: deleteDeviceQuerySchema,
  response: deleteDeviceResponseSchema,
});
