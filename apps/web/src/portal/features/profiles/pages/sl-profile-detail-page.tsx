import type { ProfileDetail } from '@fleetdeck/contract';
import { cleanerTabs } from '../components/cleaner-tabs';
import { DeviceApplicationsTab } from '../components/device-applications-tab';
import {
  AdvancedSettingsTab,
  BlockUrlTab,
  DeviceTab,
  KeyMapperTab,
  KioskTab,
  PinTab,
  PowerOnBootTab,
  ProfileApplicationsList,
} from '../components/lazy-tabs';
import { ProfileDetailShell, UrlTabs, type ProfileTab } from '../components/profile-detail-shell';

const CLEANER_TABS = cleanerTabs(ProfileApplicationsList, { productType: 'Super Lock', title: 'Cleaner applications' });

function CleanerAppsTab({ profile }: { profile: ProfileDetail }) {
  return <UrlTabs tabs={CLEANER_TABS} profile={profile} param="sub" label="Cleaner Apps sections" variant="pills" />;
}

const TABS: ProfileTab[] = [
  { value: 'applications', label: 'Applications', render: (p) => <DeviceApplicationsTab profile={p} /> },
  { value: 'cleaner-apps', label: 'Cleaner Apps', render: (p) => <CleanerAppsTab profile={p} /> },
  { value: 'setting', label: 'Setting', render: (p) => <AdvancedSettingsTab profile={p} /> },
  { value: 'key-mapper', label: 'Key Mapper', render: (p) => <KeyMapperTab profile={p} /> },
  { value: 'url', label: 'URL', render: (p) => <BlockUrlTab profile={p} /> },
  { value: 'kiosk', label: 'Kiosk', render: (p) => <KioskTab profile={p} /> },
  { value: 'power-on-boot', label: 'Power On Boot', render: (p) => <PowerOnBootTab profile={p} /> },
  { value: 'device', label: 'Device', render: (p) => <DeviceTab profile={p} /> },
  { value: 'pin', label: 'Pin', render: (p) => <PinTab profile={p} /> },
];

/** Super Lock (SL, SLOT): `sl-profile-detail?profile_id=`. */
export function SlProfileDetailPage() {
  return <ProfileDetailShell page="slProfileDetail" tabs={TABS} />;
}
