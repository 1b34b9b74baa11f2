import { z } from 'zod/mini';
import { blankAsAbsent, listPaginationSchema } from '../activity.ts';
import { emailSchema, idOf, newPasswordSchema, numeric, personNameSchema, phoneNumberSchema, text } from '../common.ts';
import { messageSchema, withData } from '../envelope.ts';
import { FAMILIES } from '../plans.ts';
import { MEMBER_ROLES } from '../team.ts';
import {
  booleanQuerySchema,
  isExportDataSchema,
  isoDateQuerySchema,
  staffListResponse,
  staffPageQuery,
} from './lists.ts';
import { customerPaymentSchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

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
  /** Disabled by staff: no sign-in, no session, no device token (issue 24). */
  isDisabled: z.boolean(),
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

/**
 * `customers/update`: name, and a new password when one is given. Only a SuperAdmin may set a password (DECISIONS §8,
 * issue 24 M2: others get 403 and send a reset link instead); it emails the customer and ends their sessions and
 * reset links.
 */
export const customerUpdateRequestSchema = z.object({
  customerId: idOf('customer'),
  name: personNameSchema,
  password: blankAsAbsent(newPasswordSchema),
});

export type CustomerUpdateRequest = z.input<typeof customerUpdateRequestSchema>;

/** `customers/sendResetLink`: starts the customer's own reset-password flow (the roles that may not set a password). */
export const customerResetLinkRequestSchema = z.object({ customerId: idOf('customer') });

export type CustomerResetLinkRequest = z.input<typeof customerResetLinkRequestSchema>;

/** `customers/disable`: `disabled: true` ends the customer's sessions and revokes their devices' tokens at once. */
export const customerDisableRequestSchema = z.object({
  customerId: idOf('customer'),
  disabled: z.boolean({ error: 'must be true or false' }),
});

export type CustomerDisableRequest = z.input<typeof customerDisableRequestSchema>;

export const staffCustomerResponseSchema = withData(staffCustomerSchema);

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
  customerId: idOf('customer'),
  /** Paging of `userSubscriptions` (newest first). */
  ...staffPageQuery('standard'),
});

export type CustomerDetailQuery = z.input<typeof customerDetailQuerySchema>;

/** A person of the customer's account (DECISIONS §12), as the back office's customer detail lists them. */
export const staffCustomerMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** The account's registrant (its first Owner, whose email is the account's). */
  registrant: z.boolean(),
  /** How many groups the member is limited to; null: every group ("All groups"). */
  groupCount: z.nullable(z.int()),
  /** The member's last sign-in (a staff login-as does not count); null: never. */
  lastSignInAt: z.nullable(z.string()),
});

export type StaffCustomerMember = z.infer<typeof staffCustomerMemberSchema>;

const customerDetailFields = {
  customerDetail: staffCustomerSchema,
  userSubscriptions: z.array(customerPaymentSchema),
  userSubscriptionsPagination: listPaginationSchema,
  prices: z.array(offlinePriceSchema),
  totalPurchasedDevices: z.int(),
  totalEnrolledDevices: z.int(),
  /** The account's members, oldest first (DECISIONS §12; issue 27 added it). */
  members: z.array(staffCustomerMemberSchema),
  /** Invitations to the account not yet accepted, revoked or expired. */
  pendingInvites: z.int(),
};

/** Spec 3 names the fields at the top level; `data` carries the same for clients that read it there. */
export const customerDetailResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.object(customerDetailFields),
  ...customerDetailFields,
});

export type CustomerDetailResponse = z.infer<typeof customerDetailResponseSchema>;

// ---------------------------------------------------------------------------------------- customers (spec 3 §7)

/** `isExportData=true` answers `customers.csv`. */
export const customerList = staffEndpoint({
  area: 'customers',
  method: 'GET',
  path: `${S}/customers/list`,
  query: customerListQuerySchema,
  response: customerListResponseSchema,
});

export const customerCreate = staffEndpoint({
  area: 'customers',
  method: 'POST',
  path: `${S}/customers/create`,
  body: customerCreateRequestSchema,
  response: staffCustomerResponseSchema,
});

export const customerUpdate = staffEndpoint({
  area: 'customers',
  method: 'POST',
  path: `${S}/customers/update`,
  body: customerUpdateRequestSchema,
  response: staffCustomerResponseSchema,
});

export const customerSendResetLink = staffEndpoint({
  area: 'customers',
  method: 'POST',
  path: `${S}/customers/sendResetLink`,
  body: customerResetLinkRequestSchema,
  response: messageSchema,
});

export const customerDisable = staffEndpoint({
  area: 'customers',
  method: 'POST',
  path: `${S}/customers/disable`,
  body: customerDisableRequestSchema,
  response: staffCustomerResponseSchema,
});

export const customerDetail = staffEndpoint({
  area: 'customers',
  method: 'GET',
  path: `${S}/customers/detail`,
  query: customerDetailQuerySchema,
  response: customerDetailResponseSchema,
});
