import { and, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { SavedPaymentMethod } from '@fleetdeck/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  coupons,
  customers,
  licenceGrants,
  paymentErrors,
  paymentMethods,
  payments,
  plans,
  providerEvents,
  subscriptions,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { ProviderName, ProviderPaymentMethod } from './providers/types.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
type CouponRow = typeof coupons.$inferSelect;
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

/**
 * Removes a Pending payment the provider never took (its intent could not be created): no reference, no outcome. A
 * row the provider answered for, or any other state, stays.
 */
/** Removes a payment the provider never started; true when a row went. */
export async function deleteUnstartedPayment(db: DbOrTx, id: string): Promise<boolean> {
  const gone = await db
    .delete(payments)
    .where(and(eq(payments.id, id), eq(payments.status, 'Pending'), isNull(payments.providerRef)))
    .returning({ id: payments.id });
  return gone.length > 0;
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
export async function listPaymentMethods(db: DbOrTx, customerId: string, provider: ProviderName) {
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

export async function defaultPaymentMethod(db: DbOrTx, customerId: string, provider: ProviderName) {
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

export async function findPaymentMethod(db: DbOrTx, provider: ProviderName, providerPmId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.provider, provider), eq(paymentMethods.providerPmId, providerPmId)));
  return row ?? null;
}

export async function insertPaymentMethod(tx: DbOrTx, values: typeof paymentMethods.$inferInsert) {
  const [row] = await tx.insert(paymentMethods).values(values).returning();
  return row!;
}

export async function updatePaymentMethod(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof paymentMethods.$inferInsert>,
): Promise<PaymentMethodRow> {
  const [row] = await tx.update(paymentMethods).set(values).where(eq(paymentMethods.id, id)).returning();
  return row!;
}

/** Whether the customer has an attached default method at this provider other than `exceptPmId`. */
export async function hasOtherDefault(
  tx: DbOrTx,
  customerId: string,
  provider: ProviderName,
  exceptPmId: string | null,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.customerId, customerId),
        eq(paymentMethods.provider, provider),
        isNull(paymentMethods.detachedAt),
        eq(paymentMethods.isDefault, true),
        exceptPmId ? ne(paymentMethods.providerPmId, exceptPmId) : undefined,
      ),
    );
  return Boolean(row);
}

/** Makes one saved method the customer's only default at its provider. */
export async function makeDefaultPaymentMethod(tx: DbOrTx, customerId: string, provider: ProviderName, id: string) {
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.provider, provider)));
  await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id));
}

/** Writes (or refreshes) our mirror of a provider's payment method; another customer's method is a 404. */
export async function mirrorPaymentMethod(
  tx: DbOrTx,
  customerId: string,
  provider: ProviderName,
  pm: ProviderPaymentMethod,
  opts: { makeDefaultIfNone: boolean },
): Promise<PaymentMethodRow> {
  const otherDefault = await hasOtherDefault(tx, customerId, provider, pm.providerPmId);
  const existing = await findPaymentMethod(tx, provider, pm.providerPmId);
  if (existing && existing.customerId !== customerId) throw notFound('No such payment method.');
  const isDefault = (existing?.isDefault ?? false) || (opts.makeDefaultIfNone && !otherDefault);
  const values = { type: pm.type, card: pm.card, paypal: pm.paypal, isDefault, detachedAt: null };
  return existing
    ? updatePaymentMethod(tx, existing.id, values)
    : insertPaymentMethod(tx, { customerId, provider, providerPmId: pm.providerPmId, ...values });
}

export async function detachPaymentMethod(tx: DbOrTx, provider: ProviderName, providerPmId: string) {
  await tx
    .update(paymentMethods)
    .set({ detachedAt: new Date(), isDefault: false })
    .where(and(eq(paymentMethods.provider, provider), eq(paymentMethods.providerPmId, providerPmId)));
}

// ---------------------------------------------------------------------------------------------------------
// Provider ids stored on our rows (the providers answer them; the service stores them).

/**
 * Stores the provider's customer id unless another request stored one first (then that one wins): the id to use.
 * `replacing` is the id the row had when it was read (null, or one the other provider made up).
 */
export async function storeProviderCustomerId(
  tx: DbOrTx,
  customerId: string,
  providerCustomerId: string,
  replacing: string | null,
): Promise<string> {
  const [saved] = await tx
    .update(customers)
    .set({ stripeCustomerId: providerCustomerId, updatedAt: new Date() })
    .where(
      and(
        eq(customers.id, customerId),
        replacing ? eq(customers.stripeCustomerId, replacing) : isNull(customers.stripeCustomerId),
      ),
    )
    .returning({ id: customers.stripeCustomerId });
  if (saved?.id) return saved.id;
  const [row] = await tx.select({ id: customers.stripeCustomerId }).from(customers).where(eq(customers.id, customerId));
  return row?.id ?? providerCustomerId;
}

export async function storePlanProviderPriceId(tx: DbOrTx, planId: string, providerPriceId: string) {
  await tx
    .update(plans)
    .set({ providerPriceId, updatedAt: new Date() })
    .where(and(eq(plans.id, planId), isNull(plans.providerPriceId)));
}

export async function storeCouponProviderId(tx: DbOrTx, code: string, providerCouponId: string) {
  await tx
    .update(coupons)
    .set({ providerCouponId })
    .where(and(eq(coupons.code, code.trim().toUpperCase()), isNull(coupons.providerCouponId)));
}

// ---------------------------------------------------------------------------------------------------------
// Payment events (events.ts): each event once, the payment and subscription rows locked while they change.

/** Records an event id; false when it was processed before. */
export async function recordProviderEvent(tx: DbOrTx, values: typeof providerEvents.$inferInsert): Promise<boolean> {
  const fresh = await tx
    .insert(providerEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: providerEvents.eventId });
  return fresh.length > 0;
}

export async function customerIdByProviderCustomerId(tx: DbOrTx, providerCustomerId: string) {
  const [owner] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.stripeCustomerId, providerCustomerId));
  return owner?.id ?? null;
}

export async function lockPaymentByProviderRef(tx: DbOrTx, provider: ProviderName, providerRef: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .for('update');
  return row ?? null;
}

export async function lockPaymentById(tx: DbOrTx, provider: ProviderName, paymentId: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.provider, provider)))
    .for('update');
  return row ?? null;
}

export async function lockSubscriptionByProviderId(tx: DbOrTx, provider: ProviderName, providerSubscriptionId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .for('update');
  return row ?? null;
}

export async function insertSubscription(tx: DbOrTx, values: typeof subscriptions.$inferInsert): Promise<string> {
  const [row] = await tx.insert(subscriptions).values(values).returning({ id: subscriptions.id });
  return row!.id;
}

export async function updateSubscription(tx: DbOrTx, id: string, values: Partial<typeof subscriptions.$inferInsert>) {
  await tx.update(subscriptions).set(values).where(eq(subscriptions.id, id));
}

/** A status change reported by the provider; a canceled subscription is never brought back by a stale update. */
export async function setSubscriptionStatus(
  tx: DbOrTx,
  provider: ProviderName,
  providerSubscriptionId: string,
  status: SubscriptionRow['status'],
  opts: { unlessCanceled: boolean },
) {
  await tx
    .update(subscriptions)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        opts.unlessCanceled ? sql`${subscriptions.status} <> 'canceled'` : undefined,
      ),
    );
}

/** The grants of a replaced subscription keep their own expiry: renewals of the new one must not move them. */
export async function releaseSubscriptionGrants(tx: DbOrTx, subscriptionId: string) {
  await tx.update(licenceGrants).set({ subscriptionId: null }).where(eq(licenceGrants.subscriptionId, subscriptionId));
}

/** A renewal: the subscription's live seats expire at the new period end. */
export async function extendSubscriptionGrants(tx: DbOrTx, subscriptionId: string, periodEnd: Date) {
  await tx
    .update(licenceGrants)
    .set({ expiresAt: periodEnd })
    .where(
      and(
        eq(licenceGrants.subscriptionId, subscriptionId),
        isNull(licenceGrants.revokedAt),
        lt(licenceGrants.expiresAt, periodEnd),
      ),
    );
}

/**
 * Takes one redemption of a coupon atomically (issue 12, item 8): one conditional UPDATE, so two checkouts racing for
 * the last redemption cannot both take it. False when none is left (or the coupon was disabled or expired meanwhile).
 */
export async function takeCouponRedemption(tx: DbOrTx, code: string): Promise<boolean> {
  const taken = await tx
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
    .where(
      and(
        sql`upper(${coupons.code}) = upper(${code})`,
        or(isNull(coupons.maxRedemptions), lt(coupons.timesRedeemed, coupons.maxRedemptions)),
        // Disabled or expired meanwhile (a staff change racing this checkout): nothing taken.
        eq(coupons.active, true),
        or(isNull(coupons.expiresAt), sql`${coupons.expiresAt} > now()`),
      ),
    )
    .returning({ code: coupons.code });
  return taken.length > 0;
}

/** Gives a redemption back (the checkout that took it was removed before the provider started it). */
export async function releaseCouponRedemption(db: DbOrTx, code: string) {
  await db
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} - 1` })
    .where(and(sql`upper(${coupons.code}) = upper(${code})`, gt(coupons.timesRedeemed, 0)));
}

export async function redeemCoupon(tx: DbOrTx, code: string) {
  await tx
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
    .where(sql`upper(${coupons.code}) = upper(${code})`);
}

/** The latest-ending live (active or past due) subscription of the customer, with its plan's ids. */
export async function latestLiveSubscription(tx: DbOrTx, customerId: string) {
  const [latest] = await tx
    .select({ end: subscriptions.currentPeriodEnd, identifier: plans.identifier, priceId: plans.providerPriceId })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.customerId, customerId), inArray(subscriptions.status, ['active', 'past_due'])))
    .orderBy(sql`${subscriptions.currentPeriodEnd} desc nulls last`)
    .limit(1);
  return latest ?? null;
}

export async function updateCustomer(tx: DbOrTx, customerId: string, values: Partial<typeof customers.$inferInsert>) {
  await tx
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customers.id, customerId));
}

/** Serialises the checkouts of one (customer, Idempotency-Key) until the transaction ends. */
export async function lockCheckoutKey(tx: DbOrTx, customerId: string, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${customerId}:${key}`}, 0))`);
}

/** One provider-reported payment error (the staff's payment errors list), in the caller's transaction. */
export async function insertPaymentError(tx: DbOrTx, values: typeof paymentErrors.$inferInsert) {
  await tx.insert(paymentErrors).values(values);
}
