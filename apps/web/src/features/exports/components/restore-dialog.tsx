import { DEFAULT_PAGE_SIZE, type ProfileListItem } from '@fleetdeck/contract';
import { Alert, Badge, Button, Group, Modal, Radio, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { useProductName } from '@/lib/app-config';
import { useRestoreTargets } from '../api/get-restore-targets';
import { useRestoreDisabledApps } from '../api/restore-disabled-apps';

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
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [profileId, setProfileId] = useState<string | null>(null);
  const targets = useRestoreTargets({ page, limit }, source !== null);

  const close = () => {
    setProfileId(null);
    setPage(1);
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
    {
      key: 'profileName',
      header: 'Device Name',
      width: 160,
      render: (row) => <Text size="sm">{row.profileName}</Text>,
    },
    {
      key: 'appName',
      header: 'App',
      width: 90,
      render: (row) => (
        <Badge variant="light" size="sm">
          {row.appName}
        </Badge>
      ),
    },
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
        <DataTable
          label="Restore target"
          columns={columns}
          rows={targets.data?.data}
          rowKey={(row) => row._id}
          total={targets.data?.pagination.total ?? 0}
          page={page}
          pageSize={limit}
          loading={targets.isFetching}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setLimit(size);
            setPage(1);
          }}
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
