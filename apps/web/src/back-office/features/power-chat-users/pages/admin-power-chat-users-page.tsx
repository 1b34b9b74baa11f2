import { Text } from '@mantine/core';
import { dateColumn } from '@/shared/components/columns';
import dayjs from 'dayjs';
import { powerChatUserListQuerySchema, type PowerChatUserRow } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';

import { useListQuery } from '@/shared/lib/list-search';
import { usePowerChatUsers } from '../api/power-chat-users';

const columns: DataTableColumn<PowerChatUserRow>[] = [
  { key: 'fcmID', header: 'FCM Id', width: 220, render: (row) => <Text size="sm">{row.fcmID}</Text> },
  { key: 'name', header: 'Name', width: 200, render: (row) => <Text size="sm">{row.fcmData.name || '-'}</Text> },
  {
    key: 'company',
    header: 'Company',
    width: 240,
    render: (row) => <Text size="sm">{row.fcmData.company || '-'}</Text>,
  },
  dateColumn('created_at'),
];

/** Spec 3 "Power Chat users": From defaults to one month ago, To to today (spec 3 §9). */
export function AdminPowerChatUsersPage() {
  const list = useListQuery(powerChatUserListQuerySchema, usePowerChatUsers, {
    from_date: dayjs().subtract(1, 'month').format('YYYY-MM-DD'),
    to_date: dayjs().format('YYYY-MM-DD'),
  });
  return (
    <ListPage
      noun="Power Chat users"
      {...list}
      columns={columns}
      emptyMessage="No Power Chat users in these dates."
      filters={[
        { kind: 'dateRange', from: 'from_date', to: 'to_date', label: 'Created' },
        { kind: 'text', key: 'company', label: 'Company', placeholder: 'Company or email', maxLength: 200 },
      ]}
    />
  );
}
