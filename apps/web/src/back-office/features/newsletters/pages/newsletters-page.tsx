import { Text } from '@mantine/core';
import { dateColumn } from '@/shared/components/columns';
import type { NewsletterSubscriber } from '@fleetdeck/contract';
import { newsletterListQuerySchema } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';

import { useListQuery } from '@/shared/lib/list-search';
import { exportNewsletters, useNewsletterSubscribers } from '../api/newsletters';

const columns: DataTableColumn<NewsletterSubscriber>[] = [
  { key: 'email', header: 'Email', width: 280, render: (row) => <Text size="sm">{row.email}</Text> },
  dateColumn('created_at'),
];

/** Spec 3 "Newsletters": the subscribers, paged, with Export (Newsletters.csv). */
export function NewslettersPage() {
  const list = useListQuery(newsletterListQuerySchema, useNewsletterSubscribers);
  return (
    <ListPage
      label="Newsletter subscribers"
      noun="subscribers"
      {...list}
      columns={columns}
      minWidth={480}
      onExportCsv={exportNewsletters}
    />
  );
}
