import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { subscriptions } from '../../../db/schema.ts';

/** SQL of a price's amount change (DECISIONS §14 "Price amounts"): its live subscriptions, by the partial index. */

const LIVE = ['active', 'past_due'] as const;

export async function countLiveSubscriptions(db: DbOrTx, planId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.planId, planId), inArray(subscriptions.status, [...LIVE])));
  return row?.n ?? 0;
}

/** One batch of a plan's live subscriptions after `afterId` (keyset on the id), with their account. */
export async function liveSubscriptionsBatch(db: DbOrTx, planId: string, afterId: string | null, limit: number) {
  return db
    .select({
      id: subscriptions.id,
      provider: subscriptions.provider,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
      providerItemId: subscriptions.providerItemId,
      quantity: subscriptions.quantity,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      customerId: subscriptions.customerId,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.planId, planId),
        inArray(subscriptions.status, [...LIVE]),
        afterId ? gt(subscriptions.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(limit);
}
