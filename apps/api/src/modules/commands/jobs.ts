import { LOCATE_RESULT_DAYS } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import { requestPush } from '../policy/push.ts';
import * as repo from './repository.ts';

/**
 * Background work of remote commands (DECISIONS §11): the fan-out of a command into its ledger and device messages
 * (`commands.fanout`, batches of COMMAND_FANOUT_BATCH, each one transaction under the command's row lock, keyset on
 * the device id so a retried job continues where it stopped), and the minute's sweep (`commands.sweep`: rows past
 * their expiry become `expired`, located positions older than 30 days are cleared, a fan-out left behind is queued
 * again).
 */

export const COMMAND_FANOUT_QUEUE = 'commands.fanout';
export const COMMAND_SWEEP_QUEUE = 'commands.sweep';
/** Ledger rows per fan-out transaction. */
export const COMMAND_FANOUT_BATCH = 5000;
export const COMMAND_FANOUT_JOB_OPTIONS = { retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 3600 };
/** A fan-out not finished this long after its command was sent has lost its job: the sweep queues it again. */
const STALLED_FANOUT_SECONDS = 120;

/**
 * Writes the command's ledger to its end (the job's work; tests call it directly). Devices are woken on each batch's
 * commit (NOTIFY in the batch's statement) and tickled by FCM after it. Answers the rows written by this run.
 */
export async function fanOutCommand(ctx: AppContext, commandId: string, batchSize = COMMAND_FANOUT_BATCH) {
  let written = 0;
  const pushEnabled = Boolean(ctx.config.fcmCredentials);
  for (;;) {
    const batch = await inTransaction(ctx.db, async (tx) => {
      const c = await repo.lockForFanOut(tx, commandId);
      if (!c || c.fanOutCompletedAt) return null;
      const b = await repo.fanOutBatch(tx, c, batchSize, pushEnabled);
      const done = b.written < batchSize;
      await repo.recordFanOut(tx, c.id, b.written, b.lastDeviceId, done);
      return { ...b, done };
    });
    if (!batch) return written;
    written += batch.written;
    if (batch.fcmDeviceIds.length > 0) await requestPush(ctx, batch.fcmDeviceIds);
    if (batch.done) return written;
  }
}

/** The minute's sweep. Answers what it did (rows expired, results cleared, fan-outs queued again). */
export async function sweepCommands(ctx: AppContext) {
  let expired = 0;
  for (;;) {
    const n = await repo.expireOverdue(ctx.db);
    expired += n;
    if (n === 0) break;
  }
  const cleared = await repo.clearOldLocations(ctx.db, LOCATE_RESULT_DAYS);
  const stalled = await repo.stalledFanOuts(ctx.db, STALLED_FANOUT_SECONDS);
  for (const commandId of stalled) {
    await ctx.queue.send(
      COMMAND_FANOUT_QUEUE,
      { commandId },
      { ...COMMAND_FANOUT_JOB_OPTIONS, singletonKey: commandId },
    );
  }
  return { expired, cleared, requeued: stalled.length };
}
