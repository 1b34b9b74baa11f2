import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Family, MemberRole } from '@fleetdeck/contract';
import type { StaffRole } from '@fleetdeck/contract/staff';
import type { ActorKind } from '../lib/actor.ts';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Secrets generated once per installation and shared by every process (link encryption, QR). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Customers: the fleet admins of spec 1. Emails are stored lower-cased. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** E.164 (`+447700900123`, DECISIONS §14) or ''; a number stored before E.164 that could not be converted stays as typed. */
    phoneNumber: text('phone_number').notNull().default(''),
    /** The dial code chosen with the number (`+44`, `+1-684`), or null. */
    countryCode: text('country_code'),
    /** ISO 3166 alpha-2 country of the phone number (or of the dial code): the payment dashboard's countries. */
    country: text('country'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    twoStepEnabled: boolean('two_step_enabled').notNull().default(false),
    isOfflineCustomer: boolean('is_offline_customer').notNull().default(false),
    resellerModeEnabled: boolean('reseller_mode_enabled').notNull().default(false),
    resellerModeApproved: boolean('reseller_mode_approved').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    stripePlanId: text('stripe_plan_id'),
    subscriptionExpireAt: timestamp('subscription_expire_at', { withTimezone: true }),
    /** Devices enrol with this token (inside the login QR). Looked up by hash; kept encrypted to redraw the QR. */
    enrolmentTokenHash: text('enrolment_token_hash').notNull(),
    enrolmentTokenEnc: text('enrolment_token_enc').notNull(),
    /** Optional limits of the enrolment token set on Update Profile (issue 12, item 4): an end and a number of uses. */
    enrolmentTokenExpiresAt: timestamp('enrolment_token_expires_at', { withTimezone: true }),
    enrolmentTokenMaxUses: integer('enrolment_token_max_uses'),
    /** Random key in the QR image URL, so an <img> can load it without the session token. */
    loginQrKey: text('login_qr_key').notNull(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: timestamp('failed_login_window_start', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The buyer on invoices and credit notes (issue 22, DECISIONS §14), set on Update Profile. */
    billingCompany: text('billing_company').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    billingTaxId: text('billing_tax_id').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_uq').on(t.email),
    uniqueIndex('customers_enrolment_token_hash_uq').on(t.enrolmentTokenHash),
    uniqueIndex('customers_login_qr_key_uq').on(t.loginQrKey),
    // Stripe events name the customer by its Stripe id (payment_method.attached).
    index('customers_stripe_customer_idx')
      .on(t.stripeCustomerId)
      .where(sql`${t.stripeCustomerId} is not null`),
    index('customers_created_at_idx').on(t.createdAt, t.id),
    // The back office's customer list: email prefix, Source = Offline, country code, reseller requests.
    index('customers_email_prefix_idx').using('btree', t.email.op('text_pattern_ops')),
    index('customers_offline_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isOfflineCustomer}`),
    index('customers_country_created_idx').on(t.countryCode, t.createdAt, t.id),
    index('customers_reseller_requests_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.resellerModeEnabled} and not ${t.resellerModeApproved}`),
  ],
);

/**
 * Enrolments that took a seat with a customer's current enrolment token (issue 12, item 4; a rotation starts again at
 * 0). Kept out of `customers` (issue 14, bulk enrolment): every new device's rows reference the customer (foreign-key
 * checks read that row), so a counter updated by every enrolment made each of those checks walk its fresh versions.
 * One row per customer, for the token whose hash it names; no row, or another token's hash, means 0.
 */
export const enrolmentTokenCounters = pgTable('enrolment_token_counters', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  uses: integer('uses').notNull().default(0),
});

/** Back-office staff: a separate realm from customers. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: timestamp('failed_login_window_start', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_users_email_uq').on(t.email)],
);

/** Bearer sessions of both realms. Only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    realm: text('realm', { enum: ['customer', 'staff'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** Login-as (DECISIONS §8): a customer session opened by this staff member (time-limited, some calls refused). */
    impersonatorId: uuid('impersonator_id'),
    /** The person of the account signed in (DECISIONS §12); null on sessions older than the team (the registrant). */
    memberId: uuid('member_id'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_subject_idx')
      .on(t.realm, t.subjectId)
      .where(sql`${t.revokedAt} is null`),
    // Login-as sessions still open, by the staff member behind them (ended with that person's credentials).
    index('sessions_impersonator_idx')
      .on(t.impersonatorId)
      .where(sql`${t.impersonatorId} is not null and ${t.revokedAt} is null`),
    // A member's open sessions (removal and a password change end them).
    index('sessions_member_idx')
      .on(t.memberId)
      .where(sql`${t.memberId} is not null and ${t.revokedAt} is null`),
  ],
);

/** Two-step email codes: hashed, short-lived, single use, limited tries. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    realm: text('realm', { enum: ['customer', 'staff'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_subject_idx').on(t.realm, t.subjectId, t.createdAt)],
);

/** Nonces of emailed links (verification, reset): a link works once. */
export const linkNonces = pgTable(
  'link_nonces',
  {
    nonce: text('nonce').primaryKey(),
    purpose: text('purpose').notNull(),
    subjectId: uuid('subject_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('link_nonces_subject_idx').on(t.subjectId, t.purpose)],
);

/** Users of the old portal ("old portal users" of the back office); their logins answer userExist: 1. */
export const legacyUsers = pgTable(
  'legacy_users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    expirationDate: timestamp('expiration_date', { withTimezone: true }),
    deviceSerialNumber: text('device_serial_number'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('legacy_users_email_uq').on(t.email)],
);

/**
 * An audit row that counts as a login on the admin dashboard (DECISIONS §8): a customer's console login (Web) or an
 * app's sign-in, i.e. a device enrolment (App). Raw SQL over the column names so indexes can use it as their predicate.
 */
export const AUDIT_LOGIN_ROW = sql`((type = 'User Account' and sub_type = 'Login') or (type = 'Device' and sub_type = 'Enrol'))`;

/**
 * Audit trail of every customer action and device event (spec 2 §5). Grows to 100M rows:
 * keyset pages on (created_at, id) per customer, with the filters' columns leading the indexes.
 * Partitioned by month of created_at (issue 14; `db/partitions.ts`, migration `partitions`): the table is created by
 * hand-written SQL, this describes its columns and indexes; the primary key includes the partition key.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** The email at the time of the event: failed logins of unknown emails are audited too. */
    email: text('email'),
    type: text('type').notNull(),
    subType: text('sub_type').notNull(),
    message: text('message').notNull(),
    source: text('source', { enum: ['Web', 'App'] }).notNull(),
    hasError: boolean('has_error').notNull().default(false),
    ip: text('ip'),
    /** Who did it (DECISIONS §8): a staff action on a customer's data names the staff member. */
    actorKind: text('actor_kind').$type<ActorKind>(),
    actorId: uuid('actor_id'),
    /**
     * The device a Device or Profile row is about, or the group (DECISIONS §12: a group-scoped member's list shows
     * such a row only when that device is in their groups now, or that group is theirs). No foreign keys: a row
     * outlives its device, and then shows to no scoped member.
     */
    deviceId: uuid('device_id'),
    groupId: uuid('group_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'audit_entries_pkey', columns: [t.id, t.createdAt] }),
    index('audit_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('audit_customer_type_idx').on(t.customerId, t.type, t.subType, t.createdAt, t.id),
    // The Source and Status filters of the audit log page each lead their own keyset index.
    index('audit_customer_source_created_idx').on(t.customerId, t.source, t.createdAt, t.id),
    index('audit_customer_error_created_idx').on(t.customerId, t.hasError, t.createdAt, t.id),
    // Every filter at once (type, sub-type, source, status): one range of this index, empty or in page order.
    index('audit_customer_filters_idx').on(t.customerId, t.type, t.subType, t.source, t.hasError, t.createdAt, t.id),
    index('audit_type_created_idx').on(t.type, t.subType, t.createdAt),
    // A staff member's own trail (what they did, on whose data).
    index('audit_actor_created_idx')
      .on(t.actorId, t.createdAt)
      .where(sql`${t.actorId} is not null`),
    // The back office's login history (users/dashboardHistory) across customers: its own partial indexes.
    index('audit_logins_created_idx').on(t.createdAt, t.id).where(AUDIT_LOGIN_ROW),
    index('audit_logins_source_error_idx').on(t.source, t.hasError, t.createdAt, t.id).where(AUDIT_LOGIN_ROW),
    // Status without Source (hasError alone): its own order, so a page and the capped count read only matching rows.
    index('audit_logins_error_created_idx').on(t.hasError, t.createdAt, t.id).where(AUDIT_LOGIN_ROW),
    index('audit_logins_email_idx').on(t.email, t.createdAt, t.id).where(AUDIT_LOGIN_ROW),
  ],
);

/**
 * Outgoing email. A pg-boss job carries only the row id; the body is wiped once sent,
 * so codes and links do not linger in the database.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_status_idx').on(t.status, t.createdAt)],
);

/** Shared fixed-window counters for rate limits, so several API processes agree. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_window_idx').on(t.windowStart)],
);

/**
 * Failed sign-ins of one account from one client address (DECISIONS §4, db/account-lockout.ts): attempts numbered in a
 * 15-minute window; the 10th wrong one locks that address out of that account until `locked_until`.
 */
export const loginAddressFailures = pgTable(
  'login_address_failures',
  {
    realm: text('realm').$type<'customer' | 'staff'>().notNull(),
    accountId: uuid('account_id').notNull(),
    /** `addressKey` of the client address: IPv4 as is, IPv6 by its /64. */
    address: text('address').notNull(),
    attempts: integer('attempts').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.realm, t.accountId, t.address] }),
    index('login_address_failures_window_idx').on(t.windowStart),
  ],
);

/** The plan catalogue (DECISIONS §1), seeded from `catalogue.json` at start. */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    family: text('family').$type<Family>().notNull(),
    type: text('type', { enum: ['recurring', 'one_time'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('eur'),
    interval: text('interval'),
    intervalCount: integer('interval_count').notNull().default(1),
    features: jsonb('features').$type<{ text: string; checked: boolean }[]>().notNull().default([]),
    apkLink: text('apk_link').notNull().default(''),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    providerPriceId: text('provider_price_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('plans_identifier_uq').on(t.identifier)],
);

/**
 * Payment records ("subscriptions" in the old system's words): one row per checkout attempt, renewal or
 * offline sale. Grows to 10M rows: history pages per customer on (customer_id, created_at, id).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    planIdentifier: text('plan_identifier').notNull(),
    family: text('family').$type<Family>().notNull(),
    productName: text('product_name').notNull(),
    subscriptionType: text('subscription_type', { enum: ['recurring', 'one_time'] }).notNull(),
    /** subscription_create, subscription_update, subscription_cycle, onetime, offline. */
    subscriptionReason: text('subscription_reason').notNull(),
    qty: integer('qty').notNull(),
    unitAmount: numeric('unit_amount', { precision: 12, scale: 2 }).notNull(),
    discountAmount: numeric('discount_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    totalAmount: numeric('total_amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('eur'),
    couponCode: text('coupon_code'),
    status: text('status', { enum: ['Pending', 'Success', 'Failed', 'Refunded', 'Partially refunded'] })
      .notNull()
      .default('Pending'),
    message: text('message'),
    /** The provider's last payment error code (e.g. card_declined), shown on failed rows. */
    errorCode: text('error_code'),
    /** { type, card?: { brand, last4, wallet?: { type } } } as the provider reported it. */
    paymentMethod: jsonb('payment_method').$type<PaymentMethodSnapshot | null>(),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'offline'] }).notNull(),
    /** PaymentIntent id (one-time) or invoice id (subscriptions) at the provider. */
    providerRef: text('provider_ref'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The browser's Idempotency-Key: the same key gives the same payment. */
    idempotencyKey: text('idempotency_key'),
    expiryAt: timestamp('expiry_at', { withTimezone: true }),
    isOfflinePayment: boolean('is_offline_payment').notNull().default(false),
    note: text('note'),
    refundBy: text('refund_by'),
    /**
     * What succeeded refunds took (DECISIONS §14), kept by `applyRefund` in the refund's transaction so lists and the
     * CSV read them without aggregating `payment_refunds`.
     */
    refundedAmount: numeric('refunded_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    refundedQty: integer('refunded_qty').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** `INV-<year>-<6 digits>`, taken in the transaction that marks the payment Success (`invoices/numbering.ts`). */
    invoiceNumber: text('invoice_number'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_invoice_number_uq')
      .on(t.invoiceNumber)
      .where(sql`${t.invoiceNumber} is not null`),
    index('payments_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('payments_customer_plan_created_idx').on(t.customerId, t.planIdentifier, t.createdAt, t.id),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    // Staff payment lists (modules/staff/payment-history, upcoming-expire, payment-errors): the history's sort and each filter, newest first.
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_plan_created_idx').on(t.planIdentifier, t.createdAt, t.id),
    index('payments_coupon_created_idx')
      .on(t.couponCode, t.createdAt, t.id)
      .where(sql`${t.couponCode} is not null`),
    index('payments_method_created_idx').on(
      sql`(coalesce(${t.paymentMethod} -> 'card' -> 'wallet' ->> 'type', ${t.paymentMethod} ->> 'type'))`,
      t.createdAt,
      t.id,
    ),
    // A customer's Success payments by expiry: the upcoming-expiry list's email filter reads one range of it.
    index('payments_success_customer_idx')
      .on(t.customerId, t.expiryAt, t.id)
      .where(sql`${t.status} = 'Success'`),
    index('payments_success_coupon_idx')
      .on(t.couponCode)
      .where(sql`${t.status} = 'Success' and ${t.couponCode} is not null`),
    index('payments_offline_expiry_idx')
      .on(t.expiryAt, t.id)
      .where(sql`${t.status} = 'Success' and ${t.isOfflinePayment} and ${t.expiryAt} is not null`),
    index('payments_success_expiry_idx')
      .on(t.expiryAt, t.id)
      .where(sql`${t.status} = 'Success' and ${t.expiryAt} is not null`),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    uniqueIndex('payments_idempotency_uq').on(t.customerId, t.idempotencyKey),
  ],
);

export interface PaymentMethodSnapshot {
  type: string;
  card?: { brand: string; last4: string; wallet?: { type: string } | null } | null;
}

/**
 * Recurring subscriptions: one per customer and recurring plan. `quantity` seats renew each period;
 * the provider's subscription id links its events here.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    family: text('family').$type<Family>().notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'offline'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    providerItemId: text('provider_item_id'),
    quantity: integer('quantity').notNull().default(0),
    status: text('status', { enum: ['incomplete', 'active', 'past_due', 'canceled'] })
      .notNull()
      .default('incomplete'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    couponCode: text('coupon_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_customer_plan_uq').on(t.customerId, t.planId),
    uniqueIndex('subscriptions_provider_uq').on(t.provider, t.providerSubscriptionId),
    // A price change's subscribers (staff pricing: the count in the confirmation, the emails and Stripe moves).
    index('subscriptions_plan_live_idx')
      .on(t.planId, t.id)
      .where(sql`${t.status} in ('active', 'past_due')`),
  ],
);

/**
 * The licence ledger (DECISIONS §5): every successful payment adds seats of a family until `expires_at`.
 * Purchased = sum of seats not expired and not revoked (refund). Renewals move `expires_at` of the
 * subscription's grants. Exactly one grant per payment (unique), so a replayed event adds nothing.
 */
export const licenceGrants = pgTable(
  'licence_grants',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    family: text('family').$type<Family>().notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    seats: integer('seats').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('licence_grants_payment_uq').on(t.paymentId),
    index('licence_grants_customer_family_idx').on(t.customerId, t.family, t.expiresAt),
    index('licence_grants_subscription_idx').on(t.subscriptionId),
  ],
);

/** Saved payment methods, mirrored from the provider (sandbox keeps its cards only here). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    /** pm_… at the provider; what the API calls `id`/`pmId`. */
    providerPmId: text('provider_pm_id').notNull(),
    type: text('type').notNull().default('card'),
    card: jsonb('card').$type<{
      brand: string;
      country: string;
      exp_month: number;
      exp_year: number;
      last4: string;
      /** Sandbox provider only: which Stripe test-card outcome this card has (never shown). */
      sandboxOutcome?: string;
    } | null>(),
    paypal: jsonb('paypal').$type<{ country: string; payer_email: string; payer_id: string } | null>(),
    isDefault: boolean('is_default').notNull().default(false),
    detachedAt: timestamp('detached_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_pm_uq').on(t.provider, t.providerPmId),
    index('payment_methods_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/** Percent-off coupons. A reseller's personal coupon has `reseller_customer_id` and gives buyers 10%. */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    percentOff: numeric('percent_off', { precision: 5, scale: 2 }).notNull(),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    resellerCustomerId: uuid('reseller_customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    providerCouponId: text('provider_coupon_id'),
    /** The plan identifiers the coupon is valid for; null: every plan (DECISIONS §14 "Coupons"). */
    planIdentifiers: text('plan_identifiers').array(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupons_code_uq').on(t.code), index('coupons_reseller_idx').on(t.resellerCustomerId)],
);

/** Provider events already handled (Stripe and sandbox): each event id is processed once. */
export const providerEvents = pgTable('provider_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  /** When the provider created the event: older events than the state they touch are ignored. */
  eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox provider's own state: what Stripe keeps for PaymentIntents (and the invoice of a subscription
 * payment). Only the hash of the client secret is stored.
 */
export const sandboxIntents = pgTable(
  'sandbox_intents',
  {
    id: text('id').primaryKey(),
    clientSecretHash: text('client_secret_hash').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** payment_intent (one-time) or invoice (subscription create/update). */
    kind: text('kind', { enum: ['payment_intent', 'invoice'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    status: text('status', { enum: ['requires_payment_method', 'processing', 'succeeded', 'failed'] })
      .notNull()
      .default('requires_payment_method'),
    providerPmId: text('provider_pm_id'),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_intents_secret_uq').on(t.clientSecretHash)],
);

/** ALTCHA payloads already accepted: a solved captcha works once. Swept after expiry. */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_uses_expires_idx').on(t.expiresAt)],
);

/**
 * Enrolled devices: one row per app installation on a physical device (customer, family, serial number), which
 * is one seat of that family while not logged out (the licence ledger counts these). The device authenticates
 * with its own token (`authorization: Device <token>`, only the hash is stored); logout revokes it and frees the seat.
 */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    family: text('family').$type<Family>().notNull(),
    /** The app's name as it enrolled (a plan code: PD, PDOT, SL…). */
    appName: text('app_name').notNull().default(''),
    serialNumber: text('serial_number').notNull(),
    deviceName: text('device_name').notNull().default(''),
    tokenHash: text('token_hash'),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }),
    appVersionCode: text('app_version_code').notNull().default(''),
    appInstallationDate: timestamp('app_installation_date', { withTimezone: true }),
    batteryLevel: integer('battery_level'),
    deviceModel: text('device_model').notNull().default(''),
    osVersion: text('os_version').notNull().default(''),
    localIpAddress: text('local_ip_address').notNull().default(''),
    macAddress: text('mac_address').notNull().default(''),
    location: jsonb('location').$type<{ latitude: number; longitude: number; accuracy?: number } | null>(),
    /** The app's FCM registration token (optional push "wake" tickle); cleared when FCM says it is dead. */
    fcmToken: text('fcm_token'),
    /** Rows of its inventory (`device_applications`), kept by `PUT applications`: the customer's quota sums these. */
    inventoryCount: integer('inventory_count').notNull().default(0),
    /** What the app reported it can do (DECISIONS §11, `POST enrol`/`POST status`); null: never reported. */
    capabilities: text('capabilities').array(),
    /** Lost mode while on: set by a succeeded `lost_mode {enabled: true}`, cleared by `{enabled: false}`. */
    lostMode: jsonb('lost_mode').$type<{ message: string | null; phone: string | null; since: string } | null>(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    loggedOutAt: timestamp('logged_out_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('devices_customer_family_idx')
      .on(t.customerId, t.family)
      .where(sql`${t.loggedOutAt} is null`),
    index('devices_customer_enrolled_idx').on(t.customerId, t.enrolledAt),
    uniqueIndex('devices_customer_serial_family_uq').on(t.customerId, t.family, t.serialNumber),
    uniqueIndex('devices_token_hash_uq').on(t.tokenHash),
    // Enrolled devices by id with their customer: the device list's capped counts join profiles to it index-only.
    index('devices_enrolled_id_idx')
      .on(t.id, t.customerId)
      .where(sql`${t.loggedOutAt} is null`),
    // The back office's device lists across customers (all, and by customer), newest first; enrolled devices only.
    index('devices_enrolled_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.loggedOutAt} is null`),
    index('devices_customer_enrolled_created_idx')
      .on(t.customerId, t.createdAt, t.id)
      .where(sql`${t.loggedOutAt} is null`),
    // The notification device picker's "with push token" filter (bench/explain-devices.ts: a sequential scan without).
    index('devices_push_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.loggedOutAt} is null and ${t.fcmToken} is not null`),
  ],
);

/**
 * The policy profile of one device and app (spec 2 §3): `name` = serial number, `profile_name` = device name.
 * `settings` holds the profile fields of spec 2 §3 (pin, advancedSettings, blockUrl, blockFileUrl, profileFiles,
 * keyMapper, powerCleanerSettings, power-on-boot and kiosk fields). `policy_version` moves only on Apply; the
 * device reports the version it applied.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    profileName: text('profile_name').notNull().default(''),
    appName: text('app_name').notNull(),
    family: text('family').$type<Family>().notNull(),
    profileCounter: integer('profile_counter').notNull().default(0),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** The policy document frozen at the last Apply (what GET policy serves). */
    policy: jsonb('policy').$type<Record<string, unknown>>().notNull().default({}),
    policyVersion: integer('policy_version').notNull().default(0),
    appliedPolicyVersion: integer('applied_policy_version'),
    appliedResult: text('applied_result', { enum: ['Success', 'Failed'] }),
    appliedMessage: text('applied_message'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** The device group (DECISIONS §10): at most one; the group's deletion leaves the device ungrouped. */
    groupId: uuid('group_id').references((): AnyPgColumn => deviceGroups.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_device_uq').on(t.deviceId),
    // A group's devices (group page, rollouts, bulk actions), keyset on (created_at, id) like the device list.
    index('profiles_group_created_idx')
      .on(t.groupId, t.createdAt, t.id)
      .where(sql`${t.groupId} is not null`),
    // A group's capped device count (profile/list?groupId=): an index-only scan in device order, merge-joined with
    // devices_enrolled_id_idx (bench/fleet.ts: 198 ms on the heaps of a 600,000-device group without the two).
    index('profiles_group_device_idx')
      .on(t.groupId, t.customerId, t.deviceId)
      .where(sql`${t.groupId} is not null`),
    index('profiles_customer_app_created_idx').on(t.customerId, t.appName, t.createdAt, t.id),
    index('profiles_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('profiles_customer_name_idx').on(t.customerId, t.name, t.id),
  ],
);

/**
 * The device's application inventory (spec 2 "Device application"), replaced by `PUT applications`.
 * `desired_disable` is the console's choice for the app (null: leave as is); it goes into the policy.
 */
export const deviceApplications = pgTable(
  'device_applications',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    packageName: text('package_name').notNull(),
    appName: text('app_name').notNull().default(''),
    appDisable: boolean('app_disable').notNull().default(false),
    desiredDisable: boolean('desired_disable'),
    appIcon: text('app_icon').notNull().default(''),
    versionNumber: text('version_number').notNull().default(''),
    /** Installed or Uninstalled. */
    appStatus: text('app_status').notNull().default('Installed'),
    /** 1 = system app (spec 2 §9). */
    applicationType: smallint('application_type').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.packageName] })],
);

/**
 * Device activity (spec 2 "Device log"): enrolment, applies, reports the apps send. Grows to 100M rows:
 * keyset pages per customer on (created_at, id), with the serial-number filter leading its own index.
 * Partitioned by month of created_at like audit_entries (see there).
 */
export const deviceLogs = pgTable(
  'device_logs',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    serialNumber: text('serial_number').notNull(),
    deviceName: text('device_name').notNull().default(''),
    deviceActivity: text('device_activity').notNull(),
    activityResult: text('activity_result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'device_logs_pkey', columns: [t.id, t.createdAt] }),
    index('device_logs_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('device_logs_customer_serial_created_idx').on(t.customerId, t.serialNumber, t.createdAt, t.id),
  ],
);

/** Per-device queue of notifications and commands, acknowledged as delivered and opened. */
export const deviceMessages = pgTable(
  'device_messages',
  {
    id: id(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['notification', 'command'] }).notNull(),
    /** notification: { title, body, data? }; command: { command: 'sync_applications' | …, args? }. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The staff notification this delivery row belongs to (DECISIONS §8), null for the console's own messages. */
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    /** Handed out before anything else pending for the device (DECISIONS §11: `lock` and `lost_mode`). */
    urgent: boolean('urgent').notNull().default(false),
  },
  (t) => [
    // GET events hands out a device's pending messages urgent first, then oldest first: this order.
    index('device_messages_pending_idx')
      .on(t.deviceId, t.urgent.desc(), t.createdAt, t.id)
      .where(sql`${t.deliveredAt} is null`),
    // The notification detail page: a notification's delivery rows, keyset on id.
    index('device_messages_notification_idx')
      .on(t.notificationId, t.id)
      .where(sql`${t.notificationId} is not null`),
  ],
);

/** {product} backups of disabled apps that devices upload (spec 2 "Export"); restored onto another profile. */
export const deviceExports = pgTable(
  'device_exports',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    exportName: text('export_name').notNull(),
    serialNumber: text('serial_number').notNull(),
    appName: text('app_name').notNull(),
    disabledApplications: jsonb('disabled_applications').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('device_exports_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    // The back office's exports list across customers.
    index('device_exports_created_idx').on(t.createdAt, t.id),
    // The quota of exports per device (issue 12, item 5).
    index('device_exports_device_idx').on(t.deviceId),
  ],
);

/** The policy versions a profile's device acknowledged: one ack per version (issue 12, item 5). */
export const policyAcks = pgTable(
  'policy_acks',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.version] })],
);

/**
 * Power Chat users (spec 2 "Chat user"): each one not deleted is a seat of PCHAT. `user_id` is the sign-in name of
 * the Power Chat app (lower-case, unique among users not deleted); only the password's scrypt hash is stored.
 */
export const chatUsers = pgTable(
  'chat_users',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    userId: text('user_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    addToGlobalPull: boolean('add_to_global_pull').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_users_customer_idx')
      .on(t.customerId, t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    // A deleted user's sign-in name may be given to a new user.
    uniqueIndex('chat_users_user_id_uq')
      .on(t.userId)
      .where(sql`${t.deletedAt} is null`),
    // The back office's Power Chat users across customers, newest first.
    index('chat_users_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Login counts of the admin dashboard by 15-minute bucket (UTC start), source and outcome: a rollup of the audit rows
 * that count as logins, kept current by the `rollup.logins` job, so the dashboard never scans the audit table.
 * Fifteen minutes divide every time zone's offset, so any zone's days and months are exact sums of buckets.
 */
export const loginCounts = pgTable(
  'login_counts',
  {
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['Web', 'App'] }).notNull(),
    hasError: boolean('has_error').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.source, t.hasError] })],
);

/** How far each rollup has read its source table (the last id included). */
export const rollupWatermarks = pgTable('rollup_watermarks', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------
// Invoices and credit notes (issue 22, DECISIONS §14).

/**
 * The last number given per document kind and year: one row per (kind, year), incremented under its row lock in the
 * transaction of the payment or refund it numbers, so numbers are neither reused nor skipped (a rollback gives the
 * number back with everything else).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind', { enum: ['INV', 'CN'] }).notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/** A credit note per succeeded refund (`CN-<year>-<6 digits>`), correcting its payment's invoice. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    number: text('number').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => paymentRefunds.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    qty: integer('qty').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_uq').on(t.number),
    uniqueIndex('credit_notes_refund_uq').on(t.refundId),
    index('credit_notes_payment_idx').on(t.paymentId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Refunds (issue 10 item 8; DECISIONS §8 "Refund").

/**
 * Refunds of a payment: staff refunds (`payments/refund`) and refunds or disputes made at the provider (Stripe's
 * dashboard, `charge.refunded` / `charge.dispute.created`). A staff refund is reserved `pending` before the provider
 * is called and completed after (issue 12: no provider call inside a transaction); pending and succeeded rows count
 * against what remains of the payment. `(payment_id, idempotency_key)` is unique: the same refund twice is one row.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the key was given for (a hash of the request): the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    source: text('source', { enum: ['staff', 'provider_refund', 'provider_dispute'] }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    qty: integer('qty').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** Device ids chosen by staff to log out with the refund. */
    deviceIds: jsonb('device_ids').$type<string[]>().notNull().default([]),
    /** Subscriptions: the provider quantity after the refund (0 = the subscription is cancelled). */
    newSubscriptionQuantity: integer('new_subscription_quantity'),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'offline'] }).notNull(),
    providerRefundId: text('provider_refund_id'),
    /** Staff email, or "Stripe" for refunds and disputes made at the provider. */
    refundBy: text('refund_by').notNull(),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** Device ids the refund logged out (chosen and newest over the seats). */
    devicesLoggedOut: jsonb('devices_logged_out').$type<string[]>().notNull().default([]),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_key_uq').on(t.paymentId, t.idempotencyKey),
    index('payment_refunds_payment_idx').on(t.paymentId, t.status),
    // The recovery sweep: refunds left pending by a crash between the provider call and the commit.
    index('payment_refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// ------------------------------------------------------------------------------------------------------------------
// Website content (spec 3 "Videos", "FAQ", "Blogs", "Contact requests", "Newsletters"; DECISIONS §9).
// ------------------------------------------------------------------------------------------------------------------

/** A video of the public site (http(s) link; YouTube and Vimeo links are embedded there). */
export const videos = pgTable(
  'videos',
  {
    id: id(),
    title: text('title').notNull(),
    link: text('link').notNull(),
    createdBy: uuid('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('videos_created_idx').on(t.createdAt, t.id)],
);

/** An FAQ entry; `answer` is HTML already through the server's sanitiser. New entries are Active. */
export const faqs = pgTable(
  'faqs',
  {
    id: id(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('faqs_created_idx').on(t.createdAt, t.id)],
);

/** A blog post; `long_description` is sanitised HTML, `image` a server-generated file name under upload/blog. */
export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    title: text('title').notNull(),
    shortDescription: text('short_description').notNull(),
    longDescription: text('long_description').notNull(),
    category: text('category').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    author: text('author').notNull(),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blogs_created_idx').on(t.createdAt, t.id)],
);

/** A message of the public contact form. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt, t.id)],
);

/**
 * A newsletter subscriber: one row per (lower-case) email. Double opt-in (DECISIONS §9): a row is listed and exported
 * only once `confirmedAt` is set by the emailed link; the link's token is kept only as its SHA-256.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_uq').on(t.email),
    uniqueIndex('newsletter_subscribers_confirm_token_uq').on(t.confirmTokenHash),
    index('newsletter_subscribers_created_idx').on(t.createdAt, t.id),
  ],
);

// ================================================================================== customers (back office, issue 10)

/**
 * Seat totals per customer and family, plus one `ALL` row per customer (every family summed): the licence ledger's
 * figures kept current in the transactions that change grants or devices (`licences/seats.ts refreshSeatSummary`) and
 * by the `seats.sweep` job when seats expire (`next_expiry_at`). The back office's customer list filters and sorts on
 * these rows (purchased devices, unused licences, product) instead of counting grants and devices per customer.
 * `customer_created_at` copies the customer's `created_at`, so a seat filter walks one index in the list's order.
 */
export const customerSeats = pgTable(
  'customer_seats',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    family: text('family').$type<Family | 'ALL'>().notNull(),
    customerCreatedAt: timestamp('customer_created_at', { withTimezone: true }).notNull(),
    purchased: integer('purchased').notNull().default(0),
    used: integer('used').notNull().default(0),
    expired: integer('expired').notNull().default(0),
    /** The earliest expiry of an unexpired, unrevoked grant: when the sweep must recount. */
    nextExpiryAt: timestamp('next_expiry_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.family] }),
    index('customer_seats_purchased_idx').on(t.family, t.purchased, t.customerCreatedAt, t.customerId),
    index('customer_seats_unused_idx')
      .on(t.family, t.customerCreatedAt, t.customerId)
      .where(sql`${t.purchased} > ${t.used}`),
    index('customer_seats_product_idx')
      .on(t.family, t.customerCreatedAt, t.customerId)
      .where(sql`${t.purchased} + ${t.used} + ${t.expired} > 0`),
    index('customer_seats_next_expiry_idx')
      .on(t.nextExpiryAt)
      .where(sql`${t.nextExpiryAt} is not null`),
  ],
);

/** Offline payments (DECISIONS §8): which staff member recorded each one (the note is on the payment). */
export const offlinePayments = pgTable(
  'offline_payments',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [index('offline_payments_staff_idx').on(t.staffId, t.createdAt)],
);
// ------------------------------------------------------------------ back office: devices, notifications, audit, bloatware

/**
 * A staff notification to devices (DECISIONS §8): stored once with its target, fanned out by `notifications.fanout`
 * jobs in batches (keyset over device ids, `last_device_id`) into per-device delivery rows (`device_messages` with
 * `notification_id`). The delivered/opened counters live in `notification_counts` (sharded, kept in the statements
 * that hand out and acknowledge those rows), so the list never counts millions of rows.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    target: text('target', { enum: ['all', 'devices', 'customers'] }).notNull(),
    targetDeviceIds: uuid('target_device_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    targetCustomerIds: uuid('target_customer_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    onlyWithFcmToken: boolean('only_with_fcm_token').notNull().default(false),
    /** Devices targeted: counted at send time, set to `fanned_out` when the fan-out completes. */
    totalDevices: integer('total_devices').notNull().default(0),
    fannedOut: integer('fanned_out').notNull().default(0),
    lastDeviceId: uuid('last_device_id'),
    fanOutCompletedAt: timestamp('fan_out_completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_created_idx').on(t.createdAt, t.id)],
);

/** DECISIONS §8 "Deleted devices": the Reset of the staff audit page, per customer. */
export const deletedDeviceResets = pgTable('deleted_device_resets', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  resetCount: integer('reset_count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The bloatware catalogue (DECISIONS §8): every package a customer disables for the first time (`created_by` = that
 * customer's email, `is_bloatware` null); staff mark it Yes/No with a reason; Yes is suggested to customers.
 */
export const bloatwareApps = pgTable(
  'bloatware_apps',
  {
    packageName: text('package_name').primaryKey(),
    isBloatware: boolean('is_bloatware'),
    reason: text('reason').notNull().default(''),
    createdBy: text('created_by').notNull(),
    updatedBy: uuid('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bloatware_apps_created_idx').on(t.createdAt, t.packageName),
    index('bloatware_apps_flag_created_idx').on(t.isBloatware, t.createdAt, t.packageName),
  ],
);
// ------------------------------------------------------------------------------ staff payment lists (issue 10 item 6)

/**
 * Errors the payment provider reported (spec 3 "Payment errors"), one row per failed attempt, written in the same
 * transaction that marks the payment Failed (`payments/events.ts`). `req_body` keeps the provider's error object in the
 * shape the spec names (`reqBody.error.payment_method.billing_details.name`), trimmed to the fields shown.
 */
export const paymentErrors = pgTable(
  'payment_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    /** The customer's email when the error was recorded (lower-case), or null when the provider named nobody. */
    email: text('email'),
    billingName: text('billing_name'),
    code: text('code'),
    message: text('message').notNull(),
    reqBody: jsonb('req_body').$type<PaymentErrorBody>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_errors_created_idx').on(t.createdAt, t.id),
    index('payment_errors_email_created_idx').on(t.email, t.createdAt, t.id),
    index('payment_errors_payment_idx').on(t.paymentId),
  ],
);

export interface PaymentErrorBody {
  error: {
    code: string | null;
    message: string;
    payment_method: { type: string | null; billing_details: { name: string | null } } | null;
  };
}

/**
 * Staff follow-ups of a customer's failed payments: the apology emails sent (`payments/fail/email`) and the WhatsApp
 * links opened (`customers/updateWhatsappCount`). One row per customer, created on the first follow-up.
 */
export const customerFollowups = pgTable('customer_followups', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  failedEmailFollowupCount: integer('failed_email_followup_count').notNull().default(0),
  whatsappRedirectCount: integer('whatsapp_redirect_count').notNull().default(0),
  updatedAt: updatedAt(),
});

/** Settings staff edit for the website (spec 3 "Setting"): `paymentNotes`, shown on the pricing and payment pages. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedBy: uuid('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
// ------------------------------------------------------------------------------------------- payment dashboard
// (spec 3 "Payment dashboard", DECISIONS §8 "Page views"). The rollups the dashboard reads instead of the big tables.
// Payments and customers feed their delta queues from triggers (hand-written migration `*_payment_dashboard_triggers`:
// Drizzle cannot express triggers), so every writer, whatever module, keeps the counts right; the `rollup.payments`
// job folds the queues into the counts, and readers add the few deltas not folded yet.

/**
 * Payments by 15-minute bucket of their creation (UTC start), family and current status. Fifteen minutes divide every
 * time zone's offset, so any zone's days are exact sums of buckets.
 */
export const paymentCounts = pgTable(
  'payment_counts',
  {
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    family: text('family').$type<Family>().notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.family, t.status] })],
);

/** The same counts by UTC day: months, years and "all time" read these, with 15-minute buckets only at the edges. */
export const paymentCountsDaily = pgTable(
  'payment_counts_daily',
  {
    day: date('day').notNull(),
    family: text('family').$type<Family>().notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.family, t.status] })],
);

/**
 * The same counts by UTC month (issue 22): all-time and year-by-month figures read ~12 rows a month instead of ~30 daily
 * rows; whole UTC months of any zone's range (a zone's month is a whole UTC month plus or minus its edges) come from
 * here, their edges from the daily and 15-minute rollups.
 */
export const paymentCountsMonthly = pgTable(
  'payment_counts_monthly',
  {
    month: date('month').notNull(),
    family: text('family').$type<Family>().notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.family, t.status] })],
);

/**
 * Changes to payments not folded into the counts yet: +1 for a row's (bucket, family, status) as it is now, −1 for
 * what it was. Written by the payments trigger in the writer's transaction (insert-only: no hot row), emptied by the job.
 */
export const paymentCountDeltas = pgTable(
  'payment_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    family: text('family').$type<Family>().notNull(),
    status: text('status').notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('payment_count_deltas_bucket_idx').on(t.bucket)],
);

/**
 * Revenue (DECISIONS §14 "Revenue") by 15-minute bucket (UTC start), EUR: `gross` is the money of payments that
 * succeeded (Success, later Refunded or Partially refunded), counted when they succeeded (a later refund does not
 * remove it); `refunded` is the money of succeeded `payment_refunds` (staff refunds, provider refunds, disputes),
 * counted when the refund completed. Net is gross − refunded. A ledger: deleting a payment or a refund does not
 * rewrite past revenue (TRUNCATE empties it, for tests). Fed by triggers (`*_payment_revenue_triggers`), folded by
 * `rollup.payments`.
 */
export const paymentRevenue = pgTable('payment_revenue', {
  bucket: timestamp('bucket', { withTimezone: true }).primaryKey(),
  gross: numeric('gross', { precision: 16, scale: 2 }).notNull(),
  refunded: numeric('refunded', { precision: 16, scale: 2 }).notNull(),
});

/** The same money by UTC day (months and years read these, with 15-minute buckets only at the edges). */
export const paymentRevenueDaily = pgTable('payment_revenue_daily', {
  day: date('day').primaryKey(),
  gross: numeric('gross', { precision: 16, scale: 2 }).notNull(),
  refunded: numeric('refunded', { precision: 16, scale: 2 }).notNull(),
});

/** The same money by UTC month (year figures read whole months from here). */
export const paymentRevenueMonthly = pgTable('payment_revenue_monthly', {
  month: date('month').primaryKey(),
  gross: numeric('gross', { precision: 16, scale: 2 }).notNull(),
  refunded: numeric('refunded', { precision: 16, scale: 2 }).notNull(),
});

/** Revenue changes not folded yet (insert-only, written by the payments and payment_refunds triggers). */
export const paymentRevenueDeltas = pgTable(
  'payment_revenue_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    gross: numeric('gross', { precision: 16, scale: 2 }).notNull(),
    refunded: numeric('refunded', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [index('payment_revenue_deltas_bucket_idx').on(t.bucket)],
);

/** Customers by country (`customers.country`, ISO 3166 alpha-2; '' when unknown). */
export const customerCountryCounts = pgTable('customer_country_counts', {
  country: text('country').primaryKey(),
  count: integer('count').notNull(),
});

/** Changes to customers' countries not folded yet (customers trigger: insert +1, delete −1, a change both). */
export const customerCountryDeltas = pgTable('customer_country_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  country: text('country').notNull(),
  delta: integer('delta').notNull(),
});

/**
 * Page views (DECISIONS §8): one row per visitor (HMAC of the IP address with an installation key; never the address)
 * per page per UTC day, with the visitor's country (ISO 3166 alpha-2, or '--' when unknown).
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day').notNull(),
    page: text('page', { enum: ['Home', 'Payment'] }).notNull(),
    country: text('country').notNull(),
    ipHash: text('ip_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('page_views_visitor_uq').on(t.day, t.page, t.ipHash),
    index('page_views_day_country_idx').on(t.day, t.page, t.country),
    // Today's views not folded yet (the dashboard's card): the day range and the watermark both in one index, read
    // without the table (issue 22: the day index alone read every view of the day from the heap).
    index('page_views_day_id_idx').on(t.day, t.id, t.page),
  ],
);

/** Visitors per UTC day, page and country: `page_views` folded by the `rollup.payments` job (watermark `page_views`). */
export const pageViewCounts = pgTable(
  'page_view_counts',
  {
    day: date('day').notNull(),
    page: text('page', { enum: ['Home', 'Payment'] }).notNull(),
    country: text('country').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.page, t.country] })],
);

/** Visitors per UTC day and page, all countries (the month-wise multi-bar reads 730 rows a year). */
export const pageViewDaily = pgTable(
  'page_view_daily',
  {
    day: date('day').notNull(),
    page: text('page', { enum: ['Home', 'Payment'] }).notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.page] })],
);

// ------------------------------------------------------------------------------------------------------------------
// Pricing (spec 3 "Pricing list", §3 App version config; DECISIONS §8 "App version config")
// ------------------------------------------------------------------------------------------------------------------

/**
 * The minimum app version per plan identifier (staff `price/update/app-version`). The device policy document carries
 * the config of the family's recurring plan as `appVersion` (read live at `GET policy`, see policy/document.ts).
 */
export const appVersions = pgTable('app_versions', {
  planIdentifier: text('plan_identifier').primaryKey(),
  minAppVersionCode: integer('min_app_version_code').notNull(),
  message: text('message').notNull().default(''),
  forceUpdate: boolean('force_update').notNull().default(false),
  updatedAt: updatedAt(),
});

// ------------------------------------------------------------------------------------------------------------------
// Notification fan-out: sharded delivery counters (issue 11, DECISIONS §8 "Notifications to devices")
// ------------------------------------------------------------------------------------------------------------------

/**
 * A staff notification's delivered and opened counts, in `NOTIFICATION_COUNT_SHARDS` rows per notification (the shard
 * of a delivery row is fixed by its device id). The hand-out (`GET events`) and the acks add to their device's shard in
 * the same statement that marks the delivery row, so a count is exact; readers sum the shards. One counter row per
 * notification was a hot row: every device's ack queued behind the previous one's commit (issue 11 fan-out bench).
 */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    deliveredCount: integer('delivered_count').notNull().default(0),
    openedCount: integer('opened_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.shard] })],
);

// ================================================================================== payment stats (back office, issue 10)

/**
 * Per-customer payment counts, kept by triggers on `payments` in the writer's own transaction whichever module writes
 * (hand-written migration `*_payment_stats.sql`: insert, delete, status change). The payment history's "0 Success
 * Payments" filter walks the customers whose `success_count` is 0 (`customer_payment_stats_zero_success_idx`) instead of
 * probing every payment's customer. A row exists for every customer with at least one payment.
 */
export const customerPaymentStats = pgTable(
  'customer_payment_stats',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Payments of the customer with status Success now (a refunded one no longer counts). */
    successCount: integer('success_count').notNull().default(0),
    paymentCount: integer('payment_count').notNull().default(0),
  },
  (t) => [
    index('customer_payment_stats_zero_success_idx')
      .on(t.customerId)
      .where(sql`${t.successCount} = 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Multi currency (spec 3 "Pricing list" Multi Currency tab, §3 Currency rule; DECISIONS §8 "Currency rules", §9)
// ------------------------------------------------------------------------------------------------------------------

/**
 * One currency rule per country: what the public `/pricing` shows its visitors (units of `currency_code` per 1 GBP)
 * and the coupon they are offered. A rule with a coupon code keeps a `coupons` row of that code (percent off =
 * `discount_percentage`) so the code works at checkout (EUR); `coupon_created` marks the rule that created it (the
 * coupon is switched off when no rule uses it any more).
 */
export const currencyRules = pgTable(
  'currency_rules',
  {
    id: id(),
    countryCode: text('country_code').notNull(),
    currencyCode: text('currency_code').notNull(),
    conversationRate: numeric('conversation_rate', { precision: 20, scale: 6 }).notNull(),
    couponCode: text('coupon_code').notNull().default(''),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    couponCreated: boolean('coupon_created').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('currency_rules_country_uq').on(t.countryCode),
    index('currency_rules_created_idx').on(t.createdAt, t.id),
    index('currency_rules_currency_idx').on(t.currencyCode),
    index('currency_rules_coupon_idx')
      .on(t.couponCode)
      .where(sql`${t.couponCode} <> ''`),
  ],
);

/**
 * The rates table of the last "Sync Currency Rate" (units per 1 GBP): the country lookup and the public `/pricing`'s
 * EUR → GBP step read it; empty until the first sync (the bundled table is used then).
 */
export const fxRates = pgTable('fx_rates', {
  currencyCode: text('currency_code').primaryKey(),
  perGbp: numeric('per_gbp', { precision: 20, scale: 6 }).notNull(),
  source: text('source', { enum: ['bundled', 'FX_RATES_URL'] }).notNull(),
  asOf: date('as_of').notNull(),
  updatedAt: updatedAt(),
});

// ------------------------------------------------------------------------------------------------------------------
// Hosted APKs (issue 22, DECISIONS §14 "APK publishing")
// ------------------------------------------------------------------------------------------------------------------

/**
 * One uploaded APK of a family, stored at `DATA_DIR/upload/apk/<family>/<versionCode>.apk` and served at
 * `/downloads/<family>/<versionCode>.apk`. A version code is uploaded once per family (a download URL never gets
 * other bytes). `sha256` is the hex digest of the whole file, computed while it streamed in.
 */
export const apkVersions = pgTable(
  'apk_versions',
  {
    id: id(),
    family: text('family').$type<Family>().notNull(),
    versionCode: integer('version_code').notNull(),
    versionName: text('version_name').notNull().default(''),
    packageName: text('package_name').notNull().default(''),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    uploadedByEmail: text('uploaded_by_email').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('apk_versions_family_code_uq').on(t.family, t.versionCode),
    index('apk_versions_created_idx').on(t.createdAt, t.id),
  ],
);

// ------------------------------------------------------------------------------------------- fleet operations

/**
 * Policy templates (DECISIONS §10): a named settings document of one family; `settings` is the current version's,
 * every version is kept in `policy_template_versions` with its plain-words changes.
 */
export const policyTemplates = pgTable(
  'policy_templates',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    family: text('family').$type<Family>().notNull(),
    version: integer('version').notNull().default(1),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('policy_templates_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('policy_templates_customer_family_created_idx').on(t.customerId, t.family, t.createdAt, t.id),
  ],
);

/** Every saved version of a template: its settings and what changed from the one before, in plain words. */
export const policyTemplateVersions = pgTable(
  'policy_template_versions',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => policyTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    changes: jsonb('changes').$type<string[]>().notNull().default([]),
    /** Who saved it, as the audit log names them. */
    createdBy: text('created_by').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);

/** Device groups (DECISIONS §10): devices (profiles) of one family, with a template and the version in force. */
export const deviceGroups = pgTable(
  'device_groups',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    family: text('family').$type<Family>().notNull(),
    templateId: uuid('template_id').references(() => policyTemplates.id, { onDelete: 'restrict' }),
    templateVersion: integer('template_version'),
    /**
     * Members whose device is enrolled (not logged out), kept by triggers on `profiles` and `devices` (migration
     * 0038): the group list, the group page and `profile/list?groupId=` read it instead of counting the members.
     */
    deviceCount: integer('device_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('device_groups_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('device_groups_template_idx')
      .on(t.templateId)
      .where(sql`${t.templateId} is not null`),
  ],
);

/**
 * Staged rollouts of a template version (DECISIONS §10). `stages` keeps each stage's percent, soak and start;
 * one running or paused rollout per group (the partial unique index).
 */
export const rollouts = pgTable(
  'rollouts',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => policyTemplates.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    family: text('family').$type<Family>().notNull(),
    groupId: uuid('group_id').references(() => deviceGroups.id, { onDelete: 'set null' }),
    /**
     * The group's template and version when the rollout started: rolling back a completed rollout puts them back (its
     * completion set the group's to the rollout's), so the group's drift is measured against what its devices hold.
     */
    groupTemplateIdBefore: uuid('group_template_id_before'),
    groupTemplateVersionBefore: integer('group_template_version_before'),
    state: text('state', { enum: ['running', 'paused', 'completed', 'cancelled', 'rolled_back'] }).notNull(),
    stageIndex: integer('stage_index').notNull().default(0),
    stages: jsonb('stages')
      .$type<{ percent: number; soakSeconds: number; size: number; startedAt: string | null }[]>()
      .notNull(),
    failedPercent: integer('failed_percent').notNull(),
    minDevices: integer('min_devices').notNull(),
    ackTimeoutSeconds: integer('ack_timeout_seconds').notNull(),
    pausedReason: text('paused_reason'),
    /** The last resume: the pause rule counts the devices decided since (the failures before it were accepted). */
    resumedAt: timestamp('resumed_at', { withTimezone: true }),
    createdBy: text('created_by').notNull().default(''),
    /** When the worker should look at it next (stage soak over, ack timeouts due); null when nothing is due. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('rollouts_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    uniqueIndex('rollouts_one_active_per_group_uq')
      .on(t.groupId)
      .where(sql`${t.state} in ('running', 'paused') and ${t.groupId} is not null`),
    index('rollouts_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.state} = 'running'`),
  ],
);

/**
 * One row per device of a rollout: its stage (by a stable hash), its state, and the settings and policy it had
 * before (what rollback restores).
 */
export const rolloutDevices = pgTable(
  'rollout_devices',
  {
    rolloutId: uuid('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    stage: smallint('stage').notNull(),
    state: text('state', { enum: ['waiting', 'pending', 'succeeded', 'failed', 'rolled_back'] }).notNull(),
    /** The policy version the rollout gave the profile (what its ack must name). */
    policyVersion: integer('policy_version'),
    previousSettings: jsonb('previous_settings').$type<Record<string, unknown>>(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** The first check-in after the apply without an ack: it fails once the ack timeout has passed since. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    message: text('message'),
  },
  (t) => [
    primaryKey({ columns: [t.rolloutId, t.profileId] }),
    index('rollout_devices_rollout_state_idx').on(t.rolloutId, t.state, t.profileId),
    index('rollout_devices_rollout_stage_idx').on(t.rolloutId, t.stage, t.profileId),
    // An ack or a check-in finds the device's pending rollout row.
    index('rollout_devices_pending_profile_idx')
      .on(t.profileId)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * A rollout's devices counted per stage and state, kept by statement triggers on `rollout_devices` (migration 0039):
 * the rollout page's counters and the totals of its device list read these rows instead of counting 600,000 rows.
 * No foreign key: the rows of a deleted rollout are removed by the same triggers as its devices go.
 */
export const rolloutStateCounts = pgTable(
  'rollout_state_counts',
  {
    rolloutId: uuid('rollout_id').notNull(),
    stage: smallint('stage').notNull(),
    state: text('state', { enum: ['waiting', 'pending', 'succeeded', 'failed', 'rolled_back'] }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rolloutId, t.stage, t.state] })],
);

/** Bulk actions (DECISIONS §10): move to group or log out, on many devices, run by jobs in batches. */
export const bulkActions = pgTable(
  'bulk_actions',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['move-to-group', 'logout'] }).notNull(),
    state: text('state', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    targetGroupId: uuid('target_group_id').references(() => deviceGroups.id, { onDelete: 'set null' }),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('bulk_actions_customer_created_idx').on(t.customerId, t.createdAt, t.id)],
);

/** A bulk action's devices and each one's result. */
export const bulkActionDevices = pgTable(
  'bulk_action_devices',
  {
    bulkActionId: uuid('bulk_action_id')
      .notNull()
      .references(() => bulkActions.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    message: text('message'),
  },
  (t) => [
    primaryKey({ columns: [t.bulkActionId, t.profileId] }),
    index('bulk_action_devices_state_idx').on(t.bulkActionId, t.state, t.profileId),
  ],
);

/**
 * Remote commands (DECISIONS §11): what was sent to which devices, by whom, until when. The per-device rows are written
 * by the `commands.fanout` job in batches, in up to COMMAND_FANOUT_LANES ranges of device ids at once
 * (`command_fanout_lanes`: keyset on the device id within each range; a group's index holds its devices in that order).
 * `Idempotency-Key`: one command per customer and key (a key older than 24 h is released for a new command).
 */
export const commands = pgTable(
  'commands',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: ['lock', 'reboot', 'clear_app_data', 'ring', 'locate', 'lost_mode', 'sync'],
    }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** The group it was sent to; null for chosen devices (`profile_ids`). */
    groupId: uuid('group_id').references(() => deviceGroups.id, { onDelete: 'set null' }),
    profileIds: uuid('profile_ids').array(),
    /** Devices targeted (counted when it was sent). */
    total: integer('total').notNull().default(0),
    createdBy: text('created_by').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request under that key: the same key with another request answers 422. */
    requestHash: text('request_hash'),
    /** Ledger rows written and when the last was (set once every lane is done; progress is in the lanes). */
    fannedOut: integer('fanned_out').notNull().default(0),
    fanOutCompletedAt: timestamp('fan_out_completed_at', { withTimezone: true }),
    /** Set by cancel: rows not yet written by the fan-out are written `cancelled`. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('commands_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('commands_customer_type_created_idx').on(t.customerId, t.type, t.createdAt, t.id),
    uniqueIndex('commands_customer_idempotency_uq')
      .on(t.customerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('commands_fanning_out_idx')
      .on(t.createdAt)
      .where(sql`${t.fanOutCompletedAt} is null`),
  ],
);

/**
 * A command's fan-out, one row per range of device ids (`[lower_id, upper_id)`, null for open ends): written in
 * parallel by one transaction per lane at a time (the lane's row lock), each a keyset from `last_device_id`. The ranges
 * are fixed when the lanes are created, so changing the number of lanes never splits a fan-out under way.
 */
export const commandFanoutLanes = pgTable(
  'command_fanout_lanes',
  {
    commandId: uuid('command_id')
      .notNull()
      .references(() => commands.id, { onDelete: 'cascade' }),
    lane: smallint('lane').notNull(),
    lowerId: uuid('lower_id'),
    upperId: uuid('upper_id'),
    lastDeviceId: uuid('last_device_id'),
    written: integer('written').notNull().default(0),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.commandId, t.lane] })],
);

/**
 * The ledger (DECISIONS §11): one row per device and command. `id` is the `device_messages` row that carries it (the
 * id the device reports on), or its own for an `unsupported` row. Partitioned by month of created_at like device_logs
 * (hand-written in migration `commands`; the `partitions.maintain` job keeps COMMAND_LEDGER_MONTHS months); no foreign
 * keys to devices or profiles (a device's history outlives the device) nor customers (one check less per row written:
 * the command's cascade removes them).
 */
export const commandDevices = pgTable(
  'command_devices',
  {
    id: uuid('id').notNull(),
    commandId: uuid('command_id')
      .notNull()
      .references(() => commands.id, { onDelete: 'cascade' }),
    /** The command's customer (its own foreign key goes: a customer's rows leave with their commands). */
    customerId: uuid('customer_id').notNull(),
    profileId: uuid('profile_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    state: text('state', {
      enum: ['queued', 'delivered', 'succeeded', 'failed', 'expired', 'cancelled', 'unsupported'],
    }).notNull(),
    channel: text('channel', { enum: ['long-poll', 'fcm'] }),
    /** An FCM wake was sent for it while the device had no long-poll open: delivered, its channel is `fcm`. */
    viaFcm: boolean('via_fcm').notNull().default(false),
    result: jsonb('result').$type<Record<string, unknown>>(),
    message: text('message'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'command_devices_pkey', columns: [t.id, t.createdAt] }),
    // The per-command list, newest first, by state or all.
    index('command_devices_command_state_idx').on(t.commandId, t.state, t.createdAt, t.id),
    index('command_devices_command_created_idx').on(t.commandId, t.createdAt, t.id),
    // A device's history (GET commands?profileId=).
    index('command_devices_profile_created_idx').on(t.customerId, t.profileId, t.createdAt),
    // The expiry sweep: rows still open.
    index('command_devices_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} in ('queued', 'delivered')`),
    // The 30-day clearing of results.
    index('command_devices_result_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.result} is not null`),
  ],
);

/** A command's rows counted per state, kept by statement triggers on `command_devices` (migration `commands`). */
export const commandStateCounts = pgTable(
  'command_state_counts',
  {
    commandId: uuid('command_id')
      .notNull()
      .references(() => commands.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    /** One of 16 per statement (concurrent results of one command do not queue on one row); read as the sum. */
    shard: smallint('shard').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commandId, t.state, t.shard] })],
);

/**
 * The people of a customer account (DECISIONS §12). The registrant's row (`registrant`) has no email, name or password
 * of its own: those stay in `customers`, so sign-in, reset, two-step and lockout of the registrant are unchanged. A
 * trigger on `customers` (migration 0042) writes it; every other member is written when an invite is accepted.
 * Removal keeps the row (`removed_at`) so the audit keeps naming the person.
 */
export const accountMembers = pgTable(
  'account_members',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    registrant: boolean('registrant').notNull().default(false),
    /** Lower-cased; null for the registrant (their email is the account's). */
    email: text('email'),
    name: text('name'),
    passwordHash: text('password_hash'),
    role: text('role').$type<MemberRole>().notNull(),
    /** The groups the member is limited to (Admin, Technician, Viewer); null: every group. */
    groupIds: uuid('group_ids').array(),
    twoStepEnabled: boolean('two_step_enabled').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // An email belongs to one account: one member row while it is not removed.
    uniqueIndex('account_members_email_uq')
      .on(t.email)
      .where(sql`${t.removedAt} is null and ${t.email} is not null`),
    uniqueIndex('account_members_registrant_uq')
      .on(t.customerId)
      .where(sql`${t.registrant}`),
    index('account_members_customer_idx')
      .on(t.customerId, t.createdAt)
      .where(sql`${t.removedAt} is null`),
  ],
);

/** Pending invitations to an account (DECISIONS §12): a single-use link valid 7 days, looked up by its token's hash. */
export const accountInvites = pgTable(
  'account_invites',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<MemberRole>().notNull(),
    groupIds: uuid('group_ids').array(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => accountMembers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_invites_token_uq').on(t.tokenHash),
    // One open invite per email and account (a second invite is a resend).
    uniqueIndex('account_invites_open_email_uq')
      .on(t.customerId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/**
 * The customer API's `Idempotency-Key`s (DECISIONS §13, Stripe's rules): per caller (the API key, the member or the
 * registrant) and key, the request's fingerprint (method, path, body) and, once it ended, the answer replayed to a
 * repeat within 24 h. A row `running` blocks a concurrent repeat (409); one left by a crashed process is taken over
 * after a couple of minutes. Rows older than 24 h are swept by the hourly maintenance job.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * API keys of an account (DECISIONS §13): stored by the SHA-256 of the key (shown once), with its first characters to
 * recognise it. A key belongs to the account: the member who created it may leave (`created_by_member_id` is then
 * kept, members are never deleted; a deleted row would only null it). Revoked rows stay (the audit names them).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first 12 characters (`fdk_` and 8 more). */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdByMemberId: uuid('created_by_member_id').references(() => accountMembers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Written at most once a minute by the key's requests. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Requests per minute. */
    rateLimit: integer('rate_limit').notNull().default(600),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_uq').on(t.keyHash),
    index('api_keys_customer_idx')
      .on(t.customerId, t.createdAt)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * The per-minute request counts of API keys (DECISIONS §13), shared by every API process. UNLOGGED (hand-written in
 * the migration): a key's request bumps its row, and a transaction that writes only unlogged tables does not wait for
 * a WAL flush, so the count costs a key's request little; a crash forgets the current minute's counts, which only
 * lets a key start its minute afresh. No foreign key (its check would lock the key's row); old windows are swept by the
 * hourly maintenance job and the rows of a deleted key with them.
 */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: uuid('key_id').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.windowStart] }), index('api_key_usage_window_idx').on(t.windowStart)],
);

/**
 * The account's webhook endpoints (DECISIONS §13). `secret` is the `whsec_…` signing secret sealed with the
 * installation's storage key (AES-256-GCM, `lib/crypto.ts seal`): it must be read back to sign, so it cannot be hashed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description').notNull().default(''),
    /** `{iv, encryptedData}` of the sealed secret. */
    secret: jsonb('secret').$type<{ iv: string; encryptedData: string }>().notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_customer_idx').on(t.customerId)],
);

/** One event to one endpoint: the delivery log and the retry schedule (DECISIONS §13). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The body sent: `{id, type, created_at, data}`. */
    payload: jsonb('payload').notNull(),
    state: text('state').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastResponse: text('last_response'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_log_idx').on(t.endpointId, t.createdAt.desc()),
    index('webhook_deliveries_due_idx')
      .on(t.nextRetryAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);
