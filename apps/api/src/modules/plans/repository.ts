import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, paymentMethods, plans, subscriptions, type PaymentMethodSnapshot } from '../../db/schema.ts';

/** SQL of the plan catalogue and the signed-in customer's view of it. Customer rows are scoped by its id. */
export type PlanRow = typeof plans.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function activePlans(db: DbOrTx): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.status, 'Active')).orderBy(asc(plans.identifier));
}

export async function allPlans(db: DbOrTx): Promise<PlanRow[]> {
  return db.select().from(plans);
}

/** A plan by `_id` or by identifier (any case). */
export async function findPlan(db: DbOrTx, idOrIdentifier: string): Promise<PlanRow | null> {
  const where = UUID.test(idOrIdentifier)
    ? eq(plans.id, idOrIdentifier)
    : eq(plans.identifier, idOrIdentifier.toUpperCase());
  const [row] = await db.select().from(plans).where(where);
  return row ?? null;
}

export async function findPlanByIdentifier(db: DbOrTx, identifier: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.identifier, identifier));
  return row ?? null;
}

export interface SubscriptionRow {
  id: string;
  planId: string;
  family: string;
  quantity: number;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  currentPeriodEnd: Date | null;
  couponCode: string | null;
  /** The payment method of the latest successful payment of this plan. */
  paymentMethod: PaymentMethodSnapshot | null;
}

/**
 * The customer's live subscriptions (active or past due), each with the method of its latest successful
 * payment (one index probe per subscription on payments_customer_plan_created_idx).
 */
export async function liveSubscriptions(db: DbOrTx, customerId: string): Promise<SubscriptionRow[]> {
  const result = await db.execute<{
    id: string;
    plan_id: string;
    family: string;
    quantity: number;
    status: SubscriptionRow['status'];
    current_period_end: Date | string | null;
    coupon_code: string | null;
    payment_method: PaymentMethodSnapshot | null;
  }>(sql`
    select s.id, s.plan_id, s.family, s.quantity, s.status, s.current_period_end, s.coupon_code, pm.payment_method
    from ${subscriptions} s
    join ${plans} p on p.id = s.plan_id
    left join lateral (
      select pay.payment_method from payments pay
      where pay.customer_id = ${customerId} and pay.plan_identifier = p.identifier and pay.status = 'Success'
      order by pay.created_at desc, pay.id desc
      limit 1
    ) pm on true
    where s.customer_id = ${customerId} and s.status in ('active', 'past_due')
  `);
  return result.rows.map((r) => ({
    id: r.id,
    planId: r.plan_id,
    family: r.family,
    quantity: r.quantity,
    status: r.status,
    currentPeriodEnd: r.current_period_end === null ? null : new Date(r.current_period_end),
    couponCode: r.coupon_code,
    paymentMethod: r.payment_method,
  }));
}

export async function defaultPaymentMethod(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.customerId, customerId),
        eq(paymentMethods.isDefault, true),
        isNull(paymentMethods.detachedAt),
      ),
    )
    .orderBy(sql`${paymentMethods.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

export async function customerEmail(db: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
  return row?.email ?? null;
}
