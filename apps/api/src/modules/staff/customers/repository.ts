import { type Family, LIST_COUNT_CAP } from '@fleetdeck/contract';
import { type SQL, and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { customers, devices, legacyUsers, payments, plans } from '../../../db/schema.ts';
import { paymentsWithStaff } from '../shared/customers-repository.ts';

export { findCustomer } from '../shared/customers-repository.ts';

/**
 * SQL of the back office's customers (spec 3 "Customer list", "Customer subscriptions"). The list reads the seat
 * summary `customer_seats` (kept by modules/licences) and never counts grants or devices per row. Indexes:
 * customers_created_at_idx (the default order), customers_email_prefix_idx, customers_offline_created_idx,
 * customers_country_created_idx, customers_reseller_requests_idx, customer_seats_purchased_idx,
 * customer_seats_unused_idx and customer_seats_product_idx (a seat filter walks these in the list's order).
 */

export interface CustomerListFilter {
  /** Lower-cased start of the email. */
  emailPrefix?: string | undefined;
  from?: Date | undefined;
  /** Exclusive upper bound. */
  to?: Date | undefined;
  source?: 'Offline' | 'Online' | undefined;
  purchasedDevices?: number | undefined;
  countryCode?: string | undefined;
  family?: Family | undefined;
  unused?: boolean | undefined;
  reseller?: 'Requested' | 'Approved' | undefined;
}

export interface CustomerListRow {
  id: string;
  email: string;
  name: string;
  countryCode: string | null;
  phoneNumber: string;
  isOfflineCustomer: boolean;
  resellerModeEnabled: boolean;
  resellerModeApproved: boolean;
  disabled: boolean;
  createdAt: Date;
  createdAtMicros: string;
  purchased: number;
  used: number;
  expired: number;
}

const likePrefix = (prefix: string) => prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';

/** FROM and WHERE of the list: driven by the seat summary's indexes when a seat filter is set. */
function listSource(f: CustomerListFilter) {
  // Every customer has an `ALL` summary row (created with the customer), so "Purchased Devices = 0" is a seat filter too.
  const seatDriven = f.family !== undefined || f.unused === true || f.purchasedDevices !== undefined;
  const family = f.family ?? 'ALL';
  // The summary row copies the customer's created_at: ordering on it lets one index serve filter and order.
  const createdAt = seatDriven ? sql`s.customer_created_at` : sql`c.created_at`;
  const id = seatDriven ? sql`s.customer_id` : sql`c.id`;
  const conditions: SQL[] = [];
  // Filters on the customers table; without them a seat-driven count reads the summary's index alone.
  const onCustomers = Boolean(f.emailPrefix || f.source || f.countryCode || f.reseller);
  if (f.emailPrefix) conditions.push(sql`c.email like ${likePrefix(f.emailPrefix)}`);
  if (f.from) conditions.push(sql`${createdAt} >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conditions.push(sql`${createdAt} < ${f.to.toISOString()}::timestamptz`);
  if (f.source === 'Offline') conditions.push(sql`c.is_offline_customer`);
  if (f.source === 'Online') conditions.push(sql`not c.is_offline_customer`);
  if (f.countryCode) conditions.push(sql`c.country_code = ${f.countryCode}`);
  if (f.reseller === 'Requested') conditions.push(sql`c.reseller_mode_enabled and not c.reseller_mode_approved`);
  if (f.reseller === 'Approved') conditions.push(sql`c.reseller_mode_approved`);
  if (seatDriven) {
    if (f.family !== undefined) conditions.push(sql`s.purchased + s.used + s.expired > 0`);
    if (f.unused) conditions.push(sql`s.purchased > s.used`);
    if (f.purchasedDevices !== undefined) conditions.push(sql`s.purchased = ${f.purchasedDevices}`);
  }
  const from = seatDriven
    ? sql`customers c join customer_seats s on s.customer_id = c.id and s.family = ${family}`
    : sql`customers c left join customer_seats s on s.customer_id = c.id and s.family = 'ALL'`;
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const countFrom = seatDriven && !onCustomers ? sql`customer_seats s` : from;
  const countWhere = seatDriven && !onCustomers ? sql`s.family = ${family} and ${where}` : where;
  // A page's ids come from the smallest source that decides them (no summary join without a seat filter, no customers
  // row without a customer filter), so a deep offset skips index entries, not joined rows.
  const idsFrom = seatDriven ? countFrom : sql`customers c`;
  const idsWhere = seatDriven ? countWhere : where;
  return { from, where, createdAt, id, countFrom, countWhere, idsFrom, idsWhere, family };
}

/** One page of the list, newest first (`limit + 1` rows, so the caller knows whether a next page exists). */
export async function listCustomers(
  db: DbOrTx,
  f: CustomerListFilter,
  page: { limit: number; offset: number; after?: { createdAt: string; id: string } | undefined },
): Promise<CustomerListRow[]> {
  const { createdAt, id, idsFrom, idsWhere, family } = listSource(f);
  const after = page.after
    ? sql`and (${createdAt}, ${id}) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`
    : sql``;
  const result = await db.execute<Record<string, unknown>>(sql`
    select c.id, c.email, c.name, c.country_code, c.phone_number, c.is_offline_customer,
      c.reseller_mode_enabled, c.reseller_mode_approved, c.disabled_at is not null as disabled, c.created_at,
      to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_micros,
      coalesce(s.purchased, 0) as purchased, coalesce(s.used, 0) as used, coalesce(s.expired, 0) as expired
    from (
      select ${id} as page_id from ${idsFrom}
      where ${idsWhere} ${after}
      order by ${createdAt} desc, ${id} desc
      limit ${page.limit + 1} offset ${page.after ? 0 : page.offset}
    ) p
    join customers c on c.id = p.page_id
    left join customer_seats s on s.customer_id = c.id and s.family = ${family}
    order by c.created_at desc, c.id desc`);
  return result.rows.map((r) => ({
    id: String(r.id),
    email: String(r.email),
    name: String(r.name),
    countryCode: (r.country_code as string | null) ?? null,
    phoneNumber: String(r.phone_number ?? ''),
    isOfflineCustomer: Boolean(r.is_offline_customer),
    resellerModeEnabled: Boolean(r.reseller_mode_enabled),
    resellerModeApproved: Boolean(r.reseller_mode_approved),
    disabled: Boolean(r.disabled),
    createdAt: new Date(r.created_at as string | Date),
    createdAtMicros: String(r.created_at_micros),
    purchased: Number(r.purchased),
    used: Number(r.used),
    expired: Number(r.expired),
  }));
}

const countSql = (f: CustomerListFilter) => {
  const { countFrom, countWhere } = listSource(f);
  return sql`select count(*)::int as n from (select 1 from ${countFrom} where ${countWhere} limit ${LIST_COUNT_CAP + 1}) m`;
};

/** Customers matching the filters, counted up to LIST_COUNT_CAP + 1. */
export async function countCustomers(db: DbOrTx, f: CustomerListFilter): Promise<number> {
  const result = await db.execute<{ n: number }>(countSql(f));
  return Number(result.rows[0]?.n ?? 0);
}

/** The capped count's SQL for EXPLAIN. */
export const countCustomersSqlForExplain = countSql;

/** The list's SQL for EXPLAIN (bench and report). */
export const listCustomersSqlForExplain = (f: CustomerListFilter, limit: number) => {
  const { from, where, createdAt, id } = listSource(f);
  return sql`select c.id from ${from} where ${where} order by ${createdAt} desc, ${id} desc limit ${limit}`;
};

/** Old portal users (legacy_users) whose email starts with the prefix, newest first. */
export async function listOldPortalUsers(db: DbOrTx, emailPrefix: string | undefined, limit: number) {
  const where = emailPrefix ? sql`${legacyUsers.email} like ${likePrefix(emailPrefix)}` : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(legacyUsers).where(where).orderBy(desc(legacyUsers.createdAt), desc(legacyUsers.id)).limit(limit),
    db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from (select 1 from ${legacyUsers} ${where ? sql`where ${where}` : sql``} limit ${LIST_COUNT_CAP + 1}) m`,
      )
      .then((r) => r.rows),
  ]);
  return { rows, total: Math.min(Number(count?.n ?? 0), LIST_COUNT_CAP) };
}

/** The summary row (every family summed, or one family's) of one customer. */
export async function seatSummaryOf(db: DbOrTx, customerId: string) {
  const result = await db.execute<{ purchased: number; used: number; expired: number }>(
    sql`select purchased, used, expired from customer_seats where customer_id = ${customerId} and family = 'ALL'`,
  );
  const row = result.rows[0];
  return { purchased: Number(row?.purchased ?? 0), used: Number(row?.used ?? 0), expired: Number(row?.expired ?? 0) };
}

/** The customer's payments, newest first (payments_customer_created_idx), with an exact count. */
export async function listCustomerPayments(db: DbOrTx, customerId: string, page: { limit: number; offset: number }) {
  const [rows, [count]] = await Promise.all([
    paymentsWithStaff(db)
      .where(eq(payments.customerId, customerId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.customerId, customerId)),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Active plans, by family and type (the subscriptions page's product choice). */
export async function activePlans(db: DbOrTx) {
  return db.select().from(plans).where(eq(plans.status, 'Active')).orderBy(plans.family, plans.type, plans.identifier);
}

// ------------------------------------------------------------------------------------------- disable / enable

/** The customer's row, locked for the rest of the transaction (two staff members toggling at once take turns). */
export async function lockCustomer(tx: DbOrTx, customerId: string) {
  const [row] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
  return row ?? null;
}

export async function setCustomerDisabledAt(tx: DbOrTx, customerId: string, disabledAt: Date | null) {
  await tx.update(customers).set({ disabledAt }).where(eq(customers.id, customerId));
}

/**
 * Revokes the tokens of every device of the customer (issue 24: a disabled customer's devices stop at once). The
 * devices stay enrolled (their seats are the customer's); the `device_cache` trigger drops the cached tokens on commit,
 * and a device of an enabled-again customer enrols again with the customer's enrolment token.
 */
export async function revokeDeviceTokens(tx: DbOrTx, customerId: string): Promise<string[]> {
  const rows = await tx
    .update(devices)
    .set({ tokenHash: null })
    .where(and(eq(devices.customerId, customerId), isNotNull(devices.tokenHash)))
    .returning({ id: devices.id });
  return rows.map((r) => r.id);
}

/**
 * The account's members for the customer detail (DECISIONS §12), oldest first: the registrant by the account's name
 * and email; the last sign-in is the later of the member's recorded sign-in and their newest open session that is
 * not a staff login-as (sessions_member_idx); `groupCount` null = every group.
 */
export async function customerMembers(db: DbOrTx, customerId: string) {
  const rows = await db.execute<{
    id: string;
    registrant: boolean;
    name: string;
    email: string;
    role: string;
    group_count: number | null;
    last_sign_in: string | null;
  }>(sql`
    select m.id, m.registrant, m.role,
      case when m.registrant then c.name else coalesce(m.name, '') end as name,
      coalesce(m.email, c.email) as email,
      cardinality(m.group_ids) as group_count,
      greatest(m.last_login_at, (
        select max(s.created_at) from sessions s
        where s.member_id = m.id and s.revoked_at is null and s.impersonator_id is null
      )) as last_sign_in
    from account_members m join customers c on c.id = m.customer_id
    where m.customer_id = ${customerId} and m.removed_at is null
    order by m.created_at, m.id`);
  return rows.rows;
}

/** Invitations of the account still waiting for their answer (not accepted, revoked or expired). */
export async function pendingInviteCount(db: DbOrTx, customerId: string) {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from account_invites
    where customer_id = ${customerId} and accepted_at is null and revoked_at is null and expires_at > now()`);
  return rows.rows[0]?.n ?? 0;
}
