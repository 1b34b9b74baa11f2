import { type ProfileListItem } from '@fleetdeck/contract';
import { Alert, Button, Group, Modal, Radio, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { useProductName } from '@/shared/lib/app-config';
import { pagingQuerySchema, useListSearch } from '@/shared/lib/list-search';
import { useRestoreTargets } from '../api/get-restore-targets';
import { useRestoreDisabledApps } from '../api/restore-disabled-apps';
import { appColumn, textColumn } from '@/portal/components/table-columns';

interface RestoreDialogProps {
  /** The export to restore; null: the dialog is closed. */
  source: { _id: string; exportName: string; appCount: number } | null;
  onClose: () => void;
}

/**
 * Restore an export onto a {product} profile (spec 2 §2): the target is chosen from the profile list requested with
 * appName PDALL. The disabled apps reach the device when Apply is pressed on that profile.
 */
export function RestoreDialog({ source, onClose }: RestoreDialogProps) {
  const productName = useProductName();
  // A list inside a dialog: its page and size stay out of the page's URL.
  const list = useListSearch(pagingQuerySchema, {}, { storage: 'memory' });
  const [profileId, setProfileId] = useState<string | null>(null);
  const targets = useRestoreTargets(list.query, source !== null);

  const close = () => {
    setProfileId(null);
    list.goToPage(1);
    onClose();
  };
  // Spec 2 §8: a family using more devices than it bought goes to the plans page (the query client does it).
  const restore = useRestoreDisabledApps({ onSuccess: close });

  const columns: DataTableColumn<ProfileListItem>[] = [
    {
      key: 'choose',
      header: <VisuallyHidden>Choose</VisuallyHidden>,
      width: 48,
      render: (row) => (
        <Radio
          value={row._id}
          checked={profileId === row._id}
          onChange={() => setProfileId(row._id)}
          aria-label={`Restore onto ${row.name}`}
          name="restore-target"
        />
      ),
    },
    {
      key: 'name',
      header: 'Serial Number',
      width: 170,
      render: (row) => (
        <Text size="sm" fw={600}>
          {row.name}
        </Text>
      ),
    },
    textColumn('profileName', 'Device Name', 160, (row) => row.profileName),
    appColumn(),
  ];

  return (
    <Modal
      opened={source !== null}
      onClose={close}
      size="xl"
      title={<Text fw={700}>{`Restore "${source?.exportName ?? ''}"`}</Text>}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {`Choose the ${productName} device that should disable the ${source?.appCount ?? 0} application(s) of this export.`}
        </Text>
        <ListPage
          label="Restore target"
          search={list}
          result={targets}
          columns={columns}
          emptyMessage={`No ${productName} device is enrolled.`}
          minWidth={520}
        />
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          The applications are disabled on the device when you press Apply on its profile.
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={profileId === null}
            loading={restore.isPending}
            onClick={() => source && profileId && restore.mutate({ profileId, restoreId: source._id })}
          >
            Restore
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
