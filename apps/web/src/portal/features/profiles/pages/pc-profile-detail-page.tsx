import { ProfileDetailShell } from '../components/profile-detail-shell';
import { profileTabsOf } from '../components/profile-tabs';

const TABS = profileTabsOf('PC');

/** Power Cleaner (PC, PCOT): `pc-profile-detail?profile_id=`. */
export function PcProfileDetailPage() {
  return <ProfileDetailShell page="pcProfileDetail" tabs={TABS} />;
}
