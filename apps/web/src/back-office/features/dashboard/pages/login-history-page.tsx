import { Badge, Text } from '@mantine/core';
import { dateColumn } from '@/shared/components/columns';
import { loginHistoryQuerySchema, type LoginHistoryRow } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';

import { useListSearch } from '@/shared/lib/list-search';
import { LoginAsLink } from '../../../components/login-as-link';
import { useLoginHistory } from '../api/login-history';

const columns: DataTableColumn<LoginHistoryRow>[] = [
  {
    key: 'name',
    header: 'Name',
    width: 260,
    render: (row) =>
      row.created_by && row.customerId ? (
        <LoginAsLink email={row.created_by} />
      ) : (
        <Text size="sm">{row.created_by ?? '-'}</Text>
      ),
  },
  { key: 'source', header: 'Source', width: 90, render: (row) => <Text size="sm">{row.source}</Text> },
  {
    key: 'hasError',
    header: 'Has Error',
    width: 110,
    render: (row) => (
      <Badge color={row.hasError ? 'red' : 'green'} variant="light">
        {row.hasError ? 'Error' : 'Success'}
      </Badge>
    ),
  },
  { key: 'message', header: 'Message', render: (row) => <Text size="sm">{row.message}</Text> },
  dateColumn('created_at'),
];

/** Spec 3 "Dashboard history": the login log across customers with its filters. */
export function LoginHistoryPage() {
  const list = useListSearch(loginHistoryQuerySchema);
  const history = useLoginHistory(list.query);
  return (
    <ListPage
      label="Login history"
      search={list}
      result={history}
      columns={columns}
      rowKey={(row) => row._id}
      errorTitle="The login history could not load"
      emptyMessage="No logins match these filters."
      minWidth={860}
      filtersLabel="Filter the login history"
      filters={[
        {
          kind: 'select',
          key: 'source',
          label: 'Source',
          data: [
            { value: 'All', label: 'All' },
            { value: 'Web', label: 'Web' },
            { value: 'App', label: 'App' },
          ],
        },
        {
          kind: 'select',
          key: 'type',
          label: 'Type',
          data: [
            { value: 'All', label: 'All' },
            { value: 'Login', label: 'Login' },
          ],
        },
        {
          kind: 'select',
          key: 'hasError',
          label: 'Status',
          data: [
            { value: 'false', label: 'Success' },
            { value: 'true', label: 'Error' },
          ],
          placeholder: 'All',
        },
        { kind: 'text', key: 'email', label: 'Email', placeholder: 'customer@example.com', maxLength: 254 },
      ]}
    />
  );
}
