import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffAreaRoutes } from '../guard.ts';
import { KEYSET } from '../shared/payments-routes.ts';
import * as lists from './service.ts';
import { answerList } from '../../../lib/area-routes.ts';

/** The back office's upcoming expire page (spec 3; DECISIONS §8). */
export const staffUpcomingExpireRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: payments'], (route) => {
    route(
      staffApi.upcomingExpireHistory,
      {
        summary: 'Success payments whose seats expire in the next 30 days, soonest first',
        description: '`isOfflinePayment=true` offline sales only, `false` online payments only. ' + KEYSET,
      },
      answerList('Upcoming expiry', (req) => lists.upcomingExpire(ctx, req.query)),
    );
  });
