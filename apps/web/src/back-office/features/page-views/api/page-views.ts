import {
  isoDateQuerySchema,
  PAGE_VIEW_FILTERS,
  staffApi,
  staffLimitSchema,
  type PageViewReportQuery,
} from '@fleetdeck/contract/staff';
import { blankAsAbsent, pageQuerySchema } from '@fleetdeck/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';
import { downloadFile } from '@/shared/lib/download-file';

/**
 * The page-view report (spec 3 "Page-view report"): `price/page-view/report`, Export `CountryWisePageView.csv`. The
 * call's `page` is the page filter (Home, Payment) and its page number `pageNumber`; the page's URL keeps the list's
 * usual `page` (number) and names the filter `pageName`.
 */
export const pageViewSearchSchema = z.object({
  pageName: blankAsAbsent(z.enum(PAGE_VIEW_FILTERS)),
  from_date: isoDateQuerySchema,
  to_date: isoDateQuerySchema,
  page: pageQuerySchema,
  limit: staffLimitSchema('pageViews'),
});
export type PageViewSearch = z.output<typeof pageViewSearchSchema>;

const queryOf = (s: PageViewSearch) => ({
  page: s.pageName,
  from_date: s.from_date,
  to_date: s.to_date,
  pageNumber: s.page,
  limit: s.limit,
});

export const usePageViewReport = (search: PageViewSearch) =>
  useQuery({
    queryKey: ['staff', 'page-views', queryOf(search)],
    queryFn: ({ signal }) => client(staffApi.pageViewReport, { query: queryOf(search) as PageViewReportQuery, signal }),
    placeholderData: keepPreviousData,
  });

export const exportPageViews = (search: PageViewSearch) =>
  downloadFile(staffApi.pageViewReport, {
    query: { ...queryOf(search), isExportData: true },
    fallbackName: 'CountryWisePageView.csv',
  });
