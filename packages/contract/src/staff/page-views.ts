import { z } from 'zod/mini';
import { blankAsAbsent } from '../activity.ts';
import { numeric } from '../common.ts';
import { PAGE_VIEW_PAGES } from '../endpoints/public.ts';
import { isExportDataSchema, isoDateQuerySchema, staffListResponse, staffPageQuery } from './lists.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

/**
 * `price/page-view/report`: `page` is the page filter of spec 3 §7 (All, Home, Payment), so the page number of this
 * list is `pageNumber`; `from_date`/`to_date` are inclusive ISO days (default today, UTC); 5 to 100 rows a page.
 */
export const PAGE_VIEW_FILTERS = ['All', ...PAGE_VIEW_PAGES] as const;

const pageNumberSchema = z._default(
  numeric(
    z.coerce
      .number({ error: 'must be a page number from 1' })
      .check(z.int({ error: 'must be a whole number' }), z.gte(1, { error: 'must be at least 1' })),
    'must be a page number from 1',
  ),
  1,
);

const { limit: pageViewLimit } = staffPageQuery('pageViews');

export const pageViewReportQuerySchema = z
  .object({
    /** Absent: All. */
    page: blankAsAbsent(z.enum(PAGE_VIEW_FILTERS, { error: `must be one of ${PAGE_VIEW_FILTERS.join(', ')}` })),
    from_date: isoDateQuerySchema,
    to_date: isoDateQuerySchema,
    pageNumber: pageNumberSchema,
    limit: pageViewLimit,
    isExportData: isExportDataSchema,
  })
  .check(
    z.refine((q) => !q.from_date || !q.to_date || q.from_date <= q.to_date, {
      error: 'from_date must be on or before to_date',
      path: ['from_date'],
    }),
  );
export type PageViewReportQuery = z.input<typeof pageViewReportQuerySchema>;

/** Spec 3 "Page-view group": `_id` is the country, `count` the distinct visitors (IP hashes) in the range. */
export const pageViewRowSchema = z.object({ _id: z.string(), country: z.string(), count: z.int() });

export type PageViewRow = z.infer<typeof pageViewRowSchema>;

export const pageViewReportResponseSchema = staffListResponse(pageViewRowSchema);

/** Export (`isExportData=true`): `CountryWisePageView.csv`, header `Country,Count`. */
export const pageViewReport = staffEndpoint({
  area: 'pageViews',
  method: 'GET',
  path: `${S}/price/page-view/report`,
  query: pageViewReportQuerySchema,
  response: pageViewReportResponseSchema,
});
