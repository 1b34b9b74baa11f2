import { ProfileDetailShell } from '../components/profile-detail-shell';
import { profileTabsOf } from '../components/profile-tabs';

const TABS = profileTabsOf('SL');

/** Super Lock (SL, SLOT): `sl-profile-detail?profile_id=`. */
export function SlProfileDetailPage() {
  return <ProfileDetailShell page="slProfileDetail" tabs={TABS} />;
}
