import { fanOut, NOTIFICATION_FANOUT_QUEUE } from '../modules/policy/fan-out.ts';
import type { Family } from '@fleetdeck/contract';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';
import { maintainPartitions } from '../db/partitions.ts';
import { sweepRateLimits } from '../lib/rate-limit.ts';
import { sweepIdempotencyKeys } from '../modules/idempotency/repository.ts';
import { sweepKeyUsage } from '../modules/api-keys/service.ts';
import { sweepLoginFailures } from '../db/account-lockout.ts';
import { deliverEmail, sweepOutbox } from '../modules/mail/outbox.ts';
import { DEVICE_PUSH_QUEUE, deliverPush, type PushSender } from '../modules/policy/push.ts';
import { WAKE_FAMILY_QUEUE, wakeFamily } from '../modules/policy/wake-family.ts';
import {
  ADVANCE_QUEUE,
  ROLLBACK_QUEUE,
  SWEEP_QUEUE,
  advanceRollout,
  rollbackRollout,
  sweepRollouts,
} from '../modules/fleet/rollouts-jobs.ts';
import { BULK_ACTION_QUEUE, runBulkAction } from '../modules/fleet/bulk-actions-jobs.ts';
import { COMMAND_FANOUT_QUEUE, COMMAND_SWEEP_QUEUE, fanOutCommand, sweepCommands } from '../modules/commands/jobs.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import { deliverFresh, scheduleNextSweep, sweepWebhooks } from '../modules/webhook-endpoints/deliver.ts';
import { WEBHOOK_DELIVER_QUEUE, WEBHOOK_SWEEP_QUEUE } from '../modules/webhook-endpoints/events.ts';
import { sendResetLink } from '../modules/users/service.ts';
import { sweepCaptchaUses } from '../modules/captcha/service.ts';
import { backfillSeatSummary, sweepExpiredSeats } from '../modules/licences/seats.ts';
import { deleteOldNonces } from '../modules/links/repository.ts';
import { deleteOldCodes } from '../modules/otp/repository.ts';
import { deleteOldSessions } from '../modules/sessions/repository.ts';
import { resumePendingRefunds } from '../modules/payments/refunds.ts';
import { deliverSandboxEventOnce, SANDBOX_DELIVER_QUEUE, sweepSandboxEvents } from '../modules/sandbox/service.ts';

/** Background work of ROLE=worker (and ROLE=all). `push`: the FCM sender when FCM_CREDENTIALS is set. */
export async function startWorkers(ctx: AppContext, boss: PgBoss, mailer: Mailer, push: PushSender | null = null) {
  const poll = { pollingIntervalSeconds: 0.5, includeMetadata: true as const };

  if (push) {
    await boss.work<{ deviceId: string }>(DEVICE_PUSH_QUEUE, poll, async ([job]) => {
      if (job) await deliverPush(ctx, push, job.data.deviceId);
    });
  }

  // Staff notifications (DECISIONS §8): delivery rows written in batches; a retried job continues where it stopped.
  await boss.work<{ notificationId: string }>(NOTIFICATION_FANOUT_QUEUE, poll, async ([job]) => {
    if (job) await fanOut(ctx, job.data.notificationId);
  });
  // A staff app-version change wakes every device of the family (DECISIONS §8), in batches.
  await boss.work<{ family: Family }>(WAKE_FAMILY_QUEUE, poll, async ([job]) => {
    if (job) await wakeFamily(ctx, job.data.family);
  });

  // Staged rollouts (DECISIONS §10): one step per job, under the rollout's row lock; rollbacks and bulk actions in batches.
  await boss.work<{ rolloutId: string; at?: string }>(ADVANCE_QUEUE, poll, async ([job]) => {
    if (job) await advanceRollout(ctx, job.data.rolloutId, { at: job.data.at });
  });
  await boss.work<{ rolloutId: string }>(ROLLBACK_QUEUE, poll, async ([job]) => {
    if (job) await rollbackRollout(ctx, job.data.rolloutId);
  });
  await boss.work(SWEEP_QUEUE, async () => sweepRollouts(ctx));
  await boss.work<{ bulkActionId: string }>(BULK_ACTION_QUEUE, poll, async ([job]) => {
    if (job) await runBulkAction(ctx, job.data.bulkActionId);
  });

  // Remote commands (DECISIONS §11): the ledger written in batches; expiry and old locations by the minute's sweep.
  await boss.work<{ commandId: string }>(COMMAND_FANOUT_QUEUE, poll, async ([job]) => {
    if (job) await fanOutCommand(ctx, job.data.commandId);
  });
  await boss.work(COMMAND_SWEEP_QUEUE, async () => sweepCommands(ctx));

  // Webhooks (DECISIONS §13): fresh deliveries as soon as they commit; due retries by a sweep every few seconds, so a
  // failing endpoint's retries never hold fresh events back.
  await boss.work(WEBHOOK_DELIVER_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 4 }, async () => {
    await deliverFresh(ctx);
  });
  await boss.work(WEBHOOK_SWEEP_QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
    try {
      await sweepWebhooks(ctx);
    } finally {
      await scheduleNextSweep(ctx);
    }
  });

  await boss.work<{ outboxId: string }>('email.send', poll, async ([job]) => {
    if (!job) return;
    await deliverEmail({ db: ctx.db, mailer, logger: ctx.logger }, job.data.outboxId, job.retryCount >= job.retryLimit);
  });

  await boss.work<{ email: string }>('auth.reset-link', poll, async ([job]) => {
    if (job) await sendResetLink(ctx, job.data.email);
  });

  // Sandbox payments: re-delivers an outcome event whose inline delivery failed (the handler is idempotent).
  await boss.work<{ intentId: string }>(SANDBOX_DELIVER_QUEUE, poll, async ([job]) => {
    if (job) await deliverSandboxEventOnce(ctx, job.data.intentId);
  });
  await boss.work('payments.sweep', async () => {
    if (ctx.config.paymentProvider === 'sandbox') await sweepSandboxEvents(ctx);
    // Staff refunds left pending by a crash between the provider call and the commit (same idempotency keys).
    await resumePendingRefunds(ctx);
  });

  await boss.work('email.sweep', async () => sweepOutbox(ctx.db, ctx.queue));
  // The customer list's seat summary (licences/seats.ts): grants that expired since, and an upgrade's backfill.
  await boss.work('seats.sweep', async () => {
    await sweepExpiredSeats(ctx.db);
    await backfillSeatSummary(ctx.db);
  });
  await boss.work('maintenance.hourly', async () => {
    await sweepRateLimits(ctx.db);
    await sweepIdempotencyKeys(ctx.db);
    await sweepKeyUsage(ctx.db);
    await sweepLoginFailures(ctx.db);
    await deleteOldSessions(ctx.db);
    await deleteOldCodes(ctx.db);
    await deleteOldNonces(ctx.db);
    await sweepCaptchaUses(ctx.db);
  });
  // Monthly partitions of device_logs, audit_entries and the command ledger (db/partitions.ts): months ahead created,
  // old ones dropped.
  await boss.work('partitions.maintain', async () => {
    const done = await maintainPartitions(ctx.db, { retentionMonths: ctx.config.logRetentionMonths });
    if (done.created.length || done.dropped.length || done.deletedFromDefault) ctx.logger.info(done, 'log partitions');
  });
  await boss.schedule('email.sweep', '* * * * *');
  await boss.schedule('payments.sweep', '* * * * *');
  await boss.schedule('seats.sweep', '* * * * *');
  await boss.schedule(SWEEP_QUEUE, '* * * * *');
  await boss.schedule(COMMAND_SWEEP_QUEUE, '* * * * *');
  await boss.schedule(WEBHOOK_SWEEP_QUEUE, '* * * * *');
  // The sweeps' chain starts now, not at the next minute.
  await scheduleNextSweep(ctx);
  await boss.schedule('maintenance.hourly', '17 * * * *');
  await boss.schedule('partitions.maintain', '41 3 * * *');
  await boss.send('partitions.maintain', {}, { singletonKey: 'start-up', singletonSeconds: 300 });
}
