import { deviceLogListQuerySchema, type DeviceLog, type DeviceLogSortField } from '@fleetdeck/contract';
import { Badge, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { ariaSort, SortHeader, type SortOrder } from '@/shared/components/sort-header';
import { formatDateTime } from '@/shared/lib/format';
import { useListSearch } from '@/shared/lib/list-search';
import { useDeviceLogs } from '../api/get-device-logs';
import { enveloped } from '@/portal/lib/list-answer';

/** Success in green, failures in red, anything else the device reported as it is. */
function ActivityResult({ value }: { value: string }) {
  if (/^success/i.test(value)) return <Badge color="green">{value}</Badge>;
  if (/^(fail|error)/i.test(value)) {
    return (
      <Badge color="red" maw={280} title={value}>
        {value}
      </Badge>
    );
  }
  return <Text size="sm">{value}</Text>;
}

export function DeviceLogsPage() {
  const list = useListSearch(deviceLogListQuerySchema);
  const { sort, order } = list.query;
  const logs = useDeviceLogs(list.query);
  const onSort = (field: DeviceLogSortField, next: SortOrder) => list.setFilters({ sort: field, order: next });

  const columns: DataTableColumn<DeviceLog>[] = [
    {
      key: 'serialNumber',
      header: <SortHeader label="Serial Number" field="serialNumber" sort={sort} order={order} onSort={onSort} />,
      label: 'Serial Number',
      sort: ariaSort('serialNumber', sort, order),
      width: 200,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {row.serialNumber}
          </Text>
          {row.deviceName ? (
            <Text size="xs" c="dimmed">
              {row.deviceName}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'deviceActivity',
      header: 'Device Activity',
      width: 220,
      render: (row) => <Text size="sm">{row.deviceActivity}</Text>,
    },
    {
      key: 'activityResult',
      header: 'Activity Result',
      width: 180,
      render: (row) => <ActivityResult value={row.activityResult} />,
    },
    {
      key: 'created_at',
      header: <SortHeader label="Created On" field="created_at" sort={sort} order={order} onSort={onSort} />,
      label: 'Created On',
      sort: ariaSort('created_at', sort, order),
      width: 160,
      render: (row) => <Text size="sm">{formatDateTime(row.created_at)}</Text>,
    },
  ];

  return (
    <ListPage
      label="Device logs"
      search={list}
      {...enveloped(logs)}
      columns={columns}
      filters={[
        {
          kind: 'text',
          key: 'serialNumber',
          label: 'Serial Number',
          placeholder: 'A serial number or its beginning',
          maxLength: 128,
        },
      ]}
      filtersLabel="Device logs"
      errorTitle="The device logs could not load"
      minWidth={760}
    />
  );
}
