import { ProfileDetailShell } from '../components/profile-detail-shell';
import { profileTabsOf } from '../components/profile-tabs';

const TABS = profileTabsOf('PD');

/** {product} (PD, PDOT, PDOW, PDOWOT): `profile-detail?profile_id=`. */
export function ProfileDetailPage() {
  return <ProfileDetailShell page="profileDetail" tabs={TABS} />;
}
