import type { DeviceMessage } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CustomerActor, DeviceActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { DeviceInfo } from '../devices/device-info.ts';
import { writeAudit } from '../audit/service.ts';
import { lockProfile } from '../profiles/repository.ts';
import { appVersionOfFamily } from '../pricing/app-version.ts';
import { withAppVersion } from './document.ts';
import { assertFamilyLicensed, freezePolicies } from './freeze.ts';
import * as repo from './repository.ts';
import { ackBatcherOf, profileNotFound, type PolicyAck } from './ack-batch.ts';
import { scopeOf } from '../../lib/device-scope.ts';
import { wakeDevice } from './wakeup.ts';

/** Messages handed out by one `GET events` answer (the rest wait for the next poll). */
export const MAX_MESSAGES_PER_POLL = 50;

// ---------------------------------------------------------------------------------------------- device side

/**
 * The frozen policy of the device's profile, with the live `appVersion` block (DECISIONS §8 "App version config":
 * staff's minimum app version of the family, or null). The block is read at every `GET policy` rather than frozen
 * at Apply, so a staff change reaches every device of the family without re-applying profiles; `appVersionStamp`
 * (the config's change time) goes into the ETag so a device holding an older ETag gets the new document.
 */
export async function currentPolicy(ctx: AppContext, device: DeviceInfo) {
  const [row, appVersion] = await Promise.all([
    repo.findPolicyOfProfile(ctx.db, device.profileId),
    appVersionOfFamily(ctx.db, device.family),
  ]);
  if (!row) throw profileNotFound();
  return {
    profileId: device.profileId,
    ...row,
    policy: withAppVersion(row.policy, appVersion?.block ?? null),
    appVersionStamp: appVersion?.stamp ?? null,
  };
}

/** `"<profileId>:<version>"`, plus `:av<stamp>` once an app version is configured for the device's family. */
export const policyEtag = (profileId: string, version: number, appVersionStamp: number | null = null) =>
  appVersionStamp === null ? `"${profileId}:${version}"` : `"${profileId}:${version}:av${appVersionStamp}"`;

/** True when an If-None-Match header names this ETag (a list, weak validators and `*` included). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  return value.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export type { AckOutcome } from './ack-batch.ts';

/**
 * Records what the device did with a policy version. Acks of an OLDER version are accepted (a retried or
 * late ack is a fact worth logging) but never move applied_* backwards; a version newer than the current
 * one was never served and answers 409 E_CONFLICT. Written with the other acks of the moment (ack-batch.ts).
 */
export function acknowledgePolicy(ctx: AppContext, device: DeviceInfo, ack: PolicyAck, actor: DeviceActor) {
  return ackBatcherOf(ctx).submit(device, ack, actor);
}

export interface PendingEvents {
  policyVersion: number;
  policyChanged: boolean;
  messages: DeviceMessage[];
  logout: boolean;
}

/**
 * What is pending for a device: a newer policy (newer than `knownVersion`, or when absent: not yet
 * acknowledged), undelivered unexpired messages (handed out and marked delivered in the same statement, so
 * two polls never get the same message), and whether the device was logged out meanwhile. `appVersionChangedSince`
 * (a woken long-poll's start, epoch ms): the policy counts as changed too when the staff changed the family's app
 * version config since then (that change moves the policy's ETag, not its version, and wakes the family's devices).
 */
export async function pendingEvents(
  ctx: AppContext,
  device: DeviceInfo,
  knownVersion: number | undefined,
  opts: { takeMessages: boolean; appVersionChangedSince?: number | undefined },
): Promise<PendingEvents> {
  const state = await repo.findDeliveryState(ctx.db, device.profileId);
  if (!state || state.loggedOut) {
    return { policyVersion: state?.policyVersion ?? 0, policyChanged: false, messages: [], logout: true };
  }
  const policyChanged =
    // Version 0 is the empty policy of a profile never applied: nothing to fetch until the first Apply.
    (knownVersion === undefined ? (state.applied ?? 0) < state.policyVersion : state.policyVersion > knownVersion) ||
    (opts.appVersionChangedSince !== undefined &&
      (await appVersionChangedSince(ctx.db, device.family, opts.appVersionChangedSince)));
  const messages = opts.takeMessages ? await repo.takeMessages(ctx.db, device.deviceId, MAX_MESSAGES_PER_POLL) : [];
  return { policyVersion: state.policyVersion, policyChanged, messages, logout: false };
}

/** Clocks of the API and the database may differ a little: a change this close before the wait counts as during it. */
const APP_VERSION_CLOCK_MARGIN_MS = 2000;

/** Whether the staff changed the family's app-version config since `since` (epoch ms; a woken long-poll's start). */
export async function appVersionChangedSince(db: DbOrTx, family: DeviceInfo['family'], since: number) {
  const config = await appVersionOfFamily(db, family);
  return config !== null && config.stamp >= since - APP_VERSION_CLOCK_MARGIN_MS;
}

/**
 * A `GET events` answer that found its device gone (the connection closed while its messages were taken): the
 * messages go back to the queue (repository `returnMessages`) and the device is woken, so that a poll it opened since
 * gets them now rather than at its next poll. Without this, a device that hung up at that moment lost them.
 */
export async function returnUnsentMessages(ctx: AppContext, deviceId: string, messages: readonly DeviceMessage[]) {
  const returned = await repo.returnMessages(
    ctx.db,
    deviceId,
    messages.map((m) => m._id),
  );
  if (returned > 0) await wakeDevice(ctx, deviceId);
  return returned;
}

/** `notifications/:id/delivered|opened`: only the device's own messages; repeated acks keep the first time. */
export async function acknowledgeMessage(
  ctx: AppContext,
  device: DeviceInfo,
  messageId: string,
  what: 'delivered' | 'opened',
) {
  const row = await repo.markMessage(ctx.db, device.deviceId, messageId, what);
  if (!row) throw new AppError(404, 'E_NOT_FOUND', 'Message not found.');
  if (row.kind === 'command') await repo.markCommandDelivered(ctx.db, device.deviceId, messageId);
  return {
    _id: row.id,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    opened_at: row.openedAt?.toISOString() ?? null,
  };
}

// -------------------------------------------------------------------------------------------- customer side

/**
 * Apply (spec 2 §7 `profile/apply`): freezes the profile's settings into the policy document, moves its
 * version and counter, audits, and wakes the device once the transaction commits (NOTIFY is transactional).
 */
export async function applyProfile(ctx: AppContext, actor: CustomerActor, profileId: string) {
  const customerId = actor.id;
  return inTransaction(ctx.db, async (tx) => {
    const profile = await lockProfile(tx, scopeOf(actor), profileId);
    if (!profile) throw profileNotFound();
    await assertFamilyLicensed(tx, customerId, profile.family);
    const [applied] = await freezePolicies(tx, customerId, [profile], { writeSettings: false });
    await writeAudit(tx, {
      customerId,
      type: 'Profile',
      subType: 'Apply',
      message: `Applied profile ${profile.profileName || profile.name} (${profile.appName}): policy version ${applied!.policyVersion}`,
      deviceId: profile.deviceId,
      actor,
    });
    return applied!;
  });
}
