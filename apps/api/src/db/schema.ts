import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
    phoneNumber: text('phone_number').notNull().default(''),
    countryCode: text('country_code'),
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
    /** Random key in the QR image URL, so an <img> can load it without the session token. */
    loginQrKey: text('login_qr_key').notNull(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: timestamp('failed_login_window_start', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_uq').on(t.email),
    uniqueIndex('customers_enrolment_token_hash_uq').on(t.enrolmentTokenHash),
    uniqueIndex('customers_login_qr_key_uq').on(t.loginQrKey),
    index('customers_created_at_idx').on(t.createdAt, t.id),
  ],
);

/** Back-office staff: a separate realm from customers. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: timestamp('failed_login_window_start', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
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
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_subject_idx')
      .on(t.realm, t.subjectId)
      .where(sql`${t.revokedAt} is null`),
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
 * Audit trail of every customer action and device event (spec 2 §5). Grows to 100M rows:
 * keyset pages on (created_at, id) per customer, with the filters' columns leading the indexes.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** The email at the time of the event: failed logins of unknown emails are audited too. */
    email: text('email'),
    type: text('type').notNull(),
    subType: text('sub_type').notNull(),
    message: text('message').notNull(),
    source: text('source', { enum: ['Web', 'App'] }).notNull(),
    hasError: boolean('has_error').notNull().default(false),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('audit_customer_type_idx').on(t.customerId, t.type, t.subType, t.createdAt, t.id),
    index('audit_type_created_idx').on(t.type, t.subType, t.createdAt),
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

/** The plan catalogue (DECISIONS §1), seeded from `catalogue.json` at start. */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    family: text('family').notNull(),
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
