import { Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { staffAuditListQuerySchema, type StaffAuditRow } from '@fleetdeck/contract/staff';
import { buttonColumn } from '@/shared/components/columns';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { formatDateTime } from '@/shared/lib/format';
import { useListQuery } from '@/shared/lib/list-search';
import { LoginAsLink } from '../../../components/login-as-link';
import { exportAuditLogs, useAuditList } from '../api/audit-list';
import { useResetDeletedDevices } from '../api/reset-deleted-devices';

/** Spec 3 "Audit logs": customers with error counts and deleted devices (DECISIONS §8), with the Reset action. */
export function AdminAuditLogsPage() {
  const list = useListQuery(staffAuditListQuerySchema, useAuditList);
  const [resetting, setResetting] = useState<StaffAuditRow | null>(null);
  const reset = useResetDeletedDevices({ onSuccess: () => setResetting(null) });

  const columns: DataTableColumn<StaffAuditRow>[] = [
    { key: 'email', header: 'Email', width: 260, render: (row) => <LoginAsLink email={row.email} /> },
    { key: 'errorCount', header: 'Error Count', width: 110, render: (row) => <Text size="sm">{row.errorCount}</Text> },
    {
      key: 'deletedDevices',
      header: 'Deleted Device',
      width: 130,
      render: (row) => <Text size="sm">{row.deletedDevices}</Text>,
    },
    {
      key: 'reset',
      header: 'Reset Count',
      width: 190,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.deletedDeviceResetCount}</Text>
          <Text size="xs" c="dimmed">
            {row.deletedDeviceResetDate ? formatDateTime(row.deletedDeviceResetDate) : 'Never reset'}
          </Text>
        </Stack>
      ),
    },
    buttonColumn(110, (row) => ({
      text: 'Reset',
      label: `Reset deleted devices of ${row.email}`,
      icon: IconRefresh,
      onClick: () => setResetting(row),
    })),
  ];

  return (
    <ListPage
      noun="audit logs"
      {...list}
      columns={columns}
      emptyMessage="No customer matches."
      onExportCsv={() => exportAuditLogs(list.search.query)}
      filters={[{ kind: 'text', key: 'email', label: 'Email', placeholder: 'customer@example.com', maxLength: 254 }]}
    >
      <ConfirmDialog
        opened={resetting !== null}
        title="Reset deleted devices?"
        message={
          resetting
            ? `The deleted-device count of ${resetting.email} starts again from now (reset count ${resetting.deletedDeviceResetCount} → ${resetting.deletedDeviceResetCount + 1}).`
            : ''
        }
        confirmLabel="Yes, reset it"
        loading={reset.isPending}
        onConfirm={() => resetting && reset.mutate(resetting.email)}
        onCancel={() => setResetting(null)}
      />
    </ListPage>
  );
}
