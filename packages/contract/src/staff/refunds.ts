import { z } from 'zod/mini';
import { moneyAmountSchema, numeric } from '../common.ts';
import { paymentStatusSchema, planTypeSchema } from '../payments.ts';
import { enrolledDeviceSchema } from './customers.ts';
import { idListQuerySchema } from './ops.ts';

/**
 * Refunds (spec 3 "Refund", §7 `payments/detail` and `payments/refund`; DECISIONS §8 "Refund"). Amounts are euros with
 * two decimals, as `totalAmount` everywhere; the server computes them in cents.
 *
 * proratedRefundAmount = paid × remaining days ÷ period days × refundQty ÷ qty (cents, rounded down), never more than
 * what remains paid after earlier refunds. The period is the payment's own: from its success to its `expiryAt`;
 * remaining days count a started day as remaining (a refund on the day of purchase is the full amount).
 */

const paymentIdSchema = z.uuid({ error: 'must be a payment id' });

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
  refundDevices: z._default(z.array(z.uuid({ error: 'must be a device id' })).check(z.maxLength(1000)), []),
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
