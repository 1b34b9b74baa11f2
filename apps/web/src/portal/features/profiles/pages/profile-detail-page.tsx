import { DeviceApplicationsTab } from '../components/device-applications-tab';
import { AdvancedSettingsTab, DeviceTab, PinTab } from '../components/lazy-tabs';
import { ProfileDetailShell, type ProfileTab } from '../components/profile-detail-shell';

const TABS: ProfileTab[] = [
  { value: 'applications', label: 'Applications', render: (p) => <DeviceApplicationsTab profile={p} /> },
  { value: 'device', label: 'Device', render: (p) => <DeviceTab profile={p} /> },
  { value: 'advance-setting', label: 'Advance Setting', render: (p) => <AdvancedSettingsTab profile={p} /> },
  { value: 'pin', label: 'Pin', render: (p) => <PinTab profile={p} /> },
];

/** {product} (PD, PDOT, PDOW, PDOWOT): `profile-detail?profile_id=`. */
export function ProfileDetailPage() {
  return <ProfileDetailShell page="profileDetail" tabs={TABS} />;
}
