import type { ProfileDetail } from '@fleetdeck/contract';
import { FAMILY_TABS, type SettingsFamily } from '@/portal/components/settings/family-tabs';
import type { SettingsTarget } from '@/portal/components/settings/target';
import type { SubjectTab } from '@/portal/components/settings/url-tabs';
import { DeviceApplicationsTab } from './device-applications-tab';
import { DeviceTab } from './lazy-tabs';

/** What a profile page's tabs draw from: the profile, and the profile as the settings tabs' target. */
export interface ProfileSubject {
  profile: ProfileDetail;
  target: SettingsTarget;
}
export type ProfileTab = SubjectTab<ProfileSubject>;

const SLOTS = {
  applications: (p: ProfileDetail) => <DeviceApplicationsTab profile={p} />,
  device: (p: ProfileDetail) => <DeviceTab profile={p} />,
};

/** A family's tabs on a device's page: its settings tabs (`FAMILY_TABS`) with the device's own in their slots. */
export const profileTabsOf = (family: SettingsFamily): ProfileTab[] =>
  FAMILY_TABS[family].map((t) =>
    'slot' in t
      ? { value: t.value, label: t.label, render: ({ profile }) => SLOTS[t.slot](profile) }
      : { value: t.value, label: t.label, render: ({ target }) => t.render(target) },
  );
