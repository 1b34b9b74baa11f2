import type { Family } from '@fleetdeck/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requestPush } from './push.ts';
import { WAKE_CHANNEL, WAKE_IDS_PER_NOTIFY } from './wakeup.ts';

/**
 * Wakes every enrolled device of a family, the way Apply wakes one (`device_wake` NOTIFY, then an FCM tickle when
 * configured): a staff change that every device of the family reads from its policy document, i.e. the app version
 * config (DECISIONS §8). A `devices.wake-family` job walks the family's devices in keyset batches over their id, so
 * a family of millions is many short transactions and never one long one; `GET events` answers a woken poll with
 * `policyChanged` when the family's app version changed during the wait (policy/service.ts `pendingEvents`).
 */

export const WAKE_FAMILY_QUEUE = 'devices.wake-family';
export const WAKE_FAMILY_BATCH = 5000;

/**
 * One batch: NOTIFY for the next `limit` enrolled devices of `family` after `afterId` (delivered when the statement's
 * transaction commits). Answers the device ids woken, in id order.
 */
export async function wakeFamilyBatch(db: DbOrTx, family: Family, afterId: string | null, limit: number) {
  const result = await db.execute<{ id: string }>(sql`
    with batch as (
      select id from devices
      where family = ${family} and logged_out_at is null and token_hash is not null
        ${afterId ? sql`and id > ${afterId}::uuid` : sql``}
      order by id
      limit ${limit}
    ), woken as (
      select pg_notify(${WAKE_CHANNEL}, string_agg(id::text, ',')) from (
        select id, (row_number() over (order by id) - 1) / ${sql.raw(String(WAKE_IDS_PER_NOTIFY))} as part from batch
      ) x group by part
    )
    select id from batch, (select count(*) from woken) w order by id`);
  return result.rows.map((r) => r.id);
}

/** Worker side of `devices.wake-family`: every batch until the family is done; answers the devices woken. */
export async function wakeFamily(ctx: AppContext, family: Family, batchSize = WAKE_FAMILY_BATCH): Promise<number> {
  let afterId: string | null = null;
  let woken = 0;
  for (;;) {
    const ids = await wakeFamilyBatch(ctx.db, family, afterId, batchSize);
    woken += ids.length;
    if (ids.length > 0) await requestPush(ctx, ids);
    if (ids.length < batchSize) return woken;
    afterId = ids[ids.length - 1]!;
  }
}

/**
 * Queues the wake-up of a family's devices after a change they read live (call it once the change committed). Never
 * throws: a lost wake-up only delays the change until the devices' next `GET policy` (its ETag moved).
 */
export async function queueFamilyWake(ctx: Pick<AppContext, 'queue' | 'logger'>, family: Family): Promise<void> {
  try {
    await ctx.queue.send(WAKE_FAMILY_QUEUE, { family }, { retryLimit: 3, retryDelay: 2, expireInSeconds: 3600 });
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, family }, 'family wake-up not queued');
  }
}
