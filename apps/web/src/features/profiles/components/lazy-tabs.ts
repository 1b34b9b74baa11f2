import type { ComponentProps } from 'react';
import { lazyNamed } from '@/lib/route-table';
import type { BlockUrlTab as BlockUrlTabType } from './block-url-tab';
import type { DeviceTab as DeviceTabType } from './device-tab';
import type { FilesTab as FilesTabType } from './files-tab';
import type { KeyMapperTab as KeyMapperTabType } from './key-mapper-tab';
import type { KioskTab as KioskTabType } from './kiosk-tab';
import type { PinTab as PinTabType } from './pin-tab';
import type { PowerOnBootTab as PowerOnBootTabType } from './power-on-boot-tab';
import type { ProfileApplicationsList as ProfileApplicationsListType } from './profile-applications-list';
import type { AdvancedSettingsTab as AdvancedSettingsTabType } from './settings-tabs';

/*
 * The profile pages' tabs other than a page's first, loaded when their tab is first shown (only the active panel is
 * mounted, `UrlTabs`): a first visit downloads the header and the first tab, not the forms, dialogs and lists of the
 * others. A page's first tab is imported as it is, so that it does not wait for a second download.
 */
type TabProps = ComponentProps<typeof DeviceTabType>;

export const DeviceTab = lazyNamed<'DeviceTab', TabProps>(() => import('./device-tab'), 'DeviceTab');
export const AdvancedSettingsTab = lazyNamed<'AdvancedSettingsTab', ComponentProps<typeof AdvancedSettingsTabType>>(
  () => import('./settings-tabs'),
  'AdvancedSettingsTab',
);
export const PowerCleanerSettingsTab = lazyNamed<'PowerCleanerSettingsTab', TabProps>(
  () => import('./settings-tabs'),
  'PowerCleanerSettingsTab',
);
export const PinTab = lazyNamed<'PinTab', ComponentProps<typeof PinTabType>>(() => import('./pin-tab'), 'PinTab');
export const FilesTab = lazyNamed<'FilesTab', ComponentProps<typeof FilesTabType>>(
  () => import('./files-tab'),
  'FilesTab',
);
export const BlockUrlTab = lazyNamed<'BlockUrlTab', ComponentProps<typeof BlockUrlTabType>>(
  () => import('./block-url-tab'),
  'BlockUrlTab',
);
export const KeyMapperTab = lazyNamed<'KeyMapperTab', ComponentProps<typeof KeyMapperTabType>>(
  () => import('./key-mapper-tab'),
  'KeyMapperTab',
);
export const KioskTab = lazyNamed<'KioskTab', ComponentProps<typeof KioskTabType>>(
  () => import('./kiosk-tab'),
  'KioskTab',
);
export const PowerOnBootTab = lazyNamed<'PowerOnBootTab', ComponentProps<typeof PowerOnBootTabType>>(
  () => import('./power-on-boot-tab'),
  'PowerOnBootTab',
);
export const ProfileApplicationsList = lazyNamed<
  'ProfileApplicationsList',
  ComponentProps<typeof ProfileApplicationsListType>
>(() => import('./profile-applications-list'), 'ProfileApplicationsList');
