import type { Family } from '@fleetdeck/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { devices, offlinePayments, payments } from '../../../db/schema.ts';

export { findCustomer, findCustomerPayment } from '../shared/customers-repository.ts';

/** A payment row locked for a seat edit. */
export async function lockPayment(tx: DbOrTx, paymentId: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}

export async function findPaymentByKey(db: DbOrTx, customerId: string, key: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.customerId, customerId), eq(payments.idempotencyKey, key)));
  return row ?? null;
}

/** Inserts an offline payment; null when a payment with the same Idempotency-Key exists (committed meanwhile). */
export async function insertOfflinePayment(
  tx: DbOrTx,
  values: typeof payments.$inferInsert & { customerId: string },
  staffId: string,
) {
  const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning({ id: payments.id });
  if (!row) return null;
  await tx.insert(offlinePayments).values({ paymentId: row.id, staffId });
  return row.id;
}

export async function setPaymentQty(tx: DbOrTx, paymentId: string, qty: number) {
  await tx.update(payments).set({ qty, updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

// ---------------------------------------------------------------------------------------------------- devices

/** Devices of a family holding a seat, newest first (devices_customer_family_idx), and their count. */
export async function enrolledDevices(db: DbOrTx, customerId: string, family: Family, limit: number) {
  const where = and(eq(devices.customerId, customerId), eq(devices.family, family), isNull(devices.loggedOutAt));
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: devices.id, deviceName: devices.deviceName, serialNumber: devices.serialNumber })
      .from(devices)
      .where(where)
      .orderBy(desc(devices.enrolledAt), desc(devices.id))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(devices)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findDevice(db: DbOrTx, deviceId: string) {
  const [row] = await db
    .select({
      id: devices.id,
      customerId: devices.customerId,
      family: devices.family,
      serialNumber: devices.serialNumber,
      loggedOutAt: devices.loggedOutAt,
    })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row ?? null;
}
