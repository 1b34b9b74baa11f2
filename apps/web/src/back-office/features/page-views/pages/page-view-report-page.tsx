import { Text } from '@mantine/core';
import { STAFF_PAGE_SIZES, type PageViewRow } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { useListQuery } from '@/shared/lib/list-search';
import { exportPageViews, pageViewSearchSchema, usePageViewReport } from '../api/page-views';

const columns: DataTableColumn<PageViewRow>[] = [
  { key: 'country', header: 'Country', width: 200, render: (row) => <Text size="sm">{row.country}</Text> },
  { key: 'count', header: 'Count', width: 120, align: 'right', render: (row) => <Text size="sm">{row.count}</Text> },
];

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * Spec 3 "Page-view report": visitors (distinct address hashes) by country for the Home and Payment pages, From and
 * To default today, page All/Home/Payment, 5 to 100 rows, Export (CountryWisePageView.csv).
 */
export function PageViewReportPage() {
  const day = today();
  const list = useListQuery(pageViewSearchSchema, usePageViewReport, { from_date: day, to_date: day });
  return (
    <ListPage
      label="Country-wise page views"
      {...list}
      columns={columns}
      errorTitle="The page-view report could not load"
      emptyMessage="No page views in this range."
      minWidth={360}
      pageSizes={STAFF_PAGE_SIZES.pageViews}
      filtersLabel="Filter the page views"
      filters={[
        { kind: 'dateRange', from: 'from_date', to: 'to_date', label: 'Date' },
        {
          kind: 'select',
          key: 'pageName',
          label: 'Page',
          data: ['Home', 'Payment'],
          placeholder: 'All',
        },
      ]}
      onExportCsv={() => exportPageViews(list.search.query)}
    />
  );
}
