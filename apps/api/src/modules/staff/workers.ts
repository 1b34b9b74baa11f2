import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { rollUpLogins } from './dashboard/repository.ts';
import { foldDashboardRollups } from './payment-dashboard/repository.ts';
import { PRICE_CHANGE_QUEUE, runPriceChangeBatch, type PriceChangeJob } from './pricing/amount.ts';

/** The back office's background work (ROLE=worker and ROLE=all), started beside `jobs/workers.ts`. */
export async function startStaffWorkers(ctx: AppContext, boss: PgBoss) {
  const poll = { pollingIntervalSeconds: 0.5, includeMetadata: true as const };

  // A price's amount changed (DECISIONS §14): its subscribers emailed on a rise, Stripe subscriptions moved; in batches.
  await boss.work<PriceChangeJob>(PRICE_CHANGE_QUEUE, poll, async ([job]) => {
    if (job) await runPriceChangeBatch(ctx, job.data);
  });

  // The admin dashboard's login counts (DECISIONS §8): folded from the audit rows every minute.
  await boss.work('rollup.logins', async () => {
    await ctx.db.transaction((tx) => rollUpLogins(tx));
  });

  // The payment dashboard's rollups (payment and customer deltas, page views), folded every minute.
  await boss.work('rollup.payments', async () => {
    await ctx.db.transaction((tx) => foldDashboardRollups(tx));
  });

  await boss.schedule('rollup.logins', '* * * * *');
  await boss.schedule('rollup.payments', '* * * * *');
}
