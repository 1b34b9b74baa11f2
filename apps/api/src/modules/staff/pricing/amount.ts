import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { AppError } from '../../../lib/errors.ts';
import { dispatchEmail, queueEmail } from '../../mail/outbox.ts';
import { priceRiseEmail } from '../../mail/price-templates.ts';
import { centsToNumeric, formatEuro, toCents } from '../../payments/money.ts';
import { createStripeClient } from '../../payments/providers/stripe.ts';
import { emailAccount } from '../../team/notify.ts';
import { writePricingAudit } from './currency-service.ts';
import * as amounts from './amount-repository.ts';
import * as repo from '../../pricing/repository.ts';

/**
 * A price's amount (DECISIONS §14 "Price amounts"; issue 22 item 9). Checkout and the sandbox's renewals read
 * `plans.amount` live, so new purchases pay the new amount at once and subscriptions at their next renewal. With
 * Stripe (prices are immutable there) a new Price is created BEFORE our transaction (idempotent per plan and amount:
 * a failure changes nothing, a retry reuses it), the plan points at it in the transaction, the old Price is archived
 * after commit, and a background job moves each live Stripe subscription to the new Price without proration (so it
 * renews at the new amount). When the amount rises, the same job emails every subscriber through the outbox.
 */

export const PRICE_CHANGE_QUEUE = 'pricing.price-changed';
const BATCH = 500;

export interface PriceChangeJob {
  planId: string;
  fromCents: number;
  toCents: number;
  /** The new Stripe Price the plan's Stripe subscriptions move to; null with the sandbox. */
  newPriceId: string | null;
  /** Keyset cursor: the job handles one batch after this subscription id and queues the next. */
  afterId: string | null;
}

export interface AmountChange {
  cents: number;
  newPriceId: string | null;
}

const stripeDown = (ctx: AppContext, err: unknown) => {
  ctx.logger.error({ err }, 'price change at Stripe failed');
  return new AppError(
    502,
    'E_PROVIDER',
    'Stripe could not be reached to create the new price. Nothing was changed: please try again.',
  );
};

function priceParams(plan: repo.PlanRow, cents: number): Stripe.PriceCreateParams {
  const interval = (
    ['day', 'week', 'month'].includes(plan.interval ?? '') ? plan.interval : 'year'
  ) as Stripe.PriceCreateParams.Recurring.Interval;
  return {
    currency: plan.currency,
    unit_amount: cents,
    ...(plan.type === 'recurring' ? { recurring: { interval, interval_count: plan.intervalCount } } : {}),
    product_data: { name: plan.name, metadata: { planId: plan.id, planIdentifier: plan.identifier } },
    metadata: { planId: plan.id, planIdentifier: plan.identifier },
  };
}

/**
 * Step 1, before the transaction: null when `amount` is absent or the plan's amount already; with Stripe and a plan
 * that has a Stripe Price, the new Price.
 */
export async function prepareAmountChange(
  ctx: AppContext,
  planId: string,
  amount: string | number | undefined,
): Promise<AmountChange | null> {
  if (amount === undefined) return null;
  const plan = await repo.findPlanById(ctx.db, planId);
  const cents = toCents(typeof amount === 'number' ? amount : Number(amount));
  if (!plan || toCents(plan.amount) === cents) return null;
  if (ctx.config.paymentProvider !== 'stripe' || !plan.providerPriceId) return { cents, newPriceId: null };
  try {
    const price = await createStripeClient(ctx).prices.create(priceParams(plan, cents), {
      idempotencyKey: `price-change:${plan.id}:${plan.currency}:${cents}:${plan.providerPriceId}`,
    });
    return { cents, newPriceId: price.id };
  } catch (err) {
    throw stripeDown(ctx, err);
  }
}

/**
 * Step 2, in the price update's transaction (the plan row locked): the amount, the new Stripe Price, the audit, and
 * after commit the old Price archived and the subscribers' job queued. Answers the updated row.
 */
export async function applyAmountChange(
  ctx: AppContext,
  tx: DbOrTx,
  actor: StaffActor,
  locked: repo.PlanRow,
  change: AmountChange,
  afterCommit: (fn: () => Promise<void>) => void,
): Promise<repo.PlanRow> {
  const fromCents = toCents(locked.amount);
  if (fromCents === change.cents) return locked;
  const oldPriceId = locked.providerPriceId;
  const updated = await repo.updatePlan(tx, locked.id, {
    amount: centsToNumeric(change.cents),
    ...(change.newPriceId ? { providerPriceId: change.newPriceId } : {}),
  });
  const subscribers = await amounts.countLiveSubscriptions(tx, locked.id);
  const rise = change.cents > fromCents;
  await writePricingAudit(
    tx,
    actor,
    'Price Amount Changed',
    `Price ${locked.identifier}: ${formatEuro(fromCents)} → ${formatEuro(change.cents)} for new purchases` +
      (locked.type === 'recurring' ? `; ${subscribers} subscription(s) renew at it` : '') +
      (rise && subscribers > 0 ? `; ${subscribers} subscriber(s) emailed` : '') +
      (change.newPriceId ? `; Stripe price ${oldPriceId} → ${change.newPriceId}` : ''),
  );
  afterCommit(async () => {
    if (change.newPriceId && oldPriceId) await archiveStripePrice(ctx, oldPriceId);
    if (subscribers > 0 && (rise || change.newPriceId)) {
      await sendPriceChangeJob(ctx, {
        planId: locked.id,
        fromCents,
        toCents: change.cents,
        newPriceId: change.newPriceId,
        afterId: null,
      });
    }
  });
  return updated;
}

/** The old Stripe Price stops being offered (`active: false`); subscriptions still on it keep working until moved. */
async function archiveStripePrice(ctx: AppContext, priceId: string) {
  try {
    await createStripeClient(ctx).prices.update(
      priceId,
      { active: false },
      { idempotencyKey: `price-archive:${priceId}` },
    );
  } catch (err) {
    // The plan already points at the new Price; `price/sync` prefers it. Logged for staff to archive by hand.
    ctx.logger.error({ err, priceId }, 'old Stripe price not archived');
  }
}

async function sendPriceChangeJob(ctx: AppContext, job: PriceChangeJob) {
  await ctx.queue.send(PRICE_CHANGE_QUEUE, job, {
    singletonKey: `${job.planId}:${job.toCents}:${job.afterId ?? 'start'}`,
    retryLimit: 10,
    retryDelay: 10,
    retryBackoff: true,
  });
}

/** `GET price/subscribers`: the live subscriptions the confirmation names. */
export async function subscriberCount(ctx: AppContext, planId: string): Promise<number> {
  return amounts.countLiveSubscriptions(ctx.db, planId);
}

/**
 * Worker: one batch of the plan's live subscriptions: their Stripe subscription item moved to the new Price (no
 * proration: the next renewal bills the new amount; idempotent per subscription and Price) and, on a rise, one email
 * each (queued in one transaction, dispatched after commit); then the next batch's job.
 */
export async function runPriceChangeBatch(ctx: AppContext, job: PriceChangeJob): Promise<void> {
  const plan = await repo.findPlanById(ctx.db, job.planId);
  if (!plan) return;
  const batch = await amounts.liveSubscriptionsBatch(ctx.db, job.planId, job.afterId, BATCH);
  if (batch.length === 0) return;
  if (job.newPriceId) {
    const stripe = createStripeClient(ctx);
    for (const sub of batch) {
      if (sub.provider !== 'stripe' || !sub.providerSubscriptionId || !sub.providerItemId) continue;
      await stripe.subscriptions.update(
        sub.providerSubscriptionId,
        { items: [{ id: sub.providerItemId, price: job.newPriceId }], proration_behavior: 'none' },
        { idempotencyKey: `price-move:${sub.providerSubscriptionId}:${job.newPriceId}` },
      );
    }
  }
  if (job.toCents > job.fromCents) {
    const ids = await ctx.db.transaction(async (tx) => {
      const queued: string[] = [];
      for (const sub of batch) {
        // To the account's Owners and Billing members (DECISIONS §12).
        await emailAccount(
          tx,
          sub.customerId,
          'billing',
          async (to, content) => queued.push(await queueEmail(tx, to, content)),
          (name) =>
            priceRiseEmail(ctx.config.productName, {
              name,
              planName: plan.name,
              from: formatEuro(job.fromCents),
              to: formatEuro(job.toCents),
              seats: sub.quantity,
              renewsOn: sub.currentPeriodEnd ? sub.currentPeriodEnd.toISOString().slice(0, 10) : null,
              plansUrl: `${ctx.config.publicUrl}/plans`,
            }),
        );
      }
      return queued;
    });
    for (const id of ids) await dispatchEmail(ctx.queue, id);
  }
  if (batch.length === BATCH) await sendPriceChangeJob(ctx, { ...job, afterId: batch[batch.length - 1]!.id });
}
