import type { ComponentProps, ComponentType } from 'react';
import { lazyNamed } from '@/shared/lib/route-table';

/*
 * The settings tabs, loaded when their tab is first shown (only the active panel is mounted, `UrlTabs`): a first
 * visit downloads the header and the first tab, not the forms, dialogs and lists of the others.
 */

/** `lazyNamed` with the props taken from the module's export (a module of several exports defeats the inference). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const lazyTab = <M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => lazyNamed<K, ComponentProps<M[K]>>(load, name);

const settingsTabs = () => import('./settings-tabs');

export const AdvancedSettingsTab = lazyTab(settingsTabs, 'AdvancedSettingsTab');
export const PowerCleanerSettingsTab = lazyTab(settingsTabs, 'PowerCleanerSettingsTab');
export const PinTab = lazyTab(() => import('./pin-tab'), 'PinTab');
export const FilesTab = lazyTab(() => import('./files-tab'), 'FilesTab');
export const KioskTab = lazyTab(() => import('./kiosk-tab'), 'KioskTab');
export const PowerOnBootTab = lazyTab(() => import('./power-on-boot-tab'), 'PowerOnBootTab');
export const ApplicationsList = lazyTab(() => import('./applications-list'), 'ApplicationsList');
