import { and, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { countCapped, likeEscape, utcMicros } from '../../../db/paging.ts';
import {
  bloatwareApps,
  chatUsers,
  customers,
  deletedDeviceResets,
  deviceExports,
  deviceMessages,
  devices,
  notificationCounts,
  notifications,
} from '../../../db/schema.ts';
import {
  targetWhere,
  uuidArray,
  type NotificationRow,
  type NotificationTarget,
} from '../../policy/fan-out-repository.ts';

export type { NotificationRow, NotificationTarget };

/**
 * Cross-customer SQL of the back office's device-side pages (DECISIONS §8): devices, notifications and their
 * delivery rows, the deleted-devices audit, Power Chat users, the bloatware catalogue and the customers' exports.
 */

export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** `from_date`/`to_date` (ISO dates, UTC days, both included) on a timestamp column. */
export const inDateRange = (column: SQL | AnyPgColumn, r: DateRange): SQL | undefined =>
  and(r.from ? sql`${column} >= ${r.from}::date` : undefined, r.to ? sql`${column} < (${r.to}::date + 1)` : undefined);

export interface TimeKey {
  createdAt: string;
  id: string;
}

const beforeKey = (createdAt: AnyPgColumn, id: AnyPgColumn, k: TimeKey | undefined) =>
  k ? sql`(${createdAt}, ${id}) < (${k.createdAt}::timestamptz, ${k.id}::uuid)` : undefined;

export async function customerIdByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: customers.id, email: customers.email, name: customers.name })
    .from(customers)
    .where(eq(customers.email, email));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------- devices

export interface DeviceFilter extends DateRange {
  customerId?: string | undefined;
  customerIds?: string[] | undefined;
  withFcmToken?: boolean | undefined;
}

const deviceWhere = (f: DeviceFilter) =>
  and(
    isNull(devices.loggedOutAt),
    f.customerId ? eq(devices.customerId, f.customerId) : undefined,
    f.customerIds && f.customerIds.length > 0
      ? sql`${devices.customerId} = any(${`{${f.customerIds.join(',')}}`}::uuid[])`
      : undefined,
    f.withFcmToken ? sql`${devices.fcmToken} is not null` : undefined,
    inDateRange(devices.createdAt, f),
  );

/** Enrolled devices across customers, newest first, keyset on (created_at, id); `limit + 1` rows. */
export async function listDevices(
  db: DbOrTx,
  f: DeviceFilter,
  page: { limit: number; offset: number; after?: TimeKey },
) {
  return db
    .select({
      id: devices.id,
      deviceName: devices.deviceName,
      serialNumber: devices.serialNumber,
      appName: devices.appName,
      appVersionCode: devices.appVersionCode,
      hasFcmToken: sql<boolean>`${devices.fcmToken} is not null`,
      customerId: devices.customerId,
      email: customers.email,
      createdAt: devices.createdAt,
      createdAtMicros: utcMicros(devices.createdAt),
    })
    .from(devices)
    .innerJoin(customers, eq(customers.id, devices.customerId))
    .where(and(deviceWhere(f), beforeKey(devices.createdAt, devices.id, page.after)))
    .orderBy(desc(devices.createdAt), desc(devices.id))
    .limit(page.limit + 1)
    .offset(page.after ? 0 : page.offset);
}
export type DeviceRow = Awaited<ReturnType<typeof listDevices>>[number];

export const countDevices = (db: DbOrTx, f: DeviceFilter) => countCapped(db, devices, deviceWhere(f));

export async function countCustomerDevices(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(devices)
    .where(and(eq(devices.customerId, customerId), isNull(devices.loggedOutAt)));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------- notifications

export async function countTargetDevices(db: DbOrTx, t: NotificationTarget) {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from devices d where ${targetWhere(t)}`);
  return Number(result.rows[0]?.n ?? 0);
}

/** The target's devices and their customers, counted up to `cap` + 1 devices (more: the caller says "at least"). */
export async function countTargetCapped(db: DbOrTx, t: NotificationTarget, cap: number) {
  const result = await db.execute<{ devices: number; customers: number }>(sql`
    select count(*)::int as devices, count(distinct customer_id)::int as customers
    from (select d.customer_id from devices d where ${targetWhere(t)} limit ${cap + 1}) x`);
  const row = result.rows[0];
  return { devices: Number(row?.devices ?? 0), customers: Number(row?.customers ?? 0) };
}

/**
 * Every enrolled device and the customers with one, from the seat summaries (the `ALL` row of each customer:
 * `used` is their devices holding a seat), instead of counting millions of devices.
 */
export async function enrolledFromSeatSummaries(db: DbOrTx) {
  const result = await db.execute<{ devices: number; customers: number }>(sql`
    select coalesce(sum(used), 0)::int as devices, (count(*) filter (where used > 0))::int as customers
    from customer_seats where family = 'ALL'`);
  const row = result.rows[0];
  return { devices: Number(row?.devices ?? 0), customers: Number(row?.customers ?? 0) };
}

/** Which of these ids are devices / customers (unknown ids are refused before anything is stored). */
export async function existingIds(db: DbOrTx, table: 'devices' | 'customers', ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const tableSql = table === 'devices' ? sql`devices` : sql`customers`;
  const result = await db.execute<{ id: string }>(sql`select id from ${tableSql} where id = any(${uuidArray(ids)})`);
  return new Set(result.rows.map((r) => r.id));
}

export async function insertNotification(db: DbOrTx, values: typeof notifications.$inferInsert) {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
}

/** The notification's delivered/opened counts: the sum of its shards in `notification_counts`. */
const countsOf = {
  deliveredCount: sql<number>`(select coalesce(sum(c.delivered_count), 0)::int from ${notificationCounts} c
    where c.notification_id = ${notifications.id})`,
  openedCount: sql<number>`(select coalesce(sum(c.opened_count), 0)::int from ${notificationCounts} c
    where c.notification_id = ${notifications.id})`,
};
export type NotificationWithCounts = NotificationRow & { deliveredCount: number; openedCount: number };

export async function findNotification(db: DbOrTx, id: string): Promise<NotificationWithCounts | null> {
  const [row] = await db
    .select({ ...getTableColumns(notifications), ...countsOf })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row ?? null;
}

export async function listNotifications(db: DbOrTx, page: { limit: number; offset: number; after?: TimeKey }) {
  return db
    .select({
      n: notifications,
      ...countsOf,
      createdAtMicros: utcMicros(notifications.createdAt),
      createdByEmail: sql<string | null>`(select email from staff_users s where s.id = ${notifications.createdBy})`,
    })
    .from(notifications)
    .where(beforeKey(notifications.createdAt, notifications.id, page.after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit + 1)
    .offset(page.after ? 0 : page.offset);
}

export const countNotifications = (db: DbOrTx) => countCapped(db, notifications, undefined);

export async function staffEmailOf(db: DbOrTx, id: string | null) {
  if (!id) return null;
  const result = await db.execute<{ email: string }>(sql`select email from staff_users where id = ${id}`);
  return result.rows[0]?.email ?? null;
}

export interface DeliveryFilter {
  notificationId: string;
  isDelivered?: boolean | undefined;
  isOpen?: boolean | undefined;
}

const deliveryWhere = (f: DeliveryFilter) =>
  and(
    eq(deviceMessages.notificationId, f.notificationId),
    f.isDelivered === undefined
      ? undefined
      : f.isDelivered
        ? sql`${deviceMessages.deliveredAt} is not null`
        : sql`${deviceMessages.deliveredAt} is null`,
    f.isOpen === undefined
      ? undefined
      : f.isOpen
        ? sql`${deviceMessages.openedAt} is not null`
        : sql`${deviceMessages.openedAt} is null`,
  );

/** A notification's delivery rows, keyset on the row id. */
export async function listDeliveries(
  db: DbOrTx,
  f: DeliveryFilter,
  page: { limit: number; offset: number; afterId?: string },
) {
  return db
    .select({
      id: deviceMessages.id,
      deviceId: deviceMessages.deviceId,
      serialNumber: devices.serialNumber,
      deviceName: devices.deviceName,
      deliveredAt: deviceMessages.deliveredAt,
      openedAt: deviceMessages.openedAt,
    })
    .from(deviceMessages)
    .leftJoin(devices, eq(devices.id, deviceMessages.deviceId))
    .where(and(deliveryWhere(f), page.afterId ? sql`${deviceMessages.id} > ${page.afterId}::uuid` : undefined))
    .orderBy(deviceMessages.id)
    .limit(page.limit + 1)
    .offset(page.afterId ? 0 : page.offset);
}

export const countDeliveries = (db: DbOrTx, f: DeliveryFilter) => countCapped(db, deviceMessages, deliveryWhere(f));

// ------------------------------------------------------------------------------------------ deleted-devices audit

/**
 * Customers with their error count, device logouts since the last Reset, and the Reset's count and date. Keyset on
 * (created_at, id) of customers; the counts read the audit indexes of one customer each (`audit_customer_error_*`,
 * `audit_customer_type_idx`).
 */
export async function listAuditRows(
  db: DbOrTx,
  f: { customerId?: string | undefined },
  page: { limit: number; offset: number; after?: TimeKey },
) {
  const where = and(
    f.customerId ? eq(customers.id, f.customerId) : undefined,
    beforeKey(customers.createdAt, customers.id, page.after),
  );
  const result = await db.execute<{
    id: string;
    email: string;
    created_at_micros: string;
    error_count: number;
    deleted_devices: number;
    reset_count: number | null;
    reset_at: Date | string | null;
  }>(sql`
    select customers.id, customers.email,
      to_char(customers.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_micros,
      (select count(*)::int from audit_entries a where a.customer_id = customers.id and a.has_error) as error_count,
      (select count(*)::int from audit_entries a
        where a.customer_id = customers.id and a.type = 'Device' and a.sub_type = 'Logout'
          and a.created_at > coalesce(r.reset_at, '-infinity'::timestamptz)) as deleted_devices,
      r.reset_count, r.reset_at
    from customers
    left join deleted_device_resets r on r.customer_id = customers.id
    where ${where ?? sql`true`}
    order by customers.created_at desc, customers.id desc
    limit ${page.limit + 1} offset ${page.after ? 0 : page.offset}`);
  return result.rows;
}
export type AuditRow = Awaited<ReturnType<typeof listAuditRows>>[number];

export const countCustomers = (db: DbOrTx, customerId: string | undefined) =>
  countCapped(db, customers, customerId ? eq(customers.id, customerId) : undefined);

/** Answers the customer's reset count after this one. */
export async function resetDeletedDevices(db: DbOrTx, customerId: string) {
  const [row] = await db
    .insert(deletedDeviceResets)
    .values({ customerId, resetCount: 1, resetAt: sql`now()` })
    .onConflictDoUpdate({
      target: deletedDeviceResets.customerId,
      set: { resetCount: sql`${deletedDeviceResets.resetCount} + 1`, resetAt: sql`now()` },
    })
    .returning({ resetCount: deletedDeviceResets.resetCount });
  return row!.resetCount;
}

// ---------------------------------------------------------------------------------------------- Power Chat users

const chatWhere = (f: DateRange & { company?: string | undefined }) =>
  and(
    isNull(chatUsers.deletedAt),
    inDateRange(chatUsers.createdAt, f),
    f.company
      ? sql`(${customers.name} ilike ${`%${likeEscape(f.company)}%`} or ${customers.email} ilike ${`%${likeEscape(f.company)}%`})`
      : undefined,
  );

export async function listChatUsers(
  db: DbOrTx,
  f: DateRange & { company?: string | undefined },
  page: { limit: number; offset: number; after?: TimeKey },
) {
  return db
    .select({
      id: chatUsers.id,
      userId: chatUsers.userId,
      name: chatUsers.name,
      customerId: chatUsers.customerId,
      customerName: customers.name,
      email: customers.email,
      createdAt: chatUsers.createdAt,
      createdAtMicros: utcMicros(chatUsers.createdAt),
    })
    .from(chatUsers)
    .innerJoin(customers, eq(customers.id, chatUsers.customerId))
    .where(and(chatWhere(f), beforeKey(chatUsers.createdAt, chatUsers.id, page.after)))
    .orderBy(desc(chatUsers.createdAt), desc(chatUsers.id))
    .limit(page.limit + 1)
    .offset(page.after ? 0 : page.offset);
}

export async function countChatUsers(db: DbOrTx, f: DateRange & { company?: string | undefined }) {
  const matching = db
    .select({ one: sql`1` })
    .from(chatUsers)
    .innerJoin(customers, eq(customers.id, chatUsers.customerId))
    .where(chatWhere(f))
    .limit(10_001)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return row?.n ?? 0;
}

// --------------------------------------------------------------------------------------------- bloatware catalogue

const bloatwareWhere = (isBloatware: boolean | undefined) =>
  isBloatware === undefined ? undefined : eq(bloatwareApps.isBloatware, isBloatware);

export interface BloatwareKey {
  createdAt: string;
  packageName: string;
}

export async function listBloatware(
  db: DbOrTx,
  isBloatware: boolean | undefined,
  page: { limit: number; offset: number; after?: BloatwareKey | undefined },
) {
  return db
    .select({ app: bloatwareApps, createdAtMicros: utcMicros(bloatwareApps.createdAt) })
    .from(bloatwareApps)
    .where(
      and(
        bloatwareWhere(isBloatware),
        page.after
          ? sql`(${bloatwareApps.createdAt}, ${bloatwareApps.packageName}) < (${page.after.createdAt}::timestamptz, ${page.after.packageName})`
          : undefined,
      ),
    )
    .orderBy(desc(bloatwareApps.createdAt), desc(bloatwareApps.packageName))
    .limit(page.limit + 1)
    .offset(page.after ? 0 : page.offset);
}

export const countBloatware = (db: DbOrTx, isBloatware: boolean | undefined) =>
  countCapped(db, bloatwareApps, bloatwareWhere(isBloatware));

export async function updateBloatware(
  db: DbOrTx,
  v: { packageName: string; isBloatware: boolean; reason: string; staffId: string },
) {
  const [row] = await db
    .update(bloatwareApps)
    .set({ isBloatware: v.isBloatware, reason: v.reason, updatedBy: v.staffId, updatedAt: sql`now()` })
    .where(eq(bloatwareApps.packageName, v.packageName))
    .returning();
  return row ?? null;
}

// ------------------------------------------------------------------------------------------------ customer exports

export async function listExports(db: DbOrTx, page: { limit: number; offset: number; after?: TimeKey }) {
  return db
    .select({
      id: deviceExports.id,
      exportName: deviceExports.exportName,
      serialNumber: deviceExports.serialNumber,
      disabledCount: sql<number>`jsonb_array_length(${deviceExports.disabledApplications})::int`,
      customerId: deviceExports.customerId,
      email: customers.email,
      createdAt: deviceExports.createdAt,
      createdAtMicros: utcMicros(deviceExports.createdAt),
    })
    .from(deviceExports)
    .innerJoin(customers, eq(customers.id, deviceExports.customerId))
    .where(beforeKey(deviceExports.createdAt, deviceExports.id, page.after))
    .orderBy(desc(deviceExports.createdAt), desc(deviceExports.id))
    .limit(page.limit + 1)
    .offset(page.after ? 0 : page.offset);
}

export const countExports = (db: DbOrTx) => countCapped(db, deviceExports, undefined);
