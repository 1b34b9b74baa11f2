import type { Family } from '@fleetdeck/contract';
import { BlockUrlTab } from './block-url-tab';
import { KeyMapperTab } from './key-mapper-tab';
import { AdvancedSettingsTab, FilesTab, KioskTab, PinTab, PowerCleanerSettingsTab, PowerOnBootTab } from './lazy-tabs';
import type { ApplicationsListProps } from './applications-list';
import { ApplicationsList } from './lazy-tabs';
import type { SettingsTarget } from './target';
import { UrlTabs, type SubjectTab } from './url-tabs';

/*
 * The tabs of each family's settings, written once: a device's page (spec 2 §2) shows them with the device's own
 * tabs in their slots; a policy template of that family shows the settings tabs only, on the same components.
 * A page's first tabs (URL Blocker's URL, Key Mapper's key mapping) are imported as they are, the others load when
 * first shown.
 */

/** A settings tab: drawn for a target (a profile or a template). */
export type SettingsTab = SubjectTab<SettingsTarget>;
/** The place of a device's own tab (its details, its installed apps): a device's page fills it. */
export interface DeviceSlot {
  value: string;
  label: string;
  slot: 'device' | 'applications';
}
export type FamilyTab = SettingsTab | DeviceSlot;

/** The families with settings pages (POB and PCHAT have none). */
export type SettingsFamily = Exclude<Family, 'POB' | 'PCHAT'>;
export const hasSettings = (family: Family): family is SettingsFamily => family !== 'POB' && family !== 'PCHAT';

const CLEANER_DESCRIPTION = 'Apps the cleaner uninstalls or clears the data of on the device.';

/** Power Cleaner's tabs (its own page, and Super Lock's "Cleaner Apps"): applications, Files, Settings. */
const cleanerTabs = (list: Pick<ApplicationsListProps, 'productType' | 'title'>): SettingsTab[] => [
  {
    value: 'applications',
    label: 'Applications',
    render: (t) => <ApplicationsList target={t} {...list} description={CLEANER_DESCRIPTION} />,
  },
  { value: 'files', label: 'Files', render: (t) => <FilesTab target={t} /> },
  { value: 'settings', label: 'Settings', render: (t) => <PowerCleanerSettingsTab target={t} /> },
];

const SL_CLEANER_TABS = cleanerTabs({ productType: 'Super Lock', title: 'Cleaner applications' });

const pin: SettingsTab = { value: 'pin', label: 'Pin', render: (t) => <PinTab target={t} /> };
const deviceApps: DeviceSlot = { value: 'applications', label: 'Applications', slot: 'applications' };
const device = (label = 'Device'): DeviceSlot => ({ value: label.toLowerCase(), label, slot: 'device' });

const PD_TABS: FamilyTab[] = [
  deviceApps,
  device(),
  { value: 'advance-setting', label: 'Advance Setting', render: (t) => <AdvancedSettingsTab target={t} /> },
  pin,
];

export const FAMILY_TABS: Record<SettingsFamily, FamilyTab[]> = {
  PD: PD_TABS,
  PDOW: PD_TABS,
  SL: [
    deviceApps,
    {
      value: 'cleaner-apps',
      label: 'Cleaner Apps',
      render: (t) => (
        <UrlTabs tabs={SL_CLEANER_TABS} subject={t} param="sub" label="Cleaner Apps sections" variant="pills" />
      ),
    },
    { value: 'setting', label: 'Setting', render: (t) => <AdvancedSettingsTab target={t} /> },
    { value: 'key-mapper', label: 'Key Mapper', render: (t) => <KeyMapperTab target={t} /> },
    { value: 'url', label: 'URL', render: (t) => <BlockUrlTab target={t} /> },
    { value: 'kiosk', label: 'Kiosk', render: (t) => <KioskTab target={t} /> },
    { value: 'power-on-boot', label: 'Power On Boot', render: (t) => <PowerOnBootTab target={t} /> },
    device(),
    pin,
  ],
  PC: [...cleanerTabs({ title: 'Applications' }), device()],
  UB: [
    { value: 'url', label: 'URL', render: (t) => <BlockUrlTab target={t} /> },
    { value: 'file', label: 'File', render: (t) => <FilesTab target={t} withBlockFileUrl /> },
    device('Devices'),
  ],
  KM: [{ value: 'key-mapping', label: 'Key Mapping', render: (t) => <KeyMapperTab target={t} /> }, device('Devices')],
};

/** A template's tabs: its family's settings tabs that the target can show, without the device's own. */
export const templateTabsOf = (family: Family): SettingsTab[] =>
  hasSettings(family) ? FAMILY_TABS[family].filter((t): t is SettingsTab => !('slot' in t)) : [];
