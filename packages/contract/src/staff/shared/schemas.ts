import { z } from 'zod/mini';
import { blankAsAbsent } from '../../activity.ts';
import { idOf, text } from '../../common.ts';
import { paymentRecordShape } from '../../payment-record.ts';
import { booleanQuerySchema, staffPageQuery } from '../lists.ts';

/**
 * The IANA time zone that decides where "today", a week day and a month begin (default UTC). The back office sends
 * the browser's zone.
 */
export const timeZoneSchema = blankAsAbsent(
  text().check(
    z.maxLength(64),
    z.refine(
      (tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      },
      { error: 'must be an IANA time zone such as Europe/London' },
    ),
  ),
);

/** One bar: `key` is the ISO date (week) or the month number 0–11 (month); `label` Sun..Sat or Jan..Dec. */
export const loginBarSchema = z.object({ key: z.union([z.string(), z.int()]), label: z.string(), count: z.int() });

/**
 * The back office's customers (spec 3 "Customer list", "Create customer", "Edit customer", "Customer subscriptions";
 * DECISIONS §5 reseller coupons, §8 offline sale and subscription edit). Seat counts come from the licence ledger's
 * per-customer summary; without `product` they sum every family, with it they are that family's.
 */

/** A payment of the customer (spec 3 §3 Payment record), as the subscriptions page lists it. */
export const customerPaymentSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  priceId: z.object({ _id: z.string(), identifier: z.string() }),
  family: z.string(),
  subscriptionType: z.enum(['recurring', 'one_time']),
  subscriptionReason: z.string(),
  qty: z.int(),
  /** Euro. */
  totalAmount: z.number(),
  currency: z.string(),
  coupon: z.nullable(z.string()),
  status: z.string(),
  message: z.nullable(z.string()),
  expiryAt: z.nullable(z.string()),
  refundBy: z.nullable(z.string()),
  isOfflinePayment: z.boolean(),
  note: z.nullable(z.string()),
  /** The staff member who recorded an offline payment. */
  recordedBy: z.nullable(z.string()),
  created_at: z.string(),
});

export type CustomerPayment = z.infer<typeof customerPaymentSchema>;

/**
 * The back office's device-side pages (spec 3 Devices, Notifications, Audit logs, Power Chat users, Bloatware apps,
 * Customer exports; DECISIONS §8): devices across customers, push notifications to devices with their per-device
 * delivery rows, the deleted-devices audit, the Power Chat users, the bloatware catalogue and the customers' exports.
 */

export const max = (n: number) => z.maxLength(n, { error: `must be at most ${n} characters` });

export const required = z.minLength(1, { error: 'is required' });

/** An email filter: exact customer email, trimmed and lower-cased; blank = no filter. */
export const emailFilterSchema = blankAsAbsent(text().check(z.trim(), z.toLowerCase(), max(254)));

/** Ids sent as a list (`?customers=a&customers=b` or `customers=a,b`); blank = none. */
export const idListQuerySchema = (what: string, maxItems: number) =>
  z.pipe(
    z.transform((v: unknown) => {
      if (v === undefined || v === null || v === '') return undefined;
      const list = Array.isArray(v) ? v : [v];
      return list.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])).filter((x) => x !== '');
    }),
    z.optional(
      z
        .array(idOf(what, `must be ${what} ids`))
        .check(z.maxLength(maxItems, { error: `must name at most ${maxItems}` })),
    ),
  );

/** `fcmToken=true`: only devices the push service (FCM) can wake. */
export const fcmTokenQuerySchema = booleanQuerySchema;

export const ownerSchema = z.nullable(z.object({ _id: z.string(), email: z.string() }));

/**
 * Website content in the back office (spec 3 "Videos", "FAQ", "Blogs", "Contact requests", "Newsletters",
 * "Page-view report"; §7 Content). Blog create/update are multipart forms: their text fields are `blogFieldsSchema`
 * / `blogUpdateFieldsSchema` of the main entry, the image the file part `imageFile`.
 */

export const contentPageQuerySchema = z.object(staffPageQuery());

export type ContentPageQuery = z.input<typeof contentPageQuerySchema>;

export const PAYMENT_SUBSCRIPTION_TYPES = ['recurring', 'one_time'] as const;

export const emailFilter = blankAsAbsent(text().check(z.trim(), z.maxLength(254)));

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
