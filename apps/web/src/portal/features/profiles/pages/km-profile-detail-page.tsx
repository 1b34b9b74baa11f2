import { KeyMapperTab } from '../components/key-mapper-tab';
import { DeviceTab } from '../components/lazy-tabs';
import { ProfileDetailShell, type ProfileTab } from '../components/profile-detail-shell';

const TABS: ProfileTab[] = [
  { value: 'key-mapping', label: 'Key Mapping', render: (p) => <KeyMapperTab profile={p} /> },
  { value: 'devices', label: 'Devices', render: (p) => <DeviceTab profile={p} /> },
];

/** Key Mapper (KM, KMOT): `km-profile-detail?profile_id=`. */
export function KmProfileDetailPage() {
  return <ProfileDetailShell page="kmProfileDetail" tabs={TABS} />;
}
