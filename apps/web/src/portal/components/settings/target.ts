import type {
  KeyMapperAddRequest,
  KioskSettingRequest,
  PowerCleanerSettingRequest,
  PowerOnBootSettingRequest,
  ProductType,
  ProfileBlockUrlRequest,
  ProfileEntryDeleteRequest,
  ProfileFileRequest,
  ProfileUpdateRequest,
  TemplateSettings,
  TemplateSettingsInput,
} from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * The settings tabs edit a *target*: a device's profile (each tab saves through the profile call of its setting) or a
 * policy template (every tab saves as `PUT templates/:id {settings: {<key>: value}}`, a new version). A tab reads the
 * target's `settings`, builds the profile call's request (checked by that call's contract schema, `profileId` being
 * the target's id) and hands it to `useTargetSave`; the target decides where it goes. No tab knows which it edits.
 */

/** What a tab shows: the settings a profile and a template both hold (a template's own field names). */
export type TargetSettings = Omit<TemplateSettings, 'profileApplications'>;

/** Each change a tab makes, as the profile call's request of that setting. */
export interface SettingsRequests {
  /** pin, advancedSettings or blockFileUrl. */
  update: ProfileUpdateRequest;
  powerCleaner: PowerCleanerSettingRequest;
  powerOnBoot: PowerOnBootSettingRequest;
  kiosk: KioskSettingRequest;
  addBlockUrl: ProfileBlockUrlRequest;
  deleteBlockUrl: ProfileBlockUrlRequest;
  addFile: ProfileFileRequest;
  deleteFile: ProfileFileRequest;
  addKeyMapper: KeyMapperAddRequest;
  deleteKeyMapper: ProfileEntryDeleteRequest;
}
export type SettingsOp = keyof SettingsRequests;
export type SettingsChange = { [O in SettingsOp]: { op: O; request: SettingsRequests[O] } }[SettingsOp];

/** An uninstall/clear list or the kiosk list of the target (the profile's own list calls). */
export interface ApplicationsListProps {
  /** Absent: Power Cleaner's list; 'Super Lock': Cleaner Apps; 'Kiosk': the Multi App kiosk list. */
  productType?: ProductType;
  title: string;
  description: string;
  emptyMessage?: string;
}

export interface SettingsTarget {
  /** The profile's or the template's id: the `profileId` of the requests the tabs build. */
  id: string;
  settings: TargetSettings;
  /** Sends one change and puts the answer into the cached detail; rejects when the call fails. */
  save: (change: SettingsChange) => Promise<unknown>;
  /** The target's application lists; absent where the target keeps none (the lists are a device's own calls). */
  ApplicationsList?: ComponentType<ApplicationsListProps & { profileId: string }>;
}

/** A tab's save of one kind of change: a mutation whose request goes wherever the target sends it. */
export function useTargetSave<O extends SettingsOp>(target: SettingsTarget, op: O) {
  return useMutation({
    mutationFn: (request: SettingsRequests[O]) => target.save({ op, request } as SettingsChange),
  });
}

/**
 * The settings a change makes, as a template's `settings` (the keys of the change only): a list's add or delete
 * becomes the whole new list.
 */
export function settingsOfChange(current: TargetSettings, change: SettingsChange): TemplateSettingsInput {
  switch (change.op) {
    case 'update':
    case 'powerCleaner':
    case 'powerOnBoot':
    case 'kiosk': {
      const { profileId: _, ...settings } = change.request;
      return settings as TemplateSettingsInput;
    }
    case 'addBlockUrl':
      return { blockUrl: [...current.blockUrl, change.request.url] };
    case 'deleteBlockUrl':
      return { blockUrl: current.blockUrl.filter((u) => u !== change.request.url) };
    case 'addFile':
      return { profileFiles: [...current.profileFiles, change.request.filePath] };
    case 'deleteFile':
      return { profileFiles: current.profileFiles.filter((f) => f !== change.request.filePath) };
    case 'addKeyMapper': {
      const { keyName, keyEvent, packageName } = change.request;
      return { keyMapper: [...keyMappings(current), { keyName, keyEvent, packageName }] };
    }
    case 'deleteKeyMapper':
      return {
        keyMapper: keyMappings({ keyMapper: current.keyMapper.filter((k) => k._id !== change.request.id) }),
      };
  }
}

const keyMappings = ({ keyMapper }: Pick<TargetSettings, 'keyMapper'>) =>
  keyMapper.map(({ keyName, keyEvent, packageName }) => ({ keyName, keyEvent, packageName }));
