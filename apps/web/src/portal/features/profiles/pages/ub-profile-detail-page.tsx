import { ProfileDetailShell } from '../components/profile-detail-shell';
import { profileTabsOf } from '../components/profile-tabs';

const TABS = profileTabsOf('UB');

/** URL Blocker (UB, UBOT): `ub-profile-detail?profile_id=`. */
export function UbProfileDetailPage() {
  return <ProfileDetailShell page="ubProfileDetail" tabs={TABS} />;
}
