import { Anchor, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import type { ContactMessage } from '@fleetdeck/contract';
import { contactListQuerySchema } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { SortHeader, type SortOrder } from '@/shared/components/sort-header';
import { formatDateTime } from '@/shared/lib/format';
import { useListQuery } from '@/shared/lib/list-search';
import { useContactRequests } from '../api/contact-us';

type SortField = 'name' | 'email' | 'subject' | 'created_at';

/** Three lines at most in the table (one long message must not fill it); "Show more" opens the whole message. */
function ClampedMessage({ row }: { row: ContactMessage }) {
  const [opened, setOpened] = useState(false);
  const long = row.message.length > 240 || row.message.split('\n').length > 3;
  return (
    <>
      <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {row.message}
      </Text>
      {long ? (
        <Anchor component="button" type="button" size="xs" onClick={() => setOpened(true)}>
          Show more
        </Anchor>
      ) : null}
      <Modal opened={opened} onClose={() => setOpened(false)} title={row.subject} size="lg">
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {row.message}
        </Text>
      </Modal>
    </>
  );
}

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
      render: (row) => <ClampedMessage row={row} />,
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
