import type { ComponentProps, ComponentType } from 'react';
import { lazyNamed } from '@/shared/lib/route-table';

/*
 * The profile pages' tabs other than a page's first, loaded when their tab is first shown (only the active panel is
 * mounted, `UrlTabs`): a first visit downloads the header and the first tab, not the forms, dialogs and lists of the
 * others. A page's first tab is imported as it is, so that it does not wait for a second download.
 */

/** `lazyNamed` with the props taken from the module's export (a module of several exports defeats the inference). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const lazyTab = <M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => lazyNamed<K, ComponentProps<M[K]>>(load, name);

const settingsTabs = () => import('./settings-tabs');

export const DeviceTab = lazyTab(() => import('./device-tab'), 'DeviceTab');
export const AdvancedSettingsTab = lazyTab(settingsTabs, 'AdvancedSettingsTab');
export const PowerCleanerSettingsTab = lazyTab(settingsTabs, 'PowerCleanerSettingsTab');
export const PinTab = lazyTab(() => import('./pin-tab'), 'PinTab');
export const FilesTab = lazyTab(() => import('./files-tab'), 'FilesTab');
export const BlockUrlTab = lazyTab(() => import('./block-url-tab'), 'BlockUrlTab');
export const KeyMapperTab = lazyTab(() => import('./key-mapper-tab'), 'KeyMapperTab');
export const KioskTab = lazyTab(() => import('./kiosk-tab'), 'KioskTab');
export const PowerOnBootTab = lazyTab(() => import('./power-on-boot-tab'), 'PowerOnBootTab');
export const ProfileApplicationsList = lazyTab(() => import('./profile-applications-list'), 'ProfileApplicationsList');
