import { z } from 'zod/mini';
import { blankAsAbsent, listPaginationSchema } from '../activity.ts';
import {
  emailSchema,
  moneyAmountSchema,
  newPasswordSchema,
  numeric,
  personNameSchema,
  phoneNumberSchema,
  text,
} from '../common.ts';
import { messageSchema, withData } from '../envelope.ts';
import { FAMILIES } from '../plans.ts';
import {
  booleanQuerySchema,
  isExportDataSchema,
  isoDateQuerySchema,
  staffListResponse,
  staffPageQuery,
} from './lists.ts';

/**
 * The back office's customers (spec 3 "Customer list", "Create customer", "Edit customer", "Customer subscriptions";
 * DECISIONS §5 reseller coupons, §8 offline sale and subscription edit). Seat counts come from the licence ledger's
 * per-customer summary; without `product` they sum every family, with it they are that family's.
 */

const uuidOf = (what: string) => z.uuid({ error: `must be a ${what} id` });

/** Spec 3: Source All, Offline (customers created by staff), Online (registered themselves). */
export const CUSTOMER_SOURCES = ['All', 'Offline', 'Online'] as const;
/** Spec 3's Product filter (All, PD, PC, UB, KM, POB); the other families are accepted too. */
export const CUSTOMER_PRODUCTS = ['PD', 'PC', 'UB', 'KM', 'POB'] as const;
/** Reseller requests (DECISIONS §5): asked for in the console and not yet approved, or approved. */
export const RESELLER_STATUSES = ['All', 'Requested', 'Approved'] as const;

/** A dial code however it arrives (`+44`, `44`, or `+44` decoded from a URL as ` 44`), stored as `+44`. */
const dialCodeQuerySchema = blankAsAbsent(
  z.pipe(
    text().check(z.maxLength(16)),
    z.pipe(
      z.transform((v: string) => '+' + v.trim().replace(/^\+/, '')),
      text().check(z.regex(/^\+\d{1,4}(-\d{1,4})?$/, { error: 'must be a dial code such as +44' })),
    ),
  ),
);

export const customerListQuerySchema = z.object({
  /** The start of the email (case-insensitive). */
  email: blankAsAbsent(text().check(z.trim(), z.toLowerCase(), z.maxLength(254))),
  from_date: isoDateQuerySchema,
  to_date: isoDateQuerySchema,
  customerSource: blankAsAbsent(z.enum(CUSTOMER_SOURCES, { error: 'must be All, Offline or Online' })),
  /** Customers with exactly this many purchased (unexpired) seats. */
  purchasedDevices: blankAsAbsent(
    numeric(
      z.coerce
        .number({ error: 'must be a number of devices' })
        .check(z.int({ error: 'must be a whole number' }), z.gte(0, { error: 'must be at least 0' }), z.lte(1_000_000)),
      'must be a number of devices',
    ),
  ),
  countryCode: dialCodeQuerySchema,
  product: blankAsAbsent(
    z.enum(['All', ...FAMILIES], { error: `must be All or one of ${CUSTOMER_PRODUCTS.join(', ')}` }),
  ),
  /** Customers with more purchased seats than devices using them. */
  showUnusedLicense: booleanQuerySchema,
  resellerStatus: blankAsAbsent(z.enum(RESELLER_STATUSES, { error: 'must be All, Requested or Approved' })),
  ...staffPageQuery('standard'),
  isExportData: isExportDataSchema,
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

/** Spec 3 §3 Customer (plus the country code and the reseller flags for the list's badge). */
export const staffCustomerSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  countryCode: z.nullable(z.string()),
  formattedPhoneNumber: z.string(),
  totalPurchasedDevices: z.int(),
  totalUsedDevices: z.int(),
  totalExpiredDevices: z.int(),
  isOfflineCustomer: z.boolean(),
  isResellerModeEnabled: z.boolean(),
  isResellerModeRequestApprove: z.boolean(),
  created_at: z.string(),
});
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

/** Spec 3 §3 Old portal user (the legacy-users table; their logins answer `userExist: 1`). */
export const oldPortalUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  expiration_date: z.nullable(z.string()),
  device_serial_number: z.nullable(z.string()),
});
export type OldPortalUser = z.infer<typeof oldPortalUserSchema>;

export const customerListResponseSchema = z.object({
  ...staffListResponse(staffCustomerSchema).shape,
  /** The first `limit` old portal users (matching the email filter), with their count. */
  oldPortalUsers: z.object({ data: z.array(oldPortalUserSchema), total: z.int() }),
});
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;

/**
 * `customers/create`: an offline customer (DECISIONS §8), email verified, no Buy Plan in the console. They get a
 * welcome email with a link to set their own password (valid 7 days, DECISIONS §14): the password is optional.
 */
export const customerCreateRequestSchema = z.object({
  email: emailSchema,
  password: blankAsAbsent(newPasswordSchema),
  phoneNumber: z._default(phoneNumberSchema, ''),
  /** Optional: the part of the email before `@` when absent. */
  name: blankAsAbsent(personNameSchema),
  countryCode: blankAsAbsent(
    text().check(z.trim(), z.regex(/^\+\d{1,4}(-\d{1,4})?$/, { error: 'must be a dial code such as +44' })),
  ),
});
export type CustomerCreateRequest = z.input<typeof customerCreateRequestSchema>;

/** `customers/update`: name, and a new password when one is given (it ends the customer's sessions). */
export const customerUpdateRequestSchema = z.object({
  customerId: uuidOf('customer'),
  name: personNameSchema,
  password: blankAsAbsent(newPasswordSchema),
});
export type CustomerUpdateRequest = z.input<typeof customerUpdateRequestSchema>;

export const staffCustomerResponseSchema = withData(staffCustomerSchema);

export const resellerApproveRequestSchema = z.object({ customerId: uuidOf('customer') });
export type ResellerApproveRequest = z.input<typeof resellerApproveRequestSchema>;
export const resellerApproveResponseSchema = withData(
  z.object({ customerId: z.string(), resellerCouponCode: z.string() }),
);

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

export const offlinePriceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  identifier: z.string(),
  family: z.string(),
  type: z.enum(['recurring', 'one_time']),
  amount: z.number(),
});
export type OfflinePrice = z.infer<typeof offlinePriceSchema>;

export const customerDetailQuerySchema = z.object({
  customerId: uuidOf('customer'),
  /** Paging of `userSubscriptions` (newest first). */
  ...staffPageQuery('standard'),
});
export type CustomerDetailQuery = z.input<typeof customerDetailQuerySchema>;

const customerDetailFields = {
  customerDetail: staffCustomerSchema,
  userSubscriptions: z.array(customerPaymentSchema),
  userSubscriptionsPagination: listPaginationSchema,
  prices: z.array(offlinePriceSchema),
  totalPurchasedDevices: z.int(),
  totalEnrolledDevices: z.int(),
};
/** Spec 3 names the fields at the top level; `data` carries the same for clients that read it there. */
export const customerDetailResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.object(customerDetailFields),
  ...customerDetailFields,
});
export type CustomerDetailResponse = z.infer<typeof customerDetailResponseSchema>;

/** `payments/create`: an offline payment (DECISIONS §8). `amount` is the total in euro. */
/** The most seats one staff entry (offline sale, seat edit) records. */
export const MAX_STAFF_QTY = 100_000;
/** The largest offline sale, in euros. */
export const MAX_OFFLINE_AMOUNT = 10_000_000;

export const offlinePaymentRequestSchema = z.object({
  customerId: uuidOf('customer'),
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
  customerId: uuidOf('customer'),
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
  id: uuidOf('payment'),
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
  customerId: uuidOf('customer'),
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

export const deleteDeviceQuerySchema = z.object({ id: uuidOf('device') });
export type DeleteDeviceQuery = z.input<typeof deleteDeviceQuerySchema>;
export const deleteDeviceResponseSchema = messageSchema;
