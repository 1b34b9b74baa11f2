import { LOCATE_RESULT_DAYS } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import { requestPush } from '../policy/push.ts';
import * as repo from './repository.ts';

/**
 * Background work of remote commands (DECISIONS §11): the fan-out of a command into its ledger and device messages
 * (`commands.fanout`: up to COMMAND_FANOUT_LANES ranges of device ids written side by side, each in batches of
 * COMMAND_FANOUT_BATCH, one transaction per batch under its lane's row lock, keyset on the device id so a retried job
 * continues where it stopped), and the minute's sweep (`commands.sweep`: rows past their expiry become `expired`,
 * located positions older than 30 days are cleared, a fan-out left behind is queued again).
 */

export const COMMAND_FANOUT_QUEUE = 'commands.fanout';
export const COMMAND_SWEEP_QUEUE = 'commands.sweep';
/**
 * Ledger rows per fan-out transaction (as for notifications): the devices of a batch are woken at its commit, so the
 * first ones get the command after one small batch, and each batch's answers go out while the next one is written
 * (bench/commands.ts, a lock to 19,500 long-polls: p99 from the batch's write 0.76 s with 2,000, 1.23 s with 5,000).
 */
export const COMMAND_FANOUT_BATCH = 2000;
/**
 * The most ranges of device ids one fan-out writes at once. One lane left one of the machine's two cores idle while
 * the database wrote a batch: 100,000 rows took 20.8 s under load against the 10 s asked (bench/commands.ts).
 */
export const COMMAND_FANOUT_LANES = 2;
/**
 * Devices per lane: a command to fewer is written by one lane. Two lanes keep both cores writing, and the devices
 * woken by the batches written so far then wait for the fan-out's end to be answered (a lock to 19,500 long-polls,
 * batches of 2,000: p99 from the batch's write 1.24 s with two lanes, 0.76 s with one; the whole fan-out took about as
 * long either way). A second lane pays only where the fan-out itself is long.
 */
export const COMMAND_FANOUT_DEVICES_PER_LANE = 25_000;

/** The lanes of a fan-out to `total` devices. */
export const fanOutLanes = (total: number) =>
  Math.max(1, Math.min(COMMAND_FANOUT_LANES, Math.ceil(total / COMMAND_FANOUT_DEVICES_PER_LANE)));
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
  lanes?: number,
) {
  const open = await repo.ensureLanes(ctx.db, commandId, lanes ?? fanOutLanes(await repo.totalOf(ctx.db, commandId)));
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
