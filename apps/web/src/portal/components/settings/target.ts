import type {
  KeyMapperAddRequest,
  KioskSettingRequest,
  PowerCleanerSettingRequest,
  PowerOnBootSettingRequest,
  ProductType,
  ProfileApplication,
  ProfileApplicationCreateRequest,
  ProfileApplicationUpdateRequest,
  ProfileBlockUrlRequest,
  ProfileEntryDeleteRequest,
  ProfileFileRequest,
  ProfileUpdateRequest,
  TemplateSettings,
  TemplateSettingsInput,
} from '@fleetdeck/contract';
import { useMutation, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

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
  /** The application lists (uninstall/clear, kiosk): an entry added, its action changed, deleted. */
  addApplication: ProfileApplicationCreateRequest;
  updateApplication: ProfileApplicationUpdateRequest;
  deleteApplication: ProfileEntryDeleteRequest;
}
export type SettingsOp = keyof SettingsRequests;
export type SettingsChange = { [O in SettingsOp]: { op: O; request: SettingsRequests[O] } }[SettingsOp];

/** An application list as its call answers it. */
export interface ApplicationsAnswer {
  respones_msg: string;
  data: ProfileApplication[];
}

/**
 * The query of one application list of the target: its key and how it is read (an answer holding the entries as
 * `data`, which the list selects).
 */
export type ApplicationsQuery = Omit<
  // The key's exact tuple type is the target's own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  UseQueryOptions<ApplicationsAnswer, Error, ProfileApplication[], any>,
  'queryKey'
> & { queryKey: QueryKey };

export interface SettingsTarget {
  /** The profile's or the template's id: the `profileId` of the requests the tabs build. */
  id: string;
  settings: TargetSettings;
  /** Sends one change and puts the answer into the cached detail; rejects when the call fails. */
  save: (change: SettingsChange) => Promise<unknown>;
  /**
   * One of the target's application lists. No productType: Power Cleaner's list; 'Super Lock': Cleaner Apps;
   * 'Kiosk': the Multi App kiosk list. A profile asks its list call; a template reads its settings.
   */
  applications: (productType: ProductType | undefined) => ApplicationsQuery;
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
    default:
      return {};
  }
}

const keyMappings = ({ keyMapper }: Pick<TargetSettings, 'keyMapper'>) =>
  keyMapper.map(({ keyName, keyEvent, packageName }) => ({ keyName, keyEvent, packageName }));
