import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, paymentMethods, plans, sandboxIntents, subscriptions } from '../../db/schema.ts';

/**
 * SQL of the sandbox payment provider: its intents (`sandbox_intents`, what Stripe keeps on its side) and the rows
 * of ours it reads to build Stripe-shaped events.
 */
export type SandboxIntentRow = typeof sandboxIntents.$inferSelect;

export async function findIntent(db: DbOrTx, intentId: string) {
  const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId));
  return row ?? null;
}

export async function findIntentOfPayment(db: DbOrTx, paymentId: string) {
  const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.paymentId, paymentId));
  return row ?? null;
}

export async function insertIntent(tx: DbOrTx, values: typeof sandboxIntents.$inferInsert) {
  const [row] = await tx.insert(sandboxIntents).values(values).returning();
  return row!;
}

/** The intent a client secret opens, locked for the confirm. */
export async function lockIntentBySecretHash(tx: DbOrTx, clientSecretHash: string) {
  const [row] = await tx
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.clientSecretHash, clientSecretHash))
    .for('update');
  return row ?? null;
}

export async function updateIntent(tx: DbOrTx, intentId: string, values: Partial<typeof sandboxIntents.$inferInsert>) {
  const [row] = await tx
    .update(sandboxIntents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sandboxIntents.id, intentId))
    .returning();
  return row!;
}

/** Outcomes recorded over a minute ago (and within a day) whose event was never processed. */
export async function undeliveredIntentIds(db: DbOrTx): Promise<string[]> {
  const stale = await db.execute<{ id: string }>(sql`
    select i.id from sandbox_intents i
    where i.metadata ? 'lastEventId'
      and i.updated_at < now() - interval '1 minute'
      and i.updated_at > now() - interval '1 day'
      and not exists (select 1 from provider_events e where e.event_id = i.metadata->>'lastEventId')
    limit 100`);
  return stale.rows.map((row) => row.id);
}

/** The provider's customer id stored for the customer (`customers.stripe_customer_id`). */
export async function providerCustomerIdOf(db: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ stripeCustomerId: customers.stripeCustomerId })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.stripeCustomerId ?? null;
}

/** The customer's cards saved with the sandbox, attached or not. */
export async function sandboxCardsOf(tx: DbOrTx, customerId: string) {
  return tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.provider, 'sandbox')));
}

/** The current period end of a sandbox subscription, by its provider id. */
export async function subscriptionPeriodEnd(tx: DbOrTx, providerSubscriptionId: string): Promise<Date | null> {
  const [sub] = await tx
    .select({ end: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.provider, 'sandbox'), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)),
    );
  return sub?.end ?? null;
}

export async function sandboxSubscriptionWithPlan(db: DbOrTx, subscriptionId: string) {
  const [row] = await db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.provider, 'sandbox')));
  return row ?? null;
}

/** The customer's default method (a renewal charges it). */
export async function defaultMethodOf(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.isDefault, true)));
  return row ?? null;
}

/** Refunds the sandbox recorded on an intent (`refund:<key>` → cents in its metadata), as Stripe's `amount_refunded`. */
export const refundedCentsOf = (intent: SandboxIntentRow) =>
  Object.entries(intent.metadata)
    .filter(([k]) => k.startsWith('refund:'))
    .reduce((sum, [, v]) => sum + Number(v), 0);

/** Records a refund on an intent once per key (a replay of the key changes nothing), locked against a concurrent one. */
export async function recordIntentRefund(tx: DbOrTx, intentId: string, key: string, cents: number) {
  const [intent] = await tx.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId)).for('update');
  if (!intent) return null;
  if (intent.metadata[`refund:${key}`] !== undefined) return { intent, fresh: false };
  const metadata = { ...intent.metadata, [`refund:${key}`]: String(cents) };
  const [row] = await tx
    .update(sandboxIntents)
    .set({ metadata, updatedAt: new Date() })
    .where(eq(sandboxIntents.id, intentId))
    .returning();
  return { intent: row!, fresh: true, before: refundedCentsOf(intent) };
}

/** Requests racing for one payment's intent wait here (transaction-scoped advisory lock), like Stripe's idempotency. */
export async function lockIntentOfPayment(tx: DbOrTx, paymentId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sandbox-intent:${paymentId}`}, 0))`);
}
