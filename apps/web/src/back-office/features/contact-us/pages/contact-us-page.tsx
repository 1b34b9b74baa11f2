import { Anchor, Text } from '@mantine/core';
import type { ContactMessage } from '@fleetdeck/contract';
import { contactListQuerySchema } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { SortHeader, type SortOrder } from '@/shared/components/sort-header';
import { formatDateTime } from '@/shared/lib/format';
import { useListQuery } from '@/shared/lib/list-search';
import { useContactRequests } from '../api/contact-us';

type SortField = 'name' | 'email' | 'subject' | 'created_at';

/** Spec 3 "Contact requests": the messages of the public contact form, sortable and paged. */
export function ContactUsPage() {
  const list = useListQuery(contactListQuerySchema, useContactRequests);
  const header = (label: string, field: SortField) => (
    <SortHeader
      label={label}
      field={field}
      sort={list.search.query.sortBy}
      order={list.search.query.sortOrder}
      onSort={(sortBy, sortOrder: SortOrder) => list.search.setFilters({ sortBy, sortOrder })}
    />
  );
  const columns: DataTableColumn<ContactMessage>[] = [
    { key: 'name', header: header('Name', 'name'), width: 160, render: (row) => <Text size="sm">{row.name}</Text> },
    {
      key: 'email',
      header: header('Email', 'email'),
      width: 220,
      render: (row) => (
        <Anchor href={`mailto:${row.email}`} size="sm">
          {row.email}
        </Anchor>
      ),
    },
    {
      key: 'subject',
      header: header('Subject', 'subject'),
      width: 180,
      render: (row) => <Text size="sm">{row.subject}</Text>,
    },
    {
      key: 'message',
      header: 'Message',
      width: 320,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {row.message}
        </Text>
      ),
    },
    {
      key: 'created_at',
      header: header('Created On', 'created_at'),
      width: 180,
      render: (row) => <Text size="sm">{formatDateTime(row.created_at)}</Text>,
    },
  ];
  return <ListPage noun="contact requests" {...list} columns={columns} minWidth={1000} />;
}
