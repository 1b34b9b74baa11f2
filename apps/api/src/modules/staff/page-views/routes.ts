import type { AppContext } from '../../../context.ts';
import * as pageViews from './repository.ts';
import { sendCsv } from '../../../lib/csv-export.ts';
import { staffApi } from '@fleetdeck/contract/staff';
import { staffAreaRoutes } from '../guard.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** The back office's page views page (spec 3 §7 Content). */
export const staffPageViewsRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: content'], (route) => {
    route(
      staffApi.pageViewReport,
      {
        summary: 'Visitors by country (distinct address hashes) of the Home and Payment pages',
        description:
          '`page`: All (default), Home or Payment; `from_date`/`to_date`: inclusive days (default today, UTC); ' +
          '`pageNumber`, `limit` 5 to 100. `isExportData=true`: CountryWisePageView.csv (Country,Count).',
      },
      async (req, reply) => {
        const q = req.query;
        const filter: pageViews.PageViewFilter = {
          from: q.from_date ?? today(),
          to: q.to_date ?? today(),
          page: q.page === 'Home' || q.page === 'Payment' ? q.page : null,
        };
        if (filter.from > filter.to) filter.from = filter.to;
        if (q.isExportData) {
          const rows = await pageViews.countryWisePageViews(ctx.db, filter, null);
          return sendCsv(reply, {
            fileName: 'CountryWisePageView.csv',
            columns: [
              { header: 'Country', value: (r) => r.country },
              { header: 'Count', value: (r) => r.count },
            ],
            rows: (async function* () {
              yield* rows;
            })(),
          });
        }
        const [rows, total] = await Promise.all([
          pageViews.countryWisePageViews(ctx.db, filter, {
            limit: q.limit,
            offset: (q.pageNumber - 1) * q.limit,
          }),
          pageViews.countryCount(ctx.db, filter),
        ]);
        return {
          respones_msg: 'Country-wise page views',
          data: rows.map((r) => ({ _id: r.country, country: r.country, count: r.count })),
          pagination: { page: q.pageNumber, limit: q.limit, total, totalCapped: false, nextCursor: null },
        };
      },
    );
  });
