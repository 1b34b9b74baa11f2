import {
  ADVANCED_SETTINGS,
  APPLICATION_ACTIONS,
  KEY_EVENTS,
  KEY_NAMES,
  KIOSK_TYPES,
  POWER_CLEANER_SETTINGS,
  PRODUCT_TYPES,
  SCHEDULE_TYPES,
  SCREEN_ORIENTATIONS,
  WEEK_DAYS,
  type AdvancedSettingKey,
  type KeyMapperEntry,
  type KioskType,
  type PowerCleanerSettingKey,
  type ProfileApplication,
  type ScreenOrientation,
} from '@fleetdeck/contract';
import type { StoredProfileApplication } from '../policy/document.ts';

/**
 * The editable profile fields of spec 2 §3 as `profiles.settings` (jsonb) keeps them, read with their defaults.
 * Keys are the spec's field names, which is also what `policy/document.ts` reads when Apply freezes the policy.
 * Every write goes through the contract's schemas first, so reading is lenient only towards rows written before a
 * field existed (missing keys take their default; malformed entries are skipped rather than failing the page).
 */

export interface ScheduleShutdown {
  scheduleType: (typeof SCHEDULE_TYPES)[number];
  scheduleTime: string;
  days: (typeof WEEK_DAYS)[number][];
}

export interface ProfileSettings {
  pin: string;
  advancedSettings: Record<AdvancedSettingKey, boolean>;
  blockUrl: string[];
  blockFileUrl: string;
  profileFiles: string[];
  keyMapper: KeyMapperEntry[];
  powerCleanerSettings: Record<PowerCleanerSettingKey, boolean>;
  enablePowerOnBoot: boolean;
  shutdownOnDisconnect: boolean;
  scheduleShutdown: ScheduleShutdown | null;
  kioskType: KioskType;
  singleAppKioskPackageName: string;
  browserKioskWebsiteUrl: string;
  browserKioskScreenTimeout: number | null;
  browserKioskScreenBrightness: number | null;
  browserKioskScreenOrientation: ScreenOrientation;
  browserKioskShowAddressBar: boolean;
  signageVideoLists: string[];
  signageKioskScreenTimeout: number | null;
  signageKioskScreenBrightness: number | null;
  signageKioskScreenOrientation: ScreenOrientation;
  /** Uninstall/clear lists and the kiosk list, told apart by `productType` (see StoredProfileApplication). */
  profileApplications: StoredProfileApplication[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bool = (v: unknown) => v === true;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strings = (v: unknown) =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s !== '') : [];
const oneOf = <T extends string>(allowed: readonly T[], v: unknown, fallback: T): T =>
  allowed.includes(v as T) ? (v as T) : fallback;
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

function flags<K extends string>(names: readonly K[], value: unknown): Record<K, boolean> {
  const source = isRecord(value) ? value : {};
  return Object.fromEntries(names.map((k) => [k, bool(source[k])])) as Record<K, boolean>;
}

function keyMapper(value: unknown): KeyMapperEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((e) => {
    if (!KEY_NAMES.includes(e.keyName as never) || !KEY_EVENTS.includes(e.keyEvent as never)) return [];
    return [
      {
        _id: str(e._id),
        packageName: str(e.packageName),
        keyName: e.keyName as KeyMapperEntry['keyName'],
        keyEvent: e.keyEvent as KeyMapperEntry['keyEvent'],
        created_at: str(e.created_at),
      },
    ];
  });
}

function profileApplications(value: unknown): StoredProfileApplication[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((e) => {
    if (str(e.appPackageName) === '') return [];
    const details = isRecord(e.appDetails) ? e.appDetails : {};
    return [
      {
        _id: str(e._id),
        appPackageName: str(e.appPackageName),
        appIcon: str(e.appIcon),
        status: oneOf(APPLICATION_ACTIONS, e.status, 'Uninstall'),
        appDetails: { title: str(details.title), icon: str(details.icon), appId: str(details.appId) },
        productType: PRODUCT_TYPES.includes(e.productType as never)
          ? (e.productType as StoredProfileApplication['productType'])
          : null,
        created_at: str(e.created_at),
      },
    ];
  });
}

function scheduleShutdown(value: unknown): ScheduleShutdown | null {
  if (!isRecord(value) || !SCHEDULE_TYPES.includes(value.scheduleType as never)) return null;
  const scheduleType = value.scheduleType as ScheduleShutdown['scheduleType'];
  const days = strings(value.days).filter((d): d is ScheduleShutdown['days'][number] => WEEK_DAYS.includes(d as never));
  return { scheduleType, scheduleTime: str(value.scheduleTime), days: scheduleType === 'Weekly' ? days : [] };
}

/** The stored settings with every field present (defaults: false, '', [], null, 'None', 'Auto'). */
export function readSettings(raw: unknown): ProfileSettings {
  const s = isRecord(raw) ? raw : {};
  return {
    pin: str(s.pin),
    advancedSettings: flags(ADVANCED_SETTINGS, s.advancedSettings),
    blockUrl: strings(s.blockUrl),
    blockFileUrl: str(s.blockFileUrl),
    profileFiles: strings(s.profileFiles),
    keyMapper: keyMapper(s.keyMapper),
    powerCleanerSettings: flags(POWER_CLEANER_SETTINGS, s.powerCleanerSettings),
    enablePowerOnBoot: bool(s.enablePowerOnBoot),
    shutdownOnDisconnect: bool(s.shutdownOnDisconnect),
    scheduleShutdown: scheduleShutdown(s.scheduleShutdown),
    kioskType: oneOf(KIOSK_TYPES, s.kioskType, 'None'),
    singleAppKioskPackageName: str(s.singleAppKioskPackageName),
    browserKioskWebsiteUrl: str(s.browserKioskWebsiteUrl),
    browserKioskScreenTimeout: int(s.browserKioskScreenTimeout),
    browserKioskScreenBrightness: int(s.browserKioskScreenBrightness),
    browserKioskScreenOrientation: oneOf(SCREEN_ORIENTATIONS, s.browserKioskScreenOrientation, 'Auto'),
    browserKioskShowAddressBar: bool(s.browserKioskShowAddressBar),
    signageVideoLists: strings(s.signageVideoLists),
    signageKioskScreenTimeout: int(s.signageKioskScreenTimeout),
    signageKioskScreenBrightness: int(s.signageKioskScreenBrightness),
    signageKioskScreenOrientation: oneOf(SCREEN_ORIENTATIONS, s.signageKioskScreenOrientation, 'Auto'),
    profileApplications: profileApplications(s.profileApplications),
  };
}

/** One list of `profileApplications` (null: the uninstall/clear list of Power Cleaner). */
export const applicationsOfList = (
  settings: ProfileSettings,
  productType: StoredProfileApplication['productType'],
): ProfileApplication[] => settings.profileApplications.filter((a) => a.productType === productType);
