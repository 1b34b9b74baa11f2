import { DEFAULT_PAGE_SIZE, type DeviceLog, type DeviceLogSortField } from '@fleetdeck/contract';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { SortHeader, type SortOrder } from '@/components/sort-header';
import { formatDateTime } from '@/lib/format';
import { useKeysetPaging } from '@/lib/keyset-paging';
import { useDeviceLogs } from '../api/get-device-logs';

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
  const [search, setSearch] = useState('');
  const [serialNumber, setSerialNumber] = useState<string | undefined>(undefined);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<DeviceLogSortField>('created_at');
  const [order, setOrder] = useState<SortOrder>('desc');
  const paging = useKeysetPaging();
  const logs = useDeviceLogs({ serialNumber, page: paging.page, limit, sort, order, cursor: paging.cursor });
  const pagination = logs.data?.data.pagination;

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSerialNumber(search.trim() || undefined);
    paging.reset();
  };
  const onSort = (field: DeviceLogSortField, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    paging.reset();
  };

  const columns: DataTableColumn<DeviceLog>[] = [
    {
      key: 'serialNumber',
      header: <SortHeader label="Serial Number" field="serialNumber" sort={sort} order={order} onSort={onSort} />,
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
      width: 160,
      render: (row) => <Text size="sm">{formatDateTime(row.created_at)}</Text>,
    },
  ];

  return (
    <Stack gap="md">
      <form onSubmit={onSearch} role="search" aria-label="Device logs">
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Serial Number"
            placeholder="The device's serial number"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={280}
            maxLength={128}
          />
          <Button type="submit" leftSection={<IconSearch size={16} />} loading={logs.isFetching && !logs.isLoading}>
            Search
          </Button>
        </Group>
      </form>
      {logs.isError ? (
        <LoadError
          title="The device logs could not load"
          error={logs.error}
          retrying={logs.isFetching}
          onRetry={() => void logs.refetch()}
        />
      ) : null}
      <DataTable
        label="Device logs"
        columns={columns}
        rows={logs.data?.data.data}
        rowKey={(row) => row._id}
        total={pagination?.total ?? 0}
        totalCapped={pagination?.totalCapped}
        hasNextPage={Boolean(pagination?.nextCursor)}
        page={paging.page}
        pageSize={limit}
        loading={logs.isFetching}
        onPageChange={(n) => paging.goTo(n, pagination?.nextCursor)}
        onPageSizeChange={(size) => {
          setLimit(size);
          paging.reset();
        }}
        minWidth={760}
      />
    </Stack>
  );
}
