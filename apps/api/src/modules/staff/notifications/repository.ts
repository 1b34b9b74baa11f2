import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { countCapped, utcMicros, keysetPage } from '../../../db/paging.ts';
import { deviceMessages, devices, notificationCounts, notifications } from '../../../db/schema.ts';
import { uuidArray } from '../../../db/arrays.ts';
import { type NotificationRow, type NotificationTarget, targetWhere } from '../../policy/fan-out-repository.ts';
import { type TimePage, keysetWindow, timeKey } from '../shared/lists-repository.ts';

export { type DeviceFilter, countDevices, customerIdByEmail, listDevices } from '../shared/lists-repository.ts';

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

export async function listNotifications(db: DbOrTx, page: TimePage) {
  const query = db
    .select({
      n: notifications,
      ...countsOf,
      createdAtMicros: utcMicros(notifications.createdAt),
      createdByEmail: sql<string | null>`(select email from staff_users s where s.id = ${notifications.createdBy})`,
    })
    .from(notifications)
    .$dynamic();
  return keysetPage(query, undefined, timeKey(notifications.createdAt, notifications.id), keysetWindow(page));
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
  const query = db
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
    .$dynamic();
  return keysetPage(query, deliveryWhere(f), [[deviceMessages.id, 'uuid']], {
    ...page,
    after: page.afterId ? [page.afterId] : undefined,
    order: 'asc',
  });
}

export const countDeliveries = (db: DbOrTx, f: DeliveryFilter) => countCapped(db, deviceMessages, deliveryWhere(f));

export type { NotificationRow, NotificationTarget };
