import { Text } from '@mantine/core';
import { dateColumn } from '@/shared/components/columns';
import { customerExportListQuerySchema, type CustomerExportRow } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';

import { useListQuery } from '@/shared/lib/list-search';
import { LoginAsLink } from '../../../components/login-as-link';
import { useCustomerExports } from '../api/customer-exports';

const columns: DataTableColumn<CustomerExportRow>[] = [
  { key: 'exportName', header: 'Name', width: 220, render: (row) => <Text size="sm">{row.exportName}</Text> },
  {
    key: 'serialNumber',
    header: 'Serial Number',
    width: 180,
    render: (row) => <Text size="sm">{row.serialNumber}</Text>,
  },
  { key: 'apps', header: 'Apps', width: 80, render: (row) => <Text size="sm">{row.disabledApplications}</Text> },
  {
    key: 'created_by',
    header: 'Created By',
    width: 260,
    render: (row) => (row.userId ? <LoginAsLink email={row.userId.email} /> : <Text size="sm">-</Text>),
  },
  dateColumn('created_at'),
];

/** Spec 3 "Customer exports": backups of disabled apps; the email opens that customer's console. */
export function AdminExportsListPage() {
  const list = useListQuery(customerExportListQuerySchema, useCustomerExports);
  return (
    <ListPage
      label="Customer exports"
      noun="exports"
      {...list}
      columns={columns}
      emptyMessage="No customer has exported yet."
      minWidth={820}
    />
  );
}
