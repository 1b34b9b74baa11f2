import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { FAMILIES, LICENCE_EXCEEDED_MESSAGE, type DeviceMessage, type Family } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { deviceApplications, deviceLogs, deviceMessages, devices, profiles } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { DeviceInfo } from '../../plugins/device-auth.ts';
import { writeAudit } from '../audit/service.ts';
import { familyLicenceOf } from '../licences/service.ts';
import { buildPolicy } from './document.ts';
import { notifyInTransaction } from './wakeup.ts';

export const PAYMENT_REQUIRED_MESSAGE = `${LICENCE_EXCEEDED_MESSAGE} Buy more licenses to apply changes.`;
/** Messages handed out by one `GET events` answer (the rest wait for the next poll). */
export const MAX_MESSAGES_PER_POLL = 50;

const profileNotFound = () => new AppError(404, 'E_PROFILE_NOT_FOUND', 'Profile not found.');

const isFamily = (f: string): f is Family => (FAMILIES as readonly string[]).includes(f);

/**
 * DECISIONS §5: while a family has more enrolled devices than purchased seats, its profile update/apply calls
 * answer 402 with `redirectToPaymentPage: 1` (the console sends the customer to the plans page).
 */
export async function assertFamilyLicensed(db: DbOrTx, customerId: string, family: string): Promise<void> {
  if (!isFamily(family)) return;
  const licence = await familyLicenceOf(db, customerId, family);
  if (licence.exceeded) {
    throw new AppError(402, 'E_PAYMENT_REQUIRED', PAYMENT_REQUIRED_MESSAGE, { redirectToPaymentPage: 1 });
  }
}

// ---------------------------------------------------------------------------------------------- device side

/** The frozen policy of the device's profile. */
export async function currentPolicy(ctx: AppContext, device: DeviceInfo) {
  const [row] = await ctx.db
    .select({ policy: profiles.policy, version: profiles.policyVersion, appName: profiles.appName })
    .from(profiles)
    .where(eq(profiles.id, device.profileId));
  if (!row) throw profileNotFound();
  return { profileId: device.profileId, ...row };
}

export const policyEtag = (profileId: string, version: number) => `"${profileId}:${version}"`;

/** True when an If-None-Match header names this ETag (a list, weak validators and `*` included). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  return value.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export interface AckOutcome {
  version: number;
  currentVersion: number;
  appliedPolicyVersion: number | null;
}

/**
 * Records what the device did with a policy version. Acks of an OLDER version are accepted (a retried or
 * late ack is a fact worth logging) but never move applied_* backwards; a version newer than the current
 * one was never served and answers 409 E_CONFLICT.
 */
export async function acknowledgePolicy(
  ctx: AppContext,
  device: DeviceInfo,
  ack: { version: number; result: 'Success' | 'Failed'; message: string },
  ip: string | null,
): Promise<AckOutcome> {
  return inTransaction(ctx.db, async (tx) => {
    const [profile] = await tx
      .select({ version: profiles.policyVersion })
      .from(profiles)
      .where(eq(profiles.id, device.profileId))
      .for('update');
    if (!profile) throw profileNotFound();
    if (ack.version > profile.version) {
      throw new AppError(
        409,
        'E_CONFLICT',
        `Policy version ${ack.version} does not exist (current: ${profile.version}). Fetch the policy again.`,
      );
    }
    const [updated] = await tx
      .update(profiles)
      .set({
        appliedPolicyVersion: ack.version,
        appliedResult: ack.result,
        appliedMessage: ack.message,
        appliedAt: sql`now()`,
      })
      .where(
        and(
          eq(profiles.id, device.profileId),
          sql`(${profiles.appliedPolicyVersion} is null or ${profiles.appliedPolicyVersion} <= ${ack.version})`,
        ),
      )
      .returning({ applied: profiles.appliedPolicyVersion });
    let applied = updated?.applied ?? null;
    if (!updated) {
      const [row] = await tx
        .select({ applied: profiles.appliedPolicyVersion })
        .from(profiles)
        .where(eq(profiles.id, device.profileId));
      applied = row?.applied ?? null;
    }
    const failed = ack.result === 'Failed';
    const outcome = failed ? `Failed: ${ack.message || 'no reason given'}`.slice(0, 1000) : 'Success';
    await tx.insert(deviceLogs).values({
      customerId: device.customerId,
      deviceId: device.deviceId,
      serialNumber: device.serialNumber,
      deviceName: device.deviceName,
      deviceActivity: 'Apply',
      activityResult: outcome,
    });
    await writeAudit(tx, {
      customerId: device.customerId,
      type: 'Device',
      subType: 'Apply',
      source: 'App',
      hasError: failed,
      message: `Device ${device.serialNumber} (${device.appName}) applied policy version ${ack.version}: ${outcome}`,
      ip,
    });
    return { version: ack.version, currentVersion: profile.version, appliedPolicyVersion: applied };
  });
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
 * two polls never get the same message), and whether the device was logged out meanwhile.
 */
export async function pendingEvents(
  ctx: AppContext,
  device: DeviceInfo,
  knownVersion: number | undefined,
  opts: { takeMessages: boolean },
): Promise<PendingEvents> {
  const [state] = await ctx.db
    .select({
      policyVersion: profiles.policyVersion,
      applied: profiles.appliedPolicyVersion,
      loggedOut: sql<boolean>`(${devices.loggedOutAt} is not null or ${devices.tokenHash} is null)`,
    })
    .from(profiles)
    .innerJoin(devices, eq(devices.id, profiles.deviceId))
    .where(eq(profiles.id, device.profileId));
  if (!state || state.loggedOut) {
    return { policyVersion: state?.policyVersion ?? 0, policyChanged: false, messages: [], logout: true };
  }
  const policyChanged =
    // Version 0 is the empty policy of a profile never applied: nothing to fetch until the first Apply.
    knownVersion === undefined ? (state.applied ?? 0) < state.policyVersion : state.policyVersion > knownVersion;
  const messages = opts.takeMessages ? await takeMessages(ctx, device.deviceId) : [];
  return { policyVersion: state.policyVersion, policyChanged, messages, logout: false };
}

async function takeMessages(ctx: AppContext, deviceId: string): Promise<DeviceMessage[]> {
  // Ordered in SQL, at full (microsecond) precision: a JavaScript Date keeps milliseconds only, and
  // `update … returning` promises no order.
  const result = await ctx.db.execute<{
    id: string;
    kind: 'notification' | 'command';
    payload: unknown;
    created_at: Date | string;
  }>(sql`
    with taken as (
      update ${deviceMessages} m set delivered_at = now()
      where m.id in (
        select id from ${deviceMessages}
        where device_id = ${deviceId} and delivered_at is null and (expires_at is null or expires_at > now())
        order by created_at, id
        limit ${MAX_MESSAGES_PER_POLL}
        for update skip locked
      )
      returning m.id, m.kind, m.payload, m.created_at
    )
    select id, kind, payload, created_at from taken order by created_at, id`);
  return result.rows.map((r) => ({
    _id: r.id,
    kind: r.kind,
    payload: (r.payload ?? {}) as Record<string, unknown>,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/** `notifications/:id/delivered|opened`: only the device's own messages; repeated acks keep the first time. */
export async function acknowledgeMessage(
  ctx: AppContext,
  device: DeviceInfo,
  messageId: string,
  what: 'delivered' | 'opened',
) {
  const set =
    what === 'delivered'
      ? { deliveredAt: sql`coalesce(${deviceMessages.deliveredAt}, now())` }
      : {
          deliveredAt: sql`coalesce(${deviceMessages.deliveredAt}, now())`,
          openedAt: sql`coalesce(${deviceMessages.openedAt}, now())`,
        };
  const [row] = await ctx.db
    .update(deviceMessages)
    .set(set)
    .where(and(eq(deviceMessages.id, messageId), eq(deviceMessages.deviceId, device.deviceId)))
    .returning({
      id: deviceMessages.id,
      deliveredAt: deviceMessages.deliveredAt,
      openedAt: deviceMessages.openedAt,
    });
  if (!row) throw new AppError(404, 'E_NOT_FOUND', 'Message not found.');
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
export async function applyProfile(ctx: AppContext, customerId: string, profileId: string, ip: string | null) {
  return inTransaction(ctx.db, async (tx) => {
    const [profile] = await tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.id, profileId), eq(profiles.customerId, customerId)))
      .for('update');
    if (!profile) throw profileNotFound();
    await assertFamilyLicensed(tx, customerId, profile.family);
    const desired = await tx
      .select({ packageName: deviceApplications.packageName, desiredDisable: deviceApplications.desiredDisable })
      .from(deviceApplications)
      .where(and(eq(deviceApplications.deviceId, profile.deviceId), isNotNull(deviceApplications.desiredDisable)));
    const policy = buildPolicy(profile, desired);
    const [updated] = await tx
      .update(profiles)
      .set({
        policy,
        policyVersion: sql`${profiles.policyVersion} + 1`,
        profileCounter: sql`${profiles.profileCounter} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, profile.id))
      .returning({ policyVersion: profiles.policyVersion, applied: profiles.appliedPolicyVersion });
    await writeAudit(tx, {
      customerId,
      type: 'Profile',
      subType: 'Apply',
      source: 'Web',
      message: `Applied profile ${profile.profileName || profile.name} (${profile.appName}): policy version ${updated!.policyVersion}`,
      ip,
    });
    await notifyInTransaction(tx, profile.deviceId);
    return {
      profileId: profile.id,
      deviceId: profile.deviceId,
      policyVersion: updated!.policyVersion,
      appliedPolicyVersion: updated!.applied,
    };
  });
}
