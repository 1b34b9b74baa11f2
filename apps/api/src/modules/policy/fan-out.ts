import { inTransaction, type AppContext } from '../../context.ts';
import * as repo from './fan-out-repository.ts';
import { requestPush } from './push.ts';

/** The fan-out of a staff notification (DECISIONS §8) to its devices' `device_messages`, by the worker. */

export const NOTIFICATION_FANOUT_QUEUE = 'notifications.fanout';
/** Delivery rows written per fan-out transaction. */
export const FANOUT_BATCH = 2000;

export const FANOUT_JOB_OPTIONS = { retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 3600 };

/**
 * Worker side of `notifications.fanout`: writes the delivery rows batch by batch, each batch one transaction under
 * the notification's row lock (two workers never write the same batch; a retried job continues after
 * `last_device_id`). Answers the rows written by this run. FCM wakes are queued per batch when configured.
 */
export async function fanOut(ctx: AppContext, notificationId: string, batchSize = FANOUT_BATCH): Promise<number> {
  let written = 0;
  for (;;) {
    const batch = await inTransaction(ctx.db, async (tx) => {
      const n = await repo.lockNotification(tx, notificationId);
      if (!n || n.fanOutCompletedAt) return null;
      const ids = await repo.fanOutBatch(tx, n, batchSize);
      const done = ids.length < batchSize;
      await repo.recordFanOut(tx, n.id, ids.length, ids[ids.length - 1] ?? null, done);
      return { ids, done };
    });
    if (!batch) return written;
    written += batch.ids.length;
    if (batch.ids.length > 0) await requestPush(ctx, batch.ids);
    if (batch.done) return written;
  }
}
