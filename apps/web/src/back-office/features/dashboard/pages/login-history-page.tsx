import { Text } from '@mantine/core';
import { dateColumn, statusColumn } from '@/shared/components/columns';
import { loginHistoryQuerySchema, type LoginHistoryRow } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { allSelect, choices, ListPage } from '@/shared/components/list-page';

import { useListQuery } from '@/shared/lib/list-search';
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
  statusColumn('hasError', 'Has Error', 110, (row) =>
    row.hasError ? { label: 'Error', color: 'red' } : { label: 'Success', color: 'green' },
  ),
  { key: 'message', header: 'Message', render: (row) => <Text size="sm">{row.message}</Text> },
  dateColumn('created_at'),
];

/** Spec 3 "Dashboard history": the login log across customers with its filters. */
export function LoginHistoryPage() {
  const list = useListQuery(loginHistoryQuerySchema, useLoginHistory);
  return (
    <ListPage
      noun="login history"
      {...list}
      columns={columns}
      emptyMessage="No logins match these filters."
      minWidth={860}
      filters={[
        // Nothing chosen shows "All" (no filter): without a placeholder the selects rendered blank (issue 24).
        allSelect('source', 'Source', ['All', 'Web', 'App'], 200),
        allSelect('type', 'Type', ['All', 'Login'], 200),
        allSelect('hasError', 'Status', choices({ false: 'Success', true: 'Error' }), 200),
        { kind: 'text', key: 'email', label: 'Email', placeholder: 'customer@example.com', maxLength: 254 },
      ]}
    />
  );
}
