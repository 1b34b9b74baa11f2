import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { DeviceActor } from '../../lib/actor.ts';
import { AppError, tooMany } from '../../lib/errors.ts';
import { GroupCommit, onePer } from '../../lib/group-commit.ts';
import { hitMany } from '../../lib/rate-limit.ts';
import { writeAudits, type AuditEvent } from '../audit/service.ts';
import type { DeviceInfo } from '../devices/device-info.ts';
import { DEVICE_WRITE_LIMITS, deviceLimitKey, deviceLimitMessage } from '../devices/service.ts';
import { recordRolloutAcks } from '../fleet/rollouts-repository.ts';
import { insertDeviceLogs } from '../devices/repository.ts';
import { emitWebhookEvents } from '../webhook-endpoints/events.ts';
import * as repo from './repository.ts';

/** What a device reports of a policy version (`POST policy/ack`). */
export interface PolicyAck {
  version: number;
  result: 'Success' | 'Failed';
  message: string;
}

export interface AckOutcome {
  version: number;
  currentVersion: number;
  appliedPolicyVersion: number | null;
  /** This version was acknowledged before: nothing was recorded. */
  repeated: boolean;
}

/** One ack waiting for its batch. */
interface Waiting {
  device: DeviceInfo;
  ack: PolicyAck;
  actor: DeviceActor;
}

/** Acks written by one transaction at most (a bigger backlog waits for the next). */
export const ACK_BATCH_MAX = 500;
/** Transactions writing batches of acks at once, per process (`GroupCommit`'s `atOnce`). */
export const ACK_BATCHES_AT_ONCE = 2;

export const profileNotFound = () => new AppError(404, 'E_PROFILE_NOT_FOUND', 'Profile not found.');

const versionNotServed = (version: number, current: number) =>
  new AppError(
    409,
    'E_CONFLICT',
    `Policy version ${version} does not exist (current: ${current}). Fetch the policy again.`,
  );

const outcomeWords = (ack: PolicyAck) =>
  ack.result === 'Failed' ? `Failed: ${ack.message || 'no reason given'}`.slice(0, 1000) : 'Success';

/**
 * Acks by group commit (issue 25: ≥ 2,000 acks/s during a rollout). Each `POST policy/ack` waits for the transaction
 * that records it, as before, but the acks that arrive while one transaction runs are written together by the next:
 * one statement per table for the whole batch instead of seven statements and two commits per ack. Nothing is
 * answered before its commit, so an answered ack is never lost; a process writes at most two batches at once.
 *
 * The rules of one ack (DECISIONS §6, §10) hold per ack: counted against the device's limit first, 404 for a profile
 * gone, 409 for a version never served, one record per (profile, version) (a repeat answers `repeated`), the applied
 * version never moves backwards, the pending rollout row of that version decided, a device log row and an audit entry.
 * Should the batch's transaction fail (a deadlock with a rollout's apply, say), each of its acks is written alone, so
 * one bad ack never fails the others.
 */
export class AckBatcher {
  private readonly commits: GroupCommit<Waiting, AckOutcome>;

  constructor(ctx: AppContext) {
    this.commits = new GroupCommit<Waiting, AckOutcome>({
      name: 'policy acks',
      maxBatch: ACK_BATCH_MAX,
      atOnce: ACK_BATCHES_AT_ONCE,
      write: (batch) => inTransaction(ctx.db, (tx, afterCommit) => writeAcks(ctx, tx, batch, afterCommit)),
      logger: ctx.logger,
    });
  }

  /** Transactions that committed a batch, and the acks they answered (tests and the benchmark read them). */
  get written() {
    return { batches: this.commits.written.batches, acks: this.commits.written.items };
  }

  submit(device: DeviceInfo, ack: PolicyAck, actor: DeviceActor): Promise<AckOutcome> {
    return this.commits.submit({ device, ack, actor });
  }
}

/** One transaction's work for a batch: each ack's answer (an outcome, or the error it is refused with). */
async function writeAcks(
  ctx: AppContext,
  tx: DbOrTx,
  batch: readonly Waiting[],
  afterCommit: (fn: () => Promise<void>) => void,
): Promise<Map<Waiting, AckOutcome | AppError>> {
  const answers = new Map<Waiting, AckOutcome | AppError>();

  // The device's limit counts every ack it sends, refused or not (as `enforceDeviceLimit` does), in arrival order.
  const limit = DEVICE_WRITE_LIMITS.ack;
  const perDevice = new Map<string, number>();
  for (const { device } of batch) {
    const key = deviceLimitKey('ack', device.deviceId);
    perDevice.set(key, (perDevice.get(key) ?? 0) + 1);
  }
  const counted = await hitMany(tx, perDevice, limit.windowSeconds);
  const seen = new Map<string, number>();
  const allowed: Waiting[] = [];
  for (const item of batch) {
    const key = deviceLimitKey('ack', item.device.deviceId);
    const { count, retryAfter } = counted.get(key)!;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    // This ack's own count: the window's count before the batch, plus its place among the device's acks in it.
    if (count - perDevice.get(key)! + nth > limit.max) {
      answers.set(item, tooMany(deviceLimitMessage('ack'), 'E_RATE_LIMITED', retryAfter));
    } else {
      allowed.push(item);
    }
  }
  if (allowed.length === 0) return answers;

  const profileIds = [...new Set(allowed.map((i) => i.device.profileId))];
  const current = await repo.lockPolicyVersions(tx, profileIds);
  const candidates: Waiting[] = [];
  for (const item of allowed) {
    const version = current.get(item.device.profileId);
    if (version === undefined) answers.set(item, profileNotFound());
    else if (item.ack.version > version) answers.set(item, versionNotServed(item.ack.version, version));
    else candidates.push(item);
  }

  // The first ack of a (profile, version) in the batch may record it; a later one in the same batch is a repeat.
  const firstOf = new Map<string, Waiting>();
  for (const item of candidates) {
    const pair = `${item.device.profileId}:${item.ack.version}`;
    if (!firstOf.has(pair)) firstOf.set(pair, item);
  }
  const claimed = await repo.claimPolicyAcks(
    tx,
    [...firstOf.values()].map((i) => ({ profileId: i.device.profileId, version: i.ack.version, result: i.ack.result })),
  );
  const recorded = [...firstOf.entries()].filter(([pair]) => claimed.has(pair)).map(([, item]) => item);

  // Per profile, the highest version recorded now sets the applied fields (never moving backwards, in SQL).
  const highest = new Map<string, Waiting>();
  for (const item of recorded) {
    const top = highest.get(item.device.profileId);
    if (!top || item.ack.version > top.ack.version) highest.set(item.device.profileId, item);
  }
  await repo.recordPolicyAcks(
    tx,
    [...highest.values()].map((i) => ({ profileId: i.device.profileId, ...i.ack })),
  );
  await insertDeviceLogs(
    tx,
    recorded.map(({ device, ack }) => ({
      customerId: device.customerId,
      deviceId: device.deviceId,
      serialNumber: device.serialNumber,
      deviceName: device.deviceName,
      deviceActivity: 'Apply',
      activityResult: outcomeWords(ack),
    })),
  );
  await writeAudits(
    tx,
    recorded.map(({ device, ack, actor }): AuditEvent => ({
      customerId: device.customerId,
      type: 'Device',
      subType: 'Apply',
      hasError: ack.result === 'Failed',
      message: `Device ${device.serialNumber} (${device.appName}) applied policy version ${ack.version}: ${outcomeWords(ack)}`,
      deviceId: device.deviceId,
      actor,
    })),
  );
  // Webhooks (DECISIONS §13): policy.applied / policy.failed, the whole batch in one statement.
  await emitWebhookEvents(
    ctx,
    tx,
    recorded.map(({ device, ack }) => ({
      customerId: device.customerId,
      type: ack.result === 'Failed' ? ('policy.failed' as const) : ('policy.applied' as const),
      data: {
        deviceId: device.deviceId,
        profileId: device.profileId,
        serialNumber: device.serialNumber,
        deviceName: device.deviceName,
        version: ack.version,
        result: ack.result,
        ...(ack.result === 'Failed' ? { message: ack.message } : {}),
      },
    })),
    afterCommit,
  );

  // A staged rollout waiting for these versions hears of them (DECISIONS §10). Last of the writes: the rollout's kept
  // counts (migration 0039) are shared by concurrent batches and stay locked only from here to the commit.
  await recordRolloutAcks(
    tx,
    recorded.map((i) => ({ profileId: i.device.profileId, ...i.ack })),
  );
  const applied = await repo.appliedVersionsOf(tx, profileIds);
  const recordedNow = new Set(recorded);
  for (const item of candidates) {
    answers.set(item, {
      version: item.ack.version,
      currentVersion: current.get(item.device.profileId)!,
      appliedPolicyVersion: applied.get(item.device.profileId) ?? null,
      repeated: !recordedNow.has(item),
    });
  }
  return answers;
}

/** The process's batcher of this context (one per running server). */
export const ackBatcherOf = onePer((ctx: AppContext) => new AckBatcher(ctx));
