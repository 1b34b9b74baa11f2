import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, paymentRefunds, payments, subscriptions } from '../../db/schema.ts';

/** SQL of refunds (DECISIONS §8 "Refund"): `payment_refunds` and the payment rows a refund changes. */

export type RefundRow = typeof paymentRefunds.$inferSelect;

/** A payment by id with its customer's email; `lock` for a refund (any provider: staff act on every payment). */
export async function paymentWithEmail(db: DbOrTx, paymentId: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select({ payment: payments, email: customers.email })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(eq(payments.id, paymentId));
  const [row] = opts.lock ? await query.for('update', { of: payments }) : await query;
  return row ?? null;
}

/** The payment a provider charge paid: by its PaymentIntent or invoice id (`payments.provider_ref`), locked. */
export async function lockPaymentByRefs(tx: DbOrTx, provider: 'sandbox' | 'stripe', refs: readonly string[]) {
  if (refs.length === 0) return null;
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), inArray(payments.providerRef, [...refs])))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Whether a payment of ours has this provider reference (a pre-transaction check before asking the provider). */
export async function hasPaymentWithRef(db: DbOrTx, provider: 'sandbox' | 'stripe', ref: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, ref)));
  return Boolean(row);
}

/** Seats and cents already taken from a payment: refunds done and in flight (pending). */
export async function refundTotals(db: DbOrTx, paymentId: string) {
  const [row] = await db
    .select({
      qty: sql<string>`coalesce(sum(${paymentRefunds.qty}), 0)`,
      pendingQty: sql<string>`coalesce(sum(${paymentRefunds.qty}) filter (where ${paymentRefunds.status} = 'pending'), 0)`,
      cents: sql<string>`coalesce(sum(round(${paymentRefunds.amount} * 100)), 0)`,
    })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), inArray(paymentRefunds.status, ['pending', 'succeeded'])));
  return { qty: Number(row?.qty ?? 0), pendingQty: Number(row?.pendingQty ?? 0), cents: Number(row?.cents ?? 0) };
}

export async function findRefundByKey(tx: DbOrTx, paymentId: string, key: string, opts: { lock?: boolean } = {}) {
  const query = tx
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.idempotencyKey, key)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function lockRefund(tx: DbOrTx, refundId: string) {
  const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).for('update');
  return row ?? null;
}

export async function insertRefund(tx: DbOrTx, values: typeof paymentRefunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(paymentRefunds).values(values).returning();
  return row!;
}

export async function updateRefund(tx: DbOrTx, id: string, values: Partial<typeof paymentRefunds.$inferInsert>) {
  const [row] = await tx.update(paymentRefunds).set(values).where(eq(paymentRefunds.id, id)).returning();
  return row!;
}

/** Staff refunds left pending (a crash between the provider call and the commit) for longer than `olderThan`. */
export async function stalePendingRefunds(db: DbOrTx, olderThan: Date, limit = 100) {
  return db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'pending'), lt(paymentRefunds.createdAt, olderThan)))
    .orderBy(asc(paymentRefunds.createdAt))
    .limit(limit);
}

/** The customer's subscription of the payment's plan, locked. */
export async function lockSubscriptionOfPlan(tx: DbOrTx, customerId: string, planId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), eq(subscriptions.planId, planId)))
    .for('update');
  return row ?? null;
}

/** The subscription a renewal payment renewed (by the provider's subscription id). */
export async function subscriptionOfPayment(
  db: DbOrTx,
  payment: { provider: string; providerSubscriptionId: string | null },
) {
  if (!payment.providerSubscriptionId || payment.provider === 'offline') return null;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, payment.provider as 'sandbox' | 'stripe'),
        eq(subscriptions.providerSubscriptionId, payment.providerSubscriptionId),
      ),
    );
  return row ?? null;
}

/**
 * The payment's refunded amount, seats and date (DECISIONS §14), kept with each succeeded refund in its transaction;
 * a negative `cents` takes money back (a dispute won), leaving seats and date as they were.
 */
export async function addRefundedToPayment(tx: DbOrTx, paymentId: string, cents: number, qty: number, at: Date | null) {
  await tx
    .update(payments)
    .set({
      refundedAmount: sql`greatest(0, ${payments.refundedAmount} + ${cents}::numeric / 100)`,
      refundedQty: sql`${payments.refundedQty} + ${qty}`,
      ...(at ? { refundedAt: at } : {}),
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId));
}
