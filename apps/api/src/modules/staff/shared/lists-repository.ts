import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { type KeyColumn, type KeysetWindow, afterKey, countCapped, keysetPage, utcMicros } from '../../../db/paging.ts';
import { customers, devices } from '../../../db/schema.ts';

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

/** A page of a (created_at, id) list: after `after`, or at `offset` without it. */
export interface TimePage {
  limit: number;
  offset: number;
  after?: TimeKey | undefined;
}

/** The (created_at, id) key most staff lists are paged by, newest first. */
export const timeKey = (createdAt: AnyPgColumn, id: AnyPgColumn): KeyColumn[] => [
  [createdAt, 'timestamptz'],
  [id, 'uuid'],
];

/** The rows after `k` in a (created_at, id) list, newest first (for a list written in SQL). */
export const beforeKey = (createdAt: AnyPgColumn, id: AnyPgColumn, k: TimeKey | undefined) =>
  afterKey(timeKey(createdAt, id), k && [k.createdAt, k.id], 'desc');

/** A page of a (created_at, id) keyset list as `keysetPage` takes it. */
export const keysetWindow = (page: TimePage): KeysetWindow => ({
  limit: page.limit,
  offset: page.offset,
  after: page.after && [page.after.createdAt, page.after.id],
});

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
export async function listDevices(db: DbOrTx, f: DeviceFilter, page: TimePage) {
  const query = db
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
    .$dynamic();
  return keysetPage(query, deviceWhere(f), timeKey(devices.createdAt, devices.id), keysetWindow(page));
}

export const countDevices = (db: DbOrTx, f: DeviceFilter) => countCapped(db, devices, deviceWhere(f));
