import { isDeepStrictEqual } from 'node:util';
import {
  ONLINE_WINDOW_MINUTES,
  type DeviceApplicationItem,
  type DeviceDetail,
  type ProductType,
  type ProfileApplication,
  type ProfileDetail,
} from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { DeviceScope } from '../../lib/device-scope.ts';
import { buildPolicy } from '../policy/document.ts';
import { assertListKind, profileNotFound } from './edit.ts';
import * as repo from './repository.ts';
import { applicationsOfList, readSettings } from './settings.ts';

/** The customer's profile reads (spec 2 §7): a profile with its delivery state, its device and its application lists. */

const isOnline = (lastSeenAt: Date | null) =>
  lastSeenAt !== null && lastSeenAt.getTime() >= Date.now() - ONLINE_WINDOW_MINUTES * 60_000;

/**
 * Whether the device lacks something the console holds: the policy Apply would freeze now differs from the one
 * frozen at the last Apply (before the first Apply: from the document of an untouched profile). Comparing the
 * documents, not edit times, means an edit undone before Apply leaves nothing to apply.
 */
async function hasUnappliedChanges(db: DbOrTx, customerId: string, profile: repo.ProfileRow) {
  const desired = await repo.desiredApplications(db, customerId, profile.deviceId);
  const current = buildPolicy(profile, desired);
  const applied =
    profile.policyVersion === 0 ? buildPolicy({ family: profile.family, settings: {} }, []) : profile.policy;
  return !isDeepStrictEqual(current, applied);
}

/** `profile/detail`: the profile's fields with their defaults, its delivery state and its device's presence. */
export async function profileDetail(ctx: AppContext, scope: DeviceScope, profileId: string): Promise<ProfileDetail> {
  const customerId = scope.customerId;
  const found = await repo.profileWithDevice(ctx.db, scope, profileId);
  if (!found) throw profileNotFound();
  const { profile, device } = found;
  const { profileApplications: _lists, ...settings } = readSettings(profile.settings);
  return {
    _id: profile.id,
    name: profile.name,
    profileName: profile.profileName,
    appName: profile.appName,
    family: profile.family,
    created_at: profile.createdAt.toISOString(),
    profileCounter: profile.profileCounter,
    ...settings,
    policyVersion: profile.policyVersion,
    appliedPolicyVersion: profile.appliedPolicyVersion,
    appliedResult: profile.appliedResult,
    appliedMessage: profile.appliedMessage,
    appliedAt: profile.appliedAt?.toISOString() ?? null,
    hasUnappliedChanges: await hasUnappliedChanges(ctx.db, customerId, profile),
    online: isOnline(device.lastSeenAt),
    lastSeenAt: device.lastSeenAt?.toISOString() ?? null,
  };
}

type InventoryRow = Omit<Awaited<ReturnType<typeof repo.applicationsOfDevice>>[number], 'suggestedDisable'> & {
  suggestedDisable?: boolean;
};

export function applicationItem(a: InventoryRow): DeviceApplicationItem {
  return {
    package_name: a.packageName,
    app_name: a.appName,
    app_disable: a.appDisable,
    // Pending only while the device still reports otherwise; once it did as asked there is nothing to show.
    desired_disable: a.desiredDisable !== null && a.desiredDisable !== a.appDisable ? a.desiredDisable : null,
    appIcon: a.appIcon,
    version_number: a.versionNumber,
    app_status: a.appStatus,
    application_type: a.applicationType,
    ...(a.suggestedDisable ? { suggested_disable: true } : {}),
  };
}

export interface DeviceDetailFilter {
  profileId: string;
  packageName?: string | undefined;
  applicationStatus?: 'Enabled' | 'Disabled' | undefined;
  applicationInstallStatus?: 'Installed' | 'Uninstalled' | undefined;
  showSystemApp: boolean;
}

/** `profile/device/detail`: the device's facts and its reported applications through the Applications tab's filters. */
export async function deviceDetail(ctx: AppContext, scope: DeviceScope, q: DeviceDetailFilter): Promise<DeviceDetail> {
  const customerId = scope.customerId;
  const found = await repo.profileWithDevice(ctx.db, scope, q.profileId);
  if (!found) throw profileNotFound();
  const { profile, device } = found;
  const [applications, applicationsTotal] = await Promise.all([
    repo.applicationsOfDevice(ctx.db, customerId, device.id, {
      search: q.packageName || undefined,
      disabled: q.applicationStatus === undefined ? undefined : q.applicationStatus === 'Disabled',
      appStatus: q.applicationInstallStatus,
      includeSystemApps: q.showSystemApp,
    }),
    repo.countApplicationsOfDevice(ctx.db, customerId, device.id),
  ]);
  return {
    profileId: profile.id,
    serialNumber: device.serialNumber,
    deviceName: device.deviceName,
    appName: device.appName || profile.appName,
    appVersionCode: device.appVersionCode,
    appInstallationDate: device.appInstallationDate?.toISOString() ?? null,
    batteryLevel: device.batteryLevel,
    deviceModel: device.deviceModel,
    localIpAddress: device.localIpAddress,
    macAddress: device.macAddress,
    osVersion: device.osVersion,
    location: device.location ?? null,
    online: isOnline(device.lastSeenAt),
    lastSeenAt: device.lastSeenAt?.toISOString() ?? null,
    applications: applications.map(applicationItem),
    applicationsTotal,
    capabilities: device.capabilities ?? null,
    lostMode: device.lostMode ?? null,
  };
}

/** `profile/applications`: one application list of the profile, oldest entry first. */
export async function profileApplications(
  ctx: AppContext,
  scope: DeviceScope,
  q: { profileId: string; productType?: ProductType | undefined },
): Promise<ProfileApplication[]> {
  const found = await repo.profileWithDevice(ctx.db, scope, q.profileId);
  if (!found) throw profileNotFound();
  const kind = q.productType ?? null;
  assertListKind(ctx, found.profile.family, 'profile/applications', kind);
  return applicationsOfList(readSettings(found.profile.settings), kind);
}
