import { and, eq, sql } from 'drizzle-orm';
import { uuidArray } from '../../db/arrays.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { WAKE_IDS_PER_NOTIFY } from './wakeup.ts';

/** SQL of the notification fan-out (fan-out.ts): staff write notifications (staff/notifications), this writes their deliveries. */

export interface NotificationTarget {
  target: 'all' | 'devices' | 'customers';
  deviceIds: string[];
  customerIds: string[];
  onlyWithFcmToken: boolean;
}

/** The devices a notification goes to: enrolled (not logged out) devices of its target. */
export const targetWhere = (t: NotificationTarget) =>
  and(
    sql`d.logged_out_at is null and d.token_hash is not null`,
    t.target === 'all'
      ? undefined
      : sql`(d.id = any(${uuidArray(t.deviceIds)}) or d.customer_id = any(${uuidArray(t.customerIds)}))`,
    t.onlyWithFcmToken ? sql`d.fcm_token is not null` : undefined,
  );

export type NotificationRow = typeof notifications.$inferSelect;

/** The fan-out's lock: not `for update`, which would hold up the foreign-key checks of new counter shards. */
export async function lockNotification(db: DbOrTx, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).for('no key update');
  return row ?? null;
}

/**
 * One fan-out batch: delivery rows for the next `limit` target devices after `last_device_id` (keyset on the device
 * id, so a retried job continues where it stopped and never writes a row twice), each device woken on commit.
 * Answers the device ids written.
 */
export async function fanOutBatch(db: DbOrTx, n: NotificationRow, limit: number): Promise<string[]> {
  const t: NotificationTarget = {
    target: n.target,
    deviceIds: n.targetDeviceIds,
    customerIds: n.targetCustomerIds,
    onlyWithFcmToken: n.onlyWithFcmToken,
  };
  const payload = JSON.stringify({ notificationId: n.id, title: n.title, message: n.message, body: n.message });
  const result = await db.execute<{ device_id: string }>(sql`
    with batch as (
      select d.id from devices d
      where ${targetWhere(t)} ${n.lastDeviceId ? sql`and d.id > ${n.lastDeviceId}::uuid` : sql``}
      order by d.id
      limit ${limit}
    ), inserted as (
      insert into device_messages (device_id, kind, payload, notification_id, expires_at, created_at)
      select id, 'notification', ${payload}::jsonb, ${n.id}::uuid, ${n.expiresAt.toISOString()}::timestamptz,
             clock_timestamp()
      from batch
      returning device_id
    ), woken as (
      -- One NOTIFY per WAKE_IDS_PER_NOTIFY devices (their ids, comma-separated; wakeup.ts): a broadcast of 20,000
      -- rows is a hundred notifications to each listening process, not 20,000.
      select pg_notify('device_wake', string_agg(device_id::text, ',')) from (
        select device_id, (row_number() over (order by device_id) - 1) / ${sql.raw(String(WAKE_IDS_PER_NOTIFY))} as part from inserted
      ) x group by part
    )
    select device_id from inserted, (select count(*) from woken) w
    order by device_id`);
  return result.rows.map((r) => r.device_id);
}

export async function recordFanOut(
  db: DbOrTx,
  id: string,
  written: number,
  lastDeviceId: string | null,
  done: boolean,
) {
  await db
    .update(notifications)
    .set({
      fannedOut: sql`${notifications.fannedOut} + ${written}`,
      ...(lastDeviceId ? { lastDeviceId } : {}),
      ...(done ? { fanOutCompletedAt: sql`now()`, totalDevices: sql`${notifications.fannedOut} + ${written}` } : {}),
    })
    .where(eq(notifications.id, id));
}
