import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffAreaRoutes, staffOf } from '../guard.ts';
import * as lists from './lists-service.ts';
import { answer, answerList } from '../../../lib/area-routes.ts';

/** The back office's coupons page (spec 3; DECISIONS §8). */
export const staffCouponsRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: payments'], (route) => {
    route(
      staffApi.coupons,
      { summary: 'Coupons with their number of Success payments, and the payment notes' },
      answerList('Coupons', (req) => lists.couponList(ctx, req.query)),
    );

    route(
      staffApi.saveSetting,
      {
        summary: 'Save the payment notes shown on the pricing and payment pages',
        description: 'Plain text up to 2,000 characters; the pages show it as text (no HTML).',
      },
      answer('Payment notes saved', (req) => lists.saveSetting(ctx, staffOf(req).id, req.body)),
    );
  });
