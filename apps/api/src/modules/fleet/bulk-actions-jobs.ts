import { inTransaction, type AppContext } from '../../context.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { accountScope } from '../../lib/device-scope.ts';
import { afterLogout, logOutDevicesInTransaction } from '../devices/service.ts';
import type { DbOrTx } from '../../db/client.ts';
import { lockGroup } from './groups-repository.ts';
import { moveIntoGroup } from './groups-service.ts';
import * as repo from './bulk-actions-repository.ts';

/**
 * Bulk actions (DECISIONS §10) run by the `bulk-actions.run` job: a batch of devices per transaction under the
 * action's row lock (SKIP LOCKED: one worker at a time; a retried job continues with the devices still pending).
 */

export const BULK_ACTION_QUEUE = 'bulk-actions.run';
/** Devices per transaction. */
export const BULK_BATCH = 200;

type Result = { profileId: string; state: 'done' | 'failed'; message: string | null };

/** Runs the action to its end (the job's work; tests call it directly). Answers the devices handled by this run. */
export async function runBulkAction(ctx: AppContext, bulkActionId: string, batchSize = BULK_BATCH) {
  let handled = 0;
  for (;;) {
    const step = await inTransaction(ctx.db, async (tx, afterCommit) => {
      const action = await repo.lockUnfinished(tx, bulkActionId);
      if (!action) return null;
      const batch = await repo.pendingBatch(tx, action.id, batchSize);
      if (batch.length === 0) {
        await repo.finish(tx, action.id);
        return null;
      }
      // The customer who asked for it, as the actor of each device's audit entry.
      const actor: CustomerActor = { kind: 'customer', id: action.customerId, ip: null };
      let results: Result[];
      if (action.action === 'logout') {
        const loggedOut = await logOutDevicesInTransaction(
          tx,
          action.customerId,
          batch.map((b) => b.deviceId),
          actor,
          'bulk action',
        );
        const now = new Set(loggedOut.map((d) => d.id));
        afterCommit(() => afterLogout(ctx, [...now]));
        results = batch.map((b) => ({
          profileId: b.profileId,
          state: 'done',
          message: now.has(b.deviceId) ? null : 'Was already logged out.',
        }));
      } else {
        results = await moveBatch(ctx, tx, afterCommit, action, batch, actor);
      }
      await repo.recordResults(tx, action.id, results);
      return batch.length;
    });
    if (step === null) return handled;
    handled += step;
  }
}

/**
 * A batch of `move-to-group`: the groups service's move (each device leaves its group, joins the target and gets its
 * template version); a device of another family than the group's fails with the reason, the others move.
 */
async function moveBatch(
  ctx: AppContext,
  tx: DbOrTx,
  afterCommit: (fn: () => Promise<void>) => void,
  action: repo.BulkActionRow,
  batch: Awaited<ReturnType<typeof repo.pendingBatch>>,
  actor: CustomerActor,
): Promise<Result[]> {
  const group = action.targetGroupId
    ? await lockGroup(tx, accountScope(action.customerId), action.targetGroupId)
    : null;
  if (!group) return batch.map((b) => ({ profileId: b.profileId, state: 'failed', message: 'The group was deleted.' }));
  const fits = batch.filter((b) => b.family === group.family).map((b) => b.profileId);
  if (fits.length > 0) await moveIntoGroup(ctx, tx, afterCommit, actor, group, fits);
  return batch.map((b) =>
    b.family === group.family
      ? { profileId: b.profileId, state: 'done', message: null }
      : {
          profileId: b.profileId,
          state: 'failed',
          message: `Not a ${group.family} device: group "${group.name}" holds ${group.family} devices.`,
        },
  );
}
