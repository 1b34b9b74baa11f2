import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { actionsColumn, dateColumn } from '@/shared/components/columns';
import { IconCurrencyEuro, IconPencil, IconUserPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CUSTOMER_PRODUCTS,
  customerListQuerySchema,
  type OldPortalUser,
  type StaffCustomer,
} from '@fleetdeck/contract/staff';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { IconLink } from '@/shared/components/icon-action';
import { allSelect, ListPage } from '@/shared/components/list-page';
import { formatDate } from '@/shared/lib/format';
import { useListQuery } from '@/shared/lib/list-search';
import { staffPaths } from '../../../app/paths';
import { LoginAsLink } from '../../../components/login-as-link';
import { exportCustomers, useCustomerList } from '../api/customer-list';
import { useApproveReseller } from '../api/reseller-approve';
import { canUse } from '../components/can-use';
import { TableScroll } from '@/shared/components/table-scroll';

/** Spec 3 §9: the customer list's From defaults to one month before today. */
export const defaultFromDate = () => dayjs().subtract(1, 'month').format('YYYY-MM-DD');

const count = (n: number) => (
  <Text size="sm" ta="right" ff="monospace">
    {n}
  </Text>
);

function OldPortalUsers({ rows, total }: { rows: OldPortalUser[]; total: number }) {
  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Old portal users
          </Title>
          <Text size="xs" c="dimmed">
            {total === rows.length ? `${total}` : `${rows.length} of ${total}`}
          </Text>
        </Group>
        <TableScroll label="Old portal users" minWidth={560}>
          <Table striped aria-label="Old portal users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Expiry Date</Table.Th>
                <Table.Th>Serial Number</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed" ta="center">
                      No data found.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((u) => (
                  <Table.Tr key={u._id}>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{u.name || '-'}</Table.Td>
                    <Table.Td>{formatDate(u.expiration_date)}</Table.Td>
                    <Table.Td>{u.device_serial_number ?? '-'}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Stack>
    </Card>
  );
}

/** Spec 3 "Customer list": every filter, Create Customer, Export, login-as emails, reseller requests, old portal users. */
export function CustomerListPage() {
  const list = useListQuery(customerListQuerySchema, useCustomerList, { from_date: defaultFromDate() });
  const [approving, setApproving] = useState<StaffCustomer | null>(null);
  const approve = useApproveReseller({ onSuccess: () => setApproving(null) });
  const canSell = canUse('customerPayments');

  const columns: DataTableColumn<StaffCustomer>[] = [
    {
      key: 'email',
      header: 'Email',
      width: 300,
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <LoginAsLink email={row.email} />
          {row.isOfflineCustomer || row.isResellerModeEnabled ? (
            <Group gap={6}>
              {row.isOfflineCustomer ? (
                <Badge size="xs" color="grape" variant="light" style={{ flexShrink: 0 }}>
                  Offline
                </Badge>
              ) : null}
              {row.isResellerModeEnabled ? (
                <Badge
                  size="xs"
                  color={row.isResellerModeRequestApprove ? 'teal' : 'orange'}
                  variant="dot"
                  style={{ flexShrink: 0 }}
                >
                  {row.isResellerModeRequestApprove ? 'Reseller' : 'Reseller requested'}
                </Badge>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'phone',
      header: 'Phone Number',
      width: 160,
      render: (row) => <Text size="sm">{row.formattedPhoneNumber || '-'}</Text>,
    },
    {
      key: 'active',
      header: 'Active Licence',
      width: 90,
      align: 'right',
      render: (row) => count(row.totalPurchasedDevices),
    },
    {
      key: 'used',
      header: 'Active Used Licence',
      width: 100,
      align: 'right',
      render: (row) => count(row.totalUsedDevices),
    },
    {
      key: 'expired',
      header: 'Expired Licence',
      width: 90,
      align: 'right',
      render: (row) => count(row.totalExpiredDevices),
    },
    dateColumn('created_at', 'Created On', 170),
    actionsColumn(
      150,
      (row) => (
        <>
          <IconLink
            hint="Subscriptions and offline payment"
            icon={IconCurrencyEuro}
            size={18}
            to={staffPaths.customerSubscriptions.getHref(row._id)}
            label={`Subscriptions of ${row.email}`}
          />
          <IconLink
            hint="Edit customer"
            icon={IconPencil}
            size={18}
            to={staffPaths.customerEdit.getHref(row._id)}
            label={`Edit ${row.email}`}
          />
          {canSell && row.isResellerModeEnabled && !row.isResellerModeRequestApprove ? (
            <Button size="compact-xs" variant="light" color="teal" onClick={() => setApproving(row)}>
              Approve
            </Button>
          ) : null}
        </>
      ),
      'Actions',
    ),
  ];

  return (
    <Stack gap="lg">
      <ListPage
        label="Customers"
        {...list}
        columns={columns}
        errorTitle="The customer list could not load"
        emptyMessage="No customer matches these filters."
        minWidth={1000}
        filtersLabel="Filter the customers"
        onExportCsv={() => exportCustomers(list.search.query)}
        header={
          <Group justify="flex-end">
            <Button component={Link} to={staffPaths.customerCreate.getHref()} leftSection={<IconUserPlus size={16} />}>
              Create Customer
            </Button>
          </Group>
        }
        filters={[
          { kind: 'text', key: 'email', label: 'Email', placeholder: 'customer@example.com', maxLength: 254 },
          {
            kind: 'text',
            key: 'purchasedDevices',
            label: 'Purchased Devices',
            placeholder: 'e.g. 5',
            maxLength: 7,
            normalize: (typed) => typed.replace(/\D/g, ''),
            w: { base: '100%', xs: 150 },
          },
          {
            kind: 'text',
            key: 'countryCode',
            label: 'Country code',
            placeholder: '+44',
            maxLength: 8,
            w: { base: '100%', xs: 120 },
          },
          { kind: 'dateRange', from: 'from_date', to: 'to_date', label: 'Created' },
          allSelect('customerSource', 'Source', ['All', 'Offline', 'Online'], 130),
          allSelect('product', 'Product', ['All', ...CUSTOMER_PRODUCTS], 120),
          allSelect('resellerStatus', 'Reseller', ['All', 'Requested', 'Approved'], 140),
          { kind: 'switch', key: 'showUnusedLicense', label: 'Show Unused Licence' },
        ]}
      >
        <ConfirmDialog
          opened={approving !== null}
          title="Approve this reseller?"
          message={`${approving?.email ?? ''} becomes a reseller and gets a personal coupon (buyers get 10% off).`}
          confirmLabel="Approve"
          confirmColor="teal"
          loading={approve.isPending}
          onConfirm={() => approving && approve.mutate(approving._id)}
          onCancel={() => setApproving(null)}
        />
      </ListPage>
      <OldPortalUsers
        rows={list.result.data?.oldPortalUsers.data ?? []}
        total={list.result.data?.oldPortalUsers.total ?? 0}
      />
    </Stack>
  );
}
