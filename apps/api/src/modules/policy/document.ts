import {
  ADVANCED_SETTINGS,
  KEY_EVENTS,
  KEY_NAMES,
  KIOSK_TYPES,
  POWER_CLEANER_SETTINGS,
  SCHEDULE_TYPES,
  SCREEN_ORIENTATIONS,
  type Family,
} from '@fleetdeck/contract';

/**
 * The policy document a device applies (DECISIONS §6): the profile fields of spec 2 §3 that matter to the
 * profile's app family, normalised (every field present, with its default), frozen into `profiles.policy`
 * at each Apply. `GET /api/v1/device/policy` serves it unchanged under `data.policy`.
 *
 * Field names are spelled as the apps speak them (DECISIONS §2), typos included.
 *
 * ```text
 * {
 *   family: 'PD' | 'PDOW' | 'SL' | 'PC' | 'UB' | 'KM' | 'POB' | 'PCHAT',
 *   // PD, PDOW, SL
 *   pin: string,                                   // '' = no pin
 *   advancedSettings: { disableFactoryReset: boolean, … the 19 booleans of ADVANCED_SETTINGS },
 *   // SL, UB
 *   blockUrl: string[],
 *   blockFileUrl: string,                          // '' = none
 *   // SL, PC, UB
 *   profileFiles: string[],
 *   // SL, KM
 *   keyMapper: [{ packageName, keyName: BACK_KEY|RECENT_KEY|HOME_KEY|VOLUME_UP_KEY|VOLUME_DOWN_KEY|POWER_KEY,
 *                 keyEvent: SINGLE_TAP|DOUBLE_TAP|LONG_PRESS }],
 *   // SL, PC
 *   powerCleanerSettings: { clearBrowserCoockies, clearCache, clearNotifications, clearRecentApps, clearcallLogs },
 *   // SL, POB
 *   enablePowerOnBoot: boolean,
 *   shutdownOnDisconnect: boolean,
 *   scheduleShutdown: { scheduleType: 'Daily' | 'Weekly', scheduleTime: string, days: string[] } | null,
 *   // SL
 *   kioskType: 'None' | 'Single App' | 'Multi App' | 'Browser' | 'Signage',
 *   singleAppKioskPackageName: string,
 *   browserKioskWebsiteUrl: string, browserKioskScreenTimeout: number | null,
 *   browserKioskScreenBrightness: number | null, browserKioskScreenOrientation: 'Auto' | 'Portrait' | 'Landscape',
 *   browserKioskShowAddressBar: boolean,
 *   signageVideoLists: string[], signageKioskScreenTimeout: number | null,
 *   signageKioskScreenBrightness: number | null, signageKioskScreenOrientation: 'Auto' | 'Portrait' | 'Landscape',
 *   // SL, PC: apps to uninstall or clear (PC: its own list; SL: its Cleaner Apps list)
 *   cleanerApplications: [{ packageName: string, action: 'Uninstall' | 'Clear Data' }],
 *   // SL: packages of a Multi App kiosk
 *   kioskApplications: string[],
 *   // PD, PDOW, SL, PC: the console's choice per installed app (apps without a choice are left as they are)
 *   applications: [{ packageName: string, disable: boolean }],
 * }
 * ```
 * PCHAT (Power Chat) has no device policy: its document is `{ family: 'PCHAT' }`.
 */

/**
 * Where the profile keeps its application lists (`settings.profileApplications`, spec 2 "Profile application"):
 * productType null = Power Cleaner's uninstall/clear list, 'Super Lock' = Super Lock's Cleaner Apps, 'Kiosk' =
 * Super Lock's Multi App kiosk list.
 */
export interface StoredProfileApplication {
  _id: string;
  appPackageName: string;
  appIcon: string;
  status: 'Uninstall' | 'Clear Data';
  appDetails: { title: string; icon: string; appId: string };
  productType: 'Super Lock' | 'Kiosk' | null;
  created_at: string;
}

/** A part of the profile; an app family understands some of them (FAMILY_SECTIONS). */
export type Section =
  'pin' | 'advanced' | 'urls' | 'files' | 'keys' | 'cleaner' | 'cleanerApps' | 'powerOnBoot' | 'kiosk' | 'applications';

/** Which parts of the profile each family's app understands. */
export const FAMILY_SECTIONS: Readonly<Record<Family, readonly Section[]>> = {
  PD: ['pin', 'advanced', 'applications'],
  PDOW: ['pin', 'advanced', 'applications'],
  SL: ['pin', 'advanced', 'urls', 'files', 'keys', 'cleaner', 'cleanerApps', 'powerOnBoot', 'kiosk', 'applications'],
  PC: ['cleaner', 'cleanerApps', 'files', 'applications'],
  UB: ['urls', 'files'],
  KM: ['keys'],
  POB: ['powerOnBoot'],
  PCHAT: [],
};

/**
 * The uninstall/clear list an app family uses (its `productType` in `profileApplications`): Super Lock's Cleaner
 * Apps are tagged 'Super Lock', Power Cleaner's own list has none.
 */
export const cleanerListOf = (family: Family): StoredProfileApplication['productType'] =>
  family === 'SL' ? 'Super Lock' : null;

export interface PolicyProfile {
  family: Family;
  settings: Record<string, unknown>;
}

export interface DesiredApplication {
  packageName: string;
  /** device_applications.desired_disable; null = no choice (left out of the policy). */
  desiredDisable: boolean | null;
}

export type PolicyDocument = Record<string, unknown>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bool = (v: unknown) => v === true;
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const strings = (v: unknown) =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s !== '') : [];
const oneOf = <T extends string>(allowed: readonly T[], v: unknown, fallback: T): T =>
  allowed.includes(v as T) ? (v as T) : fallback;
const num = (v: unknown, min: number, max: number): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : null;
};

function flags<K extends string>(names: readonly K[], value: unknown): Record<K, boolean> {
  const source = isRecord(value) ? value : {};
  return Object.fromEntries(names.map((k) => [k, bool(source[k])])) as Record<K, boolean>;
}

function keyMapper(value: unknown) {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((e) => {
    const packageName = str(e.packageName);
    if (!packageName || !KEY_NAMES.includes(e.keyName as never) || !KEY_EVENTS.includes(e.keyEvent as never)) return [];
    return [{ packageName, keyName: e.keyName as string, keyEvent: e.keyEvent as string }];
  });
}

/** The profile's application list of one kind (see StoredProfileApplication). */
function profileApplications(value: unknown, productType: StoredProfileApplication['productType']) {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .filter((e) => (e.productType ?? null) === productType && str(e.appPackageName) !== '')
    .map((e) => ({
      packageName: str(e.appPackageName),
      action: e.status === 'Clear Data' ? 'Clear Data' : 'Uninstall',
    }));
}

function scheduleShutdown(value: unknown) {
  if (!isRecord(value) || !SCHEDULE_TYPES.includes(value.scheduleType as never)) return null;
  const scheduleType = value.scheduleType as (typeof SCHEDULE_TYPES)[number];
  return {
    scheduleType,
    scheduleTime: str(value.scheduleTime),
    days: scheduleType === 'Weekly' ? strings(value.days) : [],
  };
}

/**
 * Assembles the policy of one profile from its editable settings and the console's per-app choices.
 * Pure: the same input always gives the same document (key order included).
 */
export function buildPolicy(profile: PolicyProfile, desiredApps: readonly DesiredApplication[]): PolicyDocument {
  const s = isRecord(profile.settings) ? profile.settings : {};
  const sections = new Set(FAMILY_SECTIONS[profile.family]);
  const doc: PolicyDocument = { family: profile.family };
  if (sections.has('pin')) doc.pin = str(s.pin);
  if (sections.has('advanced')) doc.advancedSettings = flags(ADVANCED_SETTINGS, s.advancedSettings);
  if (sections.has('urls')) {
    doc.blockUrl = strings(s.blockUrl);
    doc.blockFileUrl = str(s.blockFileUrl);
  }
  if (sections.has('files')) doc.profileFiles = strings(s.profileFiles);
  if (sections.has('keys')) doc.keyMapper = keyMapper(s.keyMapper);
  if (sections.has('cleaner')) doc.powerCleanerSettings = flags(POWER_CLEANER_SETTINGS, s.powerCleanerSettings);
  if (sections.has('cleanerApps')) {
    doc.cleanerApplications = profileApplications(s.profileApplications, cleanerListOf(profile.family));
  }
  if (sections.has('powerOnBoot')) {
    doc.enablePowerOnBoot = bool(s.enablePowerOnBoot);
    doc.shutdownOnDisconnect = bool(s.shutdownOnDisconnect);
    doc.scheduleShutdown = scheduleShutdown(s.scheduleShutdown);
  }
  if (sections.has('kiosk')) {
    Object.assign(doc, {
      kioskType: oneOf(KIOSK_TYPES, s.kioskType, 'None'),
      singleAppKioskPackageName: str(s.singleAppKioskPackageName),
      browserKioskWebsiteUrl: str(s.browserKioskWebsiteUrl),
      browserKioskScreenTimeout: num(s.browserKioskScreenTimeout, 0, 86_400),
      browserKioskScreenBrightness: num(s.browserKioskScreenBrightness, 0, 255),
      browserKioskScreenOrientation: oneOf(SCREEN_ORIENTATIONS, s.browserKioskScreenOrientation, 'Auto'),
      browserKioskShowAddressBar: bool(s.browserKioskShowAddressBar),
      signageVideoLists: strings(s.signageVideoLists).filter((u) => u.trim() !== ''),
      signageKioskScreenTimeout: num(s.signageKioskScreenTimeout, 0, 86_400),
      signageKioskScreenBrightness: num(s.signageKioskScreenBrightness, 0, 255),
      signageKioskScreenOrientation: oneOf(SCREEN_ORIENTATIONS, s.signageKioskScreenOrientation, 'Auto'),
      kioskApplications: profileApplications(s.profileApplications, 'Kiosk').map((a) => a.packageName),
    });
  }
  if (sections.has('applications')) {
    doc.applications = desiredApps
      .filter((a): a is DesiredApplication & { desiredDisable: boolean } => a.desiredDisable !== null)
      .map((a) => ({ packageName: a.packageName, disable: a.desiredDisable }))
      .sort((a, b) => (a.packageName < b.packageName ? -1 : a.packageName > b.packageName ? 1 : 0));
  }
  return doc;
}

/**
 * The staff's minimum app version for the device's family (DECISIONS §8), added to every family's document at
 * `GET policy`: `appVersion: {planIdentifier, minAppVersionCode, message, forceUpdate}`, present once staff have
 * configured the family (absent before, so documents of unconfigured families keep their exact keys). A device whose
 * `appVersionCode` is lower must show `message` and offer the update; with `forceUpdate` it must update.
 */
export function withAppVersion(
  policy: PolicyDocument | null | undefined,
  appVersion: { planIdentifier: string; minAppVersionCode: number; message: string; forceUpdate: boolean } | null,
): PolicyDocument {
  return appVersion === null ? (policy ?? {}) : { ...(policy ?? {}), appVersion };
}

/** The OpenAPI description of the document (the same shape as the comment above, for app developers). */
export const POLICY_DOCUMENT_DESCRIPTION = [
  '`data.policy` holds only the fields of the device\'s app family, each always present (defaults: false, "", [], null):',
  '- `family`: PD, PDOW, SL, PC, UB, KM, POB or PCHAT.',
  '- PD, PDOW, SL: `pin` (string, "" = none); `advancedSettings` (19 booleans: ' + ADVANCED_SETTINGS.join(', ') + ').',
  '- SL, UB: `blockUrl` (string[]), `blockFileUrl` (string). SL, PC, UB: `profileFiles` (string[]).',
  '- SL, KM: `keyMapper` ([{packageName, keyName: ' +
    KEY_NAMES.join('|') +
    ', keyEvent: ' +
    KEY_EVENTS.join('|') +
    '}]).',
  '- SL, PC: `powerCleanerSettings` ({' + POWER_CLEANER_SETTINGS.join(', ') + '}: booleans).',
  '- SL, POB: `enablePowerOnBoot`, `shutdownOnDisconnect` (booleans), `scheduleShutdown` ({scheduleType: Daily|Weekly, scheduleTime, days (Weekly only)} or null).',
  '- SL: `kioskType` (' +
    KIOSK_TYPES.join('|') +
    '), `singleAppKioskPackageName`, `browserKioskWebsiteUrl`, `browserKioskScreenTimeout` (s), `browserKioskScreenBrightness` (0-255), `browserKioskScreenOrientation` (Auto|Portrait|Landscape), `browserKioskShowAddressBar`, `signageVideoLists` (string[]), `signageKioskScreenTimeout`, `signageKioskScreenBrightness`, `signageKioskScreenOrientation`.',
  '- SL, PC: `cleanerApplications` ([{packageName, action: Uninstall|Clear Data}]). SL: `kioskApplications` (string[], the Multi App kiosk).',
  "- PD, PDOW, SL, PC: `applications` ([{packageName, disable}]): the console's choice per app; apps not listed are left as they are.",
  '- Every family: `appVersion` ({planIdentifier, minAppVersionCode, message, forceUpdate}; absent until configured): the minimum app version staff set for the family (its recurring plan). A device whose `appVersionCode` is lower shows `message` and must update when `forceUpdate`.',
].join('\n');
