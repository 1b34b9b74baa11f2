import { ProfileDetailShell } from '../components/profile-detail-shell';
import { profileTabsOf } from '../components/profile-tabs';

const TABS = profileTabsOf('KM');

/** Key Mapper (KM, KMOT): `km-profile-detail?profile_id=`. */
export function KmProfileDetailPage() {
  return <ProfileDetailShell page="kmProfileDetail" tabs={TABS} />;
}
