import type { ComponentType } from 'react';
import { FilesTab, PowerCleanerSettingsTab } from './lazy-tabs';
import type { ProfileApplicationsListProps } from './profile-applications-list';
import type { ProfileTab } from './profile-detail-shell';

type ListProps = Pick<ProfileApplicationsListProps, 'productType' | 'title'>;

/** Power Cleaner's tabs (its own page, and Super Lock's "Cleaner Apps"): applications, Files, Settings. */
export const cleanerTabs = (List: ComponentType<ProfileApplicationsListProps>, list: ListProps): ProfileTab[] => [
  {
    value: 'applications',
    label: 'Applications',
    render: (p) => (
      <List
        profileId={p._id}
        {...list}
        description="Apps the cleaner uninstalls or clears the data of on the device."
      />
    ),
  },
  { value: 'files', label: 'Files', render: (p) => <FilesTab profile={p} /> },
  { value: 'settings', label: 'Settings', render: (p) => <PowerCleanerSettingsTab profile={p} /> },
];
