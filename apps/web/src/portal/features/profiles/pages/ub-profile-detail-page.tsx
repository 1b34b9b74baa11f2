import { BlockUrlTab } from '../components/block-url-tab';
import { DeviceTab, FilesTab } from '../components/lazy-tabs';
import { ProfileDetailShell, type ProfileTab } from '../components/profile-detail-shell';

const TABS: ProfileTab[] = [
  { value: 'url', label: 'URL', render: (p) => <BlockUrlTab profile={p} /> },
  { value: 'file', label: 'File', render: (p) => <FilesTab profile={p} withBlockFileUrl /> },
  { value: 'devices', label: 'Devices', render: (p) => <DeviceTab profile={p} /> },
];

/** URL Blocker (UB, UBOT): `ub-profile-detail?profile_id=`. */
export function UbProfileDetailPage() {
  return <ProfileDetailShell page="ubProfileDetail" tabs={TABS} />;
}
