import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { lockProfilesOfCustomer } from '../policy/repository.ts';
import { freezePolicies } from '../policy/freeze.ts';
import { requestPush } from '../policy/push.ts';
import { readSettings } from '../profiles/settings.ts';

/**
 * The apply engine of fleet operations (DECISIONS §10): a template version given to a group's devices, a device
 * joining a group, a rollout stage, a rollback. Each profile's settings are replaced by the given settings document
 * (every profile setting, read with its defaults; keys the profile holds beyond those are kept), its policy frozen as
 * the console's Apply freezes it (`freezePolicies`, the one code both use: version and counter moved, the device's
 * app choices carried), and its device woken when the caller's transaction commits. Set-based: a stage of 10,000
 * devices is a handful of statements and one NOTIFY batch, not 10,000 round trips.
 */

export type SettingsDocument = Record<string, unknown>;

export interface ApplySettingsInput {
  customerId: string;
  /** The customer's profiles to change; ids of another customer's profiles (or unknown ones) are left out. */
  profileIds: readonly string[];
  /** One document for every profile (a template version), or one per profile id (a rollback's previous settings). */
  settings: SettingsDocument | ReadonlyMap<string, SettingsDocument>;
  /** Who applies it (the caller writes the audit entry naming what was applied). */
  actor: Actor;
  /** The caller's transaction's after-commit hook: when given, devices with FCM are tickled once it committed. */
  afterCommit?: (fn: () => Promise<void>) => void;
}

export interface AppliedSettings {
  profileId: string;
  deviceId: string;
  /** The policy version the device now has to fetch and acknowledge. */
  policyVersion: number;
  /** The profile's settings as they were before (what a rollback re-applies). */
  previousSettings: SettingsDocument;
}

/**
 * Applies `settings` to the customer's profiles among `profileIds` inside `tx` (rows locked in id order). Answers one
 * entry per profile changed; a profile without an entry in a per-profile map is left alone.
 */
export async function applySettings(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'config' | 'queue' | 'logger'>,
  input: ApplySettingsInput,
): Promise<AppliedSettings[]> {
  const locked = await lockProfilesOfCustomer(tx, input.customerId, [...new Set(input.profileIds)]);
  const documentOf = (profileId: string) =>
    input.settings instanceof Map ? input.settings.get(profileId) : (input.settings as SettingsDocument);
  const targets = locked.flatMap((p) => {
    const document = documentOf(p.id);
    if (document === undefined) return [];
    return [{ ...p, settings: { ...p.settings, ...readSettings(document) } as SettingsDocument }];
  });
  const applied = await freezePolicies(tx, input.customerId, targets, { writeSettings: true });
  const previous = new Map(locked.map((p) => [p.id, p.settings]));
  if (input.afterCommit && applied.length > 0) {
    const deviceIds = applied.map((a) => a.deviceId);
    input.afterCommit(() => requestPush(ctx, deviceIds));
  }
  return applied.map((a) => ({
    profileId: a.profileId,
    deviceId: a.deviceId,
    policyVersion: a.policyVersion,
    previousSettings: previous.get(a.profileId) ?? {},
  }));
}
