import { cleanerTabs } from '../components/cleaner-tabs';
import { DeviceTab } from '../components/lazy-tabs';
import { ProfileApplicationsList } from '../components/profile-applications-list';
import { ProfileDetailShell, type ProfileTab } from '../components/profile-detail-shell';

const TABS: ProfileTab[] = [
  ...cleanerTabs(ProfileApplicationsList, { title: 'Applications' }),
  { value: 'device', label: 'Device', render: (p) => <DeviceTab profile={p} /> },
];

/** Power Cleaner (PC, PCOT): `pc-profile-detail?profile_id=`. */
export function PcProfileDetailPage() {
  return <ProfileDetailShell page="pcProfileDetail" tabs={TABS} />;
}
