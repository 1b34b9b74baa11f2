import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  FAMILIES,
  MAX_PROFILE_LIST_ENTRIES,
  ONLINE_WINDOW_MINUTES,
  familyDisplayName,
  type AuditSubType,
  type DeviceApplicationItem,
  type DeviceDetail,
  type Family,
  type KeyMapperEntry,
  type ProfileApplication,
  type ProfileDetail,
  type ProductType,
} from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import { FAMILY_SECTIONS, buildPolicy, cleanerListOf, type Section } from '../policy/document.ts';
import { requestPush } from '../policy/push.ts';
import { assertFamilyLicensed } from '../policy/service.ts';
import { enqueueDeviceMessage } from '../policy/wakeup.ts';
import { catalogueApps } from './playstore/local.ts';
import * as repo from './repository.ts';
import { applicationsOfList, readSettings, type ProfileSettings, type ScheduleShutdown } from './settings.ts';

/**
 * The customer's profile calls of spec 2 §7: reading a profile and its device, editing the profile's settings
 * (stored in `profiles.settings`, sent to the device only by Apply, which freezes them with `buildPolicy`), the
 * console's per-app enable/disable choice and the inventory sync command. Every edit runs in one transaction with
 * the profile row locked: the family check (a call for another app's tab answers 400), the licence check (402 while
 * the family has more devices than seats), the change, its audit entry.
 */

type ListKind = ProductType | null;

export const profileNotFound = () => new AppError(404, 'E_PROFILE_NOT_FOUND', 'Profile not found.');

const conflict = (message: string) => new AppError(409, 'E_CONFLICT', message);
const invalid = (field: string, message: string) =>
  new AppError(400, 'E_VALIDATION', `${field}: ${message}`, { errors: [{ field, message }] });
const listFull = (what: string) =>
  conflict(
    `The ${what} already holds ${MAX_PROFILE_LIST_ENTRIES} entries, the most a list may have: delete one first.`,
  );

/** A sync request older than this is dropped: by then the device has long re-sent its inventory on its own. */
const SYNC_COMMAND_TTL_MS = 24 * 60 * 60 * 1000;
export const SYNC_COMMAND = 'sync_applications';

const SECTION_NAMES: Record<Section, string> = {
  pin: 'the pin',
  advanced: 'advanced settings',
  urls: 'URL blocking',
  files: 'the file list',
  keys: 'key mapping',
  cleaner: 'cleaner settings',
  cleanerApps: 'the uninstall/clear application list',
  powerOnBoot: 'power on boot',
  kiosk: 'kiosk mode',
  applications: 'enabling and disabling device applications',
};

const isFamily = (f: string): f is Family => (FAMILIES as readonly string[]).includes(f);

function familyName(ctx: AppContext, family: string) {
  return isFamily(family) ? familyDisplayName(family, ctx.config.productName) : family;
}

const listing = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** 400 naming the call when the profile's app has no such tab (FAMILY_SECTIONS). */
function assertSection(ctx: AppContext, family: string, call: string, section: Section) {
  if ((FAMILY_SECTIONS[family] ?? []).includes(section)) return;
  const owners = Object.entries(FAMILY_SECTIONS)
    .filter(([, sections]) => sections.includes(section))
    .map(([f]) => familyName(ctx, f));
  const message = `does not apply to ${familyName(ctx, family)} profiles: ${SECTION_NAMES[section]} is part of ${listing(owners)} profiles only.`;
  throw new AppError(400, 'E_VALIDATION', `${call} ${message}`, { errors: [{ field: call, message }] });
}

/**
 * The application lists of spec 2 "Profile application": the kiosk list is Super Lock's; the uninstall/clear list
 * is Power Cleaner's (no productType) or Super Lock's Cleaner Apps ('Super Lock'), see `cleanerListOf`.
 */
function assertListKind(ctx: AppContext, family: string, call: string, productType: ListKind) {
  if (productType === 'Kiosk') return assertSection(ctx, family, call, 'kiosk');
  assertSection(ctx, family, call, 'cleanerApps');
  const expected = cleanerListOf(family);
  if (productType === expected) return;
  throw invalid(
    'productType',
    expected === null
      ? `a ${familyName(ctx, family)} profile keeps its uninstall/clear list without a productType.`
      : `a ${familyName(ctx, family)} profile keeps its cleaner apps under productType '${expected}' (its kiosk apps under 'Kiosk').`,
  );
}

const listLabel = (kind: ListKind) =>
  kind === 'Kiosk' ? 'kiosk list' : kind === 'Super Lock' ? 'Cleaner Apps list' : 'uninstall/clear list';

// ------------------------------------------------------------------------------------------------ reads

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
export async function profileDetail(ctx: AppContext, customerId: string, profileId: string): Promise<ProfileDetail> {
  const found = await repo.profileWithDevice(ctx.db, customerId, profileId);
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

type InventoryRow = Awaited<ReturnType<typeof repo.applicationsOfDevice>>[number];

function applicationItem(a: InventoryRow): DeviceApplicationItem {
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
export async function deviceDetail(ctx: AppContext, customerId: string, q: DeviceDetailFilter): Promise<DeviceDetail> {
  const found = await repo.profileWithDevice(ctx.db, customerId, q.profileId);
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
  };
}

/** `profile/applications`: one application list of the profile, oldest entry first. */
export async function profileApplications(
  ctx: AppContext,
  customerId: string,
  q: { profileId: string; productType?: ProductType | undefined },
): Promise<ProfileApplication[]> {
  const found = await repo.profileWithDevice(ctx.db, customerId, q.profileId);
  if (!found) throw profileNotFound();
  const kind = q.productType ?? null;
  assertListKind(ctx, found.profile.family, 'profile/applications', kind);
  return applicationsOfList(readSettings(found.profile.settings), kind);
}

// ------------------------------------------------------------------------------------------------ edits

interface Change {
  /** Settings keys to write (each written whole). */
  patch: Partial<ProfileSettings>;
  /** What changed, for the audit log (no secrets: the pin's value is never written there). */
  summary: string;
  subType?: AuditSubType;
}

interface EditRequest {
  customerId: string;
  profileId: string;
  ip: string | null;
  /** Runs first, with the profile's family: refuses calls for another app's tabs. */
  authorise: (family: string) => void;
  change: (settings: ProfileSettings) => Change;
}

/** One edit of a profile's settings: locked, family- and licence-checked, written and audited in one transaction. */
async function editSettings(ctx: AppContext, edit: EditRequest): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const profile = await repo.lockProfile(tx, edit.customerId, edit.profileId);
    if (!profile) throw profileNotFound();
    edit.authorise(profile.family);
    await assertFamilyLicensed(tx, edit.customerId, profile.family);
    const { patch, summary, subType } = edit.change(readSettings(profile.settings));
    await repo.patchSettings(tx, edit.customerId, profile.id, patch);
    await writeAudit(tx, {
      customerId: edit.customerId,
      type: 'Profile',
      subType: subType ?? 'Update',
      source: 'Web',
      message: `Profile ${profile.profileName || profile.name} (${profile.appName}): ${summary}`.slice(0, 2000),
      ip: edit.ip,
    });
  });
}

const onOff = (v: boolean) => (v ? 'on' : 'off');
const switches = (values: Record<string, boolean | undefined>) =>
  Object.entries(values)
    .filter((e): e is [string, boolean] => e[1] !== undefined)
    .map(([k, v]) => `${k} ${onOff(v)}`)
    .join(', ');
/** The keys that were sent (zod leaves absent optional keys out, but an explicit undefined must not clear). */
const definedOnly = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };

export interface ProfileUpdateInput {
  profileId: string;
  pin?: string | undefined;
  advancedSettings?: Partial<Record<keyof ProfileSettings['advancedSettings'], boolean | undefined>> | undefined;
  blockFileUrl?: string | undefined;
}

/** `profile/update`: the pin, advanced settings (merged key by key) and/or the block file URL. */
export async function updateProfile(ctx: AppContext, customerId: string, input: ProfileUpdateInput, ip: string | null) {
  await editSettings(ctx, {
    customerId,
    profileId: input.profileId,
    ip,
    authorise: (family) => {
      if (input.pin !== undefined) assertSection(ctx, family, 'profile/update (pin)', 'pin');
      if (input.advancedSettings !== undefined) {
        assertSection(ctx, family, 'profile/update (advancedSettings)', 'advanced');
      }
      if (input.blockFileUrl !== undefined) assertSection(ctx, family, 'profile/update (blockFileUrl)', 'urls');
    },
    change: (s) => {
      const patch: Partial<ProfileSettings> = {};
      const said: string[] = [];
      if (input.pin !== undefined) {
        patch.pin = input.pin;
        said.push(input.pin === '' ? 'pin removed' : 'pin set');
      }
      if (input.advancedSettings !== undefined) {
        const changed = definedOnly(input.advancedSettings);
        patch.advancedSettings = { ...s.advancedSettings, ...changed };
        said.push(`advanced settings: ${switches(changed) || 'unchanged'}`);
      }
      if (input.blockFileUrl !== undefined) {
        patch.blockFileUrl = input.blockFileUrl;
        said.push(input.blockFileUrl === '' ? 'block file URL removed' : `block file URL set to ${input.blockFileUrl}`);
      }
      return { patch, summary: said.join('; ') };
    },
  });
  return profileDetail(ctx, customerId, input.profileId);
}

/** Paths compare without repeated or trailing slashes: /sdcard//Download/ is /sdcard/Download. */
const normalisePath = (p: string) => {
  const collapsed = p.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
};

/** URLs compare as the browser reads them: https://Example.com and https://example.com/ are one URL. */
const normaliseUrl = (u: string) => {
  try {
    return new URL(u).href;
  } catch {
    return u;
  }
};

/**
 * The two plain string lists of a profile: `profileFiles` (paths compared without repeated or trailing slashes, stored
 * that way) and `blockUrl` (URLs compared as the browser reads them, stored as typed).
 */
interface StringList {
  key: 'profileFiles' | 'blockUrl';
  section: Section;
  /** "file" / "blocked URL": the word for one entry in messages. */
  entry: string;
  calls: { add: string; delete: string };
  /** What two entries are compared by. */
  compareBy: (v: string) => string;
  /** What is stored for an entry. */
  store: (v: string) => string;
}

const FILE_LIST: StringList = {
  key: 'profileFiles',
  section: 'files',
  entry: 'file',
  calls: { add: 'profile/file/add', delete: 'profile/file/delete' },
  compareBy: normalisePath,
  store: normalisePath,
};

const BLOCK_URL_LIST: StringList = {
  key: 'blockUrl',
  section: 'urls',
  entry: 'blocked URL',
  calls: { add: 'profile/blockUrl/add', delete: 'profile/blockUrl/delete' },
  compareBy: normaliseUrl,
  store: (u) => u,
};

async function addToList(
  ctx: AppContext,
  customerId: string,
  list: StringList,
  input: { profileId: string; value: string },
  ip: string | null,
) {
  const value = list.store(input.value);
  const wanted = list.compareBy(value);
  await editSettings(ctx, {
    customerId,
    profileId: input.profileId,
    ip,
    authorise: (family) => assertSection(ctx, family, list.calls.add, list.section),
    change: (s) => {
      const entries = s[list.key];
      if (entries.some((e) => list.compareBy(e) === wanted)) {
        throw conflict(`${value} is already in the ${list.entry} list.`);
      }
      if (entries.length >= MAX_PROFILE_LIST_ENTRIES) throw listFull(`${list.entry} list`);
      return { patch: { [list.key]: [...entries, value] }, summary: `${list.entry} ${value} added` };
    },
  });
  return profileDetail(ctx, customerId, input.profileId);
}

async function removeFromList(
  ctx: AppContext,
  customerId: string,
  list: StringList,
  input: { profileId: string; value: string },
  ip: string | null,
) {
  const value = list.store(input.value);
  const wanted = list.compareBy(value);
  await editSettings(ctx, {
    customerId,
    profileId: input.profileId,
    ip,
    authorise: (family) => assertSection(ctx, family, list.calls.delete, list.section),
    change: (s) => {
      const entries = s[list.key];
      const kept = entries.filter((e) => list.compareBy(e) !== wanted);
      if (kept.length === entries.length) {
        throw new AppError(404, 'E_NOT_FOUND', `${value} is not in the ${list.entry} list.`);
      }
      return { patch: { [list.key]: kept }, summary: `${list.entry} ${value} removed` };
    },
  });
  return profileDetail(ctx, customerId, input.profileId);
}

export const addFile = (
  ctx: AppContext,
  customerId: string,
  input: { profileId: string; filePath: string },
  ip: string | null,
) => addToList(ctx, customerId, FILE_LIST, { profileId: input.profileId, value: input.filePath }, ip);

export const deleteFile = (
  ctx: AppContext,
  customerId: string,
  input: { profileId: string; filePath: string },
  ip: string | null,
) => removeFromList(ctx, customerId, FILE_LIST, { profileId: input.profileId, value: input.filePath }, ip);

export const addBlockUrl = (
  ctx: AppContext,
  customerId: string,
  input: { profileId: string; url: string },
  ip: string | null,
) => addToList(ctx, customerId, BLOCK_URL_LIST, { profileId: input.profileId, value: input.url }, ip);

export const deleteBlockUrl = (
  ctx: AppContext,
  customerId: string,
  input: { profileId: string; url: string },
  ip: string | null,
) => removeFromList(ctx, customerId, BLOCK_URL_LIST, { profileId: input.profileId, value: input.url }, ip);

export interface KeyMapperAddInput {
  profileId: string;
  keyName: KeyMapperEntry['keyName'];
  keyEvent: KeyMapperEntry['keyEvent'];
  packageName: string;
}

/** `profile/keyMapper/add`: one key and event opens one app, so a key+event pair is mapped at most once. */
export async function addKeyMapping(ctx: AppContext, customerId: string, input: KeyMapperAddInput, ip: string | null) {
  await editSettings(ctx, {
    customerId,
    profileId: input.profileId,
    ip,
    authorise: (family) => assertSection(ctx, family, 'profile/keyMapper/add', 'keys'),
    change: (s) => {
      const taken = s.keyMapper.find((k) => k.keyName === input.keyName && k.keyEvent === input.keyEvent);
      if (taken) {
        throw conflict(
          `${input.keyName} ${input.keyEvent} already opens ${taken.packageName}: delete that mapping first.`,
        );
      }
      if (s.keyMapper.length >= MAX_PROFILE_LIST_ENTRIES) throw listFull('key mapping list');
      const entry: KeyMapperEntry = {
        _id: crypto.randomUUID(),
        packageName: input.packageName,
        keyName: input.keyName,
        keyEvent: input.keyEvent,
        created_at: new Date().toISOString(),
      };
      return {
        patch: { keyMapper: [...s.keyMapper, entry] },
        summary: `key mapping ${input.keyName} ${input.keyEvent} → ${input.packageName} added`,
      };
    },
  });
  return profileDetail(ctx, customerId, input.profileId);
}

export async function deleteKeyMapping(
  ctx: AppContext,
  customerId: string,
  input: { profileId: string; id: string },
  ip: string | null,
) {
  await editSettings(ctx, {
    customerId,
    profileId: input.profileId,
    ip,
    authorise: (family) => assertSection(ctx, family, 'profile/keyMapper/delete', 'keys'),
    change: (s) => {
      const entry = s.keyMapper.find((k) => k._id === input.id);
      if (!entry) throw new AppError(404, 'E_NOT_FOUND', 'This key mapping does not exist (any more).');
      return {
        patch: { keyMapper: s.keyMapper.filter((k) => k !== entry) },
        summary: `key mapping ${entry.keyName} ${entry.keyEvent} → ${entry.packageName} removed`,
      };
    },
  });
  return profileDetail(ctx, customerId, input.profileId);
}

export async function updatePowerCleanerSettings(
  ctx: AppContext,
  customerId: string,
  input: {
    profileId: string;
    powerCleanerSettings: Partial<Record<keyof ProfileSettings['powerCleanerSettings'], boolean | undefined>>;
  },
  ip: string | null,
) {
  await editSettings(ctx, {
    customerId,
    profileId: input.profileId,
    ip,
    authorise: (family) => assertSection(ctx, family, 'profile/update/pc/setting', 'cleaner'),
    change: (s) => {
      const changed = definedOnly(input.powerCleanerSettings);
      return {
        patch: { powerCleanerSettings: { ...s.powerCleanerSettings, ...changed } },
        summary: `cleaner settings: ${switches(changed) || 'unchanged'}`,
      };
    },
  });
  return profileDetail(ctx, customerId, input.profileId);
}

export interface PowerOnBootInput {
  profileId: string;
  enablePowerOnBoot: boolean;
  shutdownOnDisconnect: boolean;
  scheduleShutdown: ScheduleShutdown | null;
}

export async function updatePowerOnBootSettings(
  ctx: AppContext,
  customerId: string,
  input: PowerOnBootInput,
  ip: string | null,
) {
  await editSettings(ctx, {
    customerId,
    profileId: input.profileId,
    ip,
    authorise: (family) => assertSection(ctx, family, 'profile/update/pob/setting', 'powerOnBoot'),
    change: () => {
      const schedule = input.scheduleShutdown;
      const when = schedule
        ? `${schedule.scheduleType} at ${schedule.scheduleTime}${schedule.days.length > 0 ? ` (${schedule.days.join(', ')})` : ''}`
        : 'none';
      return {
        patch: {
          enablePowerOnBoot: input.enablePowerOnBoot,
          shutdownOnDisconnect: input.shutdownOnDisconnect,
          scheduleShutdown: schedule,
        },
        summary: `power on boot ${onOff(input.enablePowerOnBoot)}, shutdown on disconnect ${onOff(input.shutdownOnDisconnect)}, scheduled shutdown ${when}`,
      };
    },
  });
  return profileDetail(ctx, customerId, input.profileId);
}

export interface KioskInput {
  profileId: string;
  kioskType: ProfileSettings['kioskType'];
  singleAppKioskPackageName?: string | undefined;
  browserKioskWebsiteUrl?: string | undefined;
  browserKioskScreenTimeout?: number | null | undefined;
  browserKioskScreenBrightness?: number | null | undefined;
  browserKioskScreenOrientation?: ProfileSettings['browserKioskScreenOrientation'] | undefined;
  browserKioskShowAddressBar?: boolean | undefined;
  signageVideoLists?: string[] | undefined;
  signageKioskScreenTimeout?: number | null | undefined;
  signageKioskScreenBrightness?: number | null | undefined;
  signageKioskScreenOrientation?: ProfileSettings['signageKioskScreenOrientation'] | undefined;
}

const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;

/**
 * `profile/update/kiosk/setting`: the kiosk type and the fields sent. Fields of the other types that were sent are
 * stored too (the form keeps them for when the customer switches back), except the two orientations: the contract
 * fills an absent one with 'Auto', so only the chosen type's orientation is taken, the other one is kept as it was.
 */
export async function updateKioskSettings(ctx: AppContext, customerId: string, input: KioskInput, ip: string | null) {
  if (input.singleAppKioskPackageName && !PACKAGE_NAME.test(input.singleAppKioskPackageName)) {
    throw invalid('singleAppKioskPackageName', 'must be an Android package name such as com.android.chrome');
  }
  await editSettings(ctx, {
    customerId,
    profileId: input.profileId,
    ip,
    authorise: (family) => assertSection(ctx, family, 'profile/update/kiosk/setting', 'kiosk'),
    change: (s) => {
      if (input.kioskType === 'Multi App' && applicationsOfList(s, 'Kiosk').length === 0) {
        throw invalid('kioskType', 'a Multi App kiosk needs at least one app in its kiosk list: add one first.');
      }
      const { profileId: _profileId, browserKioskScreenOrientation, signageKioskScreenOrientation, ...fields } = input;
      const patch: Partial<ProfileSettings> = definedOnly(fields);
      if (input.kioskType === 'Browser' && browserKioskScreenOrientation !== undefined) {
        patch.browserKioskScreenOrientation = browserKioskScreenOrientation;
      }
      if (input.kioskType === 'Signage' && signageKioskScreenOrientation !== undefined) {
        patch.signageKioskScreenOrientation = signageKioskScreenOrientation;
      }
      return { patch, summary: `kiosk set to ${input.kioskType}` };
    },
  });
  return profileDetail(ctx, customerId, input.profileId);
}

// ------------------------------------------------------------------------------------------------ application lists

export interface ApplicationCreateInput {
  profileId: string;
  appPackageName: string;
  appIcon: string;
  status: ProfileApplication['status'];
  appDetails: ProfileApplication['appDetails'];
  productType?: ListKind | undefined;
}

export async function createProfileApplication(
  ctx: AppContext,
  customerId: string,
  input: ApplicationCreateInput,
  ip: string | null,
) {
  const kind = input.productType ?? null;
  return editListWithFamily(ctx, customerId, input.profileId, ip, 'profile/application/create', kind, (s) => {
    const list = applicationsOfList(s, kind);
    if (list.some((a) => a.appPackageName === input.appPackageName)) {
      throw conflict(`${input.appPackageName} is already in the ${listLabel(kind)}.`);
    }
    if (list.length >= MAX_PROFILE_LIST_ENTRIES) throw listFull(listLabel(kind));
    const known = catalogueApps().get(input.appPackageName);
    const entry: ProfileApplication = {
      _id: crypto.randomUUID(),
      appPackageName: input.appPackageName,
      appIcon: input.appIcon,
      status: input.status,
      appDetails: {
        title: input.appDetails.title || known?.title || input.appPackageName,
        icon: input.appDetails.icon || input.appIcon,
        appId: input.appDetails.appId || input.appPackageName,
      },
      productType: kind,
      created_at: new Date().toISOString(),
    };
    return {
      patch: { profileApplications: [...s.profileApplications, entry] },
      summary: `${input.appPackageName} added to the ${listLabel(kind)} (${input.status})`,
    };
  });
}

export async function updateProfileApplication(
  ctx: AppContext,
  customerId: string,
  input: {
    profileId: string;
    appPackageName: string;
    status: ProfileApplication['status'];
    productType?: ListKind | undefined;
  },
  ip: string | null,
) {
  const kind = input.productType ?? null;
  return editListWithFamily(ctx, customerId, input.profileId, ip, 'profile/application/update', kind, (s) => {
    const entry = s.profileApplications.find(
      (a) => a.productType === kind && a.appPackageName === input.appPackageName,
    );
    if (!entry) throw new AppError(404, 'E_NOT_FOUND', `${input.appPackageName} is not in the ${listLabel(kind)}.`);
    return {
      patch: {
        profileApplications: s.profileApplications.map((a) => (a === entry ? { ...a, status: input.status } : a)),
      },
      summary: `${input.appPackageName} in the ${listLabel(kind)} set to ${input.status}`,
    };
  });
}

export async function deleteProfileApplication(
  ctx: AppContext,
  customerId: string,
  input: { profileId: string; id: string },
  ip: string | null,
) {
  const call = 'profile/application/delete';
  let kind: ListKind = null;
  await inTransaction(ctx.db, async (tx) => {
    const profile = await repo.lockProfile(tx, customerId, input.profileId);
    if (!profile) throw profileNotFound();
    // Refuse the call itself on an app without lists before saying whether the entry exists.
    const sections = FAMILY_SECTIONS[profile.family] ?? [];
    if (!sections.includes('cleanerApps') && !sections.includes('kiosk')) {
      assertSection(ctx, profile.family, call, 'cleanerApps');
    }
    await assertFamilyLicensed(tx, customerId, profile.family);
    const s = readSettings(profile.settings);
    const entry = s.profileApplications.find((a) => a._id === input.id);
    if (!entry) throw new AppError(404, 'E_NOT_FOUND', 'This application is not in the list (any more).');
    kind = entry.productType;
    if (kind === 'Kiosk' && s.kioskType === 'Multi App' && applicationsOfList(s, 'Kiosk').length === 1) {
      throw conflict(
        'This is the last app of the Multi App kiosk: add another app or choose another kiosk type before removing it.',
      );
    }
    await repo.patchSettings(tx, customerId, profile.id, {
      profileApplications: s.profileApplications.filter((a) => a !== entry),
    });
    await writeAudit(tx, {
      customerId,
      type: 'Profile',
      subType: 'Application Update',
      source: 'Web',
      message: `Profile ${profile.profileName || profile.name} (${profile.appName}): ${entry.appPackageName} removed from the ${listLabel(kind)}`,
      ip,
    });
  });
  return profileApplications(ctx, customerId, { profileId: input.profileId, productType: kind ?? undefined });
}

/** An edit of one application list whose kind is known from the request: family-checked first. */
async function editListWithFamily(
  ctx: AppContext,
  customerId: string,
  profileId: string,
  ip: string | null,
  call: string,
  kind: ListKind,
  change: (settings: ProfileSettings) => Change,
): Promise<ProfileApplication[]> {
  await editSettings(ctx, {
    customerId,
    profileId,
    ip,
    authorise: (family) => assertListKind(ctx, family, call, kind),
    change: (s) => ({ subType: 'Application Update', ...change(s) }),
  });
  return profileApplications(ctx, customerId, { profileId, productType: kind ?? undefined });
}

// ------------------------------------------------------------------------------------------------ device applications

/**
 * `profile/device/application/update`: the console's choice to disable or enable one reported app. It waits in
 * `device_applications.desired_disable` and reaches the device with the next Apply.
 */
export async function updateDeviceApplication(
  ctx: AppContext,
  customerId: string,
  input: { profileId: string; packageName: string; app_disable: boolean },
  ip: string | null,
): Promise<DeviceApplicationItem> {
  return inTransaction(ctx.db, async (tx) => {
    const profile = await repo.lockProfile(tx, customerId, input.profileId);
    if (!profile) throw profileNotFound();
    assertSection(ctx, profile.family, 'profile/device/application/update', 'applications');
    await assertFamilyLicensed(tx, customerId, profile.family);
    const row = await repo.setDesiredDisable(tx, customerId, profile.deviceId, input.packageName, input.app_disable);
    if (!row) {
      throw new AppError(
        404,
        'E_NOT_FOUND',
        `The device has not reported ${input.packageName}: sync its application list and try again.`,
      );
    }
    await writeAudit(tx, {
      customerId,
      type: 'Profile',
      subType: 'Application Status Update',
      source: 'Web',
      message: `Profile ${profile.profileName || profile.name} (${profile.appName}): ${input.packageName} to be ${input.app_disable ? 'disabled' : 'enabled'} on the next Apply`,
      ip,
    });
    return applicationItem(row);
  });
}

/**
 * `profile/device/application/sync`: asks the device for a fresh inventory with a `sync_applications` command
 * (handed out by its long-poll; FCM tickles a sleeping app once committed). A request still waiting for the
 * device is not queued twice.
 */
export async function requestApplicationSync(
  ctx: AppContext,
  customerId: string,
  profileId: string,
  ip: string | null,
) {
  const result = await inTransaction(ctx.db, async (tx) => {
    const profile = await repo.lockProfile(tx, customerId, profileId);
    if (!profile) throw profileNotFound();
    assertSection(ctx, profile.family, 'profile/device/application/sync', 'applications');
    await assertFamilyLicensed(tx, customerId, profile.family);
    const waiting = await repo.pendingCommand(tx, customerId, profile.deviceId, SYNC_COMMAND);
    if (!waiting) {
      await enqueueDeviceMessage(
        ctx,
        tx,
        profile.deviceId,
        'command',
        { command: SYNC_COMMAND },
        new Date(Date.now() + SYNC_COMMAND_TTL_MS),
      );
    }
    // The queued command's own time, so asking again while it waits answers the same moment.
    const queued = waiting ?? (await repo.pendingCommand(tx, customerId, profile.deviceId, SYNC_COMMAND));
    const requestedAt = queued?.createdAt ?? new Date();
    await writeAudit(tx, {
      customerId,
      type: 'Profile',
      subType: 'Application Sync',
      source: 'Web',
      message: `Profile ${profile.profileName || profile.name} (${profile.appName}): application list requested from the device${waiting ? ' (a request was already waiting)' : ''}`,
      ip,
    });
    return { deviceId: profile.deviceId, profileId: profile.id, requestedAt: requestedAt.toISOString() };
  });
  await requestPush(ctx, [result.deviceId]);
  return { profileId: result.profileId, requestedAt: result.requestedAt };
}
