import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SavedPaymentMethod } from '@fleetdeck/contract';
import type { DbOrTx } from '../../db/client.ts';
import { coupons, customers, paymentMethods, payments, plans, subscriptions } from '../../db/schema.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** A plan by `_id` (uuid) or identifier (PD, PDOT…, any case). */
export async function findPlan(db: DbOrTx, priceId: string): Promise<PlanRow | null> {
  const value = priceId.trim();
  const [row] = isUuid(value)
    ? await db.select().from(plans).where(eq(plans.id, value))
    : await db.select().from(plans).where(eq(plans.identifier, value.toUpperCase()));
  return row ?? null;
}

export async function findPlanById(db: DbOrTx, id: string): Promise<PlanRow> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  if (!row) throw new Error(`plan ${id} is missing`);
  return row;
}

export async function findCustomer(db: DbOrTx, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row ?? null;
}

export async function findCoupon(db: DbOrTx, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = upper(${code.trim()})`);
  return row ?? null;
}

export async function findPaymentByIdempotencyKey(db: DbOrTx, customerId: string, key: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.customerId, customerId), eq(payments.idempotencyKey, key)));
  return row ?? null;
}

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function updatePayment(db: DbOrTx, id: string, values: Partial<typeof payments.$inferInsert>) {
  await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

export async function findSubscription(db: DbOrTx, customerId: string, planId: string, lock = false) {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), eq(subscriptions.planId, planId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function listSubscriptions(db: DbOrTx, customerId: string, planId: string | null) {
  return db
    .select({ subscription: subscriptions, identifier: plans.identifier })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.customerId, customerId), planId ? eq(subscriptions.planId, planId) : undefined))
    .orderBy(desc(subscriptions.createdAt));
}

/** The payment method snapshot of the latest successful payment of each of the customer's plans. */
export async function latestPaymentMethods(db: DbOrTx, customerId: string) {
  const result = await db.execute<{ plan_id: string; payment_method: PaymentRow['paymentMethod'] }>(sql`
    select distinct on (plan_id) plan_id, payment_method from payments
    where customer_id = ${customerId} and status = 'Success' and payment_method is not null
    order by plan_id, created_at desc`);
  return new Map(result.rows.map((r) => [r.plan_id, r.payment_method]));
}

/** One page of the customer's payments, newest first, on the (customer_id[, plan_identifier], created_at, id) indexes. */
export async function historyPage(
  db: DbOrTx,
  customerId: string,
  planIdentifier: string | null,
  page: number,
  limit: number,
) {
  const where = and(
    eq(payments.customerId, customerId),
    planIdentifier ? eq(payments.planIdentifier, planIdentifier) : undefined,
  );
  const rows = await db
    .select({ payment: payments, planName: plans.name })
    .from(payments)
    .innerJoin(plans, eq(plans.id, payments.planId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(payments).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export const toSavedPaymentMethod = (row: PaymentMethodRow): SavedPaymentMethod => ({
  id: row.providerPmId,
  type: row.type === 'paypal' ? 'paypal' : 'card',
  card: row.card
    ? {
        brand: row.card.brand,
        country: row.card.country,
        exp_month: row.card.exp_month,
        exp_year: row.card.exp_year,
        last4: row.card.last4,
      }
    : null,
  paypal: row.paypal ?? null,
  isDefault: row.isDefault,
});

/** Saved (attached) methods of the customer at this provider, default first. */
export async function listPaymentMethods(db: DbOrTx, customerId: string, provider: 'sandbox' | 'stripe') {
  return db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.customerId, customerId),
        eq(paymentMethods.provider, provider),
        isNull(paymentMethods.detachedAt),
      ),
    )
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
}

export async function defaultPaymentMethod(db: DbOrTx, customerId: string, provider: 'sandbox' | 'stripe') {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.customerId, customerId),
        eq(paymentMethods.provider, provider),
        isNull(paymentMethods.detachedAt),
        eq(paymentMethods.isDefault, true),
      ),
    );
  return row ?? null;
}

export async function findPaymentMethod(db: DbOrTx, provider: 'sandbox' | 'stripe', providerPmId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.provider, provider), eq(paymentMethods.providerPmId, providerPmId)));
  return row ?? null;
}

/** Creates a percent-off coupon (code stored upper-case). No coupons are seeded; staff tools and tests use this. */
export async function insertCoupon(
  db: DbOrTx,
  values: Omit<typeof coupons.$inferInsert, 'code' | 'percentOff'> & { code: string; percentOff: number | string },
): Promise<CouponRow> {
  const [row] = await db
    .insert(coupons)
    .values({ ...values, code: values.code.trim().toUpperCase(), percentOff: String(values.percentOff) })
    .returning();
  return row!;
}
