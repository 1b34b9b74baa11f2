import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { writeAudit } from '../audit/service.ts';
import { emailSenderOf } from '../mail/outbox.ts';
import { emailTemplates } from '../mail/templates.ts';
import { emailAccount } from '../team/notify.ts';
import { applySettings, type SettingsDocument } from './apply.ts';
import * as repo from './rollouts-repository.ts';
import { emitWebhookEvent } from '../webhook-endpoints/events.ts';

/**
 * The apply, wait, decide loop of staged rollouts (DECISIONS §10), run by pg-boss jobs, never in a request.
 *
 * `rollouts.advance {rolloutId}` runs one step under the rollout's row lock (SKIP LOCKED: a step another worker is
 * running is not run twice): devices seen after the apply that did not acknowledge within the ack timeout fail; the
 * pause rule is checked; the current stage is applied if it has not been; the next stage starts once the stage's
 * soak has passed and none of its seen devices is still undecided; after the last one the rollout completes. Each
 * step queues the next one for `next_check_at` (every second while devices are pending, so a pause is decided within
 * about a second of the threshold; else when the soak ends). `rollouts.sweep` (every minute) restarts a chain a crash
 * lost. Acks and check-ins only touch `rollout_devices` rows (rollouts-repository.ts `recordRolloutAcks`, the status
 * writer's seen marks): nothing is held in memory, so any number of API and worker processes agree.
 */

export const ADVANCE_QUEUE = 'rollouts.advance';
export const ROLLBACK_QUEUE = 'rollouts.rollback';
export const SWEEP_QUEUE = 'rollouts.sweep';
/** Seconds between two steps of a rollout while some of its devices are pending. */
export const TICK_SECONDS = 1;
/** A rollout whose step is this late has lost its job chain: the sweep queues it again. */
const OVERDUE_SECONDS = 30;
/** Devices a rollback restores per transaction. */
export const ROLLBACK_BATCH = 500;

/**
 * Queues a step of the rollout: at once (create, resume, the sweep), or the next one of a chain at `at`, the
 * `next_check_at` the step wrote. A chained step whose time is no longer the rollout's `next_check_at` belongs to a
 * chain superseded by another step meanwhile: it ends there (two chains never keep running side by side).
 */
export async function requestAdvance(ctx: Pick<AppContext, 'queue'>, rolloutId: string, at?: Date) {
  await ctx.queue.send(
    ADVANCE_QUEUE,
    { rolloutId, ...(at ? { at: at.toISOString() } : {}) },
    {
      retryLimit: 5,
      retryDelay: 2,
      ...(at && at.getTime() > Date.now() ? { startAfter: at } : {}),
    },
  );
}

/** "3 of 10 devices failed to apply version 4 (30% ≥ 10%)". */
export const pausedReasonOf = (failed: number, decided: number, version: number, threshold: number) =>
  `${failed} of ${decided} device${decided === 1 ? '' : 's'} failed to apply version ${version} (${Math.floor(
    (failed * 100) / decided,
  )}% ≥ ${threshold}%)`;

type Outcome = 'skipped' | 'running' | 'paused' | 'completed';

/**
 * One step of a running rollout (the job's work; tests call it directly). `wait`: wait for a step another worker is
 * running instead of skipping (tests). Answers what the rollout is after the step.
 */
export async function advanceRollout(
  ctx: AppContext,
  rolloutId: string,
  opts: { wait?: boolean; at?: string | undefined } = {},
): Promise<Outcome> {
  const step = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const r = await repo.lockRunningRollout(tx, rolloutId, !opts.wait);
    if (!r) return { outcome: 'skipped' as const, next: null };
    // A chained step another step has superseded (it wrote a different next check): this chain ends.
    if (opts.at && r.nextCheckAt?.toISOString() !== opts.at) return { outcome: 'skipped' as const, next: null };
    await repo.timeOutDevices(tx, r.id, r.ackTimeoutSeconds);

    const decided = await repo.decisionCounts(tx, r.id, r.resumedAt);
    const total = decided.succeeded + decided.failed;
    if (total >= r.minDevices && decided.failed * 100 >= r.failedPercent * total) {
      await pause(ctx, tx, afterCommit, r, pausedReasonOf(decided.failed, total, r.version, r.failedPercent));
      return { outcome: 'paused' as const, next: null };
    }

    const stages = r.stages.map((s) => ({ ...s }));
    let index = r.stageIndex;
    if (!stages[index]!.startedAt) {
      await applyStage(ctx, tx, afterCommit, r, index);
      stages[index]!.startedAt = new Date().toISOString();
    } else {
      const pending = await repo.pendingCounts(tx, r.id, index);
      const soakEnds = Date.parse(stages[index]!.startedAt!) + stages[index]!.soakSeconds * 1000;
      if (pending.seenInStage === 0 && Date.now() >= soakEnds) {
        index++;
        // A stage without devices (fewer devices than stages) starts and ends at once.
        while (index < stages.length && stages[index]!.size === 0)
          stages[index++]!.startedAt = new Date().toISOString();
        if (index >= stages.length) {
          await complete(ctx, tx, afterCommit, r);
          return { outcome: 'completed' as const, next: null };
        }
        await applyStage(ctx, tx, afterCommit, r, index);
        stages[index]!.startedAt = new Date().toISOString();
      }
    }
    const pending = await repo.pendingCounts(tx, r.id, index);
    const soakEnds = Date.parse(stages[index]!.startedAt!) + stages[index]!.soakSeconds * 1000;
    // Pending devices may ack, fail or time out at any moment: look again in a second; else when the soak ends.
    const next = new Date(pending.pending > 0 ? Date.now() + TICK_SECONDS * 1000 : Math.max(soakEnds, Date.now()));
    await repo.updateRollout(tx, r.id, { stageIndex: index, stages, nextCheckAt: next });
    return { outcome: 'running' as const, next };
  });
  if (step.next) await requestAdvance(ctx, rolloutId, step.next);
  return step.outcome;
}

/** Applies the rollout's version to the not yet applied devices of stage `index` (the template's version document). */
async function applyStage(
  ctx: AppContext,
  tx: DbOrTx,
  afterCommit: (fn: () => Promise<void>) => void,
  r: repo.RolloutRow,
  index: number,
) {
  const profileIds = await repo.waitingProfilesOfStage(tx, r.id, index);
  if (profileIds.length === 0) return;
  const template = await repo.findTemplateVersion(tx, r.customerId, r.templateId, r.version);
  if (!template) throw new Error(`rollout ${r.id}: template version ${r.version} is gone`);
  const applied = await applySettings(tx, ctx, {
    customerId: r.customerId,
    profileIds,
    settings: template.settings,
    actor: SYSTEM,
    afterCommit,
  });
  await repo.markApplied(tx, r.id, applied);
}

async function pause(
  ctx: AppContext,
  tx: DbOrTx,
  afterCommit: (fn: () => Promise<void>) => void,
  r: repo.RolloutRow,
  reason: string,
) {
  await repo.updateRollout(tx, r.id, { state: 'paused', pausedReason: reason, nextCheckAt: null });
  await emitWebhookEvent(ctx, tx, r.customerId, 'rollout.paused', rolloutEventData(r, { reason }), afterCommit);
  const template = await repo.findTemplateVersion(tx, r.customerId, r.templateId, r.version);
  const templateName = template?.name ?? 'a template';
  await writeAudit(tx, {
    customerId: r.customerId,
    type: 'Profile',
    subType: 'Rollout Paused',
    hasError: true,
    message: `The rollout of ${templateName} paused itself: ${reason}`,
    groupId: r.groupId,
    actor: SYSTEM,
  });
  // The account's Owners and Admins are told (DECISIONS §12).
  await emailAccount(tx, r.customerId, 'account', emailSenderOf(ctx.queue, tx, afterCommit), (name) =>
    emailTemplates.rolloutPaused(ctx.config.productName, name, {
      template: templateName,
      reason,
      url: `${ctx.config.publicUrl}/rollout-detail?id=${r.id}`,
    }),
  );
}

async function complete(
  ctx: AppContext,
  tx: DbOrTx,
  afterCommit: (fn: () => Promise<void>) => void,
  r: repo.RolloutRow,
) {
  const now = new Date();
  await repo.updateRollout(tx, r.id, { state: 'completed', nextCheckAt: null, finishedAt: now });
  if (r.groupId) await repo.setGroupTemplateVersion(tx, r.customerId, r.groupId, r.templateId, r.version);
  await writeAudit(tx, {
    customerId: r.customerId,
    type: 'Profile',
    subType: 'Rollout Completed',
    message: `The rollout of version ${r.version} completed (rollout ${r.id})`,
    groupId: r.groupId,
    actor: SYSTEM,
  });
  await emitWebhookEvent(ctx, tx, r.customerId, 'rollout.completed', rolloutEventData(r), afterCommit);
}

/** What a rollout event carries (DECISIONS §13). */
const rolloutEventData = (r: repo.RolloutRow, extra: Record<string, unknown> = {}) => ({
  rolloutId: r.id,
  templateId: r.templateId,
  version: r.version,
  groupId: r.groupId,
  ...extra,
});

/**
 * `rollouts.rollback {rolloutId}`: re-applies each changed device's settings from before the rollout, a batch per
 * transaction (rows locked with SKIP LOCKED: two workers share the work, a retried job continues). Answers the
 * devices restored by this run.
 */
export async function rollbackRollout(ctx: AppContext, rolloutId: string, batchSize = ROLLBACK_BATCH) {
  let restored = 0;
  for (;;) {
    const n = await inTransaction(ctx.db, async (tx, afterCommit) => {
      // Only a rollout in state rolled_back is restored (its customer scopes the apply).
      const customerId = await repo.customerOfRolledBack(tx, rolloutId);
      if (!customerId) return 0;
      const batch = await repo.lockRollbackBatch(tx, rolloutId, batchSize);
      if (batch.length === 0) return 0;
      const settings = new Map<string, SettingsDocument>(batch.map((b) => [b.profileId, b.previousSettings ?? {}]));
      await applySettings(tx, ctx, {
        customerId,
        profileIds: [...settings.keys()],
        settings,
        actor: SYSTEM,
        afterCommit,
      });
      await repo.markRolledBack(tx, rolloutId, [...settings.keys()]);
      return batch.length;
    });
    restored += n;
    if (n < batchSize) return restored;
  }
}

/** `rollouts.sweep` (every minute): running rollouts whose step is overdue get one queued again. */
export async function sweepRollouts(ctx: AppContext) {
  for (const id of await repo.overdueRollouts(ctx.db, OVERDUE_SECONDS)) await requestAdvance(ctx, id);
}
