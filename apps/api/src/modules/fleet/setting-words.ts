import type { Family } from '@fleetdeck/contract';
import { buildPolicy } from '../policy/document.ts';
import { ADVANCED_WORDS, CLEANER_WORDS, advancedSettingsWords, cleanerSettingsWords } from '../profiles/audit-words.ts';

/**
 * Settings compared in people's words (DECISIONS §10): what a template version changed from the one before, and where
 * a device differs from its group's template version (drift). Both compare what the device would apply: the policy
 * document `buildPolicy` freezes for the family (only the family's settings, normalised, without the per-device app
 * choices), so a setting the family's app does not have never counts. Each switch is one setting, each list one.
 */

type Settings = Record<string, unknown>;
type Flags = Record<string, boolean>;

/** Names of the document's settings other than the switch groups, as a sentence's object. */
const SETTING_WORDS: Record<string, string> = {
  pin: 'the pin',
  blockUrl: 'the blocked URLs',
  blockFileUrl: 'the block file URL',
  profileFiles: 'the file list',
  keyMapper: 'the key mappings',
  enablePowerOnBoot: 'power on boot',
  shutdownOnDisconnect: 'shutdown on disconnect',
  scheduleShutdown: 'the scheduled shutdown',
  kioskType: 'the kiosk mode',
  singleAppKioskPackageName: 'the single-app kiosk app',
  browserKioskWebsiteUrl: 'the browser kiosk website',
  browserKioskScreenTimeout: 'the browser kiosk screen timeout',
  browserKioskScreenBrightness: 'the browser kiosk brightness',
  browserKioskScreenOrientation: 'the browser kiosk orientation',
  browserKioskShowAddressBar: 'the browser kiosk address bar',
  signageVideoLists: 'the signage videos',
  signageKioskScreenTimeout: 'the signage screen timeout',
  signageKioskScreenBrightness: 'the signage brightness',
  signageKioskScreenOrientation: 'the signage orientation',
  cleanerApplications: 'the uninstall/clear application list',
  kioskApplications: 'the kiosk application list',
};
/** Values never shown in words. */
const SECRET = new Set(['pin']);
/** Not a setting of the document: the family, and the device's own app choices (never part of a template). */
const NOT_SETTINGS = new Set(['family', 'applications']);

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const documentOf = (family: Family, settings: Settings) => buildPolicy({ family, settings }, []);
const isFlags = (v: unknown): v is Flags => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `[key, before, after]` of every top-level setting of the family's document whose value differs. */
function differingSettings(family: Family, a: Settings, b: Settings): [string, unknown, unknown][] {
  const before = documentOf(family, a);
  const after = documentOf(family, b);
  return Object.keys(after)
    .filter((k) => !NOT_SETTINGS.has(k) && !same(before[k], after[k]))
    .map((k) => [k, before[k], after[k]]);
}

const flagsThatDiffer = (a: unknown, b: unknown) => {
  const x = isFlags(a) ? a : {};
  const y = isFlags(b) ? b : {};
  return Object.keys(y).filter((k) => Boolean(x[k]) !== Boolean(y[k]));
};

const shown = (v: unknown) =>
  v === null || v === ''
    ? 'not set'
    : Array.isArray(v)
      ? `${v.length} entr${v.length === 1 ? 'y' : 'ies'}`
      : `"${String(v)}"`;

/**
 * What a template version changed from the one before, in plain words: "Disabled factory reset and Bixby", "The
 * cleaner now clears the cache", "Changed the blocked URLs", "Turned on power on boot". Empty when nothing the family
 * applies changed.
 */
export function versionChanges(family: Family, before: Settings, after: Settings): string[] {
  const words: string[] = [];
  for (const [key, was, now] of differingSettings(family, before, after)) {
    if (key === 'advancedSettings') {
      const said = advancedSettingsWords(was as never, now as never);
      if (said) words.push(said);
    } else if (key === 'powerCleanerSettings') {
      const said = cleanerSettingsWords(was as never, now as never);
      if (said) words.push(said);
    } else if (typeof now === 'boolean') {
      words.push(`Turned ${now ? 'on' : 'off'} ${SETTING_WORDS[key] ?? key}`);
    } else {
      words.push(`Changed ${SETTING_WORDS[key] ?? key}`);
    }
  }
  return words;
}

/**
 * Where a device's settings differ from its group's template version, one sentence per setting ("Factory reset is
 * disabled on the device, enabled in the template"); its length is the device's drift.
 */
export function driftDifferences(family: Family, device: Settings, template: Settings): string[] {
  const words: string[] = [];
  for (const [key, mine, theirs] of differingSettings(family, template, device).map(
    ([k, t, d]) => [k, d, t] as const,
  )) {
    if (key === 'advancedSettings') {
      for (const flag of flagsThatDiffer(theirs, mine)) {
        const state = (on: unknown) => ((on as Flags)[flag] ? 'disabled' : 'enabled');
        words.push(
          `${capitalised(ADVANCED_WORDS[flag as keyof typeof ADVANCED_WORDS] ?? flag)} is ${state(mine)} on the device, ${state(theirs)} in the template`,
        );
      }
    } else if (key === 'powerCleanerSettings') {
      for (const flag of flagsThatDiffer(theirs, mine)) {
        const what = CLEANER_WORDS[flag as keyof typeof CLEANER_WORDS] ?? flag;
        words.push(
          (mine as Flags)[flag]
            ? `The cleaner clears ${what} on the device, not in the template`
            : `The cleaner clears ${what} in the template, not on the device`,
        );
      }
    } else if (typeof mine === 'boolean') {
      words.push(
        `${capitalised(SETTING_WORDS[key] ?? key)} is ${mine ? 'on' : 'off'} on the device, ${theirs ? 'on' : 'off'} in the template`,
      );
    } else if (SECRET.has(key)) {
      words.push(`${capitalised(SETTING_WORDS[key] ?? key)} differs from the template`);
    } else if (Array.isArray(mine) || Array.isArray(theirs) || isFlags(mine) || isFlags(theirs)) {
      words.push(
        `${capitalised(SETTING_WORDS[key] ?? key)} differs from the template (${shown(mine)} on the device, ${shown(theirs)} in the template)`,
      );
    } else {
      words.push(
        `${capitalised(SETTING_WORDS[key] ?? key)} is ${shown(mine)} on the device, ${shown(theirs)} in the template`,
      );
    }
  }
  return words;
}

/** The drift of a device: how many settings differ from the template version (each switch and each list one). */
export const driftCount = (family: Family, device: Settings, template: Settings) =>
  driftDifferences(family, device, template).length;
