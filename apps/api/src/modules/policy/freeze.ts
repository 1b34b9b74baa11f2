import { LICENCE_EXCEEDED_MESSAGE, type Family } from '@fleetdeck/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { familyLicenceOf } from '../licences/service.ts';
import { buildPolicy, type DesiredApplication } from './document.ts';
import * as repo from './repository.ts';
import { notifyManyInTransaction } from './wakeup.ts';

/**
 * The part of Apply every caller shares (the console's `profile/apply`, fleet templates, groups and rollouts): the
 * licence rule and the freezing of policies. Kept apart from `service.ts` (the device side) so the fleet modules and
 * the profile edits can use it without depending on the device API's module.
 */

const PAYMENT_REQUIRED_MESSAGE = `${LICENCE_EXCEEDED_MESSAGE} Buy more licences to apply changes.`;

/**
 * DECISIONS §5: while a family has more enrolled devices than purchased seats, its profile update/apply calls
 * answer 402 with `redirectToPaymentPage: 1` (the console sends the customer to the plans page).
 */
export async function assertFamilyLicensed(db: DbOrTx, customerId: string, family: Family): Promise<void> {
  const licence = await familyLicenceOf(db, customerId, family);
  if (licence.exceeded) {
    throw new AppError(402, 'E_PAYMENT_REQUIRED', PAYMENT_REQUIRED_MESSAGE, { redirectToPaymentPage: 1 });
  }
}

export interface AppliedPolicy {
  profileId: string;
  deviceId: string;
  policyVersion: number;
  appliedPolicyVersion: number | null;
}

/**
 * What every Apply does, for one profile or ten thousand in one go (the console's Apply, a template applied to a
 * group, a rollout stage): freezes each target's settings into its policy document (`buildPolicy`, with its device's
 * app choices), moves its policy version and profile counter, writes the settings too when `writeSettings`, and
 * queues the devices' wake-ups for the commit. Set-based: three statements and one NOTIFY batch whatever the count.
 * Call with the targets locked (`lockProfile`, `repo.lockProfilesOfCustomer`) in the caller's transaction.
 */
export async function freezePolicies(
  tx: DbOrTx,
  customerId: string,
  targets: readonly repo.ApplyTarget[],
  opts: { writeSettings: boolean },
): Promise<AppliedPolicy[]> {
  if (targets.length === 0) return [];
  const desired = await repo.desiredDisablesOfDevices(
    tx,
    targets.map((t) => t.deviceId),
  );
  const appsOf = new Map<string, DesiredApplication[]>();
  for (const d of desired) {
    const list = appsOf.get(d.deviceId) ?? [];
    list.push(d);
    appsOf.set(d.deviceId, list);
  }
  const stored = await repo.storeAppliedPolicies(
    tx,
    customerId,
    targets.map((t) => ({
      profileId: t.id,
      policy: buildPolicy(t, appsOf.get(t.deviceId) ?? []),
      settings: opts.writeSettings ? t.settings : null,
    })),
  );
  const deviceOf = new Map(targets.map((t) => [t.id, t.deviceId]));
  await notifyManyInTransaction(tx, [...new Set(targets.map((t) => t.deviceId))]);
  return stored.map((s) => ({
    profileId: s.profileId,
    deviceId: deviceOf.get(s.profileId)!,
    policyVersion: s.policyVersion,
    appliedPolicyVersion: s.applied,
  }));
}
