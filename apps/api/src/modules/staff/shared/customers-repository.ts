import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type PaymentMethodSnapshot, customers, offlinePayments, payments, staffUsers } from '../../../db/schema.ts';

export async function findCustomer(db: DbOrTx, customerId: string) {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  return row ?? null;
}

// ------------------------------------------------------------------------------------------- customer's payments

const paymentColumns = {
  id: payments.id,
  customerId: payments.customerId,
  planId: payments.planId,
  planIdentifier: payments.planIdentifier,
  family: payments.family,
  productName: payments.productName,
  subscriptionType: payments.subscriptionType,
  subscriptionReason: payments.subscriptionReason,
  qty: payments.qty,
  totalAmount: payments.totalAmount,
  unitAmount: payments.unitAmount,
  currency: payments.currency,
  couponCode: payments.couponCode,
  status: payments.status,
  message: payments.message,
  expiryAt: payments.expiryAt,
  refundBy: payments.refundBy,
  isOfflinePayment: payments.isOfflinePayment,
  note: payments.note,
  idempotencyKey: payments.idempotencyKey,
  paymentMethod: sql<PaymentMethodSnapshot | null>`${payments.paymentMethod}`,
  recordedBy: staffUsers.email,
  createdAt: payments.createdAt,
};

export const paymentsWithStaff = (db: DbOrTx) =>
  db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(offlinePayments, eq(offlinePayments.paymentId, payments.id))
    .leftJoin(staffUsers, eq(staffUsers.id, offlinePayments.staffId));

export type CustomerPaymentRow = NonNullable<Awaited<ReturnType<typeof findCustomerPayment>>>;

export async function findCustomerPayment(db: DbOrTx, paymentId: string) {
  const [row] = await paymentsWithStaff(db).where(eq(payments.id, paymentId));
  return row ?? null;
}
