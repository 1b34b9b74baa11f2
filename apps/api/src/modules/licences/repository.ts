import type { Family } from '@fleetdeck/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { deviceScopeCondition, groupScopeCondition } from '../../db/device-scope.ts';
import { chatUsers, deviceGroups, devices, licenceGrants, payments } from '../../db/schema.ts';
import type { DeviceScope } from '../../lib/device-scope.ts';

/**
 * SQL of the licence ledger (DECISIONS §5). Every query is filtered by the customer id of the session
 * and served by an index: licence_grants_customer_family_idx, devices_customer_family_idx (partial,
 * not logged out), devices_customer_enrolled_idx, chat_users_customer_idx (partial, not deleted).
 */

export interface GrantTotals {
  family: Family;
  /** Seats of unexpired, unrevoked grants. */
  purchased: number;
  /** Seats of expired, unrevoked grants. */
  expired: number;
}

/** A customer's rows of `table` (of one family when given) that `endedAt` has not ended (revoked, logged out). */
const liveRowsOf = (
  table: typeof licenceGrants | typeof devices,
  endedAt: AnyPgColumn,
  customerId: string,
  family: Family | undefined,
) =>
  and(eq(table.customerId, customerId), family === undefined ? undefined : eq(table.family, family), isNull(endedAt));

/** A customer's unexpired, unrevoked grants joined to their payment (whose customer is checked as well). */
const unexpiredGrantsOf = (customerId: string) =>
  and(
    eq(licenceGrants.customerId, customerId),
    isNull(licenceGrants.revokedAt),
    gt(licenceGrants.expiresAt, sql`now()`),
    eq(payments.customerId, customerId),
  );

/** Purchased and expired seats per family; one row per family that has grants. */
export async function grantTotals(db: DbOrTx, customerId: string, family?: Family): Promise<GrantTotals[]> {
  const rows = await db
    .select({
      family: licenceGrants.family,
      purchased: sql<string>`coalesce(sum(${licenceGrants.seats}) filter (where ${licenceGrants.expiresAt} > now()), 0)`,
      expired: sql<string>`coalesce(sum(${licenceGrants.seats}) filter (where ${licenceGrants.expiresAt} <= now()), 0)`,
    })
    .from(licenceGrants)
    .where(liveRowsOf(licenceGrants, licenceGrants.revokedAt, customerId, family))
    .groupBy(licenceGrants.family);
  return rows.map((r) => ({ family: r.family, purchased: Number(r.purchased), expired: Number(r.expired) }));
}

/** Devices holding a seat (not logged out), per family. */
export async function usedDeviceSeats(
  db: DbOrTx,
  customerId: string,
  family?: Family,
): Promise<{ family: Family; used: number }[]> {
  const rows = await db
    .select({ family: devices.family, used: sql<string>`count(*)` })
    .from(devices)
    .where(liveRowsOf(devices, devices.loggedOutAt, customerId, family))
    .groupBy(devices.family);
  return rows.map((r) => ({ family: r.family, used: Number(r.used) }));
}

/** Power Chat users not deleted: each one is a PCHAT seat. */
export async function usedChatSeats(db: DbOrTx, customerId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`count(*)` })
    .from(chatUsers)
    .where(and(eq(chatUsers.customerId, customerId), isNull(chatUsers.deletedAt)));
  return Number(row?.used ?? 0);
}

/** Unexpired, unrevoked seats bought on one plan (e.g. PDOT), via the grant's payment. */
export async function unexpiredSeatsOfPlan(db: DbOrTx, customerId: string, planIdentifier: string): Promise<number> {
  const [row] = await db
    .select({ seats: sql<string>`coalesce(sum(${licenceGrants.seats}), 0)` })
    .from(licenceGrants)
    .innerJoin(payments, eq(payments.id, licenceGrants.paymentId))
    .where(and(unexpiredGrantsOf(customerId), eq(payments.planIdentifier, planIdentifier)));
  return Number(row?.seats ?? 0);
}

/** Unexpired, unrevoked seats and their latest expiry per plan (plan cards). */
export async function seatsPerPlan(
  db: DbOrTx,
  customerId: string,
): Promise<Map<string, { seats: number; expiry: Date | null }>> {
  const rows = await db
    .select({
      planId: payments.planId,
      seats: sql<string>`sum(${licenceGrants.seats})`,
      expiry: sql<Date | string | null>`max(${licenceGrants.expiresAt})`,
    })
    .from(licenceGrants)
    .innerJoin(payments, eq(payments.id, licenceGrants.paymentId))
    .where(unexpiredGrantsOf(customerId))
    .groupBy(payments.planId);
  return new Map(
    rows.map((r) => [r.planId, { seats: Number(r.seats), expiry: r.expiry === null ? null : new Date(r.expiry) }]),
  );
}

/**
 * Devices enrolled in each month [from, to) (UTC months), logged out or not: the dashboard's bar chart.
 * Answers month index (0 = the month of `from`) → count.
 */
export async function enrolmentsPerMonth(db: DbOrTx, scope: DeviceScope, from: Date, to: Date) {
  const month = sql<number>`(extract(year from ${devices.enrolledAt} at time zone 'UTC') * 12 + extract(month from ${devices.enrolledAt} at time zone 'UTC') - 1)::int`;
  const rows = await db
    .select({ month, count: sql<string>`count(*)` })
    .from(devices)
    .where(
      and(
        deviceScopeCondition(scope, devices.customerId, devices.id),
        sql`${devices.enrolledAt} >= ${from.toISOString()}::timestamptz`,
        sql`${devices.enrolledAt} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(month);
  const base = from.getUTCFullYear() * 12 + from.getUTCMonth();
  return new Map(rows.map((r) => [Number(r.month) - base, Number(r.count)]));
}

/**
 * Enrolled devices per family of a group-scoped member's groups (DECISIONS §12: their dashboard counts their devices),
 * from the member counts the triggers keep (`device_groups.device_count`, migration 0038): never counted row by row.
 */
export async function groupDeviceCountsPerFamily(db: DbOrTx, scope: DeviceScope): Promise<Map<Family, number>> {
  const rows = await db
    .select({ family: deviceGroups.family, n: sql<number>`coalesce(sum(${deviceGroups.deviceCount}), 0)::int` })
    .from(deviceGroups)
    .where(groupScopeCondition(scope))
    .groupBy(deviceGroups.family);
  return new Map(rows.map((r) => [r.family, r.n]));
}

/**
 * Serialises seat changes of one family of one customer until the transaction ends, so two concurrent
 * enrolments cannot both take the last free seat.
 */
export async function lockFamilyPool(tx: DbOrTx, customerId: string, family: Family) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'licence:' + customerId}), hashtext(${family}))`);
}

/** The grant of a payment, locked (a refund changes it). */
export async function lockGrantOfPayment(tx: DbOrTx, paymentId: string) {
  const [row] = await tx.select().from(licenceGrants).where(eq(licenceGrants.paymentId, paymentId)).for('update');
  return row ?? null;
}

/** The grant of a payment (read side: the refund page). */
export async function grantOfPayment(db: DbOrTx, paymentId: string) {
  const [row] = await db.select().from(licenceGrants).where(eq(licenceGrants.paymentId, paymentId));
  return row ?? null;
}

/** Sets a grant's live seats; at 0 the grant is revoked (it counts nowhere any more). */
export async function setGrantSeats(tx: DbOrTx, grantId: string, seats: number) {
  await tx
    .update(licenceGrants)
    .set({ seats, ...(seats === 0 ? { revokedAt: new Date() } : {}) })
    .where(eq(licenceGrants.id, grantId));
}

/** Live (unexpired, unrevoked) grants of a subscription, newest first, locked when `lock` (a refund takes seats). */
export async function liveGrantsOfSubscription(db: DbOrTx, subscriptionId: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(licenceGrants)
    .where(
      and(
        eq(licenceGrants.subscriptionId, subscriptionId),
        isNull(licenceGrants.revokedAt),
        gt(licenceGrants.expiresAt, sql`now()`),
      ),
    )
    .orderBy(sql`${licenceGrants.createdAt} desc`, sql`${licenceGrants.id} desc`);
  return opts.lock ? query.for('update') : query;
}
