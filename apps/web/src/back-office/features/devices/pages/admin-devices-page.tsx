import { Text } from '@mantine/core';
import { dateColumn } from '@/shared/components/columns';
import dayjs from 'dayjs';
import { STAFF_PAGE_SIZES, staffDeviceListQuerySchema, type StaffDeviceRow } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';

import { useListQuery } from '@/shared/lib/list-search';
import { exportDevices, useDeviceList } from '../api/device-list';

const text = (value: string) => <Text size="sm">{value || '-'}</Text>;

const columns: DataTableColumn<StaffDeviceRow>[] = [
  { key: 'email', header: 'Email', width: 240, render: (row) => text(row.userId?.email ?? '-') },
  { key: 'serialNumber', header: 'Serial Number', width: 180, render: (row) => text(row.serialNumber) },
  { key: 'deviceName', header: 'Device Name', width: 200, render: (row) => text(row.deviceName) },
  { key: 'appVersionCode', header: 'Version Code', width: 120, render: (row) => text(row.appVersionCode) },
  dateColumn('created_at'),
];

/** Spec 3 "Devices": every enrolled device across customers (from, to, email; Export AllDevices.csv). */
export function AdminDevicesPage() {
  const today = dayjs().format('YYYY-MM-DD');
  const list = useListQuery(staffDeviceListQuerySchema, useDeviceList, { from_date: today, to_date: today });
  return (
    <ListPage
      noun="devices"
      {...list}
      columns={columns}
      emptyMessage="No devices were enrolled in these dates."
      pageSizes={STAFF_PAGE_SIZES.wide}
      onExportCsv={() => exportDevices(list.search.query)}
      filters={[
        { kind: 'dateRange', from: 'from_date', to: 'to_date', label: 'Enrolled' },
        { kind: 'text', key: 'email', label: 'Email', placeholder: 'customer@example.com', maxLength: 254 },
      ]}
    />
  );
}
