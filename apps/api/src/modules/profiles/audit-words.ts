import type { ProfileSettings } from './settings.ts';

/**
 * The audit log speaks the customer's words (issue 15 §10): what a change did, in plain English, listing only what
 * changed. Never the wire contract's field names (typos included) or constants.
 */

type AdvancedKey = keyof ProfileSettings['advancedSettings'];
type CleanerKey = keyof ProfileSettings['powerCleanerSettings'];

/** What each advanced switch turns off, as a noun phrase ("Disabled factory reset and Bixby"). */
export const ADVANCED_WORDS: Record<AdvancedKey, string> = {
  disableFactoryReset: 'factory reset',
  disableHomeKey: 'the Home key',
  disableBackKey: 'the Back key',
  disableRecentsKey: 'the Recents key',
  disablePowerKey: 'the Power key',
  disableVolumeUpKey: 'the Volume up key',
  disableVolumeDownKey: 'the Volume down key',
  DisableOSUpdates: 'OS updates',
  DisableBluetooth: 'Bluetooth',
  disableWiFi: 'Wi-Fi',
  disableGPS: 'GPS',
  disableMultiWindow: 'multi-window',
  disableUsbDebugging: 'USB debugging',
  disableUnknownSource: 'installs from unknown sources',
  disableOverTheAir: 'over-the-air updates',
  disbableBixbyPackages: 'Bixby',
  disableCarboardAppsOnGearVR: 'Cardboard apps on Gear VR',
  disableStatusBar: 'the status bar',
  disableFirmwareUpgrades: 'firmware upgrades',
};

export const CLEANER_WORDS: Record<CleanerKey, string> = {
  clearBrowserCoockies: 'browser cookies',
  clearCache: 'the cache',
  clearNotifications: 'notifications',
  clearRecentApps: 'recent apps',
  clearcallLogs: 'call logs',
};

const KEY_WORDS: Record<string, string> = {
  BACK_KEY: 'Back',
  RECENT_KEY: 'Recents',
  HOME_KEY: 'Home',
  VOLUME_UP_KEY: 'Volume up',
  VOLUME_DOWN_KEY: 'Volume down',
  POWER_KEY: 'Power',
};
const EVENT_WORDS: Record<string, string> = {
  SINGLE_TAP: 'single tap',
  DOUBLE_TAP: 'double tap',
  LONG_PRESS: 'long press',
};

/** "a", "a and b", "a, b and c". */
export const listing = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Switches that really changed: `[turned on, turned off]` as phrases. */
function changes<K extends string>(
  before: Partial<Record<K, boolean>>,
  sent: Partial<Record<K, boolean>>,
  words: Record<K, string>,
): [string[], string[]] {
  const on: string[] = [];
  const off: string[] = [];
  for (const [key, value] of Object.entries(sent) as [K, boolean | undefined][]) {
    if (value === undefined || Boolean(before[key]) === value) continue;
    (value ? on : off).push(words[key] ?? key);
  }
  return [on, off];
}

/** "Disabled factory reset and Bixby; enabled Bluetooth again", or null when nothing changed. */
export function advancedSettingsWords(
  before: ProfileSettings['advancedSettings'],
  sent: Partial<Record<AdvancedKey, boolean>>,
): string | null {
  const [on, off] = changes(before, sent, ADVANCED_WORDS);
  const parts = [on.length ? `disabled ${listing(on)}` : '', off.length ? `enabled ${listing(off)} again` : ''].filter(
    Boolean,
  );
  return parts.length ? capitalised(parts.join('; ')) : null;
}

/** "The cleaner now clears the cache and call logs; no longer clears notifications", or null. */
export function cleanerSettingsWords(
  before: ProfileSettings['powerCleanerSettings'],
  sent: Partial<Record<CleanerKey, boolean>>,
): string | null {
  const [on, off] = changes(before, sent, CLEANER_WORDS);
  const parts = [
    on.length ? `now clears ${listing(on)}` : '',
    off.length ? `no longer clears ${listing(off)}` : '',
  ].filter(Boolean);
  return parts.length ? `The cleaner ${parts.join('; ')}` : null;
}

/** `VOLUME_UP_KEY`, `LONG_PRESS` → "Volume up, long press". */
export const keyEventWords = (keyName: string, keyEvent: string): string =>
  `${KEY_WORDS[keyName] ?? keyName}, ${EVENT_WORDS[keyEvent] ?? keyEvent}`;
