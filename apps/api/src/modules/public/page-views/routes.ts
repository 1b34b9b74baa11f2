import { publicApi } from '@fleetdeck/contract';
import type { AppContext } from '../../../context.ts';
import { areaRoutes } from '../../../lib/area-routes.ts';
import { recordPageView } from './service.ts';

/** `POST /api/v1/public/page-view` (DECISIONS §8, §9): no token; the payment dashboard and page-view report count them. */
export const pageViewRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Public site'] }, (route) => {
    route(
      publicApi.pageView,
      {
        summary: 'Count a view of the Home (pricing) or Payment page',
        description:
          'Stores the UTC day, the page, the country and a keyed hash of the address (never the address). One visitor ' +
          'counts once per page per day. At most 30 calls a minute per address (429 beyond).',
        public: true,
      },
      async (req) => {
        await recordPageView(ctx, req as never, req.body.page);
        return { respones_msg: 'Page view recorded' };
      },
    );
  });
