import { DeviceTab, FilesTab, PowerCleanerSettingsTab } from '../components/lazy-tabs';
import { ProfileApplicationsList } from '../components/profile-applications-list';
import { ProfileDetailShell, type ProfileTab } from '../components/profile-detail-shell';

const TABS: ProfileTab[] = [
  {
    value: 'applications',
    label: 'Applications',
    render: (p) => (
      <ProfileApplicationsList
        profileId={p._id}
        title="Applications"
        description="Apps the cleaner uninstalls or clears the data of on the device."
      />
    ),
  },
  { value: 'files', label: 'Files', render: (p) => <FilesTab profile={p} /> },
  { value: 'settings', label: 'Settings', render: (p) => <PowerCleanerSettingsTab profile={p} /> },
  { value: 'device', label: 'Device', render: (p) => <DeviceTab profile={p} /> },
];

/** Power Cleaner (PC, PCOT): `pc-profile-detail?profile_id=`. */
export function PcProfileDetailPage() {
  return <ProfileDetailShell page="pcProfileDetail" tabs={TABS} />;
}
