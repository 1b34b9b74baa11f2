import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { dateColumn, TwoLines } from '@/shared/components/columns';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { STAFF_PAGE_SIZES, notificationDetailQuerySchema, type NotificationDelivery } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { choices, ListPage } from '@/shared/components/list-page';
import { formatDateTime } from '@/shared/lib/format';
import { useListSearch } from '@/shared/lib/list-search';
import { staffPaths } from '../../../app/paths';
import { useNotificationDetail } from '../api/notification-detail';

/** The detail's filters and paging; the notification `id` stays in the URL beside them. */
const detailSearchSchema = z.omit(notificationDetailQuerySchema, { id: true });

const yesNo = (on: boolean, yes: string, no: string) => (
  <Badge variant="light" color={on ? 'green' : 'gray'}>
    {on ? yes : no}
  </Badge>
);

const columns: DataTableColumn<NotificationDelivery>[] = [
  {
    key: 'device',
    header: 'Device',
    width: 240,
    render: (row) =>
      row.deviceId ? (
        <TwoLines main={row.deviceId.serialNumber} detail={row.deviceId.deviceName || '-'} />
      ) : (
        <Text size="sm">-</Text>
      ),
  },
  {
    key: 'isDelivered',
    header: 'Is Delivered',
    width: 130,
    render: (row) => yesNo(row.isDelivered, 'Delivered', 'Not Delivered'),
  },
  { key: 'isOpen', header: 'Is Open', width: 120, render: (row) => yesNo(row.isOpen, 'Open', 'Not Open') },
  dateColumn('openDate', 'Open At'),
];

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} aria-label={label}>
        {value === undefined ? '…' : value.toLocaleString('en-GB')}
      </Text>
    </Card>
  );
}

/** Spec 3 "admin-notification-detail": one notification's deliveries with the Delivered and Open filters. */
export function AdminNotificationDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const list = useListSearch(detailSearchSchema);
  const detail = useNotificationDetail(id, list.query);
  const n = detail.data?.notification;
  const back = (
    <Anchor component={Link} to={staffPaths.customNotifications.getHref()} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> Notifications
      </Group>
    </Anchor>
  );
  if (!z.uuid().safeParse(id).success) {
    return (
      <Stack gap="md">
        {back}
        <Text c="dimmed">No notification chosen: open one from the list of notifications.</Text>
      </Stack>
    );
  }
  return (
    <ListPage
      label="Deliveries"
      search={list}
      // The 3-second refresh does not dim the table: only a new page or filter does.
      result={{ ...detail, isFetching: detail.isFetching && (detail.isPlaceholderData || !detail.data) }}
      columns={columns}
      errorTitle="The notification could not load"
      emptyMessage="No device matches these filters."
      pageSizes={STAFF_PAGE_SIZES.wide}
      filtersLabel="Filter the deliveries"
      header={
        <Stack gap="md">
          {back}
          {n ? (
            <Stack gap={2}>
              <Title order={2} size="h3">
                {n.title}
              </Title>
              <Text size="sm" c="dimmed">
                {n.message}
              </Text>
              <Text size="xs" c="dimmed">
                Sent {formatDateTime(n.created_at)}
                {n.created_by ? ` by ${n.created_by}` : ''} · expires {formatDateTime(n.expiresAt)}
                {n.fanOutComplete ? '' : ` · queued ${n.fannedOut.toLocaleString('en-GB')} so far`}
              </Text>
            </Stack>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Stat label="Devices" value={n?.totalDevices} />
            <Stat label="Delivered" value={n?.deliveredNotificationCount} />
            <Stat label="Not delivered" value={n?.undeliveredNotificationCount} />
            <Stat label="Opened" value={n?.openedNotificationCount} />
          </SimpleGrid>
        </Stack>
      }
      filters={[
        {
          kind: 'select',
          key: 'isDelivered',
          label: 'Delivery status',
          data: choices({ true: 'Delivered', false: 'Not Delivered' }),
          placeholder: 'All',
        },
        {
          kind: 'select',
          key: 'isOpen',
          label: 'Is open',
          data: choices({ true: 'Open', false: 'Not Open' }),
          placeholder: 'All',
        },
      ]}
    />
  );
}
