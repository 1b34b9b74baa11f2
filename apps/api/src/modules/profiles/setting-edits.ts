import crypto from 'node:crypto';
import { MAX_PROFILE_LIST_ENTRIES, type KeyMapperEntry } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { Section } from '../policy/document.ts';
import { assertSection, conflict, editSettings, invalid, listFull } from './edit.ts';
import { profileDetail } from './reads.ts';
import { advancedSettingsWords, cleanerSettingsWords, keyEventWords } from './audit-words.ts';
import { applicationsOfList, type ProfileSettings, type ScheduleShutdown } from './settings.ts';
import { scopeOf } from '../../lib/device-scope.ts';

/** The setting edits of a profile (spec 2 §7): pin, switches, file and URL lists, key mapping, cleaner, power on boot, kiosk. Each answers the profile as it is now. */

const onOff = (v: boolean) => (v ? 'on' : 'off');
/** The keys that were sent (zod leaves absent optional keys out, but an explicit undefined must not clear). */
export const definedOnly = <T extends object>(o: T) =>
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
export async function updateProfile(ctx: AppContext, actor: CustomerActor, input: ProfileUpdateInput) {
  await editSettings(ctx, {
    actor,
    profileId: input.profileId,
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
        said.push(advancedSettingsWords(s.advancedSettings, changed) ?? 'Advanced settings saved without a change');
      }
      if (input.blockFileUrl !== undefined) {
        patch.blockFileUrl = input.blockFileUrl;
        said.push(input.blockFileUrl === '' ? 'block file URL removed' : `block file URL set to ${input.blockFileUrl}`);
      }
      return { patch, summary: said.join('; ') };
    },
  });
  return profileDetail(ctx, scopeOf(actor), input.profileId);
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

/** Adds (`add`) or removes (`delete`) one entry of a string list; answers the profile as it is now. */
async function editList(
  ctx: AppContext,
  actor: CustomerActor,
  list: StringList,
  op: 'add' | 'delete',
  input: { profileId: string; value: string },
) {
  const value = list.store(input.value);
  const wanted = list.compareBy(value);
  await editSettings(ctx, {
    actor,
    profileId: input.profileId,
    authorise: (family) => assertSection(ctx, family, list.calls[op], list.section),
    change: (s) => {
      const entries = s[list.key];
      if (op === 'add') {
        if (entries.some((e) => list.compareBy(e) === wanted)) {
          throw conflict(`${value} is already in the ${list.entry} list.`);
        }
        if (entries.length >= MAX_PROFILE_LIST_ENTRIES) throw listFull(`${list.entry} list`);
        return { patch: { [list.key]: [...entries, value] }, summary: `${list.entry} ${value} added` };
      }
      const kept = entries.filter((e) => list.compareBy(e) !== wanted);
      if (kept.length === entries.length) {
        throw new AppError(404, 'E_NOT_FOUND', `${value} is not in the ${list.entry} list.`);
      }
      return { patch: { [list.key]: kept }, summary: `${list.entry} ${value} removed` };
    },
  });
  return profileDetail(ctx, scopeOf(actor), input.profileId);
}

export const addFile = (ctx: AppContext, actor: CustomerActor, input: { profileId: string; filePath: string }) =>
  editList(ctx, actor, FILE_LIST, 'add', { profileId: input.profileId, value: input.filePath });

export const deleteFile = (ctx: AppContext, actor: CustomerActor, input: { profileId: string; filePath: string }) =>
  editList(ctx, actor, FILE_LIST, 'delete', { profileId: input.profileId, value: input.filePath });

export const addBlockUrl = (ctx: AppContext, actor: CustomerActor, input: { profileId: string; url: string }) =>
  editList(ctx, actor, BLOCK_URL_LIST, 'add', { profileId: input.profileId, value: input.url });

export const deleteBlockUrl = (ctx: AppContext, actor: CustomerActor, input: { profileId: string; url: string }) =>
  editList(ctx, actor, BLOCK_URL_LIST, 'delete', { profileId: input.profileId, value: input.url });

export interface KeyMapperAddInput {
  profileId: string;
  keyName: KeyMapperEntry['keyName'];
  keyEvent: KeyMapperEntry['keyEvent'];
  packageName: string;
}

/** `profile/keyMapper/add`: one key and event opens one app, so a key+event pair is mapped at most once. */
export async function addKeyMapping(ctx: AppContext, actor: CustomerActor, input: KeyMapperAddInput) {
  await editSettings(ctx, {
    actor,
    profileId: input.profileId,
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
        summary: `Key mapping added: ${keyEventWords(input.keyName, input.keyEvent)} opens ${input.packageName}`,
      };
    },
  });
  return profileDetail(ctx, scopeOf(actor), input.profileId);
}

export async function deleteKeyMapping(
  ctx: AppContext,
  actor: CustomerActor,
  input: { profileId: string; id: string },
) {
  await editSettings(ctx, {
    actor,
    profileId: input.profileId,
    authorise: (family) => assertSection(ctx, family, 'profile/keyMapper/delete', 'keys'),
    change: (s) => {
      const entry = s.keyMapper.find((k) => k._id === input.id);
      if (!entry) throw new AppError(404, 'E_NOT_FOUND', 'This key mapping does not exist (any more).');
      return {
        patch: { keyMapper: s.keyMapper.filter((k) => k !== entry) },
        summary: `Key mapping removed: ${keyEventWords(entry.keyName, entry.keyEvent)} no longer opens ${entry.packageName}`,
      };
    },
  });
  return profileDetail(ctx, scopeOf(actor), input.profileId);
}

export async function updatePowerCleanerSettings(
  ctx: AppContext,
  actor: CustomerActor,
  input: {
    profileId: string;
    powerCleanerSettings: Partial<Record<keyof ProfileSettings['powerCleanerSettings'], boolean | undefined>>;
  },
) {
  await editSettings(ctx, {
    actor,
    profileId: input.profileId,
    authorise: (family) => assertSection(ctx, family, 'profile/update/pc/setting', 'cleaner'),
    change: (s) => {
      const changed = definedOnly(input.powerCleanerSettings);
      return {
        patch: { powerCleanerSettings: { ...s.powerCleanerSettings, ...changed } },
        summary: cleanerSettingsWords(s.powerCleanerSettings, changed) ?? 'Cleaner settings saved without a change',
      };
    },
  });
  return profileDetail(ctx, scopeOf(actor), input.profileId);
}

export interface PowerOnBootInput {
  profileId: string;
  enablePowerOnBoot: boolean;
  shutdownOnDisconnect: boolean;
  scheduleShutdown: ScheduleShutdown | null;
}

export async function updatePowerOnBootSettings(ctx: AppContext, actor: CustomerActor, input: PowerOnBootInput) {
  await editSettings(ctx, {
    actor,
    profileId: input.profileId,
    authorise: (family) => assertSection(ctx, family, 'profile/update/pob/setting', 'powerOnBoot'),
    change: () => {
      const schedule = input.scheduleShutdown;
      const when = schedule
        ? `${schedule.scheduleType.toLowerCase()} at ${schedule.scheduleTime}${schedule.days.length > 0 ? ` (${schedule.days.join(', ')})` : ''}`
        : 'no scheduled shutdown';
      return {
        patch: {
          enablePowerOnBoot: input.enablePowerOnBoot,
          shutdownOnDisconnect: input.shutdownOnDisconnect,
          scheduleShutdown: schedule,
        },
        summary: `Power On Boot ${onOff(input.enablePowerOnBoot)}, shutdown on disconnect ${onOff(input.shutdownOnDisconnect)}, ${schedule ? `shutdown ${when}` : when}`,
      };
    },
  });
  return profileDetail(ctx, scopeOf(actor), input.profileId);
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
export async function updateKioskSettings(ctx: AppContext, actor: CustomerActor, input: KioskInput) {
  if (input.singleAppKioskPackageName && !PACKAGE_NAME.test(input.singleAppKioskPackageName)) {
    throw invalid('singleAppKioskPackageName', 'must be an Android package name such as com.android.chrome');
  }
  await editSettings(ctx, {
    actor,
    profileId: input.profileId,
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
  return profileDetail(ctx, scopeOf(actor), input.profileId);
}
