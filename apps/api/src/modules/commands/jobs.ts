import { LOCATE_RESULT_DAYS } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import { requestPush } from '../policy/push.ts';
import * as repo from './repository.ts';

/**
 * Background work of remote commands (DECISIONS §11): the fan-out of a command into its ledger and device messages
 * (`commands.fanout`: COMMAND_FANOUT_LANES ranges of device ids written side by side, each in batches of
 * COMMAND_FANOUT_BATCH, one transaction per batch under its lane's row lock, keyset on the device id so a retried job
 * continues where it stopped), and the minute's sweep (`commands.sweep`: rows past their expiry become `expired`,
 * located positions older than 30 days are cleared, a fan-out left behind is queued again).
 */

export const COMMAND_FANOUT_QUEUE = 'commands.fanout';
export const COMMAND_SWEEP_QUEUE = 'commands.sweep';
/** Ledger rows per fan-out transaction. */
export const COMMAND_FANOUT_BATCH = 5000;
/**
 * Ranges of device ids written at once by one fan-out. One lane left one of the machine's two cores idle while the
 * database wrote a batch: 100,000 rows took 20.8 s under load against the 10 s asked (bench/commands.ts).
 */
export const COMMAND_FANOUT_LANES = 2;
export const COMMAND_FANOUT_JOB_OPTIONS = { retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 3600 };
/** A fan-out not finished this long after its command was sent has lost its job: the sweep queues it again. */
const STALLED_FANOUT_SECONDS = 120;

/** One lane to its end (or until another worker holds it). Answers the rows written. */
async function fanOutLane(ctx: AppContext, commandId: string, lane: number, batchSize: number) {
  let written = 0;
  const pushEnabled = Boolean(ctx.config.fcmCredentials);
  for (;;) {
    const batch = await inTransaction(ctx.db, async (tx) => {
      const locked = await repo.lockLane(tx, commandId, lane);
      if (!locked) return null;
      const b = await repo.fanOutBatch(tx, locked.command, locked.lane, batchSize, pushEnabled);
      const done = b.written < batchSize;
      await repo.recordLane(tx, locked.lane, b.written, b.lastDeviceId, done);
      return { ...b, done };
    });
    if (!batch) return written;
    written += batch.written;
    if (batch.fcmDeviceIds.length > 0) await requestPush(ctx, batch.fcmDeviceIds);
    if (batch.done) return written;
  }
}

/**
 * Writes the command's ledger to its end (the job's work; tests call it directly). Devices are woken on each batch's
 * commit (NOTIFY in the batch's statement) and tickled by FCM after it. Answers the rows written by this run.
 */
export async function fanOutCommand(
  ctx: AppContext,
  commandId: string,
  batchSize = COMMAND_FANOUT_BATCH,
  lanes = COMMAND_FANOUT_LANES,
) {
  const open = await repo.ensureLanes(ctx.db, commandId, lanes);
  // Every lane runs to its end before a failure is thrown (the retried job then finds only the lanes left).
  const lanesRun = await Promise.allSettled(open.map((l) => fanOutLane(ctx, commandId, l.lane, batchSize)));
  const failed = lanesRun.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  await repo.finishFanOut(ctx.db, commandId);
  return lanesRun.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value : 0), 0);
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
